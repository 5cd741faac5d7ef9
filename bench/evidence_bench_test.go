package bench

// Evidence for leads reported in HISTORY.md: what a trap costs the host, and
// where an isolated run's time goes.

import (
	"context"
	"encoding/binary"
	"errors"
	"os"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	coderun "github.com/coderun/coderun"
	"github.com/coderun/coderun/internal/engine"
	"github.com/coderun/coderun/internal/intl"
	"github.com/coderun/coderun/internal/tsx"
)

// BenchmarkTrapUnwind measures, below the Runtime, how long an engine.Stop
// takes to come back out of the guest: a spinning guest is told to stop at
// its next fuel tick, and an op is the time from that request to
// Instance.Run's return. "as-built" is the recipe's module; "no-dwarf" is the
// same module with its .debug_* custom sections removed. wazero resolves
// every frame of a trap's stack trace against DWARF when the module has
// it, which makes each abort, timeout or memory failure cost milliseconds,
// more the deeper the guest's stack (sort-default stops inside the native
// sort's recursion).
func BenchmarkTrapUnwind(b *testing.B) {
	ensureNative(b)
	module, err := os.ReadFile(nativeDir + "/quickjs.full.wasm")
	if err != nil {
		b.Fatal(err)
	}
	programs := []struct {
		name, program string
		settle        time.Duration // from the first tick to the stop request
	}{
		{"hot-loop", `while (true) {}`, 0},
		{"sort-default", `const a = []; for (let i = 0; i < 200000; i++) a.push((i * 7919) % 200000);
			for (;;) { a.reverse(); a.sort(); }`, 60 * time.Millisecond},
	}
	// Compiled up front, so that no sub-benchmark times a compilation.
	modules := []struct {
		name string
		eng  *engine.Engine
	}{{"as-built", nil}, {"no-dwarf", nil}}
	for i, bin := range [][]byte{module, stripDWARF(b, module)} {
		eng, err := engine.New(context.Background(), engine.Options{Module: bin, MemoryLimitBytes: 64 << 20})
		if err != nil {
			b.Fatal(err)
		}
		b.Cleanup(func() { _ = eng.Close(context.Background()) })
		modules[i].eng = eng
	}
	for _, p := range programs {
		js := transformProgram(b, p.program)
		for _, m := range modules {
			b.Run(p.name+"/"+m.name, func(b *testing.B) {
				eng := m.eng
				lat := make(durations, 0, b.N)
				for range b.N {
					lat = append(lat, stopOnce(b, eng, js, p.settle))
				}
				b.ReportMetric(micros(lat.percentile(50)), "p50-µs")
				b.ReportMetric(micros(lat.max()), "max-µs")
			})
		}
	}
}

// stopOnce runs js in a fresh instance, asks it to stop settle after its
// first fuel tick, and returns the time from that request to Run's return.
func stopOnce(b *testing.B, eng *engine.Engine, js string, settle time.Duration) time.Duration {
	h := &stoppingHost{ticked: make(chan struct{}, 1)}
	inst, err := eng.Instantiate(context.Background(), h, nil)
	if err != nil {
		b.Fatal(err)
	}
	defer inst.Close()
	if ok, err := inst.Start(32 << 20); !ok || err != nil {
		b.Fatalf("start: %v %v", ok, err)
	}
	done := make(chan time.Time, 1)
	go func() {
		_, _ = inst.Run(js, tsx.FileName)
		done <- time.Now()
	}()
	<-h.ticked // the guest is running
	time.Sleep(settle)
	t0 := time.Now()
	h.stop.Store(true)
	return (<-done).Sub(t0)
}

// stoppingHost stops the guest at the first fuel tick after stop is set,
// and signals its first tick on ticked.
type stoppingHost struct {
	minimalHost
	stop   atomic.Bool
	ticks  int
	ticked chan struct{}
}

func (h *stoppingHost) FuelTick() int32 {
	if h.ticks++; h.ticks == 1 {
		h.ticked <- struct{}{}
	}
	if h.stop.Load() {
		engine.Stop(errors.New("stopped"))
	}
	return coderun.FuelQuantum
}
func (h *stoppingHost) MapStack(s string) string { return s }
func (h *stoppingHost) Intl(req []byte) []byte   { return intl.NewSession().Call(req) }

// stripDWARF returns module without its custom sections named .debug_*.
func stripDWARF(b *testing.B, module []byte) []byte {
	if len(module) < 8 {
		b.Fatal("not a wasm module")
	}
	out := append([]byte(nil), module[:8]...)
	for p := 8; p < len(module); {
		size, n := binary.Uvarint(module[p+1:])
		if n <= 0 || p+1+n+int(size) > len(module) {
			b.Fatal("malformed wasm section header")
		}
		end := p + 1 + n + int(size)
		if module[p] == 0 { // custom section: name, then contents
			body := module[p+1+n : end]
			nameLen, k := binary.Uvarint(body)
			if k > 0 && k+int(nameLen) <= len(body) && strings.HasPrefix(string(body[k:k+int(nameLen)]), ".debug") {
				p = end
				continue
			}
		}
		out = append(out, module[p:end]...)
		p = end
	}
	return out
}

// BenchmarkColdStartPhases splits the cold start of the embedded module, as
// the engine sees it (no transform, no bindings, no budgets), into its
// phases, each reported as its median in µs: wazero instantiating the module
// (instantiate-µs), the reseed operation (start-µs), evaluating and running
// `return 1+1` (run-µs) and closing the instance, which unmaps its memory
// (close-µs). It also reports the minor page faults and the user and
// kernel (system) CPU time per op, from getrusage.
func BenchmarkColdStartPhases(b *testing.B) {
	eng, err := engine.New(context.Background(), engine.Options{MemoryLimitBytes: benchHeapLimit + benchHeapLimit/8 + 8<<20})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { _ = eng.Close(context.Background()) })
	er := &engineRunner{eng: eng}
	js := transformProgram(b, "return 1+1")
	if v, err := er.run(js); err != nil || string(v) != "2" {
		b.Fatalf("warm-up: %s %v", v, err)
	}
	phases := [4]durations{}
	var ru0, ru1 syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru0)
	user0, sys0 := cpuTimes()
	b.ResetTimer()
	for range b.N {
		h := &minimalHost{}
		t0 := time.Now()
		inst, err := eng.Instantiate(context.Background(), h, nil)
		if err != nil {
			b.Fatal(err)
		}
		t1 := time.Now()
		if ok, err := inst.Start(benchHeapLimit); !ok || err != nil {
			b.Fatalf("start: %v %v", ok, err)
		}
		t2 := time.Now()
		if st, err := inst.Run(js, tsx.FileName); st != engine.Settled || err != nil {
			b.Fatalf("run: %v %v", st, err)
		}
		t3 := time.Now()
		inst.Close()
		t4 := time.Now()
		for i, d := range []time.Duration{t1.Sub(t0), t2.Sub(t1), t3.Sub(t2), t4.Sub(t3)} {
			phases[i] = append(phases[i], d)
		}
	}
	b.StopTimer()
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru1)
	for i, unit := range []string{"instantiate-µs", "start-µs", "run-µs", "close-µs"} {
		b.ReportMetric(micros(phases[i].percentile(50)), unit)
	}
	b.ReportMetric(float64(ru1.Minflt-ru0.Minflt)/float64(b.N), "minflt/op")
	reportCPU(b, user0, sys0)
}
