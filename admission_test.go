package coderun

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// An Immediate Function runs inside the guest's execution, so the number
// of its calls in progress at once is the number of runs executing guest
// code at once: with MaxExecuting 1 it never exceeds 1, however many
// goroutines share the Runtime.
func TestMaxExecutingBoundsRunsInGuestCode(t *testing.T) {
	t.Parallel()
	rt := newRuntime(t, func(c *Config) { c.MaxExecuting = 1 })
	var inside, most atomic.Int32
	ns := Namespace{Global: "probe", Immediate: true, Functions: map[string]Function{
		"hold": func(ctx context.Context, args any) (any, error) {
			n := inside.Add(1)
			defer inside.Add(-1)
			for m := most.Load(); n > m && !most.CompareAndSwap(m, n); m = most.Load() {
			}
			time.Sleep(2 * time.Millisecond)
			return nil, nil
		},
	}}
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			res, err := rt.Run(context.Background(), Request{
				Program:  "for (let i = 0; i < 3; i++) await probe.hold(); return 1",
				Bindings: []Namespace{ns},
			})
			assert.NoError(t, err)
			assert.Nil(t, res.Failure)
		}()
	}
	wg.Wait()
	assert.Equal(t, int32(1), most.Load(), "runs executing guest code at once")
}

// A run waiting on a binding holds no slot: with MaxExecuting 1, a run
// whose call waits for a second run to finish does not stop that run.
func TestWaitingRunHoldsNoSlot(t *testing.T) {
	t.Parallel()
	rt := newRuntime(t, func(c *Config) { c.MaxExecuting = 1; c.WallTime = 20 * time.Second })
	other := make(chan struct{})
	ns := Namespace{Global: "gate", Functions: map[string]Function{
		"wait": func(ctx context.Context, args any) (any, error) {
			select {
			case <-other:
				return "released", nil
			case <-ctx.Done():
				return nil, ctx.Err()
			}
		},
	}}
	first := make(chan Result, 1)
	go func() {
		res, err := rt.Run(context.Background(), Request{Program: "return await gate.wait()", Bindings: []Namespace{ns}})
		assert.NoError(t, err)
		first <- res
	}()
	// The first run waits on its call until the gate opens; the second
	// run needs the only slot meanwhile.
	res := runProgram(t, rt, "let s = 0; for (let i = 0; i < 1e5; i++) s += i; return s")
	assert.Equal(t, "4999950000", requireOK(t, res))
	close(other)
	assert.Equal(t, `"released"`, requireOK(t, <-first))
}

// A long computation gives its slot to waiting runs every admissionSlice,
// so a short run is not stuck behind it for its whole ComputeTime; and
// the time the long run waits for its slot back is not its compute time.
func TestLongRunSharesItsSlot(t *testing.T) {
	t.Parallel()
	rt := newRuntime(t, func(c *Config) { c.MaxExecuting = 1; c.ComputeTime = 3 * time.Second; c.WallTime = 30 * time.Second })
	started := make(chan struct{})
	ns := Namespace{Global: "signal", Immediate: true, Functions: map[string]Function{
		"started": func(ctx context.Context, args any) (any, error) { close(started); return nil, nil },
	}}
	long := make(chan Result, 1)
	go func() {
		res, err := rt.Run(context.Background(), Request{Program: "await signal.started(); for (;;) {}", Bindings: []Namespace{ns}})
		assert.NoError(t, err)
		long <- res
	}()
	<-started
	short := make(chan Result, 1)
	go func() { short <- runProgram(t, rt, "return 'short'") }()
	var res Result
	select {
	case res = <-short:
	case res = <-long:
		t.Fatalf("the short run waited for the long one to end: %+v", res.Failure)
	}
	assert.Equal(t, `"short"`, requireOK(t, res))
	msg := requireFailure(t, <-long, KindTimeout)
	assert.Contains(t, msg, "ComputeTime")
}

// A run waiting for a slot is aborted by its context, and by Close.
func TestRunAbortedWhileWaitingForASlot(t *testing.T) {
	t.Parallel()
	rt := newRuntime(t, func(c *Config) { c.MaxExecuting = 1 })
	started := make(chan struct{})
	release := make(chan struct{})
	ns := Namespace{Global: "hold", Immediate: true, Functions: map[string]Function{
		"slot": func(ctx context.Context, args any) (any, error) {
			close(started)
			<-release
			return nil, nil
		},
	}}
	done := make(chan struct{})
	go func() {
		defer close(done)
		_, err := rt.Run(context.Background(), Request{Program: "await hold.slot(); return 1", Bindings: []Namespace{ns}})
		assert.NoError(t, err)
	}()
	<-started
	ctx, cancel := context.WithCancel(context.Background())
	waiting := make(chan Result, 1)
	go func() {
		res, err := rt.Run(ctx, Request{Program: "return 2"})
		assert.NoError(t, err)
		waiting <- res
	}()
	require.Eventually(t, rt.admission.contended, 10*time.Second, time.Millisecond)
	cancel()
	requireFailure(t, <-waiting, KindAbort)
	close(release)
	<-done
}

func TestMaxExecutingValidated(t *testing.T) {
	t.Parallel()
	for _, n := range []int{0, -1, 1<<16 + 1} {
		cfg := DefaultConfig()
		cfg.MaxExecuting = n
		err := cfg.Validate()
		require.Error(t, err)
		assert.Contains(t, err.Error(), "MaxExecuting")
	}
}
