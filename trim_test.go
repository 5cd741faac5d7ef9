package coderun

import (
	"context"
	"runtime"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

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
