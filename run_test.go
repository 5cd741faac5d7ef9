package coderun

import (
	"context"
	"errors"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// echoUntilCancelled answers once its run's context is cancelled, with the
// context's error, as a well-behaved host function does.
func echoUntilCancelled() Namespace {
	return Namespace{Global: "tools", Functions: map[string]Function{
		"echo": func(_ context.Context, args any) (any, error) { return args, nil },
		"wait": func(ctx context.Context, _ any) (any, error) {
			<-ctx.Done()
			return nil, ctx.Err()
		},
	}}
}

// TestCancellationIsAlwaysAbort covers cancelled runs that could end as
// exception or ok: whatever the program does with the calls refused or
// failed by the cancellation, the run is an abort.
func TestCancellationIsAlwaysAbort(t *testing.T) {
	t.Parallel()
	rt := newRuntime(t, nil)
	programs := map[string]string{
		"await the call":            `await tools.wait(); return await tools.echo(1)`,
		"catch the call's failure":  `try { await tools.wait() } catch (e) {} return "finished anyway"`,
		"catch later calls":         `try { await tools.wait() } catch {} try { await tools.echo(1) } catch (e) { return e.message }`,
		"ignore the call":           `tools.wait().catch(() => {}); await new Promise(r => setTimeout(r, 60_000))`,
		"compute after the failure": `try { await tools.wait() } catch {} let n = 0; for (let i = 0; i < 1e9; i++) n++; return n`,
	}
	for name, program := range programs {
		t.Run(name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			time.AfterFunc(20*time.Millisecond, cancel)
			res, err := rt.Run(ctx, Request{Program: program, Bindings: []Namespace{echoUntilCancelled()}})
			require.NoError(t, err)
			assert.Contains(t, requireFailure(t, res, KindAbort), "its context was cancelled")
		})
	}
}

func TestCancelledBeforeRunIsAbort(t *testing.T) {
	t.Parallel()
	rt := newRuntime(t, nil)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err := rt.Run(ctx, Request{Program: "return 1"})
	require.NoError(t, err)
	requireFailure(t, res, KindAbort)

	deadline, cancel2 := context.WithDeadline(context.Background(), time.Now().Add(-time.Second))
	defer cancel2()
	res, err = rt.Run(deadline, Request{Program: "return 1"})
	require.NoError(t, err)
	assert.Contains(t, requireFailure(t, res, KindAbort), "deadline exceeded")
}

// TestCloseRacingRunsNeverLooksFinished starts runs that cannot finish on
// their own and closes the Runtime while they start: each is an abort or
// ErrClosed, never ok or an exception.
func TestCloseRacingRunsNeverLooksFinished(t *testing.T) {
	t.Parallel()
	for round := range 20 {
		rt, err := New(DefaultConfig())
		require.NoError(t, err)
		var wg sync.WaitGroup
		for i := range 20 {
			wg.Go(func() {
				program := []string{
					`try { await tools.wait() } catch {} return "ok"`,
					`try { await tools.wait() } catch {} try { await tools.echo(1) } catch (e) { return e.message } return "ok"`,
				}[i%2]
				res, err := rt.Run(context.Background(), Request{Program: program, Bindings: []Namespace{echoUntilCancelled()}})
				if errors.Is(err, ErrClosed) {
					return
				}
				if assert.NoError(t, err) && assert.NotNil(t, res.Failure, "round %d: a run returned %s after Close", round, res.Value) {
					assert.Equal(t, KindAbort, res.Failure.Kind, "round %d: %s", round, res.Failure.Message)
				}
			})
		}
		time.Sleep(time.Duration(round%5) * time.Millisecond)
		require.NoError(t, rt.Close(context.Background()))
		wg.Wait()
	}
}

func TestCloseReleasesWhateverItsContextDoes(t *testing.T) {
	t.Parallel()
	done, cancel := context.WithCancel(context.Background())
	cancel()

	// Nothing in flight: an already-done ctx still closes everything.
	rt, err := New(DefaultConfig())
	require.NoError(t, err)
	require.NoError(t, rt.Close(done))
	assertReleased(t, rt)
	require.NoError(t, rt.Close(context.Background()), "closing again is harmless")

	// A run in flight: Close reports the ctx, and the run releases the
	// engine as it returns.
	rt, err = New(DefaultConfig())
	require.NoError(t, err)
	started := make(chan struct{})
	proceed := make(chan struct{})
	ns := Namespace{Global: "tools", Functions: map[string]Function{
		"block": func(context.Context, any) (any, error) { close(started); <-proceed; return 1, nil },
	}}
	result := make(chan Result, 1)
	go func() {
		res, err := rt.Run(context.Background(), Request{Program: "return await tools.block()", Bindings: []Namespace{ns}})
		assert.NoError(t, err)
		result <- res
	}()
	<-started
	// The run's loop aborts at once, but its goroutine may not have
	// returned yet; hold it with a Close whose ctx is already done.
	err = rt.Close(done)
	if err != nil {
		assert.ErrorIs(t, err, context.Canceled)
	}
	requireFailure(t, <-result, KindAbort)
	close(proceed)
	ctx, cancelWait := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancelWait()
	require.NoError(t, rt.Close(ctx), "a second Close waits for the release the first started")
	assertReleased(t, rt)
}

func assertReleased(t *testing.T, rt *Runtime) {
	t.Helper()
	select {
	case <-rt.released:
	case <-time.After(10 * time.Second):
		t.Fatal("the engine was not released")
	}
	_, err := rt.Run(context.Background(), Request{Program: "return 1"})
	assert.ErrorIs(t, err, ErrClosed)
}

