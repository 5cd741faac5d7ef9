package bench

// Benchmarks of bindings: host functions called from the program.

import (
	"context"
	"fmt"
	"strconv"
	"testing"
	"time"

	coderun "github.com/coderun/coderun"
)

// toolsNamespace is the global "tools" with the given functions.
func toolsNamespace(fns map[string]coderun.Function) []coderun.Namespace {
	return []coderun.Namespace{{Global: "tools", Functions: fns}}
}

// echo returns its argument.
func echo(_ context.Context, args any) (any, error) { return args, nil }

// BenchmarkBindingRoundTrip makes 10,000 sequential awaited calls of an
// echo binding per op and reports the time per call (the run's fixed cost
// is spread over them): the mean over all ops, and the median of the ops'
// own per-call times. Target: ≤ 3 µs p50 per call. "goroutine" is an ordinary namespace, whose calls run on
// goroutines of their own; "immediate" is the same function in an
// Immediate namespace, answered inside the program's call.
func BenchmarkBindingRoundTrip(b *testing.B) {
	for _, immediate := range []bool{false, true} {
		name := "goroutine"
		if immediate {
			name = "immediate"
		}
		b.Run(name, func(b *testing.B) {
			const calls = 10000
			rt := newBenchRuntime(b, coderun.DefaultConfig())
			req := coderun.Request{
				Program:  `let s = 0; for (let i = 0; i < 10000; i++) s += await tools.echo(i); return s;`,
				Bindings: []coderun.Namespace{{Global: "tools", Functions: map[string]coderun.Function{"echo": echo}, Immediate: immediate}},
			}
			want := strconv.Itoa(calls * (calls - 1) / 2)
			mustRun(b, rt, req)
			perCall := make(durations, 0, b.N) // each run's time over its calls
			b.ResetTimer()
			for range b.N {
				t0 := time.Now()
				if res := mustRun(b, rt, req); string(res.Value) != want {
					b.Fatalf("got %s, want %s", res.Value, want)
				}
				perCall = append(perCall, time.Since(t0)/calls)
			}
			b.StopTimer()
			b.ReportMetric(micros(b.Elapsed())/float64(b.N)/calls, "µs/call")
			b.ReportMetric(micros(perCall.percentile(50)), "p50-µs/call")
		})
	}
}

// BenchmarkBindingParallel100 starts 100 calls of a binding that sleeps
// 10 ms and awaits them all; an op is one run. Target: ≤ 15 ms wall.
func BenchmarkBindingParallel100(b *testing.B) {
	sleep := func(ctx context.Context, args any) (any, error) {
		t := time.NewTimer(10 * time.Millisecond)
		defer t.Stop()
		select {
		case <-t.C:
			return args, nil
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	rt := newBenchRuntime(b, coderun.DefaultConfig())
	req := coderun.Request{
		Program:  `const r = await Promise.all(Array.from({ length: 100 }, (_, i) => tools.sleep(i))); return r.length;`,
		Bindings: toolsNamespace(map[string]coderun.Function{"sleep": sleep}),
	}
	mustRun(b, rt, req)
	wall := make(durations, 0, b.N)
	b.ResetTimer()
	for range b.N {
		t0 := time.Now()
		res := mustRun(b, rt, req)
		wall = append(wall, time.Since(t0))
		if string(res.Value) != "100" {
			b.Fatalf("got %s", res.Value)
		}
	}
	b.StopTimer()
	b.ReportMetric(millis(wall.percentile(50)), "p50-ms")
	b.ReportMetric(millis(wall.max()), "max-ms")
}

// BenchmarkBindingPayload echoes a payload of about 1 KB to 1 MB through a
// binding, as one string ("string/SIZE") or as an array of small objects
// whose JSON is that size ("object/SIZE"). Each op is one run making enough
// calls to move about 8 MB; MB/s counts the payload once per call (it
// crosses the boundary twice: as the argument and as the result).
func BenchmarkBindingPayload(b *testing.B) {
	sizes := []struct {
		name  string
		bytes int
	}{{"1KB", 1 << 10}, {"10KB", 10 << 10}, {"100KB", 100 << 10}, {"1MB", 1 << 20}}
	for _, kind := range []string{"string", "object"} {
		for _, size := range sizes {
			b.Run(kind+"/"+size.name, func(b *testing.B) {
				calls := max(8, (8<<20)/size.bytes)
				var payload, check string
				switch kind {
				case "string":
					payload = fmt.Sprintf(`"x".repeat(%d)`, size.bytes)
					check = `r.length === p.length`
				case "object":
					// {"id":NNNN,"name":"itemNNNN","ok":true}, about 40 bytes each.
					payload = fmt.Sprintf(`Array.from({ length: %d }, (_, i) => ({ id: i, name: "item" + i, ok: i %% 2 === 0 }))`, size.bytes/40)
					check = `r.length === p.length && r[r.length - 1].name === p[p.length - 1].name`
				}
				program := fmt.Sprintf(`const p = %s;
const calls = %d;
for (let i = 0; i < calls; i++) {
  const r = await tools.echo(p);
  if (!(%s)) throw new Error("echo came back different");
}
return JSON.stringify(p).length;`, payload, calls, check)
				rt := newBenchRuntime(b, coderun.DefaultConfig())
				req := coderun.Request{Program: program, Bindings: toolsNamespace(map[string]coderun.Function{"echo": echo})}
				n, err := strconv.Atoi(string(mustRun(b, rt, req).Value))
				if err != nil {
					b.Fatal(err)
				}
				b.SetBytes(int64(n) * int64(calls))
				b.ResetTimer()
				for range b.N {
					mustRun(b, rt, req)
				}
				b.StopTimer()
				b.ReportMetric(micros(b.Elapsed())/float64(b.N)/float64(calls), "µs/call")
			})
		}
	}
}
