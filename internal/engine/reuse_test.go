package engine

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"github.com/fxamacker/cbor/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// These tests check that instance reuse (reuse.go) happens and that it
// cannot be observed, for each kind of memory: a mapping of the image
// (Linux) and a Go slice (everywhere else, a WASI host included).

// forEachMemory runs test with an Engine of each kind of memory.
func forEachMemory(t *testing.T, test func(t *testing.T, e *Engine)) {
	for _, kind := range []struct {
		name string
		heap bool
	}{{"platform", false}, {"heap", true}} {
		t.Run(kind.name, func(t *testing.T) {
			e, err := New(context.Background(), Options{MemoryLimitBytes: 64 << 20, heapMemory: kind.heap})
			require.NoError(t, err)
			t.Cleanup(func() { e.Close(context.Background()) })
			test(t, e)
		})
	}
}

// runOn runs js on a started instance of e and returns the recorder.
func runOn(t *testing.T, e *Engine, clock *Clock, js string) (*Instance, *recorder) {
	t.Helper()
	h := &recorder{}
	in, err := e.Instantiate(context.Background(), h, clock)
	require.NoError(t, err)
	ok, err := in.Start(32 << 20)
	require.NoError(t, err)
	require.True(t, ok)
	st, err := in.Run(js, "p.js")
	require.NoError(t, err)
	require.Equal(t, Settled, st)
	return in, h
}

// value decodes a recorder's CBOR completion value.
func value(t *testing.T, h *recorder) any {
	t.Helper()
	require.Equal(t, SettleValue, h.kind, "the program threw: %s", h.payload)
	var v any
	require.NoError(t, cbor.Unmarshal([]byte(h.payload), &v))
	return v
}

func TestClosedInstanceIsResetAndReused(t *testing.T) {
	forEachMemory(t, func(t *testing.T, e *Engine) {
		require.True(t, e.s.reusable, "the embedded module's state outside memory is known")
		in, h := runOn(t, e, nil, `(async function () {
			globalThis.mark = "x".repeat(100000) + new Array(5000).fill(1).join()
			return 1 })`)
		assert.Equal(t, uint64(1), value(t, h))
		mod := in.mod
		require.NoError(t, in.Close())

		// The next instance is the same module, reset: memory is the image
		// again, byte for byte, and the fuel countdown is a fresh one's.
		next, err := e.Instantiate(context.Background(), &recorder{}, nil)
		require.NoError(t, err)
		assert.Same(t, mod, next.mod, "a cleanly closed instance is kept and handed out again")
		image := e.Image()
		view := next.MemoryView()
		require.Len(t, view, len(image), "its memory did not grow")
		assert.True(t, string(image) == string(view), "a reused instance's memory is the image")
		assert.Equal(t, uint32(next.fuel0), next.Fuel())
		require.NoError(t, next.Close())

		in, h = runOn(t, e, nil, `(async function () { return typeof globalThis.mark })`)
		assert.Equal(t, "undefined", value(t, h))
		require.NoError(t, in.Close())
	})
}

func TestInstanceThatTrappedOrGrewIsNotReused(t *testing.T) {
	forEachMemory(t, func(t *testing.T, e *Engine) {

		h := &recorder{stopAt: 3}
		in, err := e.Instantiate(context.Background(), h, nil)
		require.NoError(t, err)
		_, err = in.Start(32 << 20)
		require.NoError(t, err)
		_, err = in.Run(`(async function () { for (;;) {} })`, "p.js")
		require.Error(t, err, "the host stopped it mid-loop")
		trapped := in.mod
		require.NoError(t, in.Close())

		grown, _ := runOn(t, e, nil, `(async function () { return 1 })`)
		require.NoError(t, grown.Grow(uint64(grown.size0)+pageSize))
		grownMod := grown.mod
		require.NoError(t, grown.Close())

		for range 3 {
			in, err := e.Instantiate(context.Background(), &recorder{}, nil)
			require.NoError(t, err)
			assert.NotSame(t, trapped, in.mod, "a trap leaves the stack pointer mid-guest: never reuse")
			assert.NotSame(t, grownMod, in.mod, "wazero cannot shrink a memory back: never reuse")
			defer in.Close()
		}
	})
}

