package bench

import (
	"context"
	"fmt"
	"testing"
	"time"

	coderun "github.com/coderun/coderun"
	_ "github.com/coderun/coderun/python"
)

// BenchmarkPythonColdStart is BenchmarkColdStart for both languages side by
// side, in one process: one isolated run of `return 1+1` per op, on a
// reset instance of each language's snapshot. It reports the p50 and p99
// of the per-run wall time and the CPU time per run. Target: Python's p50
// ≤ 1 ms on a quiet machine.
func BenchmarkPythonColdStart(b *testing.B) {
	for _, lang := range []string{coderun.LanguageTypeScript, coderun.LanguagePython} {
		b.Run(lang, func(b *testing.B) {
			cfg := coderun.DefaultConfig()
			cfg.Language = lang
			benchColdStartWith(b, cfg, func(int) string { return "return 1+1" })
		})
	}
}

// BenchmarkPythonWaitingRuns is BenchmarkWaitingRuns for Python programs:
// N runs at once, each blocked in a binding call, and the growth of the
// process's memory per waiting run. N is 200 and 1,000. Target: ≤ 4 MiB
// per run.
func BenchmarkPythonWaitingRuns(b *testing.B) {
	cfg := coderun.DefaultConfig()
	cfg.Language = coderun.LanguagePython
	cfg.WallTime = time.Hour
	programs := []waitingProgram{
		// As the TypeScript one: a 1 MiB string built from 16,384 pieces
		// and dropped, then a wait.
		{"built-1MiB", "n = len(''.join('0123456789abcdef' * 4 for _ in range(16384)))\nawait bench.wait()\nreturn n", "1048576"},
		{"idle", "await bench.wait()\nreturn 0", "0"},
	}
	for _, p := range programs {
		for _, n := range []int{200, 1000} {
			b.Run(fmt.Sprintf("%s/runs=%d", p.name, n), func(b *testing.B) {
				benchWaiting(b, cfg, p, n)
			})
		}
	}
}

// BenchmarkPythonSuspendedRunsHoldNothing is BenchmarkSuspendedRunsHoldNothing
// for a Python program doing the same as the TypeScript one: a suspended
// run leaves neither goroutines nor heap in the process, only its State.
func BenchmarkPythonSuspendedRunsHoldNothing(b *testing.B) {
	cfg := durableConfig()
	cfg.Language = coderun.LanguagePython
	benchSuspendedRunsHoldNothing(b, cfg, `files = [{"path": f"notes-{i}.txt", "lines": i * 3} for i in range(30)]
print("checked", len(files), "files")
ok = await tools.approve(paths=[f["path"] for f in files])
return {"ok": ok, "total": sum(f["lines"] for f in files)}`)
}

// BenchmarkPythonFirstRuntime is what a process's first Runtime of each
// language costs: compiling the sandbox (a new empty compilation cache
// directory each op, so nothing is reused) and one run. Python's module is
// about three times the size of TypeScript's.
func BenchmarkPythonFirstRuntime(b *testing.B) {
	for _, lang := range []string{coderun.LanguageTypeScript, coderun.LanguagePython} {
		b.Run(lang, func(b *testing.B) {
			for b.Loop() {
				cfg := coderun.DefaultConfig()
				cfg.Language = lang
				cfg.CompilationCacheDir = b.TempDir()
				rt, err := coderun.New(cfg)
				if err != nil {
					b.Fatal(err)
				}
				mustRun(b, rt, coderun.Request{Program: "return 1+1"})
				rt.Close(context.Background())
			}
		})
	}
}
