package coderun

import (
	"bytes"
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"sync"

	"github.com/coderun/coderun/internal/engine"
	"github.com/coderun/coderun/internal/guest"
	"github.com/coderun/coderun/internal/intl"
)

// Request is one run: the program and the host functions it may call.
// Everything else that shapes the run is the Runtime's Config.
type Request struct {
	// Program is TypeScript source, run as the body of an async function:
	// top-level await and return work, and the returned value becomes
	// Result.Value.
	Program string
	// Bindings are exposed to the program as global objects, one per
	// Namespace.
	Bindings []Namespace
	// FileName names the program in the positions of failure messages and
	// stack traces (FILE:LINE:COLUMN), for example the name of the file it
	// was read from. Empty means "program.ts". It must be at most 255
	// bytes of valid UTF-8 with no control characters and no ':'.
	FileName string
}

// Result is the outcome of one run. A failed program is a Result with a
// Failure, not an error of Run.
type Result struct {
	// Value is the program's completion value as JSON. nil means absent (no
	// return, or return undefined); "null" is an explicit null.
	Value json.RawMessage `json:"value,omitempty"`
	// Logs are the lines the program printed with console.*, in order, from
	// the start of the run (across every Resume of a suspended run).
	Logs []string `json:"logs"`
	// Failure is set iff the run failed.
	Failure *Failure `json:"failure,omitempty"`
	// Suspended is set iff the run suspended: it waits on calls whose
	// Functions returned [Suspend], and goes on only when they are answered
	// through [Runtime.Resume]. Failure is then nil and Value absent.
	Suspended *Suspension `json:"suspended,omitempty"`
}

// Runtime runs programs. It compiles the sandbox once and gives every run an
// instance that starts as a new one would and shares nothing with any
// other. It is safe for
// concurrent use by many goroutines.
type Runtime struct {
	cfg       Config
	guest     *guest.Sandbox // nil for the built-in TypeScript sandbox
	engine    *engine.Engine
	admission *admission
	tel       *runTelemetry // nil without Config.Telemetry

	mu       sync.Mutex
	closed   bool
	active   int             // runs in flight
	closing  context.Context // cancelled, with errClosing, when Close starts
	close    context.CancelCauseFunc
	released chan struct{} // closed once the engine is released
	relErr   error         // the engine's Close error, set before released closes

	hooks testHooks
}

// ErrClosed is returned by Run and Resume after Close.
var ErrClosed = errors.New("coderun: runtime is closed")

// errClosing is the cause of a run's abort when its Runtime closes.
var errClosing = errors.New("the runtime is closing")

// New validates cfg and compiles the sandbox. Compiling costs CPU the
// first time in a process (the package doc's Start-up section says how
// much); later Runtimes reuse it, and [Config.CompilationCacheDir] spares a
// new process most of it.
func New(cfg Config) (*Runtime, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	cfg.StateKey = bytes.Clone(cfg.StateKey) // the caller's slice may change
	tel, err := newRunTelemetry(cfg.Telemetry)
	if err != nil {
		return nil, fmt.Errorf("coderun: telemetry: %w", err)
	}
	if cfg.Language == "" {
		cfg.Language = LanguageTypeScript
	}
	sb := guest.Lookup(cfg.Language) // nil for the built-in TypeScript
	// Intl's shared data is decoded before any run can call Intl, while
	// the sandbox compiles: were it decoded at the first Intl call, a
	// run's first call would tell, by taking tens of milliseconds longer,
	// that no run in the process had used Intl before. Only the
	// TypeScript guest calls Intl.
	warm := make(chan struct{})
	go func() {
		defer close(warm)
		if sb == nil {
			intl.Warm()
		}
	}()
	opts := engine.Options{
		MemoryLimitBytes: memoryCeiling(cfg.MemoryLimitBytes),
		CacheDir:         cfg.CompilationCacheDir,
	}
	if sb != nil {
		if opts.Module, err = sb.Module(); err != nil {
			return nil, fmt.Errorf("coderun: the %s sandbox: %w", sb.Language, err)
		}
		opts.Files = sb.Files
		opts.MemoryLimitBytes += sb.StackBytes
	}
	eng, err := engine.New(context.Background(), opts)
	<-warm
	if err != nil {
		return nil, fmt.Errorf("coderun: %w", err)
	}
	closing, cancel := context.WithCancelCause(context.Background())
	return &Runtime{cfg: cfg, guest: sb, engine: eng, admission: newAdmission(cfg.MaxExecuting), tel: tel, closing: closing, close: cancel, released: make(chan struct{})}, nil
}

