package bench

// Memory of waiting runs: how many runs blocked in a
// binding call fit in a machine.

import (
	"context"
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"sync"
	"testing"
	"time"

	coderun "github.com/coderun/coderun"
)

// A waitingProgram waits in bench.wait() and then returns want.
type waitingProgram struct{ name, program, want string }

var waitingPrograms = []waitingProgram{
	// What a run that processed some data and now waits on a slow tool
	// holds: it built a 1 MiB string from 16,384 pieces and dropped it.
	// bench/peers runs the same program on other engines.
	{"built-1MiB", built1MiB, "1048576"},
	// A run that waits at once: the floor of a waiting run's cost (5,000
	// waiting runs once took 5.9 GiB, 1.16 MiB each).
	{"idle", "await bench.wait(); return 0;", "0"},
}

const built1MiB = `function build() {
  const parts = [];
  for (let i = 0; i < 16384; i++) parts.push("0123456789abcdef".repeat(4));
  return parts.join("");
}
const n = build().length;
await bench.wait();
return n;`

// waitingReserve is the memory BenchmarkWaitingRuns leaves available to
// the rest of the machine: it stops (and skips, saying why) rather than
// go below it.
const waitingReserve = 4 << 30

// BenchmarkWaitingRuns holds N runs of a waitingProgram at once, every one
// blocked in bench.wait(), and reports the growth of the process's memory
// per waiting run: MiB/run from VmRSS, PSS-MiB/run from Pss, heap-MiB/run
// from the Go heap in use, and start-s, the time until all N were waiting.
// VmRSS counts a snapshot page in every instance that maps it, and a
// read fault on the snapshot maps the 16 pages of its 64 KiB window at
// once (the kernel's fault-around), so a run that reads its heap widely,
// as CPython does, shows megabytes it does not own; Pss counts each
// shared page once.
// N is 1,000 and 5,000; CODERUN_BENCH_WAITING_10K=1 adds 10,000.
// Target: ≤ 1.5 MB per run, so that 10,000 fit in 24 GiB.
//
// Budgets are DefaultConfig's except WallTime, raised to an hour so that
// the first runs do not time out while the last ones start. Runs are
// started in batches of 100; as soon as the runs still to start, at the
// memory per run so far, would take MemAvailable below 4 GiB, the benchmark
// releases them all and skips, giving the per-run figure so far.
func BenchmarkWaitingRuns(b *testing.B) {
	counts := []int{1000, 5000}
	if os.Getenv("CODERUN_BENCH_WAITING_10K") == "1" {
		counts = append(counts, 10_000)
	}
	cfg := coderun.DefaultConfig()
	cfg.WallTime = time.Hour
	for _, p := range waitingPrograms {
		for _, n := range counts {
			b.Run(fmt.Sprintf("%s/runs=%d", p.name, n), func(b *testing.B) {
				benchWaiting(b, cfg, p, n)
			})
		}
	}
}

// benchWaiting is one sub-benchmark of BenchmarkWaitingRuns.
func benchWaiting(b *testing.B, cfg coderun.Config, p waitingProgram, n int) {
	rt := newBenchRuntime(b, cfg)
	var sum waitingSample
	for range b.N {
		s := holdWaiting(b, rt, p, n)
		sum.rss += s.rss
		sum.pss += s.pss
		sum.heap += s.heap
		sum.start += s.start
	}
	perRun := func(v int64) float64 { return float64(v) / float64(b.N) / float64(n) / (1 << 20) }
	b.ReportMetric(perRun(sum.rss), "MiB/run")
	b.ReportMetric(perRun(sum.pss), "PSS-MiB/run")
	b.ReportMetric(perRun(sum.heap), "heap-MiB/run")
	b.ReportMetric(sum.start.Seconds()/float64(b.N), "start-s")
}

// waitingSample is the growth of memory while n runs wait, and the time it
// took to start them.
type waitingSample struct {
	rss, pss, heap int64
	start          time.Duration
}

