package bench

// Throughput under load: many goroutines sharing one Runtime, each doing
// short isolated runs back to back.

import (
	"context"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	coderun "github.com/coderun/coderun"
)

// BenchmarkThroughputSweep runs `return 1+1` from 1, 2, 4, 16, 64 and 256
// goroutines sharing one Runtime, b.N runs in all, and reports runs per
// second of wall time, the p50, p99 and maximum of a run's latency (from
// Run's call to its return, so it includes waiting for a CPU) and the
// process's CPU time per run. On a machine with GOMAXPROCS cores, runs/s
// should stay flat past GOMAXPROCS goroutines, and latency should grow in
// proportion to goroutines/GOMAXPROCS, not faster.
//
// Each count runs twice, side by side: admission=fifo is DefaultConfig
// (Config.MaxExecuting is GOMAXPROCS, later runs queue in order), and
// admission=none lifts the bound to its maximum, leaving the order to the
// Go scheduler, which lets a few runs wait for seconds under overload.
func BenchmarkThroughputSweep(b *testing.B) {
	for _, g := range []int{1, 2, 4, 16, 64, 256} {
		for _, adm := range []struct {
			name string
			max  int
		}{{"fifo", coderun.DefaultConfig().MaxExecuting}, {"none", 1 << 16}} {
			b.Run(fmt.Sprintf("goroutines=%d/admission=%s", g, adm.name), func(b *testing.B) {
				benchThroughput(b, g, adm.max)
			})
		}
	}
}

// BenchmarkThroughput2Goroutines is the sweep's two-goroutine case on its
// own, as earlier runs in HISTORY.md report it.
func BenchmarkThroughput2Goroutines(b *testing.B) {
	benchThroughput(b, 2, coderun.DefaultConfig().MaxExecuting)
}

// benchThroughput runs b.N trivial programs from goroutines goroutines
// sharing one Runtime whose Config.MaxExecuting is maxExecuting, and
// reports runs/s, p50-µs, p99-µs, max-µs and the CPU time per run.
// GOMAXPROCS is reported too, since the flat part of the curve starts
// there.
func benchThroughput(b *testing.B, goroutines, maxExecuting int) {
	cfg := coderun.DefaultConfig()
	cfg.MaxExecuting = maxExecuting
	rt := newBenchRuntime(b, cfg)
	req := coderun.Request{Program: "return 1+1"}
	mustRun(b, rt, req)
	var next atomic.Int64
	var failed atomic.Value
	var wg sync.WaitGroup
	lat := make([]durations, goroutines)
	user0, sys0 := cpuTimes()
	b.ResetTimer()
	for i := range goroutines {
		wg.Go(func() {
			for next.Add(1) <= int64(b.N) {
				t0 := time.Now()
				res, err := rt.Run(context.Background(), req)
				lat[i] = append(lat[i], time.Since(t0))
				if err != nil || res.Failure != nil || string(res.Value) != "2" {
					failed.Store(fmt.Sprintf("%v %+v %s", err, res.Failure, res.Value))
					return
				}
			}
		})
	}
	wg.Wait()
	b.StopTimer()
	if f := failed.Load(); f != nil {
		b.Fatal(f)
	}
	var all durations
	for _, l := range lat {
		all = append(all, l...)
	}
	reportCPU(b, user0, sys0)
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "runs/s")
	b.ReportMetric(micros(all.percentile(50)), "p50-µs")
	b.ReportMetric(micros(all.percentile(99)), "p99-µs")
	b.ReportMetric(micros(all.percentile(100)), "max-µs")
	b.ReportMetric(float64(runtime.GOMAXPROCS(0)), "procs")
}
