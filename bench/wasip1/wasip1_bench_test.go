// Package wasip1 benchmarks coderun where it is itself a wasm module
// (GOOS=wasip1 GOARCH=wasm) inside a WASI host, and so runs the guest on
// wazero's interpreter, against the same benchmarks on the host, where the
// guest is compiled to native code. run.sh runs both and prints the ratios;
// bench/README.md ("Inside a WASI host") has the numbers.
//
// The package imports nothing the wasip1 port cannot build: the benchmarks
// of package bench need the native runner and /proc.
package wasip1

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"testing"
	"time"

	coderun "github.com/coderun/coderun"
)

// BenchmarkColdStart is one isolated run of a trivial program per op, as
// bench.BenchmarkColdStart: a reset instance, the transform (cached), the
// run, the result and the reset. It reports the p50 of the per-run wall
// time.
func BenchmarkColdStart(b *testing.B) {
	rt := newRuntime(b)
	req := coderun.Request{Program: "return 1+1"}
	run(b, rt, req) // the first run in a process pays one-off costs
	samples := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for range b.N {
		t0 := time.Now()
		if v := run(b, rt, req); string(v) != "2" {
			b.Fatalf("the run returned %s, want 2", v)
		}
		samples = append(samples, time.Since(t0))
	}
	b.StopTimer()
	b.ReportMetric(p50(samples), "p50-µs")
}

// BenchmarkNewRuntime is the first Runtime of a process: decoding,
// validating and compiling the sandbox (on the host without a compilation
// cache directory; the interpreter has nothing to cache), then closing it.
func BenchmarkNewRuntime(b *testing.B) {
	for range b.N {
		rt, err := coderun.New(coderun.DefaultConfig())
		if err != nil {
			b.Fatal(err)
		}
		if err := rt.Close(context.Background()); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N), "ms/new")
}

// BenchmarkWorkload runs bench/workloads/*.js, each defining work(), with
// the Runtime's default budgets, and reports work-ms: the median time of
// the work() call measured inside the guest (performance.now), which
// leaves out the start and the result.
func BenchmarkWorkload(b *testing.B) {
	for _, name := range []string{"cpuloop", "alloc_json", "string_regexp"} {
		b.Run(name, func(b *testing.B) {
			src, err := os.ReadFile(filepath.Join("..", "workloads", name+".js"))
			if err != nil {
				b.Fatal(err)
			}
			rt := newRuntime(b)
			req := coderun.Request{Program: string(src) + `
const __t0 = performance.now();
const __r = work();
return { r: __r, ms: performance.now() - __t0 };
`}
			work := make([]time.Duration, 0, b.N)
			b.ResetTimer()
			for range b.N {
				var v struct{ Ms float64 }
				if err := json.Unmarshal(run(b, rt, req), &v); err != nil {
					b.Fatal(err)
				}
				work = append(work, time.Duration(v.Ms*float64(time.Millisecond)))
			}
			b.StopTimer()
			b.ReportMetric(p50(work)/1000, "work-ms")
		})
	}
}

// newRuntime returns a Runtime with the default Config, closed when the
// benchmark ends. ComputeTime and WallTime are raised to their maximum: on
// the interpreter a workload takes seconds, and what is measured here is
// speed, not the budgets.
func newRuntime(b *testing.B) *coderun.Runtime {
	cfg := coderun.DefaultConfig()
	cfg.ComputeTime, cfg.WallTime = 24*time.Hour, 24*time.Hour
	rt, err := coderun.New(cfg)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { _ = rt.Close(context.Background()) })
	if runtime.GOARCH == "wasm" {
		b.Log("the guest runs on wazero's interpreter")
	}
	return rt
}

// run runs req and fails the benchmark on an error or a Failure.
func run(b *testing.B, rt *coderun.Runtime, req coderun.Request) json.RawMessage {
	res, err := rt.Run(context.Background(), req)
	if err != nil {
		b.Fatal(err)
	}
	if res.Failure != nil {
		b.Fatalf("%s: %s", res.Failure.Kind, res.Failure.Message)
	}
	return res.Value
}

// p50 is the median of d in microseconds.
func p50(d []time.Duration) float64 {
	s := slices.Clone(d)
	slices.Sort(s)
	return float64(s[(len(s)-1)/2]) / float64(time.Microsecond)
}
