package bench

// Benchmarks of the core runtime. bench/README.md lists what
// each one measures, the command that reproduces the numbers and the
// numbers themselves.

import (
	"context"
	"encoding/json"
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	coderun "github.com/coderun/coderun"
)

// BenchmarkColdStart is one isolated run of a trivial program per op: an
// instance of the pre-initialised module (a reset one: the engine recycles
// them), the TypeScript transform (found in the transform cache: the
// program is the same every time), the run, the result and the reset. It reports the p50 and p99 of the per-run wall time
// and the process's user and system CPU time per run (GC included).
// Target: p50 ≤ 30 µs on a quiet machine.
func BenchmarkColdStart(b *testing.B) {
	benchColdStart(b, func(int) string { return "return 1+1" })
}

// BenchmarkColdStartNewProgram is BenchmarkColdStart with a program the
// Runtime has not seen, so every op also pays the TypeScript transform.
func BenchmarkColdStartNewProgram(b *testing.B) {
	benchColdStart(b, func(i int) string { return fmt.Sprintf("return 1+1 // %d", i) })
}

// benchColdStart runs program(i) (which must return 2) once per op.
func benchColdStart(b *testing.B, program func(i int) string) {
	benchColdStartWith(b, coderun.DefaultConfig(), program)
}

// benchColdStartWith is benchColdStart on a Runtime with cfg.
func benchColdStartWith(b *testing.B, cfg coderun.Config, program func(i int) string) {
	rt := newBenchRuntime(b, cfg)
	mustRun(b, rt, coderun.Request{Program: "return 1+1"}) // the first run in a process pays one-off costs
	samples := make(durations, 0, b.N)
	b.ReportAllocs()
	user0, sys0 := cpuTimes()
	b.ResetTimer()
	for i := range b.N {
		req := coderun.Request{Program: program(i)}
		t0 := time.Now()
		res, err := rt.Run(context.Background(), req)
		samples = append(samples, time.Since(t0))
		if err != nil || res.Failure != nil || string(res.Value) != "2" {
			b.Fatalf("run: %v %+v", err, res)
		}
	}
	b.StopTimer()
	reportCPU(b, user0, sys0)
	b.ReportMetric(micros(samples.percentile(50)), "p50-µs")
	b.ReportMetric(micros(samples.percentile(99)), "p99-µs")
}

// ---- CPU-bound workloads against native ----------------------------------------

// wasmMode is one way to run a workload in the sandbox. setup returns a
// function that runs program once and returns its completion value.
type wasmMode struct {
	name  string
	setup func(b *testing.B, program string) func() (json.RawMessage, error)
}

// runtimeMode runs programs through coderun.Runtime with cfg: the embedded,
// instrumented, pre-initialised module and every budget of cfg enforced.
func runtimeMode(name string, cfg coderun.Config) wasmMode {
	return wasmMode{name, func(b *testing.B, program string) func() (json.RawMessage, error) {
		rt := newBenchRuntime(b, cfg)
		req := coderun.Request{Program: program}
		return func() (json.RawMessage, error) {
			res, err := rt.Run(context.Background(), req)
			if err != nil {
				return nil, err
			}
			if res.Failure != nil {
				return nil, res.Failure
			}
			return res.Value, nil
		}
	}}
}

// engineMode runs programs on the module at path through the engine alone,
// with a host that checks no budget (see minimalHost). Paths in native/build
// are built on demand.
func engineMode(name, path string) wasmMode {
	return wasmMode{name, func(b *testing.B, program string) func() (json.RawMessage, error) {
		if strings.HasPrefix(path, nativeDir+"/") {
			ensureNative(b)
		}
		er := newEngineRunner(b, path)
		js := transformProgram(b, program)
		return func() (json.RawMessage, error) { return er.run(js) }
	}}
}