func TestWallTimeCountsOnlyLiveTime(t *testing.T) {
	t.Parallel()
	ns := approvals(nil)
	// The live time (transform, run, seal, restore) is milliseconds; the
	// budget leaves a loaded machine room for it.
	rt := durableRuntime(t, func(c *Config) { c.WallTime = time.Second })
	res, err := rt.Run(context.Background(), Request{Program: `await tools.ask(1); return "in time"`, Bindings: []Namespace{ns}})
	require.NoError(t, err)
	s := requireSuspended(t, res)
	time.Sleep(1200 * time.Millisecond) // longer than WallTime, while suspended
	res, err = rt.Resume(context.Background(), s.State, []Answer{{ID: s.Pending[0].ID, Value: 1}}, []Namespace{ns})
	require.NoError(t, err)
	assert.Equal(t, `"in time"`, requireOK(t, res))
}

// pauseBindings has one function, host.pause, that answers after d: longer
// than trimAfter, the run's free pages are given back while it waits.
func pauseBindings(d time.Duration) []Namespace {
	return []Namespace{{Global: "host", Functions: map[string]Function{
		"pause": func(ctx context.Context, _ any) (any, error) {
			select {
			case <-time.After(d):
			case <-ctx.Done():
			}
			return nil, nil
		},
	}}}
}

// A run that is trimmed at every wait (it waits longer than trimAfter) and
// reuses the given-back memory for new strings, objects and deep stacks
// computes what it computes without waits.
func TestTrimmedRunKeepsItsData(t *testing.T) {
	t.Parallel()
	rt := newRuntime(t, roomyBudgets)
	program := `
function build(tag) {
  const parts = [];
  for (let i = 0; i < 16384; i++) parts.push(tag + String(i % 10).repeat(63));
  return parts.join("");
}
const sum = s => { let h = 0; for (let i = 0; i < s.length; i += 61) h = (h * 31 + s.charCodeAt(i)) | 0; return h; };
function deep(n) { return n === 0 ? 0 : 1 + deep(n - 1); }
const kept = build("k");
const sums = [];
for (let round = 0; round < 4; round++) {
  const s = build(String(round));
  sums.push(sum(s));
  await host.pause();
  const objs = Array.from({ length: 5000 }, (_, i) => ({ i, tag: "t" + round + i }));
  sums.push(objs[4999].tag, deep(1500), sum(build(String(round))) === sums[sums.length - 1]);
}
return { kept: sum(kept) === sum(build("k")), sums };`
	slow := requireOK(t, runRequest(t, rt, Request{Program: program, Bindings: pauseBindings(3 * trimAfter)}))
	fast := requireOK(t, runRequest(t, rt, Request{Program: program, Bindings: pauseBindings(0)}))
	assert.Equal(t, fast, slow, "the same program, with and without trims")
	assert.Contains(t, slow, `"kept":true`)
	assert.NotContains(t, slow, "false")
}

// The run loop trims a run that waits longer than trimAfter, once per
// wait, and not one whose calls answer sooner.
func TestRunLoopTrimsLongWaitsOnly(t *testing.T) {
	t.Parallel()
	if runtime.GOOS != "linux" {
		// Elsewhere a memory is a Go slice (internal/engine,
		// memory_other.go): there are no pages to give back, so no run is
		// trimmed.
		t.Skip("only Linux memories give pages back")
	}
	count := func(d time.Duration) int64 {
		rt := newRuntime(t, nil)
		var trims atomic.Int64
		rt.hooks.trimmed = func() { trims.Add(1) }
		res := runRequest(t, rt, Request{Program: `for (let i = 0; i < 3; i++) await host.pause(); return 1`, Bindings: pauseBindings(d)})
		require.Equal(t, "1", requireOK(t, res))
		return trims.Load()
	}
	// At most one trim per wait; on a loaded machine the loop may wake
	// late enough to find the answer and the trim's timer both ready, and
	// take the answer, so not every wait need be trimmed.
	long := count(5 * trimAfter)
	assert.GreaterOrEqual(t, long, int64(1), "long waits are trimmed")
	assert.LessOrEqual(t, long, int64(3), "once per wait")
	assert.Equal(t, int64(0), count(0), "no trim when calls answer at once")
}

// Trims do not count against the Fuel budget and do not move the guest's
// fuel countdown: a deterministic run fails at the same point whether its
// waits were long enough to be trimmed or not.
func TestTrimKeepsFuelDeterministic(t *testing.T) {
	t.Parallel()
	rt := newRuntime(t, func(c *Config) { c.Fuel = 40 })
	program := `
let n = 0;
for (;;) {
  const junk = [];
  for (let i = 0; i < 800; i++) { junk.push({ i }); if (++n % 4 === 0) console.log(n); }
  await host.pause();
}`
	outcome := func(d time.Duration) string {
		res := runRequest(t, rt, Request{Program: program, Bindings: pauseBindings(d)})
		msg := requireFailure(t, res, KindTimeout)
		require.Contains(t, msg, "Fuel")
		require.Greater(t, len(res.Logs), 2*800/4, "the budget lasts past the first waits")
		return res.Logs[len(res.Logs)-1] + " " + msg
	}
	fast := outcome(0)
	slow := outcome(2 * trimAfter)
	assert.Equal(t, fast, slow, "the last line before the Fuel budget ran out")
}

// runRequest runs req, failing the test if Run returns an error.
func runRequest(t testing.TB, rt *Runtime, req Request) Result {
	t.Helper()
	res, err := rt.Run(context.Background(), req)
	require.NoError(t, err)
	return res
}
