package engine

import (
	"github.com/tetratelabs/wazero/experimental"
)

// imageSource gives every instance a linear memory that starts as a copy of
// the snapshot image (instanceCtx is the allocator that asks it). The
// module it serves has its data section stripped (wasmsnap.Split), so
// wazero neither zeroes nor copies megabytes per instance: on Linux the
// copy is a private mapping of the image, and a run pays only for the pages
// it touches.
type imageSource interface {
	// newMemory returns a memory of at least len(image) bytes that can grow
	// to maxBytes without moving.
	newMemory(maxBytes uint64) experimental.LinearMemory
	// bytes returns the image itself.
	bytes() []byte
	close() error
}

// heapMemory is the portable fallback: a Go slice with the image copied in.
type heapMemory struct{ buf []byte }

func (m *heapMemory) Reallocate(size uint64) []byte {
	if size <= uint64(cap(m.buf)) {
		return m.buf[:size]
	}
	grown := make([]byte, size, max(size, 2*uint64(cap(m.buf))))
	copy(grown, m.buf)
	m.buf = grown
	return grown
}

func (m *heapMemory) Free() { m.buf = nil }

type heapImage struct{ image []byte }

func (h heapImage) newMemory(maxBytes uint64) experimental.LinearMemory {
	buf := make([]byte, len(h.image))
	copy(buf, h.image)
	return &heapMemory{buf: buf}
}

func (h heapImage) bytes() []byte { return h.image }

func (heapImage) close() error { return nil }
