package engine

import (
	"context"
	"errors"
	"sync"
	"testing"

	"github.com/coderun/coderun/internal/intl"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// recorder is a Host that records what the guest reports.
type recorder struct {
	logs    []string
	kind    SettleKind
	payload string
	settled bool
	ticks   int
	stopAt  int // stop the guest at this tick; 0 never
}

func (r *recorder) Log(line string) { r.logs = append(r.logs, line) }
func (r *recorder) Settle(kind SettleKind, payload []byte) {
	r.kind, r.payload, r.settled = kind, string(payload), true
}
func (r *recorder) Call(msg, answer []byte) (int, string) { return 0, "no bindings here" }
func (r *recorder) TimerSet(id uint32, delayMs float64)   {}
func (r *recorder) TimerClear(id uint32)                  {}
func (r *recorder) OutOfMemory(requested uint32)          { Stop(errors.New("out of memory")) }
func (r *recorder) ReserveOutput(n int64)                 {}
func (r *recorder) FuelTick() int32 {
	r.ticks++
	if r.stopAt > 0 && r.ticks >= r.stopAt {
		Stop(errors.New("stopped by the host"))
	}
	return 10000
}
func (r *recorder) MapStack(s string) string { return s }
func (r *recorder) Intl(req []byte) []byte   { return intl.NewSession().Call(req) }

func newEngine(t *testing.T) *Engine {
	t.Helper()
	e, err := New(context.Background(), Options{MemoryLimitBytes: 64 << 20})
	require.NoError(t, err)
	t.Cleanup(func() { e.Close(context.Background()) })
	return e
}

func start(t *testing.T, e *Engine, h Host) *Instance {
	t.Helper()
	in, err := e.Instantiate(context.Background(), h, nil)
	require.NoError(t, err)
	t.Cleanup(func() { in.Close() })
	ok, err := in.Start(32 << 20)
	require.NoError(t, err)
	require.True(t, ok)
	return in
}

func TestRunSettlesWithCBORValue(t *testing.T) {
	e := newEngine(t)
	h := &recorder{}
	in := start(t, e, h)
	st, err := in.Run(`(async function () { console.log("hi"); return [1, "a", null] })`, "p.js")
	require.NoError(t, err)
	assert.Equal(t, Settled, st)
	assert.Equal(t, SettleValue, h.kind)
	assert.Equal(t, "\x83\x01\x61a\xf6", h.payload, "CBOR [1, \"a\", null]")
	assert.Equal(t, []string{"hi"}, h.logs)
}

func TestInstancesShareNothing(t *testing.T) {
	e := newEngine(t)
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			h := &recorder{}
			in, err := e.Instantiate(context.Background(), h, nil)
			if !assert.NoError(t, err) {
				return
			}
			defer in.Close()
			ok, err := in.Start(32 << 20)
			assert.NoError(t, err)
			assert.True(t, ok)
			// Each instance writes its own mark and must not see another's.
			js := `(async function () { const seen = globalThis.mark; globalThis.mark = "` + string(rune('a'+i)) + `"; return seen === undefined })`
			_, err = in.Run(js, "p.js")
			assert.NoError(t, err)
			assert.Equal(t, "\xf5", h.payload, "a fresh instance starts from the snapshot")
		}()
	}
	wg.Wait()
}

func TestStopUnwindsTheGuest(t *testing.T) {
	e := newEngine(t)
	h := &recorder{stopAt: 5}
	in := start(t, e, h)
	_, err := in.Run(`(async function () { for (;;) {} })`, "p.js")
	require.Error(t, err)
	reason, ok := AsTrap(err)
	require.True(t, ok)
	assert.EqualError(t, reason, "stopped by the host")
	assert.Equal(t, 5, h.ticks)
}

func TestHeapLimitCallsOutOfMemory(t *testing.T) {
	e := newEngine(t)
	h := &recorder{}
	in := start(t, e, h)
	_, err := in.Run(`(async function () { const a = []; for (;;) a.push("x".repeat(1 << 16) + a.length) })`, "p.js")
	reason, ok := AsTrap(err)
	require.True(t, ok, "%v", err)
	assert.EqualError(t, reason, "out of memory")
}

