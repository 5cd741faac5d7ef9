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
	fd   int
	size int

	// free holds released memories, reset to the image and ready for reuse:
	// resetting a mapping (one madvise over the pages a run touched) is much
	// cheaper than creating one, and it keeps concurrent runs off the
	// process-wide mmap lock.
	mu     sync.Mutex
	free   []*mappedMemory
	closed bool // after close, released memories are unmapped, not kept
}

// maxPooled bounds the idle memories kept per image; each holds only the
// address space of its reservation, since resetting releases its pages.
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
	return &mappedImage{fd: fd, size: len(image)}, nil
}

func (m *mappedImage) close() error {
	m.mu.Lock()
	free := m.free
	m.free, m.closed = nil, true
	m.mu.Unlock()
	for _, mem := range free {
		unix.Munmap(mem.region)
	}
	return unix.Close(m.fd)
}

func (m *mappedImage) newMemory(maxBytes uint64) experimental.LinearMemory {
	reserve := max(int(maxBytes), m.size)
	m.mu.Lock()
	for i := len(m.free) - 1; i >= 0; i-- {
		if mem := m.free[i]; len(mem.region) == reserve {
			m.free = append(m.free[:i], m.free[i+1:]...)
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
		return heapImage{image: m.read()}.newMemory(maxBytes)
	}
	_, err = unix.MmapPtr(m.fd, 0, unsafe.Pointer(&region[0]), uintptr(m.size),
		unix.PROT_READ|unix.PROT_WRITE, unix.MAP_PRIVATE|unix.MAP_FIXED)
	if err != nil {
		unix.Munmap(region)
		return heapImage{image: m.read()}.newMemory(maxBytes)
	}
	return &mappedMemory{region: region, image: m}
}

// release resets mem to the image and keeps it for reuse, or unmaps it.
func (m *mappedImage) release(mem *mappedMemory) {
	// MADV_DONTNEED drops the run's private pages: the image part reads
	// from the memfd again and the rest is zero, exactly a fresh mapping.
	if err := unix.Madvise(mem.region[:mem.used], unix.MADV_DONTNEED); err == nil {
		mem.used = 0
		m.mu.Lock()
		if !m.closed && len(m.free) < maxPooled {
			m.free = append(m.free, mem)
			m.mu.Unlock()
			return
		}
		m.mu.Unlock()
	}
	unix.Munmap(mem.region)
}

// read copies the image back out of the memfd, for the fallback path.
func (m *mappedImage) read() []byte {
	b := make([]byte, m.size)
	unix.Pread(m.fd, b, 0)
	return b
}

type mappedMemory struct {
	region []byte
	used   int // the largest size handed out: what a reset must cover
	image  *mappedImage
}

func (m *mappedMemory) Reallocate(size uint64) []byte {
	if size > uint64(len(m.region)) {
		return nil // past the limit: memory.grow fails
	}
	m.used = max(m.used, int(size))
	return m.region[:size]
}

func (m *mappedMemory) Free() { m.image.release(m) }
