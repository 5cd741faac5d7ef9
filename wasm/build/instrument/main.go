// Command instrument adds a loop fuel counter to a wasm binary at build time,
// and with -direct-calls replaces its function table by dispatch functions.
//
// Usage:
//
//	go run ./wasm/build/instrument -in in.wasm -out out.wasm [-quantum N] [-direct-calls]
//
// See package internal/wasminstr (Instrument, DirectCalls) for the
// transformations. Errors go to stderr
// and make the command exit with status 1.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"

	"github.com/coderun/coderun/internal/wasminstr"
)

func main() {
	err := run(os.Args[1:], os.Stderr)
	if errors.Is(err, flag.ErrHelp) {
		return // -h: usage was printed, nothing failed
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "instrument:", err)
		os.Exit(1)
	}
}

// run parses args, instruments the input file and writes the output file.
func run(args []string, stderr io.Writer) error {
	fs := flag.NewFlagSet("instrument", flag.ContinueOnError)
	fs.SetOutput(stderr)
	in := fs.String("in", "", "input wasm `file` (required)")
	out := fs.String("out", "", "output wasm `file` (required)")
	quantum := fs.Int64("quantum", int64(wasminstr.DefaultQuantum), "loop iterations between fuel_tick calls")
	importModule := fs.String("import-module", wasminstr.DefaultImportModule, "module name of the fuel import")
	importName := fs.String("import-name", wasminstr.DefaultImportName, "field name of the fuel import")
	exportName := fs.String("export", wasminstr.DefaultExportName, "export name of the fuel counter global")
	noPassive := fs.Bool("reject-passive-data", false, "fail if the code uses memory.init or data.drop (needed before a memory snapshot)")
	direct := fs.Bool("direct-calls", false, "replace the function table and call_indirect by dispatch functions (faster instantiation)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *in == "" || *out == "" || fs.NArg() != 0 {
		fs.Usage()
		return errors.New("-in and -out are required and no positional arguments are accepted")
	}
	// Reject rather than truncate, and reject 0 explicitly: the library would
	// silently turn it into the default.
	if *quantum <= 0 || *quantum > math.MaxInt32 {
		return fmt.Errorf("-quantum %d out of range 1..%d", *quantum, math.MaxInt32)
	}

	src, err := os.ReadFile(*in)
	if err != nil {
		return err
	}
	dst, err := wasminstr.Instrument(src, wasminstr.Options{
		ImportModule: *importModule,
		ImportName:   *importName,
		Quantum:      int32(*quantum),
		ExportName:   *exportName,

		RejectPassiveData: *noPassive,
	})
	if err == nil && *direct {
		dst, err = wasminstr.DirectCalls(dst)
	}
	if err != nil {
		return fmt.Errorf("%s: %w", *in, err)
	}
	return writeFileAtomic(*out, dst)
}

// writeFileAtomic writes data to a temporary file next to path and renames it
// into place, so an interrupted build never leaves a truncated wasm behind.
func writeFileAtomic(path string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name()) // no-op after a successful rename
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}
