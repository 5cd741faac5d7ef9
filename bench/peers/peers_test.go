package main

import (
	"fmt"
	"os"
	"strconv"
	"testing"
	"time"
)

// newEngines returns every engine, closed when the test ends.
func newEngines(tb testing.TB) []Engine {
	tb.Helper()
	var es []Engine
	for _, n := range engineNames {
		e, err := newEngine(n)
		if err != nil {
			tb.Fatal(err)
		}
		tb.Cleanup(e.Close)
		es = append(es, e)
	}
	return es
}

// TestEnginesAgree runs every case once on every engine: each must return
// the same JSON, so the engines are compared on the same computation.
func TestEnginesAgree(t *testing.T) {
	engines := newEngines(t)
	cases, err := timeCases()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		if err := agreeOnWant(engines, &c); err != nil {
			t.Error(err)
		}
	}
	for _, c := range memCases {
		for _, e := range engines {
			got, err := e.Run(c.Program, Host{"wait": func(any) (any, error) { return nil, nil }})
			if err != nil || got != c.Want {
				t.Errorf("%s on %s: got %q, %v; want %s", c.Name, e.Name(), got, err, c.Want)
			}
		}
	}
}

// TestHostErrorRejects checks the peers' event loops: an error of a host
// function rejects the program's await, where the program can catch it.
func TestHostErrorRejects(t *testing.T) {
	host := Host{"fail": func(any) (any, error) { return nil, fmt.Errorf("no such file") }}
	const program = `try { await host.fail(1); return "resolved"; } catch (e) { return "caught: " + (e.message ?? e); }`
	for _, e := range newEngines(t) {
		got, err := e.Run(program, host)
		if err != nil || got != `"caught: no such file"` {
			t.Errorf("%s: got %s, %v", e.Name(), got, err)
		}
	}
}

// BenchmarkPeers runs every case on every engine, b.N runs each, and
// reports the median time per run (per call for the host-call case) as
// p50-µs or p50-ms. The ratios are printed by `go run .`, which
// interleaves the engines so that they share the machine's load.
func BenchmarkPeers(b *testing.B) {
	cases, err := timeCases()
	if err != nil {
		b.Fatal(err)
	}
	engines := newEngines(b)
	for _, c := range cases {
		if err := agreeOnWant(engines, &c); err != nil {
			b.Fatal(err)
		}
		for _, e := range engines {
			b.Run(c.Key+"/"+e.Name(), func(b *testing.B) {
				samples := make([]time.Duration, 0, b.N)
				for range b.N {
					d, err := runCase(e, c)
					if err != nil {
						b.Fatal(err)
					}
					samples = append(samples, d)
				}
				unit := "p50-ms"
				if c.Unit == time.Microsecond {
					unit = "p50-µs"
				}
				b.ReportMetric(float64(median(samples))/float64(c.Unit), unit)
			})
		}
	}
}

// BenchmarkPeersMemory holds PEERS_MEM_RUNS (default 50) live runs of each
// memory case per engine, each waiting in host.wait(), and reports the
// growth of VmRSS and of the Go heap per live run in MiB. It measures in
// this process, after the other benchmarks' leftovers: `go run .` measures
// each cell in a fresh process instead.
func BenchmarkPeersMemory(b *testing.B) {
	runs := 50
	if s := os.Getenv("PEERS_MEM_RUNS"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 {
			b.Fatalf("PEERS_MEM_RUNS=%q: want a positive integer", s)
		}
		runs = n
	}
	for _, c := range memCases {
		for _, e := range newEngines(b) {
			b.Run(c.Key+"/"+e.Name(), func(b *testing.B) {
				var sum MemResult
				for range b.N {
					r, err := measureMem(e, c, runs)
					if err != nil {
						b.Fatal(err)
					}
					sum.RSS += r.RSS
					sum.Heap += r.Heap
				}
				b.ReportMetric(sum.RSS/float64(b.N)/(1<<20), "MiB/run")
				b.ReportMetric(sum.Heap/float64(b.N)/(1<<20), "heap-MiB/run")
			})
		}
	}
}
