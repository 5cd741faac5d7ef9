// Package engine runs the QuickJS-ng sandbox on wazero: it compiles the
// module once, gives every run an instance as fresh as a new one (a reset
// one where it can: reuse.go), caps its memory, and routes the guest's
// imports to a Host.
//
// The engine knows nothing about programs, budgets or bindings: it moves
// bytes across the wasm boundary and turns a trap into an error. The guest
// ABI it drives is documented in wasm/build/ABI.md.
//
// # What compiling costs
//
// Compiling the sandbox (about 1,300 functions) is nearly all of the first
// Engine's start: about 0.7 s of CPU, measured as the process CPU time
// around the first coderun.New of a fresh process (linux/amd64, Go 1.26,
// an in-memory cache), and several times that under -race. Later Engines
// in the process reuse the compiled code (a few milliseconds). A cache
// directory that an earlier process filled (CacheDir) cuts a new process's
// first start to about 45 ms of CPU. This is the one place that figure is
// given; the comments that mention the cost point here.
package engine

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sync"

	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/experimental"
	"github.com/tetratelabs/wazero/imports/wasi_snapshot_preview1"

	"github.com/coderun/coderun/internal/wasmsnap"
	"github.com/coderun/coderun/wasm"
)

// Options configure an Engine.
type Options struct {
	// MemoryLimitBytes caps the guest's linear memory. The guest's own
	// allocator enforces the heap limit; this is the hard ceiling above it.
	MemoryLimitBytes int64
	// CacheDir, when set, keeps compiled code on disk across processes.
	CacheDir string
	// Module is the wasm to run; nil means the embedded wasm.Binary. The
	// build uses it to snapshot the plain module.
	Module []byte
	// Files, when not nil, is a read-only file system the guest sees at
	// "/": a language's standard library. It must not change while the
	// Engine is open, since engines of one module share a sandbox.
	Files fs.FS

	// heapMemory serves every memory from the Go heap, as platforms
	// without memfd do, and interpret runs the guest on wazero's
	// interpreter, as platforms without its compiler do: tests on Linux
	// cover those paths too.
	heapMemory, interpret bool
}

const pageSize = 65536

// The in-memory compilation cache is shared by every Engine in the process,
// so a second Runtime with another memory limit does not compile again.
var (
	sharedCacheOnce sync.Once
	sharedCache     wazero.CompilationCache
	dirCaches       sync.Map // dir -> wazero.CompilationCache
)

// defaultCacheDir, when set, is where Engines without a CacheDir keep
// compiled code; see ShareCompiledCode.
var defaultCacheDir string

// ShareCompiledCode makes every Engine of the process that names no
// CacheDir keep its compiled code in one directory per user under the
// system's temporary directory. The module's test binaries call it (most
// through package testbin) before anything compiles, so that a test run
// compiles the sandbox once per machine instead of once per test binary
// and subprocess: under -race, each compilation is seconds of CPU.
// Production code never calls it.
func ShareCompiledCode() {
	defaultCacheDir = SharedCompiledCodeDir()
}

// SharedCompiledCodeDir is the directory ShareCompiledCode points Engines
// at: tests of how a command reads a cache directory copy its files rather
// than compile.
func SharedCompiledCodeDir() string {
	return filepath.Join(os.TempDir(), fmt.Sprintf("coderun-test-compiled-%d", os.Getuid()))
}

// keepSandboxes, when set, makes the process hold one more reference to
// every sandbox it builds; see KeepSandboxes.
var keepSandboxes bool

// KeepSandboxes makes every sandbox the process builds stay open until the
// process exits, as if one more Engine held it. Test binaries that create
// and close hundreds of Runtimes call it (through package testbin) before
// anything compiles: otherwise each Runtime that finds no other open on
// its sandbox decodes and validates the module again, paying the cost
// given in the package doc (more under -race). The engine's own tests do not, since they test the
// release. Production code never calls it.
func KeepSandboxes() { keepSandboxes = true }

// cacheDir is where an Engine with CacheDir dir keeps compiled code: dir,
// else the test binaries' shared directory, else none ("").
func cacheDir(dir string) string {
	if dir == "" {
		return defaultCacheDir
	}
	return dir
}

// compilationCache returns the cache for the resolved cache directory dir.
func compilationCache(dir string) (wazero.CompilationCache, error) {
	if dir == "" {
		sharedCacheOnce.Do(func() { sharedCache = wazero.NewCompilationCache() })
		return sharedCache, nil
	}
	if c, ok := dirCaches.Load(dir); ok {
		return c.(wazero.CompilationCache), nil
	}
	c, err := wazero.NewCompilationCacheWithDir(dir)
	if err != nil {
		return nil, fmt.Errorf("engine: compilation cache %q: %w", dir, err)
	}
	actual, _ := dirCaches.LoadOrStore(dir, c)
	return actual.(wazero.CompilationCache), nil
}

