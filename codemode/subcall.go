package codemode

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"slices"
	"strconv"
	"sync"
	"time"

	coderun "github.com/coderun/coderun"
)

// subDispatcher turns one program's tools[...] calls into pipeline calls:
// it orders them through a dispatchQueue, logs each as a dispatch pair under
// the run_code call's token, and holds the deferred context entries they
// produce until run_code settles.
type subDispatcher struct {
	s      *Session
	parent *Call
	queue  *dispatchQueue

	mu     sync.Mutex
	closed bool
	calls  sync.WaitGroup           // dispatches in progress, logging included
	held   map[int64][]ContextEntry // deferred entries by submission number
}

func newSubDispatcher(s *Session, parent *Call, limit int) *subDispatcher {
	return &subDispatcher{
		s:      s,
		parent: parent,
		queue:  newDispatchQueue(limit),
		held:   make(map[int64][]ContextEntry),
	}
}

// functions are the program's tools namespace: one function per visible
// tool, and tools.$describe, a sub-call of describe_tools.
func (d *subDispatcher) functions(tools []*entry) map[string]coderun.Function {
	fns := make(map[string]coderun.Function, len(tools)+1)
	for _, e := range tools {
		fns[e.tool.Name] = d.function(e)
	}
	fns[DescribeFunction] = d.function(d.s.describe)
	return fns
}

// function is the coderun.Function the program calls as tools[name].
func (d *subDispatcher) function(e *entry) coderun.Function {
	return func(ctx context.Context, args any) (any, error) {
		return d.dispatch(ctx, e, args)
	}
}

// errRunOver rejects a call that arrives after run_code settled.
var errRunOver = errors.New("codemode: the program's run is over")

// dispatch runs one sub-call. Success resolves to the tool's JSON value and
// nothing else: display content and deferred entries stay on the host side.
// Failure rejects with the CallError, whose message the runtime puts on the
// ToolCallError.
func (d *subDispatcher) dispatch(ctx context.Context, e *entry, args any) (any, error) {
	d.mu.Lock()
	if d.closed {
		d.mu.Unlock()
		return nil, d.dropLate(ctx, e, args)
	}
	d.calls.Add(1)
	d.mu.Unlock()
	defer d.calls.Done()

	raw := emptyArgs()
	if args != nil {
		var err error
		if raw, err = json.Marshal(args); err != nil {
			return nil, fmt.Errorf("codemode: sub-call arguments: %w", err)
		}
	}
	submitted := time.Now() // before enqueue, which may admit the call at once
	var t *ticket
	if pos, ok := programOrder(ctx); ok {
		t = d.queue.enqueueAt(pos, e.tool.Concurrency)
	} else {
		t = d.queue.enqueue(e.tool.Concurrency)
	}
	call := &Call{
		ID:       d.parent.ID + "." + strconv.FormatInt(t.seq, 10),
		ParentID: d.parent.ID,
		Tool:     e.tool.Name,
		Args:     raw,
	}
	d.s.log.LogAttrs(ctx, slog.LevelInfo, EventCodeDispatchStart, append(callAttrs(call), argsAttr(raw))...)

	var (
		out     *Output
		callErr error
	)
	qerr := d.queue.run(ctx, t, func(ctx context.Context) {
		out, callErr = d.s.pipeline(ctx, e, call)
		if callErr == nil && len(out.Deferred) > 0 {
			d.hold(t.seq, out.Deferred)
		}
	})
	wait := t.admittedAt.Sub(submitted)
	if qerr != nil {
		wait = time.Since(submitted)
		callErr = &CallError{
			CallID: call.ID, Tool: call.Tool, Outcome: OutcomeDropped, Stage: StageQueue, Err: qerr,
			Message: fmt.Sprintf("call of tool %q was dropped: the program's run ended before it started", call.Tool),
		}
	}
	attrs := append(callAttrs(call), outcomeAttrs(time.Since(submitted), callErr)...)
	d.s.log.LogAttrs(ctx, slog.LevelInfo, EventCodeDispatch, append(attrs, slog.Duration("wait", wait))...)
	if callErr != nil {
		return nil, callErr
	}
	return out.Value, nil
}

// dropLate records a call that reached the dispatcher after run_code
// settled: the program made it and returned without awaiting it, and the
// runtime handed it over only then. It never runs, but it still gets its
// dispatch pair, outcome dropped, so the log shows every call the program
// made.
func (d *subDispatcher) dropLate(ctx context.Context, e *entry, args any) error {
	id := "late"
	if pos, ok := programOrder(ctx); ok {
		id = strconv.FormatInt(pos, 10)
	}
	call := &Call{ID: d.parent.ID + "." + id, ParentID: d.parent.ID, Tool: e.tool.Name, Args: emptyArgs()}
	if args != nil {
		if raw, err := json.Marshal(args); err == nil {
			call.Args = raw
		}
	}
	callErr := &CallError{
		CallID: call.ID, Tool: call.Tool, Outcome: OutcomeDropped, Stage: StageQueue, Err: errRunOver,
		Message: fmt.Sprintf("call of tool %q was dropped: the program's run ended before it started", call.Tool),
	}
	d.s.log.LogAttrs(ctx, slog.LevelInfo, EventCodeDispatchStart, append(callAttrs(call), argsAttr(call.Args))...)
	attrs := append(callAttrs(call), outcomeAttrs(0, callErr)...)
	d.s.log.LogAttrs(ctx, slog.LevelInfo, EventCodeDispatch, append(attrs, slog.Duration("wait", 0))...)
	return callErr
}

func (d *subDispatcher) hold(seq int64, entries []ContextEntry) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.held[seq] = entries
}

// settle ends dispatching once the run has settled: queued calls are
// dropped, running ones cancelled, and settle waits for every dispatch to
// finish. It returns the held deferred entries in submission order, which,
// unlike completion order, does not depend on timing.
func (d *subDispatcher) settle() []ContextEntry {
	d.mu.Lock()
	d.closed = true
	d.mu.Unlock()
	d.queue.settle()
	d.calls.Wait()

	d.mu.Lock()
	defer d.mu.Unlock()
	var out []ContextEntry
	for _, seq := range slices.Sorted(maps.Keys(d.held)) {
		out = append(out, d.held[seq]...)
	}
	return out
}
