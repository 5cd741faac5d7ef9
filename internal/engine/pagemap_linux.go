package engine

import (
	"fmt"
	"os"
	"runtime"
	"sync"
	"syscall"
	"unsafe"

	"golang.org/x/sys/unix"
)

// pagemap reads /proc/self/pagemap, which has one little-endian uint64 per
// virtual page of the process (Documentation/admin-guide/mm/pagemap.rst).
// Where the kernel has its PAGEMAP_SCAN ioctl (Linux 6.7), it asks that
// instead: the kernel then returns only the ranges of private copies,
// rather than an entry for every page for the host to sift through. A
// reset's pagemap read was a fifth of a short run's CPU.
type pagemap struct {
	f    *os.File
	scan bool // PAGEMAP_SCAN works
}

// pmScanArg is the kernel's struct pm_scan_arg (include/uapi/linux/fs.h).
type pmScanArg struct {
	size, flags, start, end, walkEnd, vec, vecLen, maxPages       uint64
	categoryInverted, categoryMask, categoryAnyofMask, returnMask uint64
}

// pageRegion is the kernel's struct page_region: pages [start, end).
type pageRegion struct{ start, end, categories uint64 }

// The PAGEMAP_SCAN page categories a reset asks about.
const (
	pageIsFile    = 1 << 2
	pageIsPresent = 1 << 3
	pageIsSwapped = 1 << 4
)

// ioctlPagemapScan is _IOWR('f', 16, struct pm_scan_arg) in the generic
// encoding (x86, arm64, riscv). Where the encoding differs, the ioctl
// fails the check in openPagemap and the entries are read instead.
const ioctlPagemapScan = 3<<30 | uint(unsafe.Sizeof(pmScanArg{}))<<16 | 'f'<<8 | 16

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
	p.scan = true
	if !p.works(memfd) {
		p.scan = false // an older kernel: read every entry
	}
	return p
}

// works maps the first page of memfd privately twice, reads one and writes
// the other, and checks that p.private tells which is the copy.
func (p *pagemap) works(memfd int) bool {
	probe := func(write bool) (private, ok bool) {
		page, err := unix.Mmap(memfd, 0, osPage, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_PRIVATE)
		if err != nil {
			return false, false
		}
		defer unix.Munmap(page)
		if write {
			page[0] ^= 1
		} else {
			probeSink = page[0] // faults the page in
		}
		err = p.private(uintptr(unsafe.Pointer(&page[0])), 1, func(int) bool {
			private = true
			return true
		})
		return private, err == nil
	}
	read, ok1 := probe(false)
	written, ok2 := probe(true)
	return ok1 && ok2 && !read && written
}

func (p *pagemap) close() {
	if p != nil {
		p.f.Close()
	}
}

// private calls fn with the index of every page of the n from addr that is
// a private copy (written since it was mapped, or swapped out), in order,
// until fn returns false. Pages still mapping the memfd, not yet touched
// or mapping the shared zero page are left out.
func (p *pagemap) private(addr uintptr, n int, fn func(page int) bool) error {
	if p.scan {
		return p.scanPrivate(addr, n, fn)
	}
	var entries [pagemapChunk]uint64
	for first := 0; first < n; first += pagemapChunk {
		chunk := entries[:min(pagemapChunk, n-first)]
		if err := p.read(chunk, addr+uintptr(first*osPage)); err != nil {
			return err
		}
		for i, e := range chunk {
			// Past the image, a page only read maps the shared zero page:
			// present and not the file's. The caller tells it by content.
			if e&pageSwapped != 0 || e&(pagePresent|pageFile) == pagePresent {
				if !fn(first + i) {
					return nil
				}
			}
		}
	}
	return nil
}

// scanPrivate is private by PAGEMAP_SCAN: a page matches if it is not the
// file's and is present or swapped. As with the entries, zero pages past
// the image match too, and the caller tells them by content; excluding
// them by category would also exclude a written page inside the image
// that KSM merged into the zero page.
func (p *pagemap) scanPrivate(addr uintptr, n int, fn func(page int) bool) error {
	// The kernel writes the regions through an address it is given as a
	// number, so they must not move while it does: a Go stack may, the heap
	// does not.
	regions := scanBuffers.Get().(*[256]pageRegion)
	defer scanBuffers.Put(regions)
	end := uint64(addr) + uint64(n*osPage)
	arg := &pmScanArg{
		size:              uint64(unsafe.Sizeof(pmScanArg{})),
		start:             uint64(addr),
		end:               end,
		vec:               uint64(uintptr(unsafe.Pointer(&regions[0]))),
		vecLen:            uint64(len(regions)),
		categoryInverted:  pageIsFile,
		categoryMask:      pageIsFile,
		categoryAnyofMask: pageIsPresent | pageIsSwapped,
		returnMask:        pageIsPresent | pageIsSwapped,
	}
	conn, err := p.f.SyscallConn()
	if err != nil {
		return err
	}
	for arg.start < end {
		var got uintptr
		var errno syscall.Errno
		// Control holds the descriptor open for the call, so a concurrent
		// close cannot hand its number to another file meanwhile.
		if err := conn.Control(func(fd uintptr) {
			got, _, errno = unix.Syscall(unix.SYS_IOCTL, fd, uintptr(ioctlPagemapScan), uintptr(unsafe.Pointer(arg)))
		}); err != nil {
			return err
		}
		runtime.KeepAlive(regions)
		if errno != 0 {
			return fmt.Errorf("engine: PAGEMAP_SCAN: %w", errno)
		}
		for _, r := range regions[:got] {
			for a := r.start; a < r.end; a += uint64(osPage) {
				if !fn(int((uintptr(a) - addr) / uintptr(osPage))) {
					return nil
				}
			}
		}
		if arg.walkEnd <= arg.start {
			return fmt.Errorf("engine: PAGEMAP_SCAN made no progress at %#x", arg.start)
		}
		arg.start = arg.walkEnd
	}
	return nil
}

// scanBuffers hold the regions PAGEMAP_SCAN writes: 6 KiB, reused.
var scanBuffers = sync.Pool{New: func() any { return new([256]pageRegion) }}

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