// newSandbox compiles the module of opts. wazero panics where it cannot
// run at all; that becomes an error naming the platform, so that no
// embedder's process dies of it.
func newSandbox(ctx context.Context, opts Options, key sandboxKey) (s *sandbox, err error) {
	defer func() {
		if p := recover(); p != nil {
			s, err = nil, fmt.Errorf("engine: wazero cannot run the sandbox on %s/%s: %v", runtime.GOOS, runtime.GOARCH, p)
		}
	}()
	dir := ""
	if mayCompile {
		dir = cacheDir(opts.CacheDir)
	}
	cache, err := compilationCache(dir)
	if err != nil {
		return nil, err
	}
	pages := key.pages
	// Interruption comes from the fuel ticks the module calls into the host,
	// not from WithCloseOnContextDone, which makes every loop header exit to
	// Go and slows CPU-bound guests several times over.
	//
	// Debug info is off: the module carries DWARF from Debian's wasi-libc,
	// and with it wazero symbolises every frame of every trap, which made
	// each abort or timeout cost milliseconds.
	cfg := newRuntimeConfig(opts.interpret).
		WithCompilationCache(cache).
		WithMemoryLimitPages(pages).
		WithCloseOnContextDone(false).
		WithDebugInfoEnabled(false)
	rt := wazero.NewRuntimeWithConfig(ctx, cfg)
	if _, err := wasi_snapshot_preview1.Instantiate(ctx, rt); err != nil {
		rt.Close(ctx)
		return nil, fmt.Errorf("engine: wasi: %w", err)
	}
	if err := instantiateHostModule(ctx, rt); err != nil {
		rt.Close(ctx)
		return nil, err
	}
	module := opts.Module
	if module == nil {
		module = wasm.Binary
	}
	e := &sandbox{key: key, runtime: rt, module: module, files: opts.Files}
	// Serve the initial memory from an image instead of the data section,
	// when the module's data has the simple shape that allows it.
	if image, stripped, err := wasmsnap.Split(module); err == nil {
		src, err := newImageSource(image, opts.heapMemory)
		if err != nil {
			rt.Close(ctx)
			return nil, err
		}
		e.memory, module = src, stripped
		// The stack pointer (global 0) and the fuel countdown (checked when
		// an instance is kept): reuse.go says why that is all of them.
		n, err := wasmsnap.MutableGlobals(module)
		_, spErr := wasmsnap.StackTop(module)
		e.reusable = err == nil && n == 2 && spErr == nil
	}
	// Compiling is nearly all of a first start (the package doc gives the
	// figure): spread it over the cores the process may use. wazero lays the functions out in module order whichever
	// worker compiled them.
	ctx = experimental.WithCompilationWorkers(ctx, runtime.GOMAXPROCS(0))
	var compiled wazero.CompiledModule
	if dir != "" {
		unlock := lockCacheDir(ctx, dir)
		compiled, err = rt.CompileModule(ctx, module)
		unlock()
	} else {
		compiled, err = rt.CompileModule(ctx, module)
	}
	if err != nil {
		e.close(ctx)
		return nil, fmt.Errorf("engine: compile: %w", err)
	}
	e.compiled = compiled
	if err := checkExports(compiled); err != nil {
		e.close(ctx)
		return nil, err
	}
	return e, nil
}

// Clock supplies the guest's clocks and randomness. A nil Clock means the
// host's real clocks and crypto/rand.
type Clock struct {
	// Walltime returns the wall clock (seconds, nanoseconds).
	Walltime func() (int64, int32)
	// Nanotime returns a monotonic clock in nanoseconds.
	Nanotime func() int64
	// Random fills p with random bytes.
	Random func(p []byte) (int, error)
}

// Instantiate returns an instance whose imports call host, as fresh as if
// just instantiated: a reset one the sandbox kept (reuse.go), or a new
// one. Call Instance.Start before anything else.
func (e *Engine) Instantiate(ctx context.Context, host Host, clock *Clock) (*Instance, error) {
	if e.closed.Load() {
		return nil, errors.New("engine: instantiate: the Engine is closed")
	}
	if idle := e.s.takeIdle(); idle != nil {
		idle.clock.c = clock
		// No memory allocator: the instance has its memory.
		ictx := context.WithValue(ctx, instanceKey{}, &instanceCtx{host: host, image: e.s.memory, mem: idle.mem})
		return &Instance{ctx: ictx, mod: idle.mod, entry: idle.entry, s: e.s, clock: idle.clock,
			fuel0: idle.fuel0, size0: idle.mod.Memory().Size()}, nil
	}
	// No start function: a snapshot has run its constructors already, and
	// Instance.Start runs them for a plain module.
	slot := &clockSlot{c: clock}
	mc := wazero.NewModuleConfig().
		WithName("").
		WithStartFunctions().
		WithWalltime(slot.walltime, 1).
		WithNanotime(slot.nanotime, 1).
		WithRandSource(slot)
	if e.s.files != nil {
		mc = mc.WithFSConfig(wazero.NewFSConfig().WithFSMount(e.s.files, "/"))
	}
	ictx := withInstance(ctx, &instanceCtx{host: host, image: e.s.memory})
	mod, err := e.s.runtime.InstantiateModule(ictx, e.s.compiled, mc)
	if err != nil {
		return nil, fmt.Errorf("engine: instantiate: %w", err)
	}
	in := &Instance{ctx: ictx, mod: mod, s: e.s, clock: slot}
	if mem := mod.Memory(); mem != nil {
		in.size0 = mem.Size()
	}
	if g := mod.ExportedGlobal(fuelGlobal); g != nil {
		in.fuel0 = g.Get()
	}
	return in, nil
}
