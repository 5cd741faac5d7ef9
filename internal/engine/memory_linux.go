package engine

import (
	"fmt"
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
	// /proc/self/pagemap cannot be trusted, and then a reset drops every
	// page.
	pages *pagemap

	// free holds released memories, reset to the image and ready for reuse:
	// resetting a mapping is much cheaper than creating one, and it keeps
	// concurrent runs off the process-wide mmap lock.
	mu     sync.Mutex
	free   []*mappedMemory
	warm   int  // bytes the memories in free keep resident
	closed bool // after close, released memories are unmapped, not kept
}

// maxPooled bounds the idle memories kept per image. Each holds the address
// space of its reservation and at most maxWarmBytes resident, and all of
// them together at most maxIdleWarmBytes.
const maxPooled = 64

// newImageSource maps the image from a memfd, or serves memories from the
// Go heap when heap is set or the kernel has no memfd for it (an old
// kernel, a sandbox that forbids it).
func newImageSource(image []byte, heap bool) (imageSource, error) {
	if heap {
		return newHeapImage(image), nil
	}
	fd, err := unix.MemfdCreate("coderun-snapshot", unix.MFD_CLOEXEC)
	if err != nil {
		return newHeapImage(image), nil
	}
	if _, err := unix.Write(fd, image); err != nil {
		unix.Close(fd)
		return nil, fmt.Errorf("engine: write snapshot image: %w", err)
	}
	m := &mappedImage{fd: fd, image: image}
	if len(image)%osPage == 0 {
		m.pages = openPagemap(fd)
	}
	return m, nil
}

func (m *mappedImage) bytes() []byte { return m.image }

func (m *mappedImage) close() error {
	m.mu.Lock()
	free := m.free
	m.free, m.closed = nil, true
	err := unix.Close(m.fd)
	m.mu.Unlock()
	for _, mem := range free {
		unix.Munmap(mem.region)
	}
	m.pages.close()
	return err
}

func (m *mappedImage) newMemory(maxBytes uint64) experimental.LinearMemory {
	reserve := max(int(maxBytes), len(m.image))
	m.mu.Lock()
	defer m.mu.Unlock()
	for i := len(m.free) - 1; i >= 0; i-- {
		if mem := m.free[i]; len(mem.region) == reserve {
			m.free = append(m.free[:i], m.free[i+1:]...)
			m.warm -= mem.warm
			return mem
		}
	}
	// Mapping holds the lock too, so that close cannot close the memfd (and
	// the number be reused for another file) in between. With a warm pool
	// this path is rare.
	if m.closed {
		return detachedMemory(m.image, maxBytes)
	}
	// Untouched pages of the reservation cost nothing; MAP_NORESERVE keeps
	// large limits from counting against overcommit.
	region, err := unix.Mmap(-1, 0, reserve, unix.PROT_READ|unix.PROT_WRITE,
		unix.MAP_PRIVATE|unix.MAP_ANONYMOUS|unix.MAP_NORESERVE)
	if err != nil {
		return detachedMemory(m.image, maxBytes)
	}
	// A reset restores pages one by one; huge pages would make every run
	// dirty, and every reset restore, 2 MiB at a time.
	_ = unix.Madvise(region, unix.MADV_NOHUGEPAGE)
	_, err = unix.MmapPtr(m.fd, 0, unsafe.Pointer(&region[0]), uintptr(len(m.image)),
		unix.PROT_READ|unix.PROT_WRITE, unix.MAP_PRIVATE|unix.MAP_FIXED)
	if err != nil {
		unix.Munmap(region)
		return detachedMemory(m.image, maxBytes)
	}
	return &mappedMemory{region: region, image: m}
}

// release resets mem to the image and keeps it for reuse, or unmaps it.
func (m *mappedImage) release(mem *mappedMemory) {
	if !m.reset(mem) {
		unix.Munmap(mem.region)
		return
	}
	switch m.pool(mem) {
	case pooled:
		return
	case overBudget:
		// Keep the memory, without its resident pages.
		if mem.drop(0) && m.pool(mem) == pooled {
			return
		}
	}
	unix.Munmap(mem.region)
}

type poolResult int

const (
	pooled     poolResult = iota
	overBudget            // the pool's resident pages would exceed maxIdleWarmBytes
	poolFull              // or closed
)

// pool keeps mem for reuse if there is room for it and its resident pages.
func (m *mappedImage) pool(mem *mappedMemory) poolResult {
	m.mu.Lock()
	defer m.mu.Unlock()
	switch {
	case m.closed || len(m.free) >= maxPooled:
		return poolFull
	case m.warm+mem.warm > maxIdleWarmBytes:
		return overBudget
	}
	m.free = append(m.free, mem)
	m.warm += mem.warm
	return pooled
}

type mappedMemory struct {
	region []byte
	// extent is how far from the start a page may differ from a fresh
	// mapping: the largest size handed out since the last reset, or the end
	// of the pages the last reset kept resident.
	extent int
	warm   int // bytes the last reset kept resident
	image  *mappedImage
}

func (m *mappedMemory) Reallocate(size uint64) []byte {
	if size > uint64(len(m.region)) {
		return nil // past the limit: memory.grow fails
	}
	m.extent = max(m.extent, int(size))
	// No capacity past size: nothing may write beyond what extent covers.
	return m.region[:size:size]
}

func (m *mappedMemory) Free() { m.image.release(m) }

// keep resets m for the next run of the instance that holds it, with its
// first size bytes in use, and counts its resident pages with the idle
// memories'.
func (m *mappedMemory) keep(size int) bool {
	img := m.image
	if !img.reset(m) {
		return false
	}
	// The instance keeps its first size bytes: the next reset must look at
	// all of them, not only at the pages this one restored.
	m.extent = max(m.extent, size)
	img.mu.Lock()
	defer img.mu.Unlock()
	if img.closed || img.warm+m.warm > maxIdleWarmBytes {
		return false
	}
	img.warm += m.warm
	return true
}

func (m *mappedMemory) unkeep() {
	m.image.mu.Lock()
	m.image.warm -= m.warm
	m.image.mu.Unlock()
}
