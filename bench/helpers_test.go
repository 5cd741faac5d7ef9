package bench

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	coderun "github.com/coderun/coderun"
	"github.com/coderun/coderun/internal/engine"
	"github.com/coderun/coderun/internal/hostcalls"
	"github.com/coderun/coderun/internal/intl"
	"github.com/coderun/coderun/internal/tsx"
)

// ---- statistics -------------------------------------------------------------

// durations collects one sample per benchmark op, for percentiles that
// testing.B's mean cannot show.
type durations []time.Duration

// percentile returns the nearest-rank p-th percentile (0 < p <= 100).
func (d durations) percentile(p float64) time.Duration {
	if len(d) == 0 {
		return 0
	}
	s := slices.Clone(d)
	slices.Sort(s)
	k := int(math.Ceil(p/100*float64(len(s)))) - 1
	return s[max(0, min(k, len(s)-1))]
}

func (d durations) max() time.Duration { return slices.Max(d) }

// ratios collects one ratio per benchmark op.
type ratios []float64

// median is the median ratio (0 if there are none).
func (r ratios) median() float64 {
	if len(r) == 0 {
		return 0
	}
	s := slices.Clone(r)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

// micros and millis convert a duration for b.ReportMetric.
func micros(d time.Duration) float64 { return float64(d) / float64(time.Microsecond) }
func millis(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// ---- runtimes -----------------------------------------------------------------

// newBenchRuntime returns a Runtime with cfg, closed when the benchmark ends.
func newBenchRuntime(b *testing.B, cfg coderun.Config) *coderun.Runtime {
	b.Helper()
	rt, err := coderun.New(cfg)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { _ = rt.Close(context.Background()) })
	return rt
}

// mustRun runs program and fails the benchmark on an error or a Failure.
func mustRun(b *testing.B, rt *coderun.Runtime, req coderun.Request) coderun.Result {
	res, err := rt.Run(context.Background(), req)
	if err != nil {
		b.Fatal(err)
	}
	if res.Failure != nil {
		b.Fatalf("program failed: %s: %s", res.Failure.Kind, res.Failure.Message)
	}
	return res
}

// ---- the native comparison -------------------------------------------------------

// nativeDir is where bench/native/build.sh puts the native runner and the
// plain wasm (relative to this package's directory, where go test runs).
const nativeDir = "native/build"

var (
	nativeOnce sync.Once
	nativeErr  error
)

// ensureNative builds the native runner and the comparison wasm modules with
// native/build.sh unless they are there and newer than runner.c. The build
// takes a minute or two the first time; its output goes to stderr.
func ensureNative(b *testing.B) {
	b.Helper()
	nativeOnce.Do(func() {
		if nativeUpToDate() {
			return
		}
		fmt.Fprintln(os.Stderr, "bench: building the native runner and plain wasm with native/build.sh")
		cmd := exec.Command("bash", "native/build.sh")
		cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
		if err := cmd.Run(); err != nil {
			nativeErr = fmt.Errorf("native/build.sh: %w", err)
			return
		}
		if !nativeUpToDate() {
			nativeErr = errors.New("native/build.sh succeeded but its outputs are missing")
		}
	})
	if nativeErr != nil {
		b.Fatal(nativeErr)
	}
}

func nativeUpToDate() bool {
	src, err := os.Stat("native/runner.c")
	if err != nil {
		return false
	}
	for _, f := range []string{"runner", "quickjs.plain.wasm", "quickjs.full.wasm"} {
		st, err := os.Stat(filepath.Join(nativeDir, f))
		if err != nil || st.ModTime().Before(src.ModTime()) {
			return false
		}
	}
	return true
}

// nativeResult is one measurement by the native runner (see runner.c).
type nativeResult struct {
	// Total is the median time of an isolated iteration: fresh runtime and
	// context, evaluation, work() and teardown.
	Total time.Duration
	// Work is the median time of the work() call alone.
	Work time.Duration
	// Result is JSON.stringify(work()).
	Result string
}

// runNative runs workload (a file in workloads/) n times in the native
// runner, each iteration isolated.
func runNative(b *testing.B, workload string, n int) nativeResult {
	b.Helper()
	ensureNative(b)
	out, err := exec.Command(filepath.Join(nativeDir, "runner"), "-n", strconv.Itoa(n), "-warmup", "1",
		workloadPath(workload)).Output()
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			b.Fatalf("native runner: %v: %s", err, ee.Stderr)
		}
		b.Fatalf("native runner: %v", err)
	}
	kv := map[string]string{}
	for _, f := range strings.Fields(strings.TrimSpace(string(out))) {
		k, v, _ := strings.Cut(f, "=")
		kv[k] = v
	}
	ns := func(key string) time.Duration {
		v, err := strconv.ParseInt(kv[key], 10, 64)
		if err != nil {
			b.Fatalf("native runner: bad %s in %q", key, out)
		}
		return time.Duration(v)
	}
	return nativeResult{Total: ns("total_ns"), Work: ns("work_ns"), Result: kv["result"]}
}

