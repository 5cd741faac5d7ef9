package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"

	"github.com/coderun/coderun"
)

func runProgram(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("coderun run", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: coderun run [flags] FILE|-\n\nRuns a TypeScript program and prints its Result as JSON.\n\nflags:")
		fs.PrintDefaults()
	}
	cfg := coderun.DefaultConfig()
	pretty := fs.Bool("pretty", false, "indent the JSON output")
	fs.DurationVar(&cfg.ComputeTime, "compute-time", cfg.ComputeTime, "budget for guest execution time")
	fs.DurationVar(&cfg.WallTime, "wall-time", cfg.WallTime, "budget for the whole run, waiting included")
	fs.Int64Var(&cfg.MaxOutputBytes, "max-output-bytes", cfg.MaxOutputBytes, "bound on logs + value + failure message")
	fs.Int64Var(&cfg.MemoryLimitBytes, "memory-limit-bytes", cfg.MemoryLimitBytes, "bound on guest memory")
	fs.Uint64Var(&cfg.Fuel, "fuel", cfg.Fuel, "deterministic compute budget in interrupt ticks (0: none)")
	fs.BoolVar(&cfg.Deterministic, "deterministic", cfg.Deterministic, "seeded randomness and a virtual clock")
	fs.Int64Var(&cfg.Seed, "seed", cfg.Seed, "seed for --deterministic")
	fs.IntVar(&cfg.MaxCallsInFlight, "max-calls-in-flight", cfg.MaxCallsInFlight, "bound on binding calls in flight")
	fs.IntVar(&cfg.MaxCalls, "max-calls", cfg.MaxCalls, "bound on binding calls per run")
	fs.StringVar(&cfg.CompilationCacheDir, "cache-dir", cfg.CompilationCacheDir, "directory for the compiled-code cache")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(stderr, "coderun run: want exactly one FILE (or - for standard input)")
		fs.Usage()
		return 2
	}
	src, err := readProgram(fs.Arg(0), stdin)
	if err != nil {
		fmt.Fprintf(stderr, "coderun run: %v\n", err)
		return 2
	}
	// Ctrl-C aborts the program rather than killing the process, so the
	// Result (with its logs so far) is still printed.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	rt, err := coderun.New(cfg)
	if err != nil {
		fmt.Fprintf(stderr, "coderun run: %v\n", err)
		return 2
	}
	defer rt.Close(context.Background())
	res, err := rt.Run(ctx, coderun.Request{Program: src})
	if err != nil {
		fmt.Fprintf(stderr, "coderun run: %v\n", err)
		return 2
	}
	enc := json.NewEncoder(stdout)
	if *pretty {
		enc.SetIndent("", "  ")
	}
	if err := enc.Encode(res); err != nil {
		fmt.Fprintf(stderr, "coderun run: write result: %v\n", err)
		return 2
	}
	if res.Failure != nil {
		return 1
	}
	return 0
}

func readProgram(name string, stdin io.Reader) (string, error) {
	if name == "-" {
		b, err := io.ReadAll(stdin)
		if err != nil {
			return "", fmt.Errorf("read standard input: %w", err)
		}
		return string(b), nil
	}
	b, err := os.ReadFile(name)
	if err != nil {
		return "", err
	}
	return string(b), nil
}
