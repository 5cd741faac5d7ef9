package engine

import (
	"bytes"
	"os"
	"unsafe"

	"golang.org/x/sys/unix"
)

var (
	osPage   = os.Getpagesize() // the unit of the kernel's page tables, not wasm's 64 KiB
	zeroPage = make([]byte, osPage)
)

// maxWarmBytes bounds what a reset keeps resident in one pooled memory. The
// start-up of a run writes the same few dozen pages every time; a run that
// wrote more gives the rest back.
const maxWarmBytes = 1 << 20

// reset returns mem to the contents of a fresh mapping of the image, and
// reports whether it could; if not, mem must be unmapped.
//
// Dropping the pages a run wrote (MADV_DONTNEED) would be simplest, but then
// the next run takes a copy-on-write fault on every one of them again, and
// those faults were most of a cold start's cost. Instead the pages the run
// holds private copies of (the pagemap says which) are restored in place
// from the image, so they stay resident and the next run writes them
// without a fault. Pages that were only read from the image still map the
// memfd and are left alone.
func (m *mappedImage) reset(mem *mappedMemory) bool {
	if mem.extent == 0 {
		return true
	}
	if m.pages == nil {
		return mem.drop(0)
	}
	base := uintptr(unsafe.Pointer(&mem.region[0]))
	pages := (mem.extent + osPage - 1) / osPage
	warm, end, full := 0, 0, false
	err := m.pages.private(base, pages, func(i int) bool {
		off := i * osPage
		if warm == maxWarmBytes {
			full = true
			return false
		}
		page := mem.region[off : off+osPage]
		switch {
		case off < len(m.image):
			copy(page, m.image[off:off+osPage])
		case !bytes.Equal(page, zeroPage):
			// Past the image, a page that was only read maps the
			// shared zero page; clearing it would make it a copy.
			clear(page)
		}
		warm += osPage
		end = off + osPage
		return true
	})
	switch {
	case err != nil:
		return mem.drop(0)
	case full:
		// Keep the pages restored so far and give the rest back.
		mem.warm = warm
		return mem.drop(end)
	}
	if warm == 0 {
		// Every run writes (its stack, at least): a pagemap that shows no
		// private page is not telling the truth.
		return mem.drop(0)
	}
	mem.extent, mem.warm = end, warm
	return true
}

// drop discards the pages of m from offset from to its extent, which then
// read from the memfd again (the image part) or as zero.
func (m *mappedMemory) drop(from int) bool {
	if from < m.extent && unix.Madvise(m.region[from:m.extent], unix.MADV_DONTNEED) != nil {
		return false
	}
	m.extent = from
	if from == 0 {
		m.warm = 0
	}
	return true
}

// discard gives back the OS pages inside [off, off+n) of a live memory
// whose guest says they hold nothing (the discard import): they read from
// the memfd again (the image part) or as zero, and stop counting as the
// process's memory until written. extent stays: a reset must still look at
// every page the run may have written.
func (m *mappedMemory) discard(off, n int) {
	lo := (off + osPage - 1) / osPage * osPage
	hi := (off + n) / osPage * osPage
	if lo < hi && hi <= len(m.region) {
		// Best effort: if the kernel refuses, the pages merely stay.
		_ = unix.Madvise(m.region[lo:hi], unix.MADV_DONTNEED)
	}
}
