package engine

import (
	"sync"

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

// maxIdleWarmBytes bounds what all idle memories of an image (pooled, or
// held by kept instances) keep resident together; a memory that would go
// over is pooled with none (Linux) or not kept.
const maxIdleWarmBytes = 32 << 20

// heapImage is the portable image source: every memory is a Go slice with
// the image copied in. Linux uses it when it cannot make a memfd; every
// other platform always, a WASI host included.
type heapImage struct {
	image []byte

	mu     sync.Mutex
	warm   int  // bytes the memories of kept instances hold
	closed bool // after close, no memory is kept
}

func newHeapImage(image []byte) *heapImage { return &heapImage{image: image} }

func (h *heapImage) newMemory(maxBytes uint64) experimental.LinearMemory {
	buf := make([]byte, len(h.image))
	copy(buf, h.image)
	return &heapMemory{buf: buf, max: maxBytes, src: h}
}

func (h *heapImage) bytes() []byte { return h.image }

func (h *heapImage) close() error {
	h.mu.Lock()
	h.closed = true
	h.mu.Unlock()
	return nil
}

// heapMemory is a memory of a heapImage: a Go slice.
type heapMemory struct {
	buf  []byte
	max  uint64     // the most the memory may grow to
	src  *heapImage // nil: a memory that is never kept (see detachedMemory)
	kept int        // bytes counted against src's idle budget
}

// detachedMemory is a heap copy of image that no heapImage counts: the
// fallback of a mappedImage that could not map a memory. Its instance is
// closed rather than kept.
func detachedMemory(image []byte, maxBytes uint64) experimental.LinearMemory {
	m := newHeapImage(image).newMemory(maxBytes).(*heapMemory)
	m.src = nil
	return m
}

func (m *heapMemory) Reallocate(size uint64) []byte {
	if size <= uint64(cap(m.buf)) {
		m.buf = m.buf[:size]
		return m.buf
	}
	// Doubling keeps a growing guest from copying on every page, but never
	// past the ceiling: inside a WASI host the process has 4 GiB of
	// address space for everything.
	grown := make([]byte, size, max(size, min(2*uint64(cap(m.buf)), m.max)))
	copy(grown, m.buf)
	m.buf = grown
	return grown
}

func (m *heapMemory) Free() { m.buf = nil }

// keep resets m to the image for the next run of the instance that holds
// it, with its first size bytes in use. No page table tells which pages a
// run wrote, so all of them are restored: a copy of the image, about as
// much as a fresh memory costs, but without instantiating the module again.
// The whole buffer counts against the idle budget: a Go slice is resident.
func (m *heapMemory) keep(size int) bool {
	h := m.src
	if h == nil || size > len(m.buf) {
		return false
	}
	h.mu.Lock()
	if h.closed || h.warm+cap(m.buf) > maxIdleWarmBytes {
		h.mu.Unlock()
		return false
	}
	m.kept = cap(m.buf)
	h.warm += m.kept
	h.mu.Unlock()
	m.buf = m.buf[:size]
	clear(m.buf[copy(m.buf, h.image):])
	return true
}

func (m *heapMemory) unkeep() {
	m.src.mu.Lock()
	m.src.warm -= m.kept
	m.src.mu.Unlock()
	m.kept = 0
}
