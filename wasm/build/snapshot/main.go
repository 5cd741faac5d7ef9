// Command snapshot pre-initialises the coderun guest: it runs the plain
// module's initialisation once, deterministically, and writes a module whose
// data section is the memory that initialisation produced.
//
//	go run ./wasm/build/snapshot -in quickjs.instrumented.wasm -out quickjs.wasm
//	go run ./wasm/build/snapshot -files FS_DIR -in python.instrumented.wasm -out python.wasm
//
// -files serves a directory as the guest's file system during
// initialisation, as the host serves it at run time (Python's standard
// library: the modules its initialisation imports).
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"testing/fstest"

	"github.com/coderun/coderun/internal/engine"
	"github.com/coderun/coderun/internal/intl"
	"github.com/coderun/coderun/internal/wasminstr"
	"github.com/coderun/coderun/internal/wasmsnap"
)

func main() {
	in := flag.String("in", "", "plain (not yet initialised) module")
	out := flag.String("out", "", "where to write the pre-initialised module")
	files := flag.String("files", "", "directory the guest sees as its file system (optional)")
	flag.Parse()
	if *in == "" || *out == "" {
		fmt.Fprintln(os.Stderr, "usage: snapshot -in PLAIN.wasm -out SNAPSHOT.wasm")
		os.Exit(2)
	}
	if err := snapshot(*in, *out, *files); err != nil {
		fmt.Fprintln(os.Stderr, "snapshot:", err)
		os.Exit(1)
	}
}

// initHeapLimit is the heap limit during initialisation; every run sets its
// own with the reseed operation (ABI.md).
const initHeapLimit = 64 << 20

func snapshot(in, out, files string) error {
	module, err := os.ReadFile(in)
	if err != nil {
		return err
	}
	ctx := context.Background()
	opts := engine.Options{Module: module, MemoryLimitBytes: 1 << 30}
	if files != "" {
		if opts.Files, err = loadFiles(files); err != nil {
			return err
		}
	}
	eng, err := engine.New(ctx, opts)
	if err != nil {
		return err
	}
	defer eng.Close(ctx)
	host := &initHost{}
	// A fixed clock and random source make the captured memory, and so the
	// build, reproducible; every run reseeds what depends on them.
	inst, err := eng.Instantiate(ctx, host, &engine.Clock{
		Walltime: func() (int64, int32) { return 0, 0 },
		Nanotime: func() int64 { return 0 },
		Random: func(p []byte) (int, error) {
			for i := range p {
				p[i] = byte(i*31 + 7)
			}
			return len(p), nil
		},
	})
	if err != nil {
		return err
	}
	ok, err := inst.Start(initHeapLimit)
	if err != nil {
		return fmt.Errorf("initialise: %w", err)
	}
	if !ok {
		return fmt.Errorf("initialise: the prelude failed: %s", host.failure)
	}
	stackTop, err := wasmsnap.StackTop(module)
	if err != nil {
		return err
	}
	baked, err := wasmsnap.Bake(module, inst.Memory(), stackTop)
	if err != nil {
		return err
	}
	return os.WriteFile(out, baked, 0o644)
}

// initHost serves the guest's imports during initialisation, when nothing
// but a failure report is expected.
type initHost struct{ failure string }

func (h *initHost) Log(line string) { fmt.Fprintln(os.Stderr, "init:", line) }
func (h *initHost) Settle(kind engine.SettleKind, payload []byte) {
	h.failure = string(payload)
}
func (h *initHost) Call(msg, answer []byte) (int, string) { return 0, "no calls during initialisation" }
func (h *initHost) TimerSet(id uint32, delayMs float64)   {}
func (h *initHost) TimerClear(id uint32)                  {}
func (h *initHost) OutOfMemory(requested uint32) {
	engine.Stop(errors.New("out of memory during initialisation"))
}
func (h *initHost) FuelTick() int32          { return wasminstr.DefaultQuantum }
func (h *initHost) MapStack(s string) string { return s }
func (h *initHost) Intl(req []byte) []byte   { return intl.NewSession().Call(req) }
func (h *initHost) ReserveOutput(n int64)    {}

// loadFiles reads the directory dir into memory as the guest's file
// system, with no modification times: the guest reads a file's times (the
// Python guest's start-up keeps its standard library's), and a build must
// not depend on when its files were written. A host serves the same files
// the same way (package python does).
func loadFiles(dir string) (fs.FS, error) {
	files := fstest.MapFS{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(dir, path)
		if err != nil {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		files[filepath.ToSlash(rel)] = &fstest.MapFile{Data: data, Mode: 0o444}
		return nil
	})
	return files, err
}
