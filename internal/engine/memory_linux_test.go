package engine

import (
	"bytes"
	"math/rand/v2"
	"sync"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// newTestImage maps a random image of the given size, without an engine.
func newTestImage(t *testing.T, size int) (*mappedImage, []byte) {
	t.Helper()
	image := make([]byte, size)
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range image {
		image[i] = byte(rng.Uint32())
	}
	src, err := newImageSource(image, false)
	require.NoError(t, err)
	t.Cleanup(func() { src.close() })
	mi, ok := src.(*mappedImage)
	require.True(t, ok, "Linux maps the image from a memfd")
	return mi, image
}

// scribble writes to every stride-th page of buf from page first, and reads
// the pages in between, so a reset meets private, shared and untouched pages.
func scribble(buf []byte, first, stride int, b byte) {
	sum := byte(0)
	for p := first; (p+1)*osPage <= len(buf); p++ {
		if (p-first)%stride == 0 {
			buf[p*osPage+p%osPage] = b
		} else {
			sum += buf[p*osPage]
		}
	}
	_ = sum
}

// assertFresh checks that buf is the image followed by zeros.
func assertFresh(t *testing.T, buf, image []byte) {
	t.Helper()
	require.True(t, assert.ObjectsAreEqual(image, buf[:len(image)]), "the image part differs from the image")
	for i, b := range buf[len(image):] {
		if b != 0 {
			t.Fatalf("byte %d past the image is %#x, want 0", len(image)+i, b)
		}
	}
}

// eachPagemapMethod runs f with the pagemap read entry by entry, and with
// PAGEMAP_SCAN where the kernel has it.
func eachPagemapMethod(t *testing.T, f func(t *testing.T, scan bool)) {
	t.Run("entries", func(t *testing.T) { f(t, false) })
	t.Run("scan", func(t *testing.T) {
		mi, _ := newTestImage(t, 64<<10)
		if !mi.pages.scan {
			t.Skip("this kernel has no PAGEMAP_SCAN (Linux 6.7)")
		}
		f(t, true)
	})
}

// newTestImageWith is newTestImage with the given pagemap method.
func newTestImageWith(t *testing.T, size int, scan bool) (*mappedImage, []byte) {
	mi, image := newTestImage(t, size)
	require.NotNil(t, mi.pages, "/proc/self/pagemap is readable here")
	mi.pages.scan = scan
	return mi, image
}

func TestResetRestoresImageAndZeroes(t *testing.T) {
	eachPagemapMethod(t, testResetRestoresImageAndZeroes)
}

func testResetRestoresImageAndZeroes(t *testing.T, scan bool) {
	mi, image := newTestImageWith(t, 256<<10, scan)
	mem := mi.newMemory(4 << 20).(*mappedMemory)
	for round := range 4 {
		buf := mem.Reallocate(1 << 20) // grown past the image
		assertFresh(t, buf, image)
		scribble(buf, round, 3, byte(0xa0+round))
		mem.Free()
		again := mi.newMemory(4 << 20).(*mappedMemory)
		require.Same(t, mem, again, "a released memory is reused")
		assert.LessOrEqual(t, mem.extent, maxWarmBytes+len(image))
	}
	assertFresh(t, mem.Reallocate(1<<20), image)
	mem.Free()
}

func TestResetGivesBackPagesOverTheWarmBudget(t *testing.T) {
	eachPagemapMethod(t, testResetGivesBackPagesOverTheWarmBudget)
}

func testResetGivesBackPagesOverTheWarmBudget(t *testing.T, scan bool) {
	mi, image := newTestImageWith(t, 64<<10, scan)
	mem := mi.newMemory(16 << 20).(*mappedMemory)
	buf := mem.Reallocate(uint64(4 * maxWarmBytes))
	scribble(buf, 0, 1, 0xff) // every page private
	mem.Free()
	assert.Equal(t, maxWarmBytes, mem.extent, "pages past the budget were dropped")
	assertFresh(t, mi.newMemory(16<<20).Reallocate(uint64(4*maxWarmBytes)), image)
}

func TestResetWithoutPagemapDropsEverything(t *testing.T) {
	mi, image := newTestImage(t, 128<<10)
	mi.pages.close()
	mi.pages = nil
	mem := mi.newMemory(1 << 20).(*mappedMemory)
	scribble(mem.Reallocate(512<<10), 0, 2, 0x55)
	mem.Free()
	assert.Zero(t, mem.extent)
	assertFresh(t, mi.newMemory(1<<20).Reallocate(512<<10), image)
}

func TestIdlePoolKeepsBoundedResidentPages(t *testing.T) {
	mi, image := newTestImage(t, 64<<10)
	n := maxIdleWarmBytes/(maxWarmBytes) + 8
	mems := make([]*mappedMemory, n)
	for i := range mems {
		mems[i] = mi.newMemory(8 << 20).(*mappedMemory)
		scribble(mems[i].Reallocate(uint64(2*maxWarmBytes)), 0, 1, 0x11)
	}
	for _, mem := range mems {
		mem.Free()
	}
	mi.mu.Lock()
	kept, warm := len(mi.free), mi.warm
	mi.mu.Unlock()
	assert.Equal(t, n, kept, "every memory is pooled")
	assert.LessOrEqual(t, warm, maxIdleWarmBytes)
	assert.Greater(t, warm, 0, "the budget is used, not just emptied")
	for range n {
		assertFresh(t, mi.newMemory(8<<20).Reallocate(uint64(2*maxWarmBytes)), image)
	}
	mi.mu.Lock()
	assert.Zero(t, mi.warm, "taking memories out of the pool takes their pages out of the count")
	mi.mu.Unlock()
}

func TestPagemapCheckTellsCopiesFromFilePages(t *testing.T) {
	mi, _ := newTestImage(t, 64<<10)
	require.NotNil(t, mi.pages, "the pagemap of this kernel passes the check")
	assert.True(t, mi.pages.works(mi.fd))
	// A descriptor that is not the image cannot pass: nothing maps.
	assert.False(t, mi.pages.works(-1))
}

func TestPagemapScanAgreesWithEntries(t *testing.T) {
	mi, image := newTestImage(t, 256<<10)
	require.NotNil(t, mi.pages)
	if !mi.pages.scan {
		t.Skip("this kernel has no PAGEMAP_SCAN (Linux 6.7): only the entries are read")
	}
	mem := mi.newMemory(4 << 20).(*mappedMemory)
	defer mem.Free()
	buf := mem.Reallocate(1 << 20) // past the image too: zero pages and copies
	scribble(buf, 1, 5, 0xee)
	base := uintptr(unsafe.Pointer(&buf[0]))
	pages := len(buf) / osPage
	list := func(scan bool) []int {
		p := *mi.pages
		p.scan = scan
		var got []int
		require.NoError(t, p.private(base, pages, func(i int) bool {
			got = append(got, i)
			return true
		}))
		return got
	}
	scanned, read := list(true), list(false)
	assert.Equal(t, read, scanned, "both methods find the same pages")
	// Besides the written pages, both show the zero pages read past the
	// image, which the reset tells by their content.
	var written []int
	for i := 1; i < pages; i += 5 {
		written = append(written, i)
	}
	var nonZero []int
	for _, i := range scanned {
		if i*osPage < len(image) || !bytes.Equal(buf[i*osPage:(i+1)*osPage], zeroPage) {
			nonZero = append(nonZero, i)
		}
	}
	assert.Equal(t, written, nonZero)

	// Stopping early stops: fn is not called again after it says no.
	calls := 0
	require.NoError(t, mi.pages.private(base, pages, func(int) bool { calls++; return calls < 3 }))
	assert.Equal(t, 3, calls)
}

func TestResetAfterPartialDropsStaysExact(t *testing.T) {
	eachPagemapMethod(t, testResetAfterPartialDropsStaysExact)
}

func testResetAfterPartialDropsStaysExact(t *testing.T, scan bool) {
	// Runs alternate between writing more than the warm budget (so a reset
	// keeps some pages and drops the rest) and writing a few pages; the
	// extent spans several pagemap reads.
	mi, image := newTestImageWith(t, 256<<10, scan)
	mem := mi.newMemory(32 << 20).(*mappedMemory)
	size := uint64(3 * pagemapChunk * osPage)
	for round := range 6 {
		buf := mem.Reallocate(size)
		assertFresh(t, buf, image)
		if round%2 == 0 {
			scribble(buf, round, 1, byte(round+1))
		} else {
			scribble(buf, round, 97, byte(round+1))
		}
		mem.Free()
		require.Same(t, mem, mi.newMemory(32<<20))
		assert.LessOrEqual(t, mem.warm, maxWarmBytes)
	}
}

func TestConcurrentReleaseAndClose(t *testing.T) {
	image := make([]byte, 64<<10)
	src, err := newImageSource(image, false)
	require.NoError(t, err)
	mi := src.(*mappedImage)
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Go(func() {
			for i := range 50 {
				mem := mi.newMemory(1 << 20)
				buf := mem.Reallocate(256 << 10)
				if buf == nil {
					continue
				}
				for _, b := range buf[:len(image)] {
					if b != 0 {
						t.Errorf("goroutine %d, round %d: memory not fresh", g, i)
						break
					}
				}
				scribble(buf, i%7, 5, 0x7f)
				mem.Free()
			}
		})
	}
	mi.close() // while the goroutines still release memories
	wg.Wait()
}
