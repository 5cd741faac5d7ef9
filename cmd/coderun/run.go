package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"

	"github.com/coderun/coderun"
	"github.com/coderun/coderun/internal/bytesize"
)

var runCmd = &command{
	name:     "run",
	args:     "[flags] FILE|-",
	summary:  "run a TypeScript or Python program and print its Result as JSON",
	synopsis: "Runs a TypeScript or Python program (- reads it from standard input) and prints its Result as JSON. A .py file is Python, anything else TypeScript, unless --language says otherwise.",
	run:      runProgram,
}

// runProgram implements `coderun run`. It returns 0 when the program
// succeeded, 1 when it failed (the failure is in the printed Result), 2 for
// a usage error.
func runProgram(c *command, args []string, std stdio) int {
	fs := newFlagSet(c, std)
	cfg := coderun.DefaultConfig()
	pretty := fs.Bool("pretty", false, "indent the JSON output")
	var language string
	fs.Var(languageFlag{&language}, "language", "the program's `LANGUAGE`, "+strings.Join(languages, " or ")+" (default: by the file's extension)")
	durationVar(fs, &cfg.ComputeTime, "compute-time", cfg.ComputeTime, "budget for guest execution time")
	durationVar(fs, &cfg.WallTime, "wall-time", cfg.WallTime, "budget for the whole run, waiting included")
	fs.Var(bytesize.Flag{P: &cfg.MaxOutputBytes}, "max-output-bytes", "bound on logs + value + failure message: a `SIZE` such as 1048576 or 64MiB")
	fs.Var(bytesize.Flag{P: &cfg.MemoryLimitBytes}, "memory-limit-bytes", "bound on guest memory: a `SIZE` such as 256MiB")
	fs.Uint64Var(&cfg.Fuel, "fuel", cfg.Fuel, "deterministic compute budget in interrupt ticks (0: none)")
	fs.BoolVar(&cfg.Deterministic, "deterministic", cfg.Deterministic, "seeded randomness and a virtual clock")
	fs.Int64Var(&cfg.Seed, "seed", cfg.Seed, "seed for --deterministic")
	fs.IntVar(&cfg.MaxCallsInFlight, "max-calls-in-flight", cfg.MaxCallsInFlight, "bound on binding calls in flight")
	fs.IntVar(&cfg.MaxCalls, "max-calls", cfg.MaxCalls, "bound on binding calls per run")
	cache := addCacheFlags(fs)
	if status, stop := parseFlags(c, fs, args, std, 1, 1); stop {
		return status
	}
	cfg.CompilationCacheDir = cache.resolve("")
	var byExtension string
	cfg.Language, byExtension = programLanguage(fs.Arg(0), language)
	if err := runFlags.validate(cfg); err != nil {
		problem := err.Error()
		if byExtension != "" {
			problem += fmt.Sprintf(" (%s because the file ends in %s; --language %s runs it as TypeScript)",
				cfg.Language, byExtension, coderun.LanguageTypeScript)
		}
		return usageError(c, std, problem)
	}
	src, err := readProgram(fs.Arg(0), std.in)
	if err != nil {
		fmt.Fprintf(std.err, "coderun run: %v\n", err)
		return 2
	}
	// Ctrl-C aborts the program rather than killing the process, so the
	// Result (with its logs so far) is still printed.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	rt, err := newRuntime(cfg, std)
	if err != nil {
		fmt.Fprintf(std.err, "coderun run: %v\n", err)
		return 2
	}
	defer rt.Close(context.Background())
	res, err := rt.Run(ctx, coderun.Request{Program: src, FileName: programFileName(fs.Arg(0))})
	if err != nil {
		fmt.Fprintf(std.err, "coderun run: %v\n", err)
		return 2
	}
	enc := json.NewEncoder(std.out)
	// The output is read by people and programs, never embedded in HTML:
	// "=>" and "<anonymous>" stay as the program wrote them.
	enc.SetEscapeHTML(false)
	if *pretty {
		enc.SetIndent("", "  ")
	}
	if err := enc.Encode(res); err != nil {
		fmt.Fprintf(std.err, "coderun run: write result: %v\n", err)
		return 2
	}
	if res.Failure != nil {
		return 1
	}
	return 0
}

// runFlags names the flags of `coderun run` that set coderun.Config fields.
var runFlags = configFlags{
	"Language":         "language",
	"ComputeTime":      "compute-time",
	"WallTime":         "wall-time",
	"MaxOutputBytes":   "max-output-bytes",
	"MemoryLimitBytes": "memory-limit-bytes",
	"Fuel":             "fuel",
	"Seed":             "seed",
	"MaxCallsInFlight": "max-calls-in-flight",
	"MaxCalls":         "max-calls",
}

// programFileName is the name positions in messages give the program: the
// file's base name, or the library's default for standard input.
func programFileName(arg string) string {
	if arg == "-" {
		return ""
	}
	return filepath.Base(arg)
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