// ---- workloads ---------------------------------------------------------------

func workloadPath(name string) string { return filepath.Join("workloads", name+".js") }

// workloadProgram turns a workload file, which defines work(), into a
// coderun program that calls work() once and returns its result with the
// time the call took inside the guest (performance.now, the real monotonic
// clock outside Deterministic mode).
func workloadProgram(b *testing.B, name string) string {
	b.Helper()
	src, err := os.ReadFile(workloadPath(name))
	if err != nil {
		b.Fatal(err)
	}
	return string(src) + `
const __t0 = performance.now();
const __r = work();
return { r: __r, ms: performance.now() - __t0 };
`
}

// workloadValue is what workloadProgram returns.
type workloadValue struct {
	R  json.RawMessage `json:"r"`
	Ms float64         `json:"ms"`
}

// parseWorkload decodes a workload's result, checks it against the native
// one (both sides must have done the same computation) and returns the
// guest's time for work().
func parseWorkload(b *testing.B, value json.RawMessage, native nativeResult) time.Duration {
	var v workloadValue
	if err := json.Unmarshal(value, &v); err != nil {
		b.Fatalf("workload value %s: %v", value, err)
	}
	if string(v.R) != native.Result {
		b.Fatalf("wasm computed %s, native computed %s", v.R, native.Result)
	}
	return time.Duration(v.Ms * float64(time.Millisecond))
}

// ---- driving a module through the engine directly ------------------------------------

// engineRunner runs programs on an arbitrary module (plain, instrumented,
// a build variant) through the engine package alone: no budgets, no
// bindings, no timers. It is how the benchmarks measure a module the
// Runtime does not embed.
type engineRunner struct {
	eng *engine.Engine
}

// benchHeapLimit is the heap limit of engine-level runs, the Runtime's
// default; the wasm memory cap above it mirrors the Runtime's ceiling.
const benchHeapLimit = 256 << 20

func newEngineRunner(b *testing.B, modulePath string) *engineRunner {
	b.Helper()
	module, err := os.ReadFile(modulePath)
	if err != nil {
		b.Fatal(err)
	}
	eng, err := engine.New(context.Background(), engine.Options{
		Module:           module,
		MemoryLimitBytes: benchHeapLimit + benchHeapLimit/8 + 8<<20,
	})
	if err != nil {
		b.Fatalf("%s: %v", modulePath, err)
	}
	b.Cleanup(func() { _ = eng.Close(context.Background()) })
	return &engineRunner{eng: eng}
}

// transformProgram does what the Runtime does to a program before the
// guest sees it.
func transformProgram(b *testing.B, program string) string {
	p, err := tsx.Transform(program)
	if err != nil {
		b.Fatal(err)
	}
	return p.JS
}

