package engine

import (
	"bytes"
	"encoding/binary"
	"os"
	"unsafe"

	"golang.org/x/sys/unix"
)

var (
	osPage   = os.Getpagesize() // the unit of the kernel's page tables, not wasm's 64 KiB
	zeroPage = make([]byte, osPage)
)

// maxWarmPages bounds the pages a reset keeps resident in one pooled memory
// (1 MiB with 4 KiB pages). The start-up of a run writes the same few dozen
// pages every time; a run that wrote more gives the rest back.
const maxWarmPages = 256

// maxIdleWarmBytes bounds the resident pages of all idle pooled memories of
// an image together; a released memory that would go over is dropped whole.
const maxIdleWarmBytes = 32 << 20

// reset returns mem to the contents of a fresh mapping of the image, and
// reports whether it could; if not, mem must be unmapped.
//
// Dropping the pages a run wrote (MADV_DONTNEED) would be simplest, but then
// the next run takes a copy-on-write fault on every one of them again, and
// those faults were most of a cold start's cost. Instead the pages the run
// holds private copies of (pagemap says which) are restored in place from
// the image, so they stay resident and the next run writes them without a
// fault. Pages that only were read still map the memfd and are left alone.
func (m *mappedImage) reset(mem *mappedMemory) bool {
	if mem.dirty == 0 {
		return true
	}
	n := (mem.dirty + osPage - 1) / osPage
	if cap(mem.scan) < 8*n {
		mem.scan = make([]byte, 8*n)
	}
	scan := mem.scan[:8*n]
	if m.pages == nil || m.pages.read(scan, uintptr(unsafe.Pointer(&mem.region[0]))) != nil {
		return drop(mem, 0)
	}
	warm, end := 0, 0
	for i := range n {
		e := binary.LittleEndian.Uint64(scan[8*i:])
		if e&pageSwapped == 0 && (e&pagePresent == 0 || e&pageFile != 0) {
			continue // never written: reads come from the memfd or are zero
		}
		off := i * osPage
		if warm == maxWarmPages {
			// Keep the pages restored so far and give the rest back.
			mem.warm = warm
			return drop(mem, end)
		}
		page := mem.region[off : off+osPage]
		switch {
		case off < len(m.image):
			copy(page, m.image[off:off+osPage])
		case !bytes.Equal(page, zeroPage):
			// Past the image a page that only was read maps the shared
			// zero page; clearing it would make it a private copy.
			clear(page)
		}
		warm++
		end = off + osPage
	}
	mem.dirty, mem.warm = end, warm
	return true
}

// drop discards the pages of mem from offset from to mem.dirty, which then
// read from the memfd again (the image part) or as zero, and lowers
// mem.dirty to from.
func drop(mem *mappedMemory, from int) bool {
	if from < mem.dirty && unix.Madvise(mem.region[from:mem.dirty], unix.MADV_DONTNEED) != nil {
		return false
	}
	mem.dirty = from
	if from == 0 {
		mem.warm = 0
	}
	return true
}
