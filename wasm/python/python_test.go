//go:build pythonwasm

// The module is built on demand (build/build.sh), not committed, so these
// tests run only when asked for, after a build:
//
//	wasm/python/build/build.sh && go test -tags pythonwasm ./wasm/python/

package pythonwasm

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/require"
	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/api"
	"github.com/tetratelabs/wazero/imports/wasi_snapshot_preview1"
	"github.com/tetratelabs/wazero/sys"

	"github.com/coderun/coderun/internal/wasminstr"
	"github.com/coderun/coderun/internal/wasmsnap"
)

// Where build/build.sh writes its output by default (build/README.md).
const (
	wasmPath = "build/out/python.wasm"
	zipPath  = "build/out/python313.zip"
	// zipInGuest is where CPython's sys.path looks for the standard
	// library zip, for the --prefix build.sh configures; home, given as
	// PYTHONHOME, tells it the prefix is there without its searching for
	// landmarks (and warning that it found none).
	zipInGuest = "usr/local/lib/python313.zip"
	home       = "/usr/local"
)

// built returns the module and the stdlib zip, or skips the test loudly:
// they are built on demand, not committed.
func built(t testing.TB) (module, stdlib []byte) {
	t.Helper()
	module, err := os.ReadFile(wasmPath)
	if errors.Is(err, os.ErrNotExist) {
		t.Skipf("SKIPPED: %s is not built; run wasm/python/build/build.sh to build it (7 to 30 minutes on two cores the first time, a native build Python included)", filepath.Join("wasm/python", wasmPath))
	}
	require.NoError(t, err)
	stdlib, err = os.ReadFile(zipPath)
	require.NoError(t, err, "build.sh writes the stdlib zip beside the module")
	return module, stdlib
}

// python runs the command module, once per run, with the stdlib zip
// mounted where CPython looks for it.
type python struct {
	rt       wazero.Runtime
	compiled wazero.CompiledModule
	stdlib   fstest.MapFS
	ticks    int // calls of coderun.fuel_tick
}

func newPython(t testing.TB, module, stdlib []byte) *python {
	t.Helper()
	ctx := context.Background()
	rt := wazero.NewRuntimeWithConfig(ctx, wazero.NewRuntimeConfigCompiler().WithDebugInfoEnabled(false))
	t.Cleanup(func() { rt.Close(ctx) })
	wasi_snapshot_preview1.MustInstantiate(ctx, rt)
	p := &python{rt: rt, stdlib: fstest.MapFS{zipInGuest: {Data: stdlib}}}
	// The module imports fuel_tick (build/glue/fuel.c); an instrumented
	// one calls it every quantum loop iterations.
	_, err := rt.NewHostModuleBuilder(wasminstr.DefaultImportModule).
		NewFunctionBuilder().
		WithGoModuleFunction(api.GoModuleFunc(func(ctx context.Context, m api.Module, s []uint64) {
			p.ticks++
			s[0] = uint64(wasminstr.DefaultQuantum)
		}), nil, []api.ValueType{api.ValueTypeI32}).
		Export(wasminstr.DefaultImportName).
		Instantiate(ctx)
	require.NoError(t, err)
	p.compiled, err = rt.CompileModule(ctx, module)
	require.NoError(t, err)
	return p
}

// run returns stdout, stderr and the exit code, and the instance's memory
// as it was when the program exited.
func (p *python) run(t testing.TB, args ...string) (stdout, stderr string, code uint32, mem []byte) {
	t.Helper()
	var out, errOut bytes.Buffer
	cfg := wazero.NewModuleConfig().
		WithName("").
		WithArgs(append([]string{"python"}, args...)...).
		WithEnv("PYTHONHOME", home).
		WithStdout(&out).WithStderr(&errOut).
		WithFSConfig(wazero.NewFSConfig().WithFSMount(p.stdlib, "/")).
		WithSysWalltime().WithSysNanotime().WithRandSource(randSource{})
	ctx := context.Background()
	mod, err := p.rt.InstantiateModule(ctx, p.compiled, cfg)
	var exit *sys.ExitError
	switch {
	case errors.As(err, &exit):
		code = exit.ExitCode()
	case err != nil:
		t.Fatalf("python %q: %v\nstderr: %s", args, err, errOut.String())
	}
	if mod != nil {
		if m := mod.Memory(); m != nil {
			b, _ := m.Read(0, m.Size())
			mem = bytes.Clone(b)
		}
		mod.Close(ctx)
	}
	return out.String(), errOut.String(), code, mem
}

// randSource is a fixed, non-cryptographic random source: enough for
// hash seeds and uuid4 in a test.
type randSource struct{}

func (randSource) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = byte(i*131 + 17)
	}
	return len(p), nil
}

func TestPrint(t *testing.T) {
	module, stdlib := built(t)
	py := newPython(t, module, stdlib)
	out, errOut, code, _ := py.run(t, "-c", "print(1+1)")
	require.Equal(t, uint32(0), code, errOut)
	require.Equal(t, "2\n", out)
	require.Empty(t, errOut, "no warnings about missing prefixes or modules")
}

// stdlibModules says which modules a program can import. build/README.md
// lists the same, with the reasons for the missing ones.
var stdlibModules = map[string]bool{
	"json": true, "re": true, "math": true, "statistics": true,
	"datetime": true, "zoneinfo": true, "collections": true,
	"itertools": true, "functools": true, "dataclasses": true,
	"typing": true, "enum": true, "decimal": true, "_decimal": true,
	"fractions": true, "random": true, "string": true, "textwrap": true,
	"difflib": true, "csv": true, "io": true, "base64": true,
	"hashlib": true, "_sha2": true, "uuid": true, "heapq": true,
	"bisect": true, "copy": true, "pprint": true, "operator": true,
	"unicodedata": true, "html": true, "urllib.parse": true,
	"asyncio": true,

	// Their C libraries are not built for wasm32-wasi.
	"zlib": false, "bz2": false, "lzma": false, "sqlite3": false,
	"ssl": false, "ctypes": false,
	"tzdata": false, // no IANA database: zoneinfo finds no zone at all
}