var (
	// modeNone is the plain module: no fuel instrumentation, no snapshot, no
	// budgets. It is the "none" of "all budgets together versus none".
	modeNone = engineMode("none", nativeDir+"/quickjs.plain.wasm")
	// modeInstrumented is the same build instrumented and snapshotted, run
	// with no budget checked: the cost of the fuel counter alone.
	modeInstrumented = engineMode("instrumented", nativeDir+"/quickjs.full.wasm")
	// modeDefault is coderun.Runtime with DefaultConfig: every time budget.
	modeDefault = runtimeMode("default", coderun.DefaultConfig())
	// modeFuel adds a Fuel budget (large enough never to run out).
	modeFuel = runtimeMode("fuel", func() coderun.Config {
		cfg := coderun.DefaultConfig()
		cfg.Fuel = 1 << 40
		return cfg
	}())
)

// benchWorkload runs workload natively (sub-benchmark "native", absolute
// numbers only), then once per mode. The machine these run on is shared and
// its load drifts, so every ratio is measured in pairs: each op runs the
// mode once (the timed part) and then, with the timer stopped, the native
// runner once and the baseline mode once, and a ratio is the median of the
// per-op ratios. Every wasm sub-benchmark reports:
//
//   - work-ms: median time of the work() call, measured inside the guest;
//   - x-native: guest time of work() over native time of the same call,
//     the cost of running QuickJS as wasm on wazero;
//   - x-native-e2e: whole isolated run (instance, init or snapshot,
//     transform, run, result) over a whole isolated native iteration (fresh
//     runtime and context, eval, call, teardown);
//   - %-over-none (modes other than none): guest time of work() over that
//     of the plain module, minus one, in percent.
//
// ns/op is the mean whole run, as always.
func benchWorkload(b *testing.B, workload string, modes ...wasmMode) {
	b.Run("native", func(b *testing.B) {
		r := runNative(b, workload, b.N)
		b.ReportMetric(float64(r.Total.Nanoseconds()), "ns/op")
		b.ReportMetric(millis(r.Work), "work-ms")
	})
	program := workloadProgram(b, workload)
	for _, mode := range modes {
		b.Run(mode.name, func(b *testing.B) {
			if mode.name == modeNone.name {
				measureWasm(b, workload, program, mode, nil, "")
			} else {
				measureWasm(b, workload, program, mode, &modeNone, "%-over-none")
			}
		})
	}
}

// measureWasm runs program b.N times in mode, each time paired with one
// native iteration and, if baseline is set, one run in baseline; it reports
// work-ms, x-native, x-native-e2e (see benchWorkload) and, with a baseline,
// the median paired ratio under baseUnit: as a percentage over the baseline
// if baseUnit starts with "%", else as a factor.
func measureWasm(b *testing.B, workload, program string, mode wasmMode, baseline *wasmMode, baseUnit string) {
	run := mode.setup(b, program)
	var runBase func() (json.RawMessage, error)
	if baseline != nil {
		runBase = baseline.setup(b, program)
	}
	native := runNative(b, workload, 1) // builds the runner if needed
	guestTime := func(run func() (json.RawMessage, error)) (time.Duration, time.Duration) {
		t0 := time.Now()
		v, err := run()
		total := time.Since(t0)
		if err != nil {
			b.Fatal(err)
		}
		return parseWorkload(b, v, native), total
	}
	guestTime(run) // warm-up, and fail early
	if runBase != nil {
		guestTime(runBase)
	}
	work := make(durations, 0, b.N)
	var xNative, xE2E, xBase ratios
	b.ResetTimer()
	for range b.N {
		w, total := guestTime(run)
		b.StopTimer()
		work = append(work, w)
		n := runNative(b, workload, 1)
		xNative = append(xNative, float64(w)/float64(n.Work))
		xE2E = append(xE2E, float64(total)/float64(n.Total))
		if runBase != nil {
			bw, _ := guestTime(runBase)
			xBase = append(xBase, float64(w)/float64(bw))
		}
		b.StartTimer()
	}
	b.StopTimer()
	b.ReportMetric(millis(work.percentile(50)), "work-ms")
	b.ReportMetric(xNative.median(), "x-native")
	b.ReportMetric(xE2E.median(), "x-native-e2e")
	if runBase != nil {
		if strings.HasPrefix(baseUnit, "%") {
			b.ReportMetric(100*(xBase.median()-1), baseUnit)
		} else {
			b.ReportMetric(xBase.median(), baseUnit)
		}
	}
}