func TestReusedInstanceHasTheWholeStack(t *testing.T) {
	forEachMemory(t, func(t *testing.T, e *Engine) {
		// The shadow stack pointer is the one global a reset does not set: a
		// normal return leaves it where it started. If it drifted, the deepest
		// recursion a run can reach would shrink run after run.
		const js = `(async function () {
			let depth = 0
			function down() { depth++; down() }
			try { down() } catch {}
			return depth })`
		var depths []any
		var mods []any
		for range 4 {
			in, h := runOn(t, e, nil, js)
			depths = append(depths, value(t, h))
			mods = append(mods, fmt.Sprintf("%p", in.mod))
			require.NoError(t, in.Close())
		}
		assert.Equal(t, mods[1], mods[3], "the same instance ran again")
		for i := range depths {
			assert.Equal(t, depths[0], depths[i], "run %d reached another depth", i)
		}
	})
}

func TestReusedInstanceReadsItsRunsClock(t *testing.T) {
	forEachMemory(t, func(t *testing.T, e *Engine) {
		clock := func(sec int64, random byte) *Clock {
			return &Clock{
				Walltime: func() (int64, int32) { return sec, 0 },
				Nanotime: func() int64 { return 0 },
				Random: func(p []byte) (int, error) {
					for i := range p {
						p[i] = random
					}
					return len(p), nil
				},
			}
		}
		var mods []string
		for _, sec := range []int64{1_000_000, 2_000_000, 3_000_000} {
			in, h := runOn(t, e, clock(sec, byte(sec/1_000_000)), `(async function () { return Date.now() })`)
			assert.Equal(t, uint64(sec*1000), value(t, h), "Date.now() reads this run's clock")
			mods = append(mods, fmt.Sprintf("%p", in.mod))
			require.NoError(t, in.Close())
		}
		assert.Equal(t, mods[0], mods[2], "the runs shared an instance")

		// Without a Clock, the real one: not any earlier run's.
		in, h := runOn(t, e, nil, `(async function () { return Date.now() })`)
		assert.Greater(t, value(t, h), uint64(1_700_000_000_000))
		require.NoError(t, in.Close())
	})
}

func TestClosedInstanceRefusesCalls(t *testing.T) {
	forEachMemory(t, func(t *testing.T, e *Engine) {
		in, _ := runOn(t, e, nil, `(async function () { return 1 })`)
		require.NoError(t, in.Close())
		require.NoError(t, in.Close(), "a second Close does nothing")
		_, err := in.Run(`(async function () { return 2 })`, "p.js")
		assert.ErrorContains(t, err, "the instance is closed")
		assert.Nil(t, in.MemoryView(), "another run's memory, by now")
		assert.Nil(t, in.Memory())
		assert.Zero(t, in.Fuel())
		assert.ErrorIs(t, in.SetFuel(1), errClosed)
		assert.ErrorIs(t, in.Grow(1<<30), errClosed)

		// The second Close kept nothing twice: two instances, two modules.
		a, err := e.Instantiate(context.Background(), &recorder{}, nil)
		require.NoError(t, err)
		defer a.Close()
		b, err := e.Instantiate(context.Background(), &recorder{}, nil)
		require.NoError(t, err)
		defer b.Close()
		assert.NotSame(t, a.mod, b.mod)
	})
}

func TestIdleInstancesAreBounded(t *testing.T) {
	forEachMemory(t, func(t *testing.T, e *Engine) {
		n := maxIdleInstances + 8
		ins := make([]*Instance, n)
		for i := range ins {
			ins[i], _ = runOn(t, e, nil, `(async function () { return 1 })`)
		}
		var wg sync.WaitGroup
		for _, in := range ins {
			wg.Go(func() { assert.NoError(t, in.Close()) })
		}
		wg.Wait()
		e.s.idleMu.Lock()
		idle, resetting := len(e.s.idle), e.s.resetting
		e.s.idleMu.Unlock()
		want := maxIdleInstances
		heap, isHeap := e.s.memory.(*heapImage)
		if isHeap {
			// A Go slice is resident as a whole: the idle budget holds
			// fewer of them.
			want = min(want, maxIdleWarmBytes/len(e.Image()))
		}
		assert.Equal(t, want, idle, "the first ones are kept, the rest closed")
		assert.Zero(t, resetting)

		// Closing the Engine closes the idle ones; another Engine starts afresh.
		require.NoError(t, e.Close(context.Background()))
		e.s.idleMu.Lock()
		assert.Empty(t, e.s.idle)
		e.s.idleMu.Unlock()
		if isHeap {
			assert.Zero(t, heap.warm, "no memory is counted as kept")
		}
	})
}
