package coderun

import (
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

// The engine recycles instances: a run that ended cleanly leaves its
// instance, reset, to the next (internal/engine/reuse.go). These tests hold
// that no run can tell: whatever the previous run on the instance did, a
// deterministic run answers exactly as a run on a new instance would.

// recycleProbe reports what a run could see of an earlier one: its globals,
// Math.random's sequence, the clocks, the depth the stack allows, and how
// far Fuel lets a loop go.
const recycleProbe = `
const seen = typeof globalThis.leak
globalThis.leak = "x".repeat(100000)
let depth = 0
function down() { depth++; down() }
try { down() } catch {}
return [seen, Math.random(), Math.random(), Date.now(), performance.now(), depth]`

// recycleNoise are runs that end every way a run can end, each leaving its
// instance in another state. The short ones run with a WallTime of 300 ms.
var recycleNoise = []struct {
	name, program string
	kind          FailureKind // "" for success
	short         bool
}{
	{"succeeded with state", `globalThis.leak = [1, 2, 3]; Math.random(); return 1`, "", true},
	{"threw", `globalThis.leak = 1; throw new Error("no")`, KindException, true},
	{"spun until WallTime", `globalThis.leak = 1; for (;;) {}`, KindTimeout, true},
	{"grew memory", `globalThis.leak = new Array(1 << 20).fill(7); return leak.length`, "", false},
	{"waited until WallTime", `globalThis.leak = 1; await new Promise(() => setTimeout(() => {}, 1e9))`, KindTimeout, true},
	{"ran out of memory", `const a = []; for (;;) a.push("y".repeat(1 << 20) + a.length)`, KindWorkerExit, false},
}

func TestRecycledInstancesAreUnobservable(t *testing.T) {
	t.Parallel()
	// Runtimes with the same memory limit share one sandbox, so their runs
	// share instances: the probes run deterministically, the noise with
	// the default budgets or short ones.
	const limit = 48 << 20
	probes := newRuntime(t, func(c *Config) { c.Deterministic, c.Seed, c.MemoryLimitBytes = true, 7, limit })
	noise := newRuntime(t, func(c *Config) { c.MemoryLimitBytes = limit; roomyBudgets(c) })
	short := newRuntime(t, func(c *Config) {
		c.MemoryLimitBytes = limit
		c.WallTime = 300 * time.Millisecond
		c.ComputeTime = 300 * time.Millisecond
	})
	want := requireOK(t, runProgram(t, probes, recycleProbe))
	assert.True(t, strings.HasPrefix(want, `["undefined",`), "the first run sees no leak: %s", want)
	for range 2 {
		for _, n := range recycleNoise {
			rt := noise
			if n.short {
				rt = short
			}
			res := runProgram(t, rt, n.program)
			if n.kind == "" {
				assert.Nil(t, res.Failure, "%s", n.name)
			} else if assert.NotNil(t, res.Failure, "%s", n.name) {
				assert.Equal(t, n.kind, res.Failure.Kind, "%s: %s", n.name, res.Failure.Message)
			}
			assert.Equal(t, want, requireOK(t, runProgram(t, probes, recycleProbe)), "after a run that %s", n.name)
		}
	}
}

func TestRecycledInstancesUnderConcurrency(t *testing.T) {
	t.Parallel()
	rt := newRuntime(t, func(c *Config) { c.Deterministic, c.Seed = true, 7 })
	want := requireOK(t, runProgram(t, rt, recycleProbe))
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Go(func() {
			for i := range 12 {
				program := recycleProbe
				if (g+i)%3 == 0 {
					program = recycleNoise[0].program
				}
				res := runProgram(t, rt, program)
				if program == recycleProbe {
					assert.Equal(t, want, requireOK(t, res))
				}
			}
		})
	}
	wg.Wait()
}