// run runs js (already transformed) in a fresh instance and returns its
// completion value as JSON. The program must settle without waiting.
func (e *engineRunner) run(js string) (json.RawMessage, error) {
	h := &minimalHost{}
	inst, err := e.eng.Instantiate(context.Background(), h, nil)
	if err != nil {
		return nil, err
	}
	defer inst.Close()
	ok, err := inst.Start(benchHeapLimit)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, fmt.Errorf("initialisation failed: %s", h.payload)
	}
	st, err := inst.Run(js, tsx.FileName)
	if err != nil {
		return nil, err
	}
	if st != engine.Settled {
		return nil, errors.New("the program waits; engine-level runs support only programs that settle at once")
	}
	if h.kind != engine.SettleValue {
		return nil, fmt.Errorf("the program failed (settle kind %d): %s", h.kind, h.payload)
	}
	return hostcalls.CBORToJSON(h.payload)
}

// minimalHost serves an engine-level run: it keeps the outcome and lets
// fuel ticks pass without checking any budget or yielding.
type minimalHost struct {
	kind    engine.SettleKind
	payload []byte
}

func (h *minimalHost) Log(string) {}
func (h *minimalHost) Settle(kind engine.SettleKind, payload []byte) {
	h.kind, h.payload = kind, payload
}
func (h *minimalHost) Call(_, _ []byte) (int, string) { return 0, "no bindings in engine-level runs" }
func (h *minimalHost) TimerSet(uint32, float64)       {}
func (h *minimalHost) TimerClear(uint32)              {}
func (h *minimalHost) OutOfMemory(requested uint32)   { engine.Stop(errors.New("out of memory")) }
func (h *minimalHost) FuelTick() int32                { return coderun.FuelQuantum }
func (h *minimalHost) MapStack(s string) string       { return s }
func (h *minimalHost) Intl(req []byte) []byte         { return intl.NewSession().Call(req) }
func (h *minimalHost) ReserveOutput(int64)            {}

// ---- the process --------------------------------------------------------------------

// vmRSS is the process's resident set size (VmRSS in /proc/self/status).
// A page mapped at several addresses (the engine maps the snapshot image
// copy-on-write into every instance) counts once per mapping here.
func vmRSS() (int64, error) { return procKB("/proc/self/status", "VmRSS:") }

// pss is the process's proportional set size (Pss in
// /proc/self/smaps_rollup): a page mapped n times counts 1/n per mapping,
// so shared snapshot pages count once in all.
func pss() (int64, error) { return procKB("/proc/self/smaps_rollup", "Pss:") }

// procKB reads the "KEY   N kB" line of a /proc file, in bytes.
func procKB(path, key string) (int64, error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Bytes()
		if rest, ok := bytes.CutPrefix(line, []byte(key)); ok {
			fields := strings.Fields(string(rest)) // "12345 kB"
			if len(fields) != 2 || fields[1] != "kB" {
				return 0, fmt.Errorf("%s: unexpected line %q", path, line)
			}
			kb, err := strconv.ParseInt(fields[0], 10, 64)
			return kb << 10, err
		}
	}
	if err := sc.Err(); err != nil {
		return 0, err
	}
	return 0, fmt.Errorf("%s: no %s line", path, key)
}

// cpuTimes is the process's user and system CPU time so far, from getrusage.
func cpuTimes() (user, sys time.Duration) {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(syscall.TimevalToNsec(ru.Utime)), time.Duration(syscall.TimevalToNsec(ru.Stime))
}

// reportCPU reports the process's user and system CPU time per op since
// (user0, sys0), in µs: where a run's time goes besides the guest, e.g.
// the kernel's share (mapping, faulting and unmapping instance memory).
func reportCPU(b *testing.B, user0, sys0 time.Duration) {
	user, sys := cpuTimes()
	b.ReportMetric(micros(user-user0)/float64(b.N), "user-µs/op")
	b.ReportMetric(micros(sys-sys0)/float64(b.N), "sys-µs/op")
}