// memoryCeiling is the wasm memory cap for a heap limit: the heap limit is
// enforced by the guest's allocator, and the ceiling leaves room above it
// for the stack, static data and allocator overhead, so that exhausting the
// heap is reported as such rather than as a failed memory.grow.
func memoryCeiling(heap int64) int64 {
	return heap + heap/8 + 8<<20
}

// Run runs one program. It returns an error only when the request misuses
// the contract (an invalid or duplicate namespace, a nil Function) or the
// Runtime is closed; every way the program itself can fail, including a
// panic in the host path, is a Result with a Failure. A run whose ctx is
// cancelled before it settles, or whose Runtime closes, ends as KindAbort.
func (r *Runtime) Run(ctx context.Context, req Request) (Result, error) {
	if err := validateBindings(req.Bindings); err != nil {
		return Result{}, err
	}
	if err := validateFileName(req.FileName); err != nil {
		return Result{}, err
	}
	return r.guarded(ctx, req.Bindings, segment{}, func(rn *run) {
		rn.fileName = req.FileName
		rn.runProgram(req.Program)
	})
}

// guarded runs one segment of a run (a Run, or a Resume) as an active run
// of r: it counts the run for Close, gives it its context, turns a panic
// in the host path into a failure and reports the segment's telemetry.
func (r *Runtime) guarded(ctx context.Context, bindings []Namespace, seg segment, body func(*run)) (res Result, err error) {
	if err := r.enter(); err != nil {
		return Result{}, err
	}
	defer r.leave()
	ctx, started := r.tel.start(ctx, seg)
	rn := newRun(ctx, r, bindings)
	defer func() { r.tel.end(ctx, started, rn, res) }()
	defer rn.end()
	defer func() {
		if p := recover(); p != nil {
			rn.fail(KindWorkerExit, fmt.Sprintf("internal error in the host: %v", p))
			res, err = rn.finish(), nil
		}
	}()
	if rn.abortErr() != nil {
		rn.fail(KindAbort, rn.abortMessage())
	} else if rn.admit() {
		body(rn)
	}
	return rn.finish(), nil
}

// enter registers a run, unless r is closed.
func (r *Runtime) enter() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.closed {
		return ErrClosed
	}
	r.active++
	return nil
}

// leave unregisters a run; the last run to leave a closed Runtime releases
// it, so that Close releases everything even when its ctx ends first.
func (r *Runtime) leave() {
	r.mu.Lock()
	r.active--
	last := r.closed && r.active == 0
	r.mu.Unlock()
	if last {
		r.release()
	}
}

// release closes the engine: the compiled module and the snapshot's
// memory. It runs once, when the Runtime is closed and no run is in flight:
// closing the engine under a running guest would free its memory under it.
func (r *Runtime) release() {
	r.relErr = r.engine.Close(context.Background())
	close(r.released)
}

// Language is the language programs must be written in, as
// [Config.Language] names it: [LanguageTypeScript] or [LanguagePython].
func (r *Runtime) Language() string { return r.cfg.Language }

// SandboxSHA256 is the hex sha256 of the sandbox module the Runtime runs
// (for TypeScript, [wasm.SHA256]). A suspended run's state resumes only in
// a Runtime with the same sandbox: a caller that stores states can tell
// from it which Runtime a state needs.
func (r *Runtime) SandboxSHA256() string {
	h := r.engine.ModuleHash()
	return hex.EncodeToString(h[:])
}

// Isolation names the execution substrate, "wasm". It is a diagnostic label,
// not a security promise: the boundary is the policy around the bindings.
func (r *Runtime) Isolation() string { return "wasm" }

// Close terminates runs in flight (they end with KindAbort) and releases
// everything the Runtime holds, whatever ctx does: if ctx ends before the
// runs in flight have returned (they stop within milliseconds of Close),
// Close returns ctx's error and the last of those runs releases the sandbox
// as it returns. Suspended runs are not in flight: the Runtime holds nothing
// of them. Run and Resume after Close return ErrClosed; closing again waits,
// within its ctx, for the release the first Close started.
func (r *Runtime) Close(ctx context.Context) error {
	r.mu.Lock()
	first := !r.closed
	r.closed = true
	idle := r.active == 0
	r.mu.Unlock()
	if first {
		r.close(errClosing)
		if idle {
			r.release()
		}
	}
	select {
	case <-r.released:
	default:
		select {
		case <-r.released:
		case <-ctx.Done():
			return fmt.Errorf("coderun: close: runs are still in flight (the last of them releases the sandbox as it returns): %w", ctx.Err())
		}
	}
	if r.relErr != nil {
		return fmt.Errorf("coderun: close: %w", r.relErr)
	}
	return nil
}