// BenchmarkCPULoop is an arithmetic loop (workloads/cpuloop.js): natively,
// then on the plain module (no budgets), the instrumented module with no
// budget checked, the Runtime with its default budgets, and with Fuel too.
// Target: default within 15% of none.
func BenchmarkCPULoop(b *testing.B) {
	benchWorkload(b, "cpuloop", modeNone, modeInstrumented, modeDefault, modeFuel)
}

// BenchmarkAllocJSON builds arrays of small objects, stringifies and parses
// them (workloads/alloc_json.js), natively and in the sandbox.
func BenchmarkAllocJSON(b *testing.B) {
	benchWorkload(b, "alloc_json", modeNone, modeDefault)
}

// BenchmarkStringRegexp builds strings and runs regexps over them
// (workloads/string_regexp.js), natively and in the sandbox.
func BenchmarkStringRegexp(b *testing.B) {
	benchWorkload(b, "string_regexp", modeNone, modeDefault)
}

// ---- guests that never stop on their own ---------------------------------------------

// spinCase is a program that signals bench.ready() and then spins forever,
// in the places a guest can be when the host needs it to stop: the
// interpreter, the regexp engine, native sort (one 200,000-element sort
// takes 300 to 500 ms in the sandbox), a native string fill (one repeat
// takes seconds), and bulk-memory instructions.
type spinCase struct{ name, program string }

var spinCases = []spinCase{
	{"hot-loop", `await bench.ready(); while (true) {}`},
	{"regexp", `const s = "a".repeat(40); await bench.ready(); for (;;) /(a+)+b/.test(s);`},
	{"sort-default", `const a = []; for (let i = 0; i < 200000; i++) a.push((i * 7919) % 200000);
		await bench.ready(); for (;;) { a.reverse(); a.sort(); }`},
	{"sort-comparator", `const a = []; for (let i = 0; i < 200000; i++) a.push((i * 7919) % 200000);
		await bench.ready(); for (;;) { a.reverse(); a.sort((x, y) => x - y); }`},
	// 2**28 bytes per string: needs MemoryLimitBytes well above 256 MiB.
	{"repeat", `await bench.ready(); for (;;) { const s = "xy".repeat(2 ** 27); if (s.length !== 2 ** 28) throw new Error("short"); }`},
	// Beyond the loops above: one back-edge per call, but each call is a
	// single bulk-memory instruction (memory.fill, memory.copy) over 4 MiB,
	// which no loop counter sees.
	{"typedarray-fill", `const a = new Uint8Array(2 ** 22); let i = 0; await bench.ready(); for (;;) a.fill(i++ & 255);`},
	{"typedarray-copy", `const a = new Uint8Array(2 ** 22); await bench.ready(); for (;;) a.copyWithin(0, 1);`},
}

// pythonSpinCases are spinCases for the Python guest: the interpreter's
// loop, the regexp engine (catastrophic backtracking), list.sort in C, and
// a huge string repeat.
var pythonSpinCases = []spinCase{
	{"python-hot-loop", "await bench.ready()\nwhile True:\n    pass"},
	{"python-regexp", "import re\ns = 'a' * 40\nawait bench.ready()\nwhile True:\n    re.match(r'(a+)+b', s)"},
	{"python-sort", "a = [(i * 7919) % 200000 for i in range(200000)]\nawait bench.ready()\nwhile True:\n    a.reverse()\n    a.sort()"},
	{"python-repeat", "await bench.ready()\nwhile True:\n    s = 'xy' * 2**27\n    assert len(s) == 2**28"},
}

// spinConfig leaves room for the huge repeat.
func spinConfig() coderun.Config {
	cfg := coderun.DefaultConfig()
	cfg.MemoryLimitBytes = 1 << 30
	return cfg
}

// readyNamespace is the global "bench" with ready(), which sends on ready.
func readyNamespace(ready chan<- struct{}) coderun.Namespace {
	return coderun.Namespace{Global: "bench", Functions: map[string]coderun.Function{
		"ready": func(context.Context, any) (any, error) {
			ready <- struct{}{}
			return nil, nil
		},
	}}
}

