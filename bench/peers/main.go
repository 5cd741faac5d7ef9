// Command peers runs the same JavaScript on coderun, goja and
// modernc.org/quickjs in one process and prints a table of times and
// ratios (coderun over the best peer), then the memory each engine holds
// per live run waiting on a host call. Run it from bench/peers:
//
//	go run .                 # about four minutes on 2 cores
//	go run . -mem-runs 200   # more live runs per memory measurement
//
// The same cases are `go test -bench` benchmarks in this directory.
// bench/README.md explains how to read the output.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"runtime"
	"strings"
	"time"
)

func main() {
	memRuns := flag.Int("mem-runs", 100, "live runs per memory measurement")
	scale := flag.Float64("rounds", 1, "multiply every case's number of interleaved rounds by this")
	only := flag.String("only", "", "run only the cases whose name matches this regexp")
	memChild := flag.String("mem-child", "", "internal: measure memory case `engine/index` in this process and print JSON")
	flag.Parse()
	if *memChild != "" {
		if err := memChildMain(*memChild, *memRuns); err != nil {
			fmt.Fprintln(os.Stderr, "peers:", err)
			os.Exit(1)
		}
		return
	}
	if err := report(*scale, *memRuns, *only); err != nil {
		fmt.Fprintln(os.Stderr, "peers:", err)
		os.Exit(1)
	}
}

// engineNames are the engines in report order; coderun first.
var engineNames = []string{"coderun", "goja", "modernc"}

func newEngine(name string) (Engine, error) {
	switch name {
	case "coderun":
		return newCoderun()
	case "goja":
		return gojaEngine{}, nil
	case "modernc":
		return moderncEngine{}, nil
	}
	return nil, fmt.Errorf("unknown engine %q (want one of %s)", name, strings.Join(engineNames, ", "))
}

func report(scale float64, memRuns int, only string) error {
	filter, err := regexp.Compile(only)
	if err != nil {
		return fmt.Errorf("-only: %w", err)
	}
	fmt.Printf("date %s, GOMAXPROCS %d, %s, loadavg %s\n\n", time.Now().UTC().Format(time.RFC3339), runtime.GOMAXPROCS(0), runtime.Version(), loadavg())

	engines := make([]Engine, 0, len(engineNames))
	for _, n := range engineNames {
		e, err := newEngine(n)
		if err != nil {
			return err
		}
		defer e.Close()
		engines = append(engines, e)
	}
	cases, err := timeCases()
	if err != nil {
		return err
	}
	fmt.Println("| case | coderun | goja | modernc | coderun / best peer |")
	fmt.Println("|---|---:|---:|---:|---:|")
	for _, c := range cases {
		if !filter.MatchString(c.Name) {
			continue
		}
		if err := agreeOnWant(engines, &c); err != nil {
			return err
		}
		samples := make([][]time.Duration, len(engines))
		rounds := max(1, int(float64(c.Rounds)*scale+0.5))
		for range rounds {
			for i, e := range engines {
				// Garbage an engine left in the Go heap is collected
				// now, not during the next engine's timed runs.
				runtime.GC()
				for range c.Batch {
					d, err := runCase(e, c)
					if err != nil {
						return err
					}
					samples[i] = append(samples[i], d)
				}
			}
		}
		row := fmt.Sprintf("| %s |", c.Name)
		var best time.Duration
		for i := range engines {
			m := median(samples[i])
			row += " " + formatDur(m, c.Unit) + " |"
			if i > 0 && (best == 0 || m < best) {
				best = m
			}
		}
		fmt.Printf("%s %.2f |\n", row, float64(median(samples[0]))/float64(best))
	}

	fmt.Printf("\nMemory per live run waiting in a host call (%d live runs, VmRSS growth; Go heap growth in parentheses), one subprocess per cell:\n\n", memRuns)
	fmt.Println("| case | coderun | goja | modernc | coderun / best peer |")
	fmt.Println("|---|---:|---:|---:|---:|")
	for ci, c := range memCases {
		if !filter.MatchString(c.Name) {
			continue
		}
		row := fmt.Sprintf("| %s |", c.Name)
		var first, best float64
		for i, n := range engineNames {
			r, err := memInChild(n, ci, memRuns)
			if err != nil {
				return err
			}
			row += fmt.Sprintf(" %.2f MiB (%.2f) |", r.RSS/(1<<20), r.Heap/(1<<20))
			if i == 0 {
				first = r.RSS
			} else if best == 0 || r.RSS < best {
				best = r.RSS
			}
		}
		fmt.Printf("%s %.2f |\n", row, first/best)
	}
	fmt.Printf("\nloadavg at the end %s\n", loadavg())
	return nil
}

// memInChild measures one memory cell in a fresh process, so that no
// engine's leftovers from earlier cases are in its baseline.
func memInChild(engine string, index, runs int) (MemResult, error) {
	self, err := os.Executable()
	if err != nil {
		return MemResult{}, err
	}
	cmd := exec.Command(self, "-mem-child", fmt.Sprintf("%s/%d", engine, index), "-mem-runs", fmt.Sprint(runs))
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		return MemResult{}, fmt.Errorf("memory of %s, case %d: %w", engine, index, err)
	}
	var r MemResult
	if err := json.Unmarshal(out, &r); err != nil {
		return MemResult{}, fmt.Errorf("memory of %s, case %d: %w in %q", engine, index, err, out)
	}
	return r, nil
}

func memChildMain(spec string, runs int) error {
	name, idx, ok := strings.Cut(spec, "/")
	var index int
	if _, err := fmt.Sscan(idx, &index); !ok || err != nil || index < 0 || index >= len(memCases) {
		return fmt.Errorf("-mem-child %q: want engine/index with index below %d", spec, len(memCases))
	}
	e, err := newEngine(name)
	if err != nil {
		return err
	}
	defer e.Close()
	r, err := measureMem(e, memCases[index], runs)
	if err != nil {
		return err
	}
	return json.NewEncoder(os.Stdout).Encode(r)
}

func formatDur(d, unit time.Duration) string {
	v := float64(d) / float64(unit)
	switch unit {
	case time.Microsecond:
		return fmt.Sprintf("%.1f µs", v)
	case time.Millisecond:
		return fmt.Sprintf("%.1f ms", v)
	}
	return d.String()
}

// loadavg is the first three fields of /proc/loadavg.
func loadavg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(b))
	return strings.Join(f[:min(3, len(f))], " ")
}
