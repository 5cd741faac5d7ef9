package main

import (
	"fmt"
	"os"
	"path/filepath"
	"time"
)

// A Case is one row of the comparison: the same program text on every
// engine, the host it calls, and how a run's wall time becomes the number
// reported.
type Case struct {
	// Name is the row's name in reports.
	Name string
	// Key is the sub-benchmark's name.
	Key string
	// Program is the body of an async function (see Engine).
	Program string
	// Host is the global "host" of every run.
	Host Host
	// Want is the JSON every engine must return.
	Want string
	// Calls divides a run's time into a per-call time (host-call cases);
	// 0 or 1 reports the run's time.
	Calls int
	// Unit is time.Microsecond or time.Millisecond, for reports.
	Unit time.Duration
	// Batch is how many runs make one interleaving step of the reporter:
	// short runs are taken in batches so that every engine sees the same
	// stretch of machine load.
	Batch int
	// Rounds is how many interleaving steps the reporter takes.
	Rounds int
}

// hostCalls is how many sequential awaited calls the host-call case makes.
const hostCalls = 1000

// echoHost answers echo(x) with x at once (from another goroutine) and
// sleep(ms) after ms milliseconds.
var echoHost = Host{
	"echo": func(arg any) (any, error) { return arg, nil },
	"sleep": func(arg any) (any, error) {
		ms, err := number(arg)
		if err != nil {
			return nil, err
		}
		time.Sleep(time.Duration(ms * float64(time.Millisecond)))
		return ms, nil
	},
}

// number is a numeric argument as each engine hands it to Go.
func number(arg any) (float64, error) {
	switch v := arg.(type) {
	case float64:
		return v, nil
	case int64:
		return float64(v), nil
	case int:
		return float64(v), nil
	case int32:
		return float64(v), nil
	}
	return 0, fmt.Errorf("want a number, got %T", arg)
}

// workloadDir holds the CPU workloads shared with the main module's
// benchmarks; paths are relative to this package's directory, where both
// `go test` and `go run .` run.
const workloadDir = "../workloads"

// timeCases returns every timed case. The CPU workloads are the files in
// workloadDir, each defining work(); their expected results are what
// work() returns natively (see bench/native).
func timeCases() ([]Case, error) {
	cases := []Case{{
		Name: "cold isolated run of 1+1", Key: "cold", Program: "return 1+1", Want: "2",
		Unit: time.Microsecond, Batch: 50, Rounds: 40,
	}}
	for _, w := range []struct{ file, name, want string }{
		{"cpuloop", "CPU loop", ""},
		{"alloc_json", "allocation/JSON", ""},
		{"string_regexp", "string/regexp", ""},
	} {
		src, err := os.ReadFile(filepath.Join(workloadDir, w.file+".js"))
		if err != nil {
			return nil, fmt.Errorf("workload %s: %w (run from bench/peers)", w.file, err)
		}
		cases = append(cases, Case{
			Name: w.name, Key: w.file, Program: string(src) + "\nreturn work();",
			Unit: time.Millisecond, Batch: 1, Rounds: 7,
		})
	}
	cases = append(cases,
		Case{
			Name: "awaited host call", Key: "hostcall",
			Program: fmt.Sprintf(`let s = 0;
for (let i = 0; i < %d; i++) s += await host.echo(i);
return s;`, hostCalls),
			Host: echoHost, Want: fmt.Sprint(hostCalls * (hostCalls - 1) / 2),
			Calls: hostCalls, Unit: time.Microsecond, Batch: 1, Rounds: 5,
		},
		Case{
			Name: "100 parallel 10 ms host calls", Key: "parallel100",
			Program: `const r = await Promise.all(Array.from({length: 100}, () => host.sleep(10)));
return r.length;`,
			Host: echoHost, Want: "100", Unit: time.Millisecond, Batch: 1, Rounds: 10,
		},
	)
	return cases, nil
}

// build1MiB is a function every memory program defines: it builds a 1 MiB
// string from 16,384 pieces, so the run touches the pieces' memory too.
const build1MiB = `function build() {
  const parts = [];
  for (let i = 0; i < 16384; i++) parts.push("0123456789abcdef".repeat(4));
  return parts.join("");
}
`

// A MemCase is a program that waits in host.wait() while its memory is
// measured.
type MemCase struct {
	Name    string
	Key     string
	Program string
	Want    string
}

// memCases are the waiting programs: one still holds the string while it
// waits, one dropped it before.
var memCases = []MemCase{
	{"holding a 1 MiB string", "hold", build1MiB + "const s = build(); await host.wait(); return s.length;", "1048576"},
	{"after building and dropping a 1 MiB string", "drop", build1MiB + "const n = build().length; await host.wait(); return n;", "1048576"},
}
