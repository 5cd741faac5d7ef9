package coderun

import (
	"context"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"
)

// soakCase is one kind of run the soak mixes, with the outcome it must have
// when nothing interrupts it.
type soakCase struct {
	program string
	kind    FailureKind // "" for success
	value   string      // the value, for success
}

var soakCases = []soakCase{
	{program: `return 1 + 1`, value: `2`},
	{program: `throw new TypeError("soak")`, kind: KindException},
	{program: `for (;;) {}`, kind: KindTimeout},
	{program: `const r = await Promise.all([1, 2, 3].map(i => tools.echo(i))); return r`, value: `[1,2,3]`},
	{program: `try { await tools.fail() } catch (e) { return e.message }`, value: `"failed on purpose"`},
	{program: `await new Promise(r => setTimeout(r, 5)); return "timer"`, value: `"timer"`},
	{program: `return [1, 2n]`, kind: KindInvalidOutput},
	{program: `console.log("x".repeat(5000))`, kind: KindOutputLimit},
	{program: `const a = []; for (let i = 0; ; i++) a.push("y".repeat(1 << 22) + i)`, kind: KindWorkerExit},
	{program: `return await tools.slow()`, value: `"slow"`},
	{program: `return await tools.park()`, value: `"resumed"`}, // suspends; the soak resumes it
}

func soakBindings() []Namespace {
	return []Namespace{{Global: "tools", Functions: map[string]Function{
		"echo": func(_ context.Context, args any) (any, error) { return args, nil },
		"fail": func(context.Context, any) (any, error) { return nil, errors.New("failed on purpose") },
		"slow": func(ctx context.Context, _ any) (any, error) {
			select {
			case <-time.After(3 * time.Millisecond):
				return "slow", nil
			case <-ctx.Done():
				return nil, ctx.Err()
			}
		},
		"park": func(context.Context, any) (any, error) { return nil, Suspend("soak") },
	}}}
}

// soakDuration is how long TestSoak runs: short by default, as long as
// CODERUN_SOAK says (a Go duration, e.g. 10m) for a real soak.
func soakDuration(t *testing.T) time.Duration {
	if v := os.Getenv("CODERUN_SOAK"); v != "" {
		d, err := time.ParseDuration(v)
		require.NoError(t, err, "CODERUN_SOAK must be a Go duration such as 10m")
		return d
	}
	if testing.Short() {
		return 500 * time.Millisecond
	}
	return 3 * time.Second
}

// TestSoak runs a random mix of programs on many goroutines, cancels some at
// random moments, and closes Runtimes while runs start: every Result must be
// exactly of its expected kind, or an abort when it was interrupted; no
// goroutine may be left behind, and memory must stay flat.
func TestSoak(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	cfg := DefaultConfig()
	// Fuel, not ComputeTime, ends the endless loop: it does not depend on
	// how loaded the machine is.
	cfg.Fuel = 5000
	cfg.MaxOutputBytes = 4096
	cfg.MemoryLimitBytes = 16 << 20
	cfg.StateKey = testStateKey

	deadline := time.Now().Add(soakDuration(t))
	var runs, aborted atomic.Int64
	rssBefore := rssBytes(t)
	for round := 0; round < 3 || time.Now().Before(deadline); round++ {
		rt, err := New(cfg)
		require.NoError(t, err)
		var wg sync.WaitGroup
		for g := range 8 {
			rng := rand.New(rand.NewPCG(uint64(round), uint64(g)))
			wg.Go(func() {
				for i := 0; i < 12; i++ {
					c := soakCases[rng.IntN(len(soakCases))]
					ctx, cancel := context.WithCancel(context.Background())
					cancelled := rng.IntN(4) == 0
					if cancelled {
						time.AfterFunc(time.Duration(rng.IntN(4000))*time.Microsecond, cancel)
					}
					res, err := soakRun(ctx, rt, c.program)
					cancel()
					if errors.Is(err, ErrClosed) {
						return // the Runtime closed under this goroutine
					}
					if !assert.NoError(t, err) {
						return
					}
					runs.Add(1)
					if res.Failure != nil && res.Failure.Kind == KindAbort {
						aborted.Add(1)
						continue // cancelled, or the Runtime closing
					}
					if !checkSoakResult(t, c, res) {
						return
					}
				}
			})
		}
		// Let the runs go on for a while, then close the Runtime under them.
		time.Sleep(time.Duration(round%5) * 40 * time.Millisecond)
		require.NoError(t, rt.Close(context.Background()))
		wg.Wait()
	}
	grown := rssBytes(t) - rssBefore
	t.Logf("%d runs, %d aborted; RSS grew %d KiB", runs.Load(), aborted.Load(), grown>>10)
	assert.Positive(t, runs.Load()-aborted.Load(), "some runs must finish")
	assert.Less(t, grown, int64(256<<20), "RSS must stay flat")
}

