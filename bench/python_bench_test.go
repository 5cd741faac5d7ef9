package bench

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
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

// BenchmarkPythonCompute runs the CPU-bound workloads of
// workloads/*.py (the same work as the TypeScript ones) in coderun and in
// native CPython of the same version, built from the same source
// (.ci/setup-cpython builds it once, minutes, then finds it). It reports
// each one's median time both ways and the ratio, x-native. The native
// interpreter is not compiled to wasm, has no fuel counter and no
// budgets: the ratio is the whole price of the sandbox.
//
// warm-ms is measured as native-ms is, inside one coderun run: the median
// of five calls, so the first call's costs (a fresh instance's memory,
// CPython's caches, compiled regular expressions) are left out.
//
// CODERUN_BENCH_PYTHON_PLAIN=FILE adds a column that splits the price:
// the same interpreter as a plain WASI command (no glue, fuel counter,
// direct-call rewrite, snapshot or counting allocator;
// `wasm/python/build/build.sh --plain FILE` builds it), run by wazero's
// compiler in this process and measured the same way. plain-ms is its
// median, plain-x-native what running CPython as wasm under wazero costs
// by itself, and x-plain (warm-ms over plain-ms) what coderun's build of
// the interpreter changes in that: above 1 it adds, below 1 (the direct
// calls) it saves.
func BenchmarkPythonCompute(b *testing.B) {
	python := nativeCPython(b)
	plain := plainCPython(b)
	cfg := coderun.DefaultConfig()
	cfg.Language = coderun.LanguagePython
	rt := newBenchRuntime(b, cfg)
	for _, name := range []string{"cpuloop", "alloc_json", "string_regexp"} {
		b.Run(name, func(b *testing.B) {
			src, err := os.ReadFile(filepath.Join("workloads", name+".py"))
			if err != nil {
				b.Fatal(err)
			}
			out, err := exec.Command(python, "-I", "-c", pythonWorkloadHarness(string(src))).Output()
			if err != nil {
				b.Fatalf("native CPython: %v", err)
			}
			want, native := parsePythonWorkload(b, out)
			req := coderun.Request{Program: string(src) + "\nreturn work()\n"}
			var samples durations
			b.ResetTimer()
			for b.Loop() {
				t0 := time.Now()
				res, err := rt.Run(context.Background(), req)
				samples = append(samples, time.Since(t0))
				if err != nil || res.Failure != nil || string(res.Value) != want {
					b.Fatalf("run: %v %+v (native: %s)", err, res, want)
				}
			}
			b.StopTimer()
			b.ReportMetric(millis(samples.percentile(50)), "coderun-ms")
			b.ReportMetric(millis(native), "native-ms")
			b.ReportMetric(float64(samples.percentile(50))/float64(native), "x-native")

			res, err := rt.Run(context.Background(), coderun.Request{Program: pythonWorkloadHarness(string(src))})
			if err != nil || res.Failure != nil || len(res.Logs) != 1 {
				b.Fatalf("warm run: %v %+v", err, res)
			}
			value, warm := parsePythonWorkload(b, []byte(res.Logs[0]))
			if value != want {
				b.Fatalf("warm run gave %s, native %s", value, want)
			}
			b.ReportMetric(millis(warm), "warm-ms")
			if plain != nil {
				value, t := plain.run(b, string(src))
				if value != want {
					b.Fatalf("plain CPython gave %s, native %s", value, want)
				}
				b.ReportMetric(millis(t), "plain-ms")
				b.ReportMetric(float64(t)/float64(native), "plain-x-native")
				b.ReportMetric(float64(warm)/float64(t), "x-plain")
			}
		})
	}
}

// nativeCPython returns the native interpreter .ci/setup-cpython builds,
// skipping (loudly) when its pinned source cannot be downloaded.
func nativeCPython(b *testing.B) string {
	b.Helper()
	cmd := exec.Command("../.ci/setup-cpython")
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	var exit *exec.ExitError
	if errors.As(err, &exit) && exit.ExitCode() == 3 {
		b.Skip("SKIPPED: native CPython could not be built: its pinned source is gone from Debian (see .ci/setup-cpython)")
	}
	if err != nil {
		b.Fatalf(".ci/setup-cpython: %v", err)
	}
	return strings.TrimSpace(string(out))
}

// pythonWorkloadHarness is a Python workload's source with a main that
// runs its work() five times and writes the median time of one call
// (process start and imports not counted) and the value, as JSON, to
// stdout: the same measurement natively, as a plain WASI command and
// inside one coderun run.
func pythonWorkloadHarness(src string) string {
	return src + `
import json as _json, sys as _sys, time as _time
_times = []
for _ in range(5):
    _t0 = _time.perf_counter_ns()
    _value = work()
    _times.append(_time.perf_counter_ns() - _t0)
_sys.stdout.write(_json.dumps([sorted(_times)[2], _value]))
`
}

// parsePythonWorkload reads what pythonWorkloadHarness wrote: the value
// as JSON and the median time.
func parsePythonWorkload(b *testing.B, out []byte) (string, time.Duration) {
	b.Helper()
	var r [2]json.RawMessage
	if err := json.Unmarshal(out, &r); err != nil {
		b.Fatalf("workload output %q: %v", out, err)
	}
	var ns int64
	if err := json.Unmarshal(r[0], &ns); err != nil {
		b.Fatal(err)
	}
	return string(r[1]), time.Duration(ns)
}
