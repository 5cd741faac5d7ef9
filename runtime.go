package coderun

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/coderun/coderun/internal/engine"
	"github.com/coderun/coderun/internal/hostcalls"
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
}

// Result is the outcome of one run. A failed program is a Result with a
// Failure, not an error of Run.
type Result struct {
	// Value is the program's completion value as JSON. nil means absent (no
	// return, or return undefined); "null" is an explicit null.
	Value json.RawMessage `json:"value,omitempty"`
	// Logs are the lines the program printed with console.*, in order.
	Logs []string `json:"logs"`
	// Failure is set iff the run failed.
	Failure *Failure `json:"failure,omitempty"`
}

// Runtime runs programs. It compiles the sandbox once and gives every run a
// fresh instance that shares nothing with any other. It is safe for
// concurrent use by many goroutines.
type Runtime struct {
	cfg    Config
	engine *engine.Engine

	mu      sync.Mutex
	closed  bool
	runs    sync.WaitGroup
	closing context.Context // done when Close starts
	close   context.CancelFunc
}

// ErrClosed is returned by Run after Close.
var ErrClosed = errors.New("coderun: runtime is closed")

// New validates cfg and compiles the sandbox. Compilation takes a few
// hundred milliseconds the first time in a process (less with
// Config.CompilationCacheDir); later Runtimes reuse it.
func New(cfg Config) (*Runtime, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	eng, err := engine.New(context.Background(), engine.Options{
		MemoryLimitBytes: memoryCeiling(cfg.MemoryLimitBytes),
		CacheDir:         cfg.CompilationCacheDir,
	})
	if err != nil {
		return nil, fmt.Errorf("coderun: %w", err)
	}
	closing, cancel := context.WithCancel(context.Background())
	return &Runtime{cfg: cfg, engine: eng, closing: closing, close: cancel}, nil
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
// panic in the host path, is a Result with a Failure.
func (r *Runtime) Run(ctx context.Context, req Request) (res Result, err error) {
	if err := validateBindings(req.Bindings); err != nil {
		return Result{}, err
	}
	r.mu.Lock()
	if r.closed {
		r.mu.Unlock()
		return Result{}, ErrClosed
	}
	r.runs.Add(1)
	r.mu.Unlock()
	defer r.runs.Done()

	defer func() {
		if p := recover(); p != nil {
			res = Result{Logs: []string{}, Failure: &Failure{
				Kind:    KindWorkerExit,
				Message: fmt.Sprintf("internal error in the host: %v", p),
			}}
			err = nil
		}
	}()
	return r.run(ctx, req), nil
}

func (r *Runtime) run(ctx context.Context, req Request) Result {
	start := time.Now()
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	rn := &run{cfg: r.cfg, start: start, clock: newRunClock(start, r.cfg.Deterministic), abortBy: "the run was aborted: its context was cancelled"}
	stopAbort := context.AfterFunc(ctx, func() { rn.aborted.Store(true) })
	defer stopAbort()
	stopClose := context.AfterFunc(r.closing, func() {
		rn.abortBy = "the run was aborted: the runtime is closing"
		cancel()
	})
	defer stopClose()

	rn.result = r.execute(ctx, rn, req)
	rn.result.Logs = rn.logs
	if rn.result.Logs == nil {
		rn.result.Logs = []string{}
	}
	return rn.result
}

func (r *Runtime) execute(ctx context.Context, rn *run, req Request) Result {
	tctx, cancelTransform := context.WithDeadline(ctx, rn.start.Add(r.cfg.WallTime))
	prog, failure, err := transform(tctx, req.Program)
	cancelTransform()
	if err != nil {
		failure = &Failure{Kind: KindTimeout, Message: fmt.Sprintf("the WallTime budget ran out (%v)", r.cfg.WallTime)}
		if ctx.Err() != nil {
			failure = &Failure{Kind: KindAbort, Message: rn.abortBy}
		}
	}
	if failure != nil {
		rn.mapPos = func(s string) string { return s }
		rn.fail(failure.Kind, failure.Message)
		return rn.result
	}
	rn.mapPos = prog.mapPos

	nss := make([]hostcalls.Namespace, len(req.Bindings))
	for i, ns := range req.Bindings {
		fns := make(map[string]hostcalls.Function, len(ns.Functions))
		for name, f := range ns.Functions {
			fns[name] = hostcalls.Function(f)
		}
		nss[i] = hostcalls.Namespace{Global: ns.Global, Functions: fns}
	}
	rn.bridge = hostcalls.NewBridge(ctx, nss, hostcalls.Limits{
		MaxInFlight: r.cfg.MaxCallsInFlight,
		MaxCalls:    r.cfg.MaxCalls,
	})
	defer rn.bridge.Settle()

	inst, err := r.engine.Instantiate(context.Background(), rn, rn.clock.engineClock(r.cfg.Seed))
	if err != nil {
		rn.fail(KindWorkerExit, "the sandbox could not start: "+err.Error())
		return rn.result
	}
	defer inst.Close()
	rn.inst = inst

	if !rn.guest(func() (engine.State, error) {
		ok, err := inst.Start(uint32(r.cfg.MemoryLimitBytes))
		if err == nil && !ok && !rn.settled {
			rn.fail(KindWorkerExit, "the sandbox failed to initialise")
		}
		return engine.Pending, err
	}) {
		return rn.result
	}
	if len(req.Bindings) > 0 {
		spec, err := bindingSpec(req.Bindings)
		if err != nil {
			rn.fail(KindWorkerExit, err.Error())
			return rn.result
		}
		if !rn.guest(func() (engine.State, error) {
			_, err := inst.Bind(spec)
			return engine.Pending, err
		}) {
			return rn.result
		}
	}
	if testHookBeforeLoop != nil {
		testHookBeforeLoop()
	}
	rn.loop(ctx, prog.js, prog.filename)
	return rn.result
}

// testHookBeforeLoop lets tests inject a fault into the host path.
var testHookBeforeLoop func()

// Language is the language programs must be written in: "typescript".
func (r *Runtime) Language() string { return "typescript" }

// Isolation names the execution substrate, "wasm". It is a diagnostic label,
// not a security promise: the boundary is the policy around the bindings.
func (r *Runtime) Isolation() string { return "wasm" }

// Close terminates runs in flight (they end with KindAbort), waits for them
// to return, and releases the compiled sandbox. If ctx ends first, Close
// returns its error and the runs finish on their own. Run after Close
// returns ErrClosed; closing twice is harmless.
func (r *Runtime) Close(ctx context.Context) error {
	r.mu.Lock()
	already := r.closed
	r.closed = true
	r.mu.Unlock()
	if already {
		return nil
	}
	r.close()
	done := make(chan struct{})
	go func() {
		r.runs.Wait()
		close(done)
	}()
	select {
	case <-done:
	case <-ctx.Done():
		return fmt.Errorf("coderun: close: %w", ctx.Err())
	}
	return r.engine.Close(ctx)
}