// spinner is a guest started in the background.
type spinner struct {
	cancel context.CancelFunc
	done   chan coderun.Result
}

// startSpinners starts n runs of program and returns once every one of them
// has called bench.ready().
func startSpinners(b *testing.B, rt *coderun.Runtime, program string, n int) []spinner {
	b.Helper()
	ready := make(chan struct{}, n)
	ss := make([]spinner, n)
	for i := range ss {
		ctx, cancel := context.WithCancel(context.Background())
		ss[i] = spinner{cancel: cancel, done: make(chan coderun.Result, 1)}
		go func(s spinner) {
			res, err := rt.Run(ctx, coderun.Request{Program: program, Bindings: []coderun.Namespace{readyNamespace(ready)}})
			if err != nil {
				res.Failure = &coderun.Failure{Kind: "run error", Message: err.Error()}
			}
			s.done <- res
		}(ss[i])
	}
	for range n {
		select {
		case <-ready:
		case <-time.After(30 * time.Second):
			b.Fatal("the guests did not get ready within 30 s")
		}
	}
	return ss
}

// stop cancels s and waits for its run. It returns the time from cancel to
// Run's return and the run's Result, which should be a KindAbort failure.
func (s spinner) stop() (time.Duration, coderun.Result) {
	t0 := time.Now()
	s.cancel()
	res := <-s.done
	return time.Since(t0), res
}

// BenchmarkAbortLatency cancels a spinning guest's context 30 to 80 ms after
// it signalled it was about to spin, and measures the time from cancel to
// Run's return: p50-ms and max-ms. A run that ends other than as an abort
// (say, with a timeout because the abort was noticed too late) counts in
// non-abort-%, and the first such Result is logged. The python- cases are
// the Python guest's. Target: under 20 ms in every case.
func BenchmarkAbortLatency(b *testing.B) {
	for _, c := range append(spinCases, pythonSpinCases...) {
		b.Run(c.name, func(b *testing.B) {
			cfg := spinConfig()
			if strings.HasPrefix(c.name, "python-") {
				cfg.Language = coderun.LanguagePython
			}
			rt := newBenchRuntime(b, cfg)
			lat := make(durations, 0, b.N)
			wrong := 0
			for i := range b.N {
				s := startSpinners(b, rt, c.program, 1)[0]
				// Vary where in the spin the cancel lands.
				time.Sleep(30*time.Millisecond + time.Duration(i*17%50)*time.Millisecond)
				d, res := s.stop()
				lat = append(lat, d)
				if res.Failure == nil || res.Failure.Kind != coderun.KindAbort {
					if wrong == 0 {
						b.Logf("want an abort, got %+v", res.Failure)
					}
					wrong++
				}
			}
			b.ReportMetric(millis(lat.percentile(50)), "p50-ms")
			b.ReportMetric(millis(lat.max()), "max-ms")
			b.ReportMetric(100*float64(wrong)/float64(b.N), "non-abort-%")
		})
	}
}

// BenchmarkHostStarvation spins guests (every spinCase) for a 200 ms window
// per op while a goroutine on a 1 ms ticker records the longest gap between
// two of its wake-ups and another forces runtime.GC() in a loop: a
// stop-the-world waits for every goroutine, including one running guest
// code, which reaches a safe point only at its next host call, so a guest
// that goes long without one stalls the whole process. "idle" is the same
// with no guest: the machine's own noise floor. guests=GOMAXPROCS leaves no
// idle P, so the ticker runs only when a guest yields. It reports the
// median and the largest per-op max gap and the GCs completed per second
// of window. Target: max gap ≤ 50 ms.
func BenchmarkHostStarvation(b *testing.B) {
	const window = 200 * time.Millisecond
	procs := runtime.GOMAXPROCS(0)
	measure := func(b *testing.B, rt *coderun.Runtime, program string, guests int) {
		gaps := make(durations, 0, b.N)
		var gcs int
		for range b.N {
			var ss []spinner
			if guests > 0 {
				ss = startSpinners(b, rt, program, guests)
			}
			gap, n := watchGaps(window)
			gaps = append(gaps, gap)
			gcs += n
			for _, s := range ss {
				s.stop()
			}
		}
		b.ReportMetric(millis(gaps.percentile(50)), "p50-gap-ms")
		b.ReportMetric(millis(gaps.max()), "max-gap-ms")
		b.ReportMetric(float64(gcs)/float64(b.N)/window.Seconds(), "GCs/s")
	}
	b.Run("idle", func(b *testing.B) { measure(b, nil, "", 0) })
	for _, c := range spinCases {
		for _, guests := range []int{1, procs} {
			b.Run(fmt.Sprintf("%s/guests=%d", c.name, guests), func(b *testing.B) {
				measure(b, newBenchRuntime(b, spinConfig()), c.program, guests)
			})
			if procs == 1 {
				break
			}
		}
	}
}

