package python_test

import (
	"context"
	"fmt"
	"sort"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/coderun/coderun"
	"github.com/coderun/coderun/internal/testing/pyparity"
	_ "github.com/coderun/coderun/python"
)

// The Python parity corpus (testdata/python-parity/*.py, one program a
// file) is programs written the way models write Python for agent tasks,
// run in coderun and under a native CPython of the same version built from
// the same source, with the guest's own program contract
// (internal/testing/pyparity). Logs, value and failure (kind and message,
// traceback included) must be identical, unless
// testdata/python-parity/allowed.txt lists the program with the reason.
func TestMatchesCPython(t *testing.T) {
	python := pyparity.NativePython(t)
	programs := pyparity.LoadCorpus(t)
	allowed := pyparity.LoadAllowed(t)

	cfg := coderun.DefaultConfig()
	cfg.Language = coderun.LanguagePython
	// Timers on a virtual clock, as the native runner's event loop has
	// them: a program that sleeps or races timers does the same however
	// loaded the machine is.
	cfg.Deterministic = true
	// The corpus compares output, not speed: ComputeTime is wall-clock
	// time inside the guest, which a loaded machine stretches. A program
	// that hangs still fails, a minute later.
	cfg.ComputeTime, cfg.WallTime = time.Minute, 2*time.Minute
	rt, err := coderun.New(cfg)
	require.NoError(t, err)
	t.Cleanup(func() { _ = rt.Close(context.Background()) })

	native := make([]pyparity.Outcome, len(programs))
	guest := make([]pyparity.Outcome, len(programs))
	var wg sync.WaitGroup
	work := make(chan int)
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range work {
				p := programs[i]
				ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
				o, err := pyparity.RunNative(ctx, python, p.Path)
				cancel()
				if err != nil {
					t.Errorf("%s: %v", p.Name, err)
				}
				native[i] = o
				res, err := rt.Run(context.Background(), coderun.Request{Program: p.Source, FileName: "program.py"})
				if err != nil {
					t.Errorf("%s: Run: %v", p.Name, err)
				}
				guest[i] = pyparity.FromResult(res)
			}
		}()
	}
	for i := range programs {
		work <- i
	}
	close(work)
	wg.Wait()

	identical, allowedCount := 0, 0
	var unexpected, stale []string
	names := map[string]bool{}
	for i, p := range programs {
		names[p.Name] = true
		want, got := native[i].String(), guest[i].String()
		_, isAllowed := allowed[p.Name]
		switch {
		case want == got && isAllowed:
			stale = append(stale, p.Name)
			identical++
		case want == got:
			identical++
		case isAllowed:
			allowedCount++
		default:
			unexpected = append(unexpected, fmt.Sprintf("%s:\n--- CPython\n%s\n--- coderun\n%s", p.Name, want, got))
		}
	}
	for name := range allowed {
		if !names[name] {
			stale = append(stale, name+" (no such program)")
		}
	}
	sort.Strings(stale)
	t.Logf("parity with CPython: %d of %d programs identical (%.1f%%), %d allowed differences",
		identical, len(programs), 100*float64(identical)/float64(len(programs)), allowedCount)
	for _, u := range unexpected {
		t.Errorf("differs from CPython, and allowed.txt does not list it:\n%s", u)
	}
	for _, s := range stale {
		t.Errorf("allowed.txt lists %s, which now matches CPython: remove it", s)
	}
	// The corpus's floor: a change that loses parity fails here even when
	// allowed.txt lists the difference.
	assert.GreaterOrEqual(t, 100*float64(identical)/float64(len(programs)), 98.0)
}
