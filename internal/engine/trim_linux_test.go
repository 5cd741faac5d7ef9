package engine

import (
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// timerHost is a recorder that remembers the timers the guest arms, so a
// test can fire them.
type timerHost struct {
	recorder
	timers []uint32
}

func (h *timerHost) TimerSet(id uint32, delayMs float64) { h.timers = append(h.timers, id) }

// privatePages counts the pages of in's memory that hold a private copy:
// what the instance costs the process beyond the shared image.
func privatePages(t *testing.T, in *Instance) int {
	t.Helper()
	mem, ok := instanceOf(in.ctx).mem.(*mappedMemory)
	require.True(t, ok, "Linux serves memories from the image mapping")
	pages := mem.image.pages
	require.NotNil(t, pages, "/proc/self/pagemap is readable here")
	view := in.MemoryView()
	entries := make([]uint64, len(view)/osPage)
	require.NoError(t, pages.read(entries, uintptr(unsafe.Pointer(&view[0]))))
	n := 0
	for _, e := range entries {
		if e&pagePresent != 0 && e&pageFile == 0 {
			n++
		}
	}
	return n
}

// A waiting run that built and dropped a large string gives its pages back
// when trimmed, and goes on unharmed: the freed memory is reused, the
// stack works, and its fuel countdown is where it was.
func TestTrimGivesBackFreePages(t *testing.T) {
	e := newEngine(t)
	h := &timerHost{}
	in := start(t, e, h)
	st, err := in.Run(`(async function () {
		function build(tag) {
			let s = "";
			for (let i = 0; i < 16384; i++) s += tag + String(i % 10).repeat(63);
			return s;
		}
		function deep(n) { return n === 0 ? 0 : 1 + deep(n - 1); }
		const first = build("a");
		const sum = s => { let h = 0; for (let i = 0; i < s.length; i += 97) h = (h * 31 + s.charCodeAt(i)) | 0; return h; };
		const want = [first.length, sum(first), deep(2000)];
		await new Promise(r => setTimeout(r, 1000));
		const again = build("a");
		const objs = Array.from({ length: 20000 }, (_, i) => ({ i, s: "v" + i }));
		return [again.length === want[0], sum(again) === want[1], deep(2000) === want[2], objs[19999].s];
	})`, "p.js")
	require.NoError(t, err)
	require.Equal(t, Pending, st)
	require.Len(t, h.timers, 1)

	fuel := in.Fuel()
	before := privatePages(t, in)
	require.NoError(t, in.Trim())
	after := privatePages(t, in)
	t.Logf("private pages: %d before the trim, %d after", before, after)
	assert.Equal(t, fuel, in.Fuel(), "the fuel countdown is restored")
	assert.GreaterOrEqual(t, (before-after)*osPage, 1<<20,
		"the megabyte string and the pages it grew through are given back")

	st, err = in.FireTimer(h.timers[0])
	require.NoError(t, err)
	require.Equal(t, Settled, st)
	require.Equal(t, SettleValue, h.kind, h.payload)
	assert.Equal(t, "\x84\xf5\xf5\xf5\x66v19999", h.payload, "CBOR [true, true, true, \"v19999\"]")
}

// The discard import accepts only whole pages inside memory: anything else
// is a bug of the guest's, and ends the run.
func TestDiscardRefusesPartialPages(t *testing.T) {
	const size = 1 << 20
	for _, c := range []struct{ ptr, n uint32 }{{4096 + 1, 4096}, {4096, 100}, {size - 4096, 8192}, {0xfffff000, 8192}} {
		err := checkDiscard(c.ptr, c.n, size)
		require.Error(t, err, "%d bytes at %#x", c.n, c.ptr)
		assert.Contains(t, err.Error(), "not whole pages of its memory")
	}
	assert.NoError(t, checkDiscard(size-4096, 4096, size), "the last page is a whole page")
	assert.NoError(t, checkDiscard(0, 0, size), "an empty range is nothing to do")
}
