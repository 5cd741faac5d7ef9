package engine

import (
	"fmt"
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
}

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

func (m *mappedImage) close() error { return unix.Close(m.fd) }

func (m *mappedImage) newMemory(maxBytes uint64) experimental.LinearMemory {
	reserve := max(int(maxBytes), m.size)
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
	return &mappedMemory{region: region}
}

// read copies the image back out of the memfd, for the fallback path.
func (m *mappedImage) read() []byte {
	b := make([]byte, m.size)
	unix.Pread(m.fd, b, 0)
	return b
}

type mappedMemory struct{ region []byte }

func (m *mappedMemory) Reallocate(size uint64) []byte {
	if size > uint64(len(m.region)) {
		return nil // past the limit: memory.grow fails
	}
	return m.region[:size]
}

func (m *mappedMemory) Free() {
	if m.region != nil {
		unix.Munmap(m.region)
		m.region = nil
	}
}
