package engine

import (
	"fmt"
	"os"
	"sync"
	"unsafe"

	"github.com/tetratelabs/wazero/experimental"
	"golang.org/x/sys/unix"
)

// mappedImage keeps the snapshot image in a memfd; every instance maps it
// privately (copy-on-write) at the bottom of a reservation as large as the
// memory may ever grow, so growing never moves or copies the memory either.
type mappedImage struct {
	fd    int
	image []byte // the same bytes, to restore pages from without a syscall

	// pages tells which pages of a released memory a run wrote; nil when
	// /proc/self/pagemap cannot be read, and then a reset drops every page.
	pages *pagemap

	// free holds released memories, reset to the image and ready for reuse:
	// resetting a mapping is much cheaper than creating one, and it keeps
	// concurrent runs off the process-wide mmap lock.
	mu     sync.Mutex
	free   []*mappedMemory
	warm   int  // resident pages of the memories in free
	closed bool // after close, released memories are unmapped, not kept
}

// maxPooled bounds the idle memories kept per image. Each holds the address
// space of its reservation and at most maxWarmPages resident pages, and all
// of them together at most maxIdleWarmBytes.
const maxPooled = 64

func newImageSource(image []byte) (imageSource, error) {
	fd, err := unix.MemfdCreate("coderun-snapshot", unix.MFD_CLOEXEC)
	if err != nil {
		return heapImage{image: image}, nil // no memfd (old kernel, sandbox): copy instead
	}
	if _, err := unix.Write(fd, image); err != nil {
		unix.Close(fd)
		return nil, fmt.Errorf("engine: write snapshot image: %w", err)
	}
	return &mappedImage{fd: fd, image: image, pages: openPagemap()}, nil
}

func (m *mappedImage) close() error {
	m.mu.Lock()
	free := m.free
	m.free, m.closed = nil, true
	m.mu.Unlock()
	for _, mem := range free {
		unix.Munmap(mem.region)
	}
	m.pages.close()
	return unix.Close(m.fd)
}

func (m *mappedImage) newMemory(maxBytes uint64) experimental.LinearMemory {
	reserve := max(int(maxBytes), len(m.image))
	m.mu.Lock()
	for i := len(m.free) - 1; i >= 0; i-- {
		if mem := m.free[i]; len(mem.region) == reserve {
			m.free = append(m.free[:i], m.free[i+1:]...)
			m.warm -= mem.warm
			m.mu.Unlock()
			return mem
		}
	}
	m.mu.Unlock()
	// Untouched pages of the reservation cost nothing; MAP_NORESERVE keeps
	// large limits from counting against overcommit.
	region, err := unix.Mmap(-1, 0, reserve, unix.PROT_READ|unix.PROT_WRITE,
		unix.MAP_PRIVATE|unix.MAP_ANONYMOUS|unix.MAP_NORESERVE)
	if err != nil {
		return heapImage{image: m.image}.newMemory(maxBytes)
	}
	// A reset restores pages one by one; huge pages would make every run
	// dirty, and every reset restore, 2 MiB at a time.
	_ = unix.Madvise(region, unix.MADV_NOHUGEPAGE)
	_, err = unix.MmapPtr(m.fd, 0, unsafe.Pointer(&region[0]), uintptr(len(m.image)),
		unix.PROT_READ|unix.PROT_WRITE, unix.MAP_PRIVATE|unix.MAP_FIXED)
	if err != nil {
		unix.Munmap(region)
		return heapImage{image: m.image}.newMemory(maxBytes)
	}
	return &mappedMemory{region: region, image: m}
}

// release resets mem to the image and keeps it for reuse, or unmaps it.
func (m *mappedImage) release(mem *mappedMemory) {
	// A memory whose resident pages would take the pool over its budget
	// goes in with none.
	if m.reset(mem) && (m.keep(mem) || drop(mem, 0) && m.keep(mem)) {
		return
	}
	unix.Munmap(mem.region)
}

// keep pools mem if the pool has room for it and for its resident pages.
func (m *mappedImage) keep(mem *mappedMemory) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.closed || len(m.free) >= maxPooled || (m.warm+mem.warm)*osPage > maxIdleWarmBytes {
		return false
	}
	m.free = append(m.free, mem)
	m.warm += mem.warm
	return true
}

type mappedMemory struct {
	region []byte
	// dirty is how far from the start a page may differ from a fresh
	// mapping: the largest size handed out since the last reset, or the end
	// of the warm pages a reset kept.
	dirty int
	warm  int // pages the last reset kept resident
	image *mappedImage
	scan  []byte // pagemap entries, reused between resets
}

func (m *mappedMemory) Reallocate(size uint64) []byte {
	if size > uint64(len(m.region)) {
		return nil // past the limit: memory.grow fails
	}
	m.dirty = max(m.dirty, int(size))
	return m.region[:size]
}

func (m *mappedMemory) Free() { m.image.release(m) }

// pagemap reads /proc/self/pagemap, which has one little-endian uint64 per
// virtual page of the process.
type pagemap struct {
	f *os.File
}

// The pagemap entry bits coderun reads (Documentation/admin-guide/mm/pagemap.rst).
const (
	pagePresent = 1 << 63
	pageSwapped = 1 << 62
	pageFile    = 1 << 61 // mapped from a file (here: the memfd), not a private copy
)

func openPagemap() *pagemap {
	f, err := os.Open("/proc/self/pagemap")
	if err != nil {
		return nil
	}
	return &pagemap{f: f}
}

func (p *pagemap) close() {
	if p != nil {
		p.f.Close()
	}
}

// read fills dst with the entries of the len(dst)/8 pages from addr.
func (p *pagemap) read(dst []byte, addr uintptr) error {
	n, err := p.f.ReadAt(dst, int64(addr/uintptr(osPage))*8)
	if err == nil && n != len(dst) {
		err = fmt.Errorf("engine: short pagemap read: %d of %d bytes", n, len(dst))
	}
	return err
}