func TestPlainModuleIsInitialisedOnStart(t *testing.T) {
	// Start also drives a module that is not a snapshot: reseed reports -1
	// and Start runs _initialize and init. A snapshot's Start only
	// reseeds, which TestRunSettlesWithCBORValue covers.
	e := newEngine(t)
	h := &recorder{}
	in, err := e.Instantiate(context.Background(), h, nil)
	require.NoError(t, err)
	defer in.Close()
	r, err := in.call(opReseed, 32<<20)
	require.NoError(t, err)
	assert.Equal(t, int32(0), r, "the embedded module is a snapshot")
	r, err = in.call(opInit, 32<<20)
	require.NoError(t, err)
	assert.Equal(t, int32(-1), r, "init refuses to run twice")
}

func TestReusedMemoriesStartFromTheSnapshot(t *testing.T) {
	// Memories are reset and reused between instances: a run that dirtied
	// and grew its memory must leave nothing for the next one to see.
	e := newEngine(t)
	for i := range 3 {
		h := &recorder{}
		in := start(t, e, h)
		_, err := in.Run(`(async function () {
			const seen = globalThis.mark !== undefined
			globalThis.mark = new Array(200000).fill(7)
			return seen })`, "p.js")
		require.NoError(t, err)
		assert.Equal(t, "\xf4", h.payload, "run %d saw a previous run's state", i)
		require.NoError(t, in.Close())
	}
}

func TestNewRefusesAModuleWithoutTheABI(t *testing.T) {
	empty := []byte("\x00asm\x01\x00\x00\x00")
	_, err := New(context.Background(), Options{MemoryLimitBytes: 64 << 20, Module: empty})
	require.Error(t, err)
	assert.Contains(t, err.Error(), `guest does not export "coderun_entry" (ABI mismatch)`)
}

// Engines with the same options share one sandbox until the last of them
// closes; closing one leaves the others working, and a second Close of
// the same Engine does not count twice.
func TestEnginesShareASandbox(t *testing.T) {
	ctx := context.Background()
	opts := Options{MemoryLimitBytes: 48 << 20} // a ceiling no other test uses
	a, err := New(ctx, opts)
	require.NoError(t, err)
	b, err := New(ctx, opts)
	require.NoError(t, err)
	other, err := New(ctx, Options{MemoryLimitBytes: 40 << 20})
	require.NoError(t, err)
	defer other.Close(ctx)
	assert.Same(t, a.s, b.s, "same options, same sandbox")
	assert.NotSame(t, a.s, other.s, "another memory ceiling is another sandbox")

	require.NoError(t, a.Close(ctx))
	require.NoError(t, a.Close(ctx), "a second Close does nothing")
	h := &recorder{}
	in := start(t, b, h)
	_, err = in.Run(`(async function () { return 7 })`, "p.js")
	require.NoError(t, err, "b works after a closed")
	assert.Equal(t, "\x07", h.payload)
	require.NoError(t, in.Close())

	require.NoError(t, b.Close(ctx))
	c, err := New(ctx, opts)
	require.NoError(t, err)
	defer c.Close(ctx)
	assert.NotSame(t, b.s, c.s, "the last Close released the sandbox; New builds another")
	_, err = b.Instantiate(ctx, &recorder{}, nil)
	assert.Error(t, err, "a released sandbox instantiates nothing")
}

// Engines asked for at once with the same options are built once, and
// all share it.
func TestConcurrentNewBuildsOnce(t *testing.T) {
	ctx := context.Background()
	opts := Options{MemoryLimitBytes: 44 << 20} // a ceiling no other test uses
	engines := make([]*Engine, 8)
	var wg sync.WaitGroup
	for i := range engines {
		wg.Go(func() {
			e, err := New(ctx, opts)
			assert.NoError(t, err)
			engines[i] = e
		})
	}
	wg.Wait()
	for _, e := range engines {
		require.NotNil(t, e)
		assert.Same(t, engines[0].s, e.s)
	}
	for _, e := range engines {
		require.NoError(t, e.Close(ctx))
	}
	sandboxes.mu.Lock()
	_, open := sandboxes.open[engines[0].s.key]
	sandboxes.mu.Unlock()
	assert.False(t, open, "the last Close released the sandbox")
}
