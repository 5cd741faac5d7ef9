package bench

import (
	"bytes"
	"context"
	"os"
	"testing"
	"testing/fstest"
	"time"

	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/imports/wasi_snapshot_preview1"

	pythonwasm "github.com/coderun/coderun/wasm/python"
)

// plainPython is CPython built for wasm32-wasi exactly as coderun's
// sandbox is, but as a plain WASI command: CPython's own main, without
// the glue, the fuel counter, the direct-call rewrite, the counting
// allocator or the snapshot. Run by wazero's compiler, it shows what
// running CPython as wasm costs apart from anything coderun adds.
type plainPython struct {
	rt     wazero.Runtime
	module wazero.CompiledModule
	stdlib fstest.MapFS
}

// plainCPython compiles the module CODERUN_BENCH_PYTHON_PLAIN names, or
// returns nil when it is not set.
func plainCPython(b *testing.B) *plainPython {
	b.Helper()
	file := os.Getenv("CODERUN_BENCH_PYTHON_PLAIN")
	if file == "" {
		b.Log("CODERUN_BENCH_PYTHON_PLAIN is not set: no plain-wasm column (wasm/python/build/build.sh --plain FILE builds the module)")
		return nil
	}
	wasm, err := os.ReadFile(file)
	if err != nil {
		b.Fatalf("CODERUN_BENCH_PYTHON_PLAIN: %v", err)
	}
	// The same zip of the same compiled standard library the sandbox
	// reads, where CPython's default sys.path looks for it.
	zip, err := pythonwasm.Stdlib()
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	rt := wazero.NewRuntimeWithConfig(ctx, wazero.NewRuntimeConfigCompiler())
	b.Cleanup(func() { rt.Close(ctx) })
	wasi_snapshot_preview1.MustInstantiate(ctx, rt)
	module, err := rt.CompileModule(ctx, wasm)
	if err != nil {
		b.Fatalf("CODERUN_BENCH_PYTHON_PLAIN: %v", err)
	}
	return &plainPython{rt: rt, module: module, stdlib: fstest.MapFS{
		pythonwasm.StdlibPath: &fstest.MapFile{Data: zip},
	}}
}

// run runs src's work() through pythonWorkloadHarness in a fresh
// instance and returns its value as JSON and the median time of one call.
func (p *plainPython) run(b *testing.B, src string) (string, time.Duration) {
	b.Helper()
	var stdout, stderr bytes.Buffer
	cfg := wazero.NewModuleConfig().
		WithArgs("python", "-I", "-S", "-c", pythonWorkloadHarness(src)).
		WithStdout(&stdout).WithStderr(&stderr).
		WithFSConfig(wazero.NewFSConfig().WithFSMount(p.stdlib, "/")).
		WithSysWalltime().WithSysNanotime()
	mod, err := p.rt.InstantiateModule(context.Background(), p.module, cfg)
	if err != nil {
		b.Fatalf("plain CPython: %v\n%s", err, stderr.Bytes())
	}
	mod.Close(context.Background())
	return parsePythonWorkload(b, stdout.Bytes())
}