// holdWaiting starts n runs of p, measures the process once all of them
// wait in bench.wait(), then releases them and checks that every one
// returned p.want.
func holdWaiting(b *testing.B, rt *coderun.Runtime, p waitingProgram, n int) waitingSample {
	arrived := make(chan struct{}, n)
	release := make(chan struct{})
	ns := coderun.Namespace{Global: "bench", Functions: map[string]coderun.Function{
		"wait": func(ctx context.Context, _ any) (any, error) {
			arrived <- struct{}{}
			select {
			case <-release:
			case <-ctx.Done():
			}
			return nil, nil
		},
	}}
	req := coderun.Request{Program: p.program, Bindings: []coderun.Namespace{ns}}
	// The first run pays one-off costs (the transform, the memory pool),
	// which belong in the baseline.
	warm := coderun.Request{Program: p.program, Bindings: []coderun.Namespace{{Global: "bench",
		Functions: map[string]coderun.Function{"wait": func(context.Context, any) (any, error) { return nil, nil }}}}}
	mustRun(b, rt, warm)

	var wg sync.WaitGroup
	results := make(chan coderun.Result, n)
	releaseAll := func() {
		close(release)
		wg.Wait()
		close(results)
	}
	before := waitingMemory(b)
	t0 := time.Now()
	const batch = 100
	waiting := 0
	for waiting < n {
		avail, err := procKB("/proc/meminfo", "MemAvailable:")
		if err != nil {
			releaseAll()
			b.Fatal(err)
		}
		next := min(batch, n-waiting)
		if waiting > 0 {
			perRun := max(1, (mustVMRSS(b)-before.rss)/int64(waiting))
			if avail-int64(n-waiting)*perRun < waitingReserve {
				// The runs just started have not been trimmed yet (a run
				// gives its free pages back once it has waited a moment):
				// look again once they have, before giving up.
				time.Sleep(200 * time.Millisecond)
				perRun = max(1, (mustVMRSS(b)-before.rss)/int64(waiting))
			}
			if avail-int64(n-waiting)*perRun < waitingReserve {
				releaseAll()
				b.Skipf("stopped at %d of %d waiting runs: %.2f MiB per run so far, and %d more would leave MemAvailable (%.1f GiB) under the %d GiB reserve",
					waiting, n, float64(perRun)/(1<<20), n-waiting, float64(avail)/(1<<30), waitingReserve>>30)
			}
		}
		for range next {
			wg.Go(func() {
				res, err := rt.Run(context.Background(), req)
				if err != nil {
					res.Failure = &coderun.Failure{Kind: "run error", Message: err.Error()}
				}
				results <- res
			})
		}
		// Every run of the batch must reach bench.wait(); one that ends
		// before the release failed.
		for range next {
			select {
			case <-arrived:
				waiting++
			case res := <-results:
				releaseAll()
				b.Fatalf("a run ended before it was released: %+v %s", res.Failure, res.Value)
			case <-time.After(5 * time.Minute):
				releaseAll()
				b.Fatalf("only %d of %d runs reached bench.wait() in 5 minutes", waiting, n)
			}
		}
	}
	start := time.Since(t0)
	// A run whose call has started may still be on its way back to the
	// host's loop; let every one of them park.
	time.Sleep(200 * time.Millisecond)
	after := waitingMemory(b)
	releaseAll()
	for res := range results {
		if res.Failure != nil || string(res.Value) != p.want {
			b.Fatalf("a waiting run ended with %+v %s", res.Failure, res.Value)
		}
	}
	return waitingSample{rss: after.rss - before.rss, pss: after.pss - before.pss, heap: after.heap - before.heap, start: start}
}

// waitingMemory is VmRSS, Pss and the Go heap in use after a GC that gives
// free Go memory back to the OS.
func waitingMemory(b *testing.B) waitingSample {
	runtime.GC()
	debug.FreeOSMemory()
	p, err := pss()
	if err != nil {
		b.Fatal(err)
	}
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return waitingSample{rss: mustVMRSS(b), pss: p, heap: int64(ms.HeapInuse)}
}

func mustVMRSS(b *testing.B) int64 {
	rss, err := vmRSS()
	if err != nil {
		b.Fatal(err)
	}
	return rss
}
