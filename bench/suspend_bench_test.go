package bench

import (
	"bytes"
	"context"
	"runtime"
	"testing"
	"time"

	coderun "github.com/coderun/coderun"
)

// The durable-runs targets: suspending and resuming a waiting
// run with a small heap each take at most 1 ms p50, its State is at most
// 64 KiB, and a suspended run costs the process no goroutine and no wasm
// memory.

// approvalNS parks every call of tools.approve.
var approvalNS = coderun.Namespace{Global: "tools", Functions: map[string]coderun.Function{
	"approve": func(context.Context, any) (any, error) { return nil, coderun.Suspend("a human must approve") },
}}

// smallWaitingProgram does what a typical Code Mode program does before it
// waits for approval: builds a little data and logs.
const smallWaitingProgram = `
const files = Array.from({length: 30}, (_, i) => ({path: "notes-" + i + ".txt", lines: i * 3}))
console.log("checked", files.length, "files")
const ok = await tools.approve({paths: files.map(f => f.path)})
return {ok, total: files.reduce((a, f) => a + f.lines, 0)}`

func durableConfig() coderun.Config {
	cfg := coderun.DefaultConfig()
	cfg.StateKey = bytes.Repeat([]byte{1}, 32)
	return cfg
}

// BenchmarkSuspend times a run from start to suspension (the Run call that
// returns Suspended), and reports the State's size.
func BenchmarkSuspend(b *testing.B) {
	rt := newBenchRuntime(b, durableConfig())
	var d durations
	var size int
	for b.Loop() {
		start := time.Now()
		res, err := rt.Run(context.Background(), coderun.Request{Program: smallWaitingProgram, Bindings: []coderun.Namespace{approvalNS}})
		d = append(d, time.Since(start))
		if err != nil || res.Suspended == nil {
			b.Fatalf("did not suspend: %v %+v", err, res.Failure)
		}
		size = len(res.Suspended.State)
	}
	b.ReportMetric(micros(d.percentile(50)), "p50-µs")
	b.ReportMetric(micros(d.percentile(99)), "p99-µs")
	b.ReportMetric(float64(size), "state-bytes")
}

// BenchmarkResume times resuming that State to the end of the run.
func BenchmarkResume(b *testing.B) {
	rt := newBenchRuntime(b, durableConfig())
	res, err := rt.Run(context.Background(), coderun.Request{Program: smallWaitingProgram, Bindings: []coderun.Namespace{approvalNS}})
	if err != nil || res.Suspended == nil {
		b.Fatalf("did not suspend: %v %+v", err, res.Failure)
	}
	state, id := res.Suspended.State, res.Suspended.Pending[0].ID
	var d durations
	for b.Loop() {
		start := time.Now()
		out, err := rt.Resume(context.Background(), state, []coderun.Answer{{ID: id, Value: true}}, []coderun.Namespace{approvalNS})
		d = append(d, time.Since(start))
		if err != nil || out.Failure != nil || out.Suspended != nil {
			b.Fatalf("resume: %v %+v", err, out.Failure)
		}
	}
	b.ReportMetric(micros(d.percentile(50)), "p50-µs")
	b.ReportMetric(micros(d.percentile(99)), "p99-µs")
}

// BenchmarkSuspendOnly isolates sealing: the same run, with and without the
// suspension at its end, reports the difference.
func BenchmarkSuspendOnly(b *testing.B) {
	rt := newBenchRuntime(b, durableConfig())
	inline := coderun.Namespace{Global: "tools", Functions: map[string]coderun.Function{
		"approve": func(context.Context, any) (any, error) { return true, nil },
	}}
	var withSuspend, without durations
	for b.Loop() {
		start := time.Now()
		if _, err := rt.Run(context.Background(), coderun.Request{Program: smallWaitingProgram, Bindings: []coderun.Namespace{inline}}); err != nil {
			b.Fatal(err)
		}
		without = append(without, time.Since(start))
		start = time.Now()
		if _, err := rt.Run(context.Background(), coderun.Request{Program: smallWaitingProgram, Bindings: []coderun.Namespace{approvalNS}}); err != nil {
			b.Fatal(err)
		}
		withSuspend = append(withSuspend, time.Since(start))
	}
	b.ReportMetric(micros(withSuspend.percentile(50)), "suspending-run-p50-µs")
	b.ReportMetric(micros(without.percentile(50)), "inline-run-p50-µs")
	b.ReportMetric(micros(withSuspend.percentile(50)-without.percentile(50)), "suspension-p50-µs")
}

// BenchmarkSuspendedRunsHoldNothing suspends b.N runs and reports the
// goroutines and heap they leave behind in the process (their States are
// kept, as a store would keep them elsewhere).
func BenchmarkSuspendedRunsHoldNothing(b *testing.B) {
	benchSuspendedRunsHoldNothing(b, durableConfig(), smallWaitingProgram)
}

// benchSuspendedRunsHoldNothing is BenchmarkSuspendedRunsHoldNothing with
// cfg and program (which calls tools.approve).
func benchSuspendedRunsHoldNothing(b *testing.B, cfg coderun.Config, program string) {
	rt := newBenchRuntime(b, cfg)
	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	goroutines := runtime.NumGoroutine()
	var stored int
	for b.Loop() {
		res, err := rt.Run(context.Background(), coderun.Request{Program: program, Bindings: []coderun.Namespace{approvalNS}})
		if err != nil || res.Suspended == nil {
			b.Fatal("did not suspend")
		}
		stored += len(res.Suspended.State)
	}
	runtime.GC()
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	b.ReportMetric(float64(runtime.NumGoroutine()-goroutines), "goroutines-left")
	b.ReportMetric(float64(int64(after.HeapInuse)-int64(before.HeapInuse))/float64(b.N), "heap-bytes/suspended-run")
	b.ReportMetric(float64(stored)/float64(b.N), "state-bytes/run")
}
