package engine

import (
	"fmt"
	"os"
	"unsafe"

	"golang.org/x/sys/unix"
)

// pagemap reads /proc/self/pagemap, which has one little-endian uint64 per
// virtual page of the process (Documentation/admin-guide/mm/pagemap.rst).
type pagemap struct {
	f *os.File
}

// The entry bits a reset reads.
const (
	pagePresent = 1 << 63
	pageSwapped = 1 << 62
	pageFile    = 1 << 61 // mapped from a file (here: the memfd), not a private copy
)

// pagemapChunk is how many entries one read fetches.
const pagemapChunk = 512

// probeSink receives the byte the pagemap check reads, so the read stays.
//
//lint:ignore U1000 written only: the write is what keeps the read
var probeSink byte

// openPagemap opens the pagemap and checks, on scratch mappings of the
// image's memfd, that it tells a private copy from a page of the file. A
// reset trusts it to find every page a run wrote, so an emulated or
// restricted /proc that reports anything else gives nil: drop everything.
func openPagemap(memfd int) *pagemap {
	f, err := os.Open("/proc/self/pagemap")
	if err != nil {
		return nil
	}
	p := &pagemap{f: f}
	if !p.works(memfd) {
		f.Close()
		return nil
	}
	return p
}

// works maps the first page of memfd privately twice, reads one and writes
// the other, and checks what the pagemap says of each.
func (p *pagemap) works(memfd int) bool {
	var entries [1]uint64
	probe := func(write bool) (uint64, bool) {
		page, err := unix.Mmap(memfd, 0, osPage, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_PRIVATE)
		if err != nil {
			return 0, false
		}
		defer unix.Munmap(page)
		if write {
			page[0] ^= 1
		} else {
			probeSink = page[0] // faults the page in
		}
		if p.read(entries[:], uintptr(unsafe.Pointer(&page[0]))) != nil {
			return 0, false
		}
		return entries[0], true
	}
	read, ok1 := probe(false)
	written, ok2 := probe(true)
	return ok1 && ok2 &&
		read&(pagePresent|pageFile) == pagePresent|pageFile &&
		written&(pagePresent|pageFile) == pagePresent
}

func (p *pagemap) close() {
	if p != nil {
		p.f.Close()
	}
}

// read fills dst with the entries of the len(dst) pages from addr. The
// kernel writes them in the machine's byte order.
func (p *pagemap) read(dst []uint64, addr uintptr) error {
	buf := unsafe.Slice((*byte)(unsafe.Pointer(&dst[0])), 8*len(dst))
	n, err := p.f.ReadAt(buf, int64(addr/uintptr(osPage))*8)
	if err == nil && n != len(buf) {
		err = fmt.Errorf("engine: short pagemap read: %d of %d bytes", n, len(buf))
	}
	return err
}