// soakRun runs program and resumes it while it suspends.
func soakRun(ctx context.Context, rt *Runtime, program string) (Result, error) {
	res, err := rt.Run(ctx, Request{Program: program, Bindings: soakBindings()})
	for err == nil && res.Suspended != nil {
		answers := make([]Answer, len(res.Suspended.Pending))
		for i, p := range res.Suspended.Pending {
			answers[i] = Answer{ID: p.ID, Value: "resumed"}
		}
		res, err = rt.Resume(ctx, res.Suspended.State, answers, soakBindings())
	}
	return res, err
}

func checkSoakResult(t *testing.T, c soakCase, res Result) bool {
	if c.kind == "" {
		return assert.Nil(t, res.Failure, "%s", c.program) && assert.Equal(t, c.value, string(res.Value), "%s", c.program)
	}
	return assert.NotNil(t, res.Failure, "%s gave %s", c.program, res.Value) &&
		assert.Equal(t, c.kind, res.Failure.Kind, "%s: %s", c.program, res.Failure.Message)
}

// rssBytes is the process's resident set size.
func rssBytes(t *testing.T) int64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		t.Skip("no /proc/self/status: RSS cannot be measured on this system")
	}
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")), 10, 64)
			require.NoError(t, err)
			return kb << 10
		}
	}
	t.Fatal("no VmRSS line")
	return 0
}

// FuzzRun runs arbitrary programs: whatever the program, the host survives
// and the Result is a value, a suspension or one of the six failure kinds.
func FuzzRun(f *testing.F) {
	for _, c := range soakCases {
		f.Add(c.program)
	}
	for _, seed := range []string{
		`return new Array(5)`, `return "\ud800"`, `return "\u00e9".repeat(1 << 20)`,
		`const o = {}; o.o = o; return o`, `await new Promise(() => {})`,
		`return JSON.stringify(JSON.parse("[".repeat(5000) + "]".repeat(5000)))`,
		`namespace J { export const x = 1 } return J.x`, `return typeof process`,
		"return `${1}${`${2}`}`", `return /(a+)+$/.test("a".repeat(30) + "b")`,
	} {
		f.Add(seed)
	}
	cfg := DefaultConfig()
	cfg.ComputeTime = 100 * time.Millisecond
	cfg.WallTime = time.Second
	cfg.MemoryLimitBytes = 16 << 20
	cfg.MaxOutputBytes = 1 << 20
	cfg.StateKey = testStateKey
	rt, err := New(cfg)
	if err != nil {
		f.Fatal(err)
	}
	f.Cleanup(func() { rt.Close(context.Background()) })
	kinds := map[FailureKind]bool{KindException: true, KindTimeout: true, KindAbort: true, KindWorkerExit: true, KindInvalidOutput: true, KindOutputLimit: true}
	f.Fuzz(func(t *testing.T, program string) {
		res, err := rt.Run(context.Background(), Request{Program: program, Bindings: soakBindings()})
		if err != nil {
			t.Fatalf("Run returned an error for a program: %v", err)
		}
		switch {
		case res.Failure != nil:
			if !kinds[res.Failure.Kind] {
				t.Fatalf("unknown failure kind %q", res.Failure.Kind)
			}
			if res.Value != nil || res.Suspended != nil {
				t.Fatal("a failed run has a value or a suspension")
			}
		case res.Suspended != nil:
			if len(res.Suspended.Pending) == 0 {
				t.Fatal("a suspended run waits on nothing")
			}
		case res.Value != nil && !jsonValid(res.Value):
			t.Fatalf("the value is not JSON: %q", res.Value)
		}
	})
}

func jsonValid(b []byte) bool { return json.Valid(b) }