func TestStdlibImports(t *testing.T) {
	module, stdlib := built(t)
	py := newPython(t, module, stdlib)
	var script strings.Builder
	script.WriteString("import importlib\n")
	for name := range stdlibModules {
		script.WriteString("try:\n    importlib.import_module('" + name + "')\n    print('" + name + " ok')\n")
		script.WriteString("except ImportError as e:\n    print('" + name + " missing', e)\n")
	}
	out, errOut, code, _ := py.run(t, "-c", script.String())
	require.Equal(t, uint32(0), code, errOut)
	got := map[string]bool{}
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		name, rest, _ := strings.Cut(line, " ")
		got[name] = rest == "ok"
		if rest != "ok" {
			t.Log(line)
		}
	}
	require.Equal(t, stdlibModules, got)
}

// TestBehaviour runs a little of what the imports promise (the C
// accelerators, hashing, decimal arithmetic) and what they do not:
// zoneinfo imports, but with no time zone database in the guest's file
// system it finds no zone, not even UTC; and asyncio's default loop
// cannot start, because its self-pipe is a socket pair WASI refuses. A
// loop without a selector (the shape of the host-stepped loop the glue
// will provide, where select is where the host waits) runs coroutines
// and timers.
func TestBehaviour(t *testing.T) {
	module, stdlib := built(t)
	py := newPython(t, module, stdlib)
	out, errOut, code, _ := py.run(t, "-c", `
import asyncio, decimal, hashlib, json, re, statistics, sys, unicodedata, zoneinfo, datetime
print(sys.version_info[:2], sys.platform)
print(json.dumps({"a": [1, 2.5, None]}), json.encoder.c_make_encoder is not None)
print(re.sub(r"(\w+)@", r"<\1>", "x@y"), statistics.median([3, 1, 2]))
print(decimal.Decimal(1) / decimal.Decimal(7), type(decimal.Context()).__module__)
print(hashlib.sha256(b"abc").hexdigest()[:16], unicodedata.name("é"))
print(datetime.datetime(2024, 1, 1, tzinfo=datetime.timezone.utc).isoformat())
try:
    zoneinfo.ZoneInfo("UTC")
except zoneinfo.ZoneInfoNotFoundError:
    print("no IANA time zones")
async def main():
    await asyncio.sleep(0.001)
    return 42
try:
    asyncio.run(main())
except OSError as e:
    print("default loop:", e.strerror)
class NoSelector:
    def select(self, timeout):
        return []
class HostLoop(asyncio.BaseEventLoop):
    def __init__(self):
        super().__init__()
        self._selector = NoSelector()
    def _process_events(self, events):
        pass
    def _write_to_self(self):
        pass
print(HostLoop().run_until_complete(main()))
`)
	require.Equal(t, uint32(0), code, errOut)
	require.Equal(t, `(3, 13) wasi
{"a": [1, 2.5, null]} True
<x>y 2
0.1428571428571428571428571429 decimal
ba7816bf8f01cfea LATIN SMALL LETTER E WITH ACUTE
2024-01-01T00:00:00+00:00
no IANA time zones
default loop: Not supported
42
`, out)
}

// TestInstrumentAndSnapshot checks the module goes through the build
// steps the QuickJS-ng guest goes through: the fuel instrumenter (with
// the options build.sh uses) must accept it and keep it working, calling
// fuel_tick; and a memory captured from it must bake into a valid module.
func TestInstrumentAndSnapshot(t *testing.T) {
	module, stdlib := built(t)
	instrumented, err := wasminstr.Instrument(module, wasminstr.Options{RejectPassiveData: true})
	require.NoError(t, err)
	instrumented, err = wasminstr.DirectCalls(instrumented)
	require.NoError(t, err)

	py := newPython(t, instrumented, stdlib)
	out, errOut, code, mem := py.run(t, "-c", "print(sum(range(100000)))")
	require.Equal(t, uint32(0), code, errOut)
	require.Equal(t, "4999950000\n", out)
	require.Greater(t, py.ticks, 10, "the loop of sum(range(...)) ticks fuel")

	stackTop, err := wasmsnap.StackTop(instrumented)
	require.NoError(t, err)
	baked, err := wasmsnap.Bake(instrumented, mem, stackTop)
	require.NoError(t, err)
	_, err = py.rt.CompileModule(context.Background(), baked)
	require.NoError(t, err, "the baked module is valid")
}

// BenchmarkCompile measures wazero's compilation of the module, which a
// host pays once per process (or once per cache directory).
func BenchmarkCompile(b *testing.B) {
	module, _ := built(b)
	ctx := context.Background()
	for b.Loop() {
		rt := wazero.NewRuntimeWithConfig(ctx, wazero.NewRuntimeConfigCompiler().WithDebugInfoEnabled(false))
		if _, err := rt.CompileModule(ctx, module); err != nil {
			b.Fatal(err)
		}
		rt.Close(ctx)
	}
}

// BenchmarkPrint measures a whole print(1+1) without a snapshot:
// instantiation, the interpreter's initialisation (site and encodings
// included), the program and the exit.
func BenchmarkPrint(b *testing.B) {
	module, stdlib := built(b)
	py := newPython(b, module, stdlib)
	for b.Loop() {
		if out, errOut, _, _ := py.run(b, "-c", "print(1+1)"); out != "2\n" {
			b.Fatalf("print(1+1) wrote %q, stderr %q", out, errOut)
		}
	}
}