// watchGaps runs a 1 ms ticker goroutine and a runtime.GC() loop for d and
// returns the longest time between two ticker wake-ups and the number of
// GCs completed.
func watchGaps(d time.Duration) (time.Duration, int) {
	stop := make(chan struct{})
	var wg sync.WaitGroup
	var maxGap time.Duration
	var gcs atomic.Int64
	wg.Add(2)
	// Taken before the goroutines start: if the process stalls before the
	// ticker goroutine first runs, that stall is a gap too.
	last := time.Now()
	go func() {
		defer wg.Done()
		t := time.NewTicker(time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-stop:
				// A ticker that never woke up in the window must count too.
				maxGap = max(maxGap, time.Since(last))
				return
			case <-t.C:
				now := time.Now()
				maxGap = max(maxGap, now.Sub(last))
				last = now
			}
		}
	}()
	go func() {
		defer wg.Done()
		for {
			select {
			case <-stop:
				return
			default:
			}
			runtime.GC()
			gcs.Add(1)
			time.Sleep(5 * time.Millisecond)
		}
	}()
	time.Sleep(d)
	close(stop)
	wg.Wait()
	return maxGap, int(gcs.Load())
}

// ---- throughput and memory ------------------------------------------------------

// BenchmarkRSSPerLiveRun parks liveRuns runs on a timer far in the future
// and reports the growth of the process's memory per live run, after a GC
// on both sides, then cancels them: MiB/run from VmRSS, PSS-MiB/run from
// Pss (which counts the snapshot pages every instance maps copy-on-write
// once, not once per instance) and heap-MiB/run from the Go heap in use.
func BenchmarkRSSPerLiveRun(b *testing.B) {
	const liveRuns = 64
	const program = `await bench.ready(); await new Promise(r => setTimeout(r, 1e9));`
	rt := newBenchRuntime(b, coderun.DefaultConfig())
	type sample struct{ rss, pss, heap int64 }
	measure := func() sample {
		runtime.GC()
		debug.FreeOSMemory()
		rss, err := vmRSS()
		if err != nil {
			b.Fatal(err)
		}
		p, err := pss()
		if err != nil {
			b.Fatal(err)
		}
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		return sample{rss, p, int64(ms.HeapInuse)}
	}
	var grown sample
	for range b.N {
		before := measure()
		ss := startSpinners(b, rt, program, liveRuns)
		time.Sleep(50 * time.Millisecond) // let every run reach its timer
		after := measure()
		grown.rss += after.rss - before.rss
		grown.pss += after.pss - before.pss
		grown.heap += after.heap - before.heap
		for _, s := range ss {
			if _, res := s.stop(); res.Failure == nil || res.Failure.Kind != coderun.KindAbort {
				b.Fatalf("want an abort, got %+v", res.Failure)
			}
		}
	}
	perRun := func(n int64) float64 { return float64(n) / float64(b.N) / liveRuns / (1 << 20) }
	b.ReportMetric(perRun(grown.rss), "MiB/run")
	b.ReportMetric(perRun(grown.pss), "PSS-MiB/run")
	b.ReportMetric(perRun(grown.heap), "heap-MiB/run")
}
