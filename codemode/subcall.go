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
	"go.opentelemetry.io/otel/trace"
)

// subDispatcher turns one program's tools[...] calls into pipeline calls:
// it orders them through a dispatchQueue, logs each as a dispatch pair under
// the run_code call's token, and holds the deferred context entries they
// produce until run_code settles. A sub-call whose approval is not decided
// yet is parked: its Function returns coderun.Suspend, and the dispatcher
// remembers it for the suspension (see suspend and restore).
type subDispatcher struct {
	s      *Session
	parent *Call
	span   trace.Span // the run_code call's, parent of the sub-calls' spans
	queue  *dispatchQueue

	mu      sync.Mutex
	closed  bool
	calls   sync.WaitGroup           // dispatches in progress, logging included
	held    map[int64][]ContextEntry // deferred entries by submission number
	parked  map[int64]*parkedCall    // waiting sub-calls by submission number
	nextSeq int64                    // one past the highest submission number seen
}

func newSubDispatcher(s *Session, parent *Call, limit int) *subDispatcher {
	return &subDispatcher{
		s:       s,
		parent:  parent,
		queue:   newDispatchQueue(limit),
		held:    make(map[int64][]ContextEntry),
		parked:  make(map[int64]*parkedCall),
		nextSeq: 1,
	}
}

// bindings are the namespaces a program of this dispatcher runs with: one,
// tools, with a function per visible tool and the describe function
// (tools.$describe in TypeScript, tools.describe_tools in Python), a
// sub-call of describe_tools. No tool can take either name: both are
// reserved.
func (d *subDispatcher) bindings() []coderun.Namespace {
	tools, _ := d.s.visible()
	lang := d.s.lang
	fns := make(map[string]coderun.Function, len(tools)+1)
	for _, e := range tools {
		fns[e.tool.Name] = d.function(e)
	}
	fns[lang.describeFunction] = d.function(d.s.describe)
	return []coderun.Namespace{{
		Global:     ToolsGlobal,
		Functions:  fns,
		Hidden:     []string{lang.describeFunction},
		ErrorClass: &coderun.ErrorClass{Name: ToolCallErrorClass, Member: lang.errorMember},
	}}
}

// function is the coderun.Function the program calls as tools[name].
func (d *subDispatcher) function(e *entry) coderun.Function {
	return func(ctx context.Context, args any) (any, error) {
		return d.dispatch(ctx, e, args)
	}
}

// subCallID is the token of the sub-call at position seq of the program
// that run_code call parent runs.
func subCallID(parent string, seq int64) string {
	return parent + "." + strconv.FormatInt(seq, 10)
}

// errRunOver rejects a call that arrives after run_code settled.
var errRunOver = errors.New("codemode: the program's run is over")

// queuedReason is the reason a sub-call parked behind another one gives.
const queuedReason = "queued behind a call that awaits approval"

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
		// As the program wrote them, key order included; json.Marshal of
		// the decoded map would sort the keys.
		var ok bool
		if raw, ok = coderun.CallArgs(ctx); !ok {
			var err error
			if raw, err = json.Marshal(args); err != nil {
				return nil, fmt.Errorf("codemode: sub-call arguments: %w", err)
			}
		}
	}
	submitted := time.Now() // before enqueue, which may admit the call at once
	var t *ticket
	if pos, ok := programOrder(ctx); ok {
		t = d.queue.enqueueAt(pos, e.tool.Concurrency)
	} else {
		t = d.queue.enqueue(e.tool.Concurrency)
	}
	d.sawSeq(t.seq)
	call := &Call{
		ID:       subCallID(d.parent.ID, t.seq),
		ParentID: d.parent.ID,
		Tool:     e.tool.Name,
		Args:     raw,
	}
	ctx = d.s.tel.startSubCall(ctx, d.span, call)
	value, parked, err := d.runQueued(ctx, t, submitted, call, true, func(ctx context.Context) (*Output, error) {
		return d.s.pipeline(ctx, e, call)
	})
	if parked != "" {
		return nil, coderun.Suspend(parked)
	}
	return value, err
}

// runQueued runs a sub-call's pipeline stages in its turn and settles it:
// a value, a rejection, or a park, for which it returns the reason to give
// coderun.Suspend. call is the call the stages work on, so a park records
// its final arguments. With logStart, the call's dispatch start is written
// when it leaves the line, so that a call dropped from it says so; a
// resumed call's start was written in the segment that made it. ctx
// carries the sub-call's span (startSubCall), which runQueued ends.
func (d *subDispatcher) runQueued(ctx context.Context, t *ticket, submitted time.Time, call *Call, logStart bool, stages func(context.Context) (*Output, error)) (value any, parked string, err error) {
	var (
		out     *Output
		callErr error
		park    *awaitingApproval
		ended   bool // its end is written
	)
	qerr := d.queue.runParkable(ctx, t, func(ctx context.Context) bool {
		if logStart {
			logStart = false
			d.logStart(ctx, call, false)
		}
		out, callErr = stages(ctx)
		if park = awaiting(callErr); park != nil {
			return true
		}
		if callErr == nil && len(out.Deferred) > 0 {
			d.hold(t.seq, out.Deferred)
		}
		// The end is written before the queue lets the next call in, so
		// the log never shows that call admitted while this one still
		// ran: readers count how many ran at once from it.
		d.logEnd(ctx, call, submitted, t.admittedAt.Sub(submitted), callErr)
		ended = true
		return false
	})
	wait := t.admittedAt.Sub(submitted)
	p := &parkedCall{Seq: t.seq, ID: call.ID, Tool: call.Tool, Args: call.Args}
	switch {
	case park != nil:
		p.Approval, p.Reason, p.Note, parked = true, park.reason, park.note, park.reason
		callErr = &CallError{CallID: call.ID, Tool: call.Tool, Outcome: OutcomeSuspended, Stage: StageApproval, Message: "awaiting approval: " + park.reason}
	case errors.Is(qerr, errParked):
		wait = time.Since(submitted)
		p.Reason, parked = queuedReason, queuedReason
		callErr = &CallError{CallID: call.ID, Tool: call.Tool, Outcome: OutcomeSuspended, Stage: StageQueue, Message: queuedReason}
	case qerr != nil:
		wait = time.Since(submitted)
		callErr = &CallError{
			CallID: call.ID, Tool: call.Tool, Outcome: OutcomeDropped, Stage: StageQueue, Err: qerr,
			Message: fmt.Sprintf("call of tool %q was dropped: the program's run ended before it started", call.Tool),
		}
	}
	if parked != "" {
		d.park(p)
	}
	if logStart {
		d.logStart(ctx, call, qerr != nil && !errors.Is(qerr, errParked))
	}
	if !ended {
		d.logEnd(ctx, call, submitted, wait, callErr)
	}
	d.s.tel.endSubCall(ctx, call, parked, callErr)
	switch {
	case parked != "":
		return nil, parked, nil
	case callErr != nil:
		return nil, "", callErr
	}
	return out.Value, "", nil
}

func (d *subDispatcher) sawSeq(seq int64) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.nextSeq = max(d.nextSeq, seq+1)
}

// dropLate records a call that reached the dispatcher after run_code
// settled: the program made it and returned without awaiting it, and the
// runtime handed it over only then. It never runs, but it still gets its
// dispatch pair, outcome dropped, so the log shows every call the program
// made.
func (d *subDispatcher) dropLate(ctx context.Context, e *entry, args any) error {
	id := d.parent.ID + ".late"
	if pos, ok := programOrder(ctx); ok {
		id = subCallID(d.parent.ID, pos)
	}
	call := &Call{ID: id, ParentID: d.parent.ID, Tool: e.tool.Name, Args: emptyArgs()}
	if args != nil {
		if raw, err := json.Marshal(args); err == nil {
			call.Args = raw
		}
	}
	callErr := &CallError{
		CallID: call.ID, Tool: call.Tool, Outcome: OutcomeDropped, Stage: StageQueue, Err: errRunOver,
		Message: fmt.Sprintf("call of tool %q was dropped: the program's run ended before it started", call.Tool),
	}
	ctx = d.s.tel.startSubCall(ctx, d.span, call)
	d.logStart(ctx, call, true)
	d.s.tel.endSubCall(ctx, call, "", callErr)
	attrs := append(callAttrs(call), outcomeAttrs(0, callErr)...)
	d.s.log.LogAttrs(ctx, slog.LevelInfo, EventCodeDispatch, append(attrs, slog.Duration("wait", 0))...)
	return callErr
}

// logEnd writes a sub-call's dispatch end (EventCodeDispatch): how long
// since it was submitted, how long of that it waited in the queue, and its
// outcome.
func (d *subDispatcher) logEnd(ctx context.Context, call *Call, submitted time.Time, wait time.Duration, callErr error) {
	attrs := append(callAttrs(call), outcomeAttrs(time.Since(submitted), callErr)...)
	d.s.log.LogAttrs(ctx, slog.LevelInfo, EventCodeDispatch, append(attrs, slog.Duration("wait", wait))...)
}

// logStart writes a sub-call's dispatch start; dropped marks one that never
// ran (EventCodeDispatchStart).
func (d *subDispatcher) logStart(ctx context.Context, call *Call, dropped bool) {
	attrs := append(callAttrs(call), argsAttr(call.Args))
	if dropped {
		attrs = append(attrs, slog.Bool("dropped", true))
	}
	d.s.log.LogAttrs(ctx, slog.LevelInfo, EventCodeDispatchStart, attrs...)
}

func (d *subDispatcher) hold(seq int64, entries []ContextEntry) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.held[seq] = entries
}

func (d *subDispatcher) park(p *parkedCall) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.parked[p.Seq] = p
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

// suspend describes a settled dispatcher whose run suspended: every parked
// sub-call, matched to the runtime's pending call that stands for it, and
// the held entries. The runtime lists its pending calls in program order,
// as the parked calls are by position, and every Suspend it saw came from
// a park, so the two lists pair up one to one.
func (d *subDispatcher) suspend(env *envelope, pending []coderun.PendingCall) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	seqs := slices.Sorted(maps.Keys(d.parked))
	if len(seqs) != len(pending) {
		return fmt.Errorf("codemode: run_code: the run suspended on %d calls, but %d sub-calls are parked", len(pending), len(seqs))
	}
	for i, seq := range seqs {
		p := d.parked[seq]
		if pending[i].Namespace != ToolsGlobal || pending[i].Function != p.Tool {
			return fmt.Errorf("codemode: run_code: the run's pending call %d is %s.%s, but the parked sub-call is %q", i, pending[i].Namespace, pending[i].Function, p.Tool)
		}
		p.RunID = pending[i].ID
		env.Parked = append(env.Parked, *p)
	}
	for _, seq := range slices.Sorted(maps.Keys(d.held)) {
		env.Held = append(env.Held, heldEntries{Seq: seq, Entries: d.held[seq]})
	}
	env.NextSeq = d.nextSeq
	return nil
}

// restoreDispatcher rebuilds the dispatcher of a suspended run: its held
// entries, and its parked sub-calls back in a fresh queue, in program
// order, ahead of any call the program makes after the resume.
func restoreDispatcher(s *Session, parent *Call, env *envelope) (*subDispatcher, map[int64]*ticket) {
	d := newSubDispatcher(s, parent, s.cfg.MaxParallelSubCalls)
	d.nextSeq = max(env.NextSeq, 1)
	for _, h := range env.Held {
		d.held[h.Seq] = h.Entries
	}
	classes := make(map[int64]Concurrency, len(env.Parked))
	for _, p := range env.Parked {
		if e := s.visibleEntry(p.Tool); e != nil {
			classes[p.Seq] = e.tool.Concurrency
		} else {
			classes[p.Seq] = Exclusive
		}
	}
	return d, d.queue.restore(d.nextSeq-1, classes)
}

// replay settles what it can of a restored run's parked sub-calls before
// the run goes on, in their turn as the queue allows: an approved call
// runs the rest of its pipeline (execute, post-execute hooks), a denied one
// is refused, an undecided one stays parked, and a call that was queued
// behind them runs its whole pipeline (it never started). It returns the
// answers for the runtime, in program order.
func (d *subDispatcher) replay(ctx context.Context, env *envelope, tickets map[int64]*ticket, decisions map[string]Approval) []coderun.Answer {
	answers := make([]coderun.Answer, len(env.Parked))
	settled := make([]bool, len(env.Parked))
	var wg sync.WaitGroup
	for i, p := range env.Parked {
		e := d.s.visibleEntry(p.Tool)
		wg.Go(func() {
			call := &Call{ID: p.ID, ParentID: d.parent.ID, Tool: p.Tool, Args: p.Args}
			ctx := d.s.tel.startSubCall(ctx, d.span, call)
			var stages func(context.Context) (*Output, error)
			switch a, decided := decisions[p.ID]; {
			case e == nil:
				stages = func(context.Context) (*Output, error) {
					return nil, &CallError{CallID: call.ID, Tool: call.Tool, Outcome: OutcomeUnknownTool, Stage: StageLookup,
						Message: fmt.Sprintf("tool %q is no longer available", call.Tool)}
				}
			case p.Approval && !decided:
				stages = func(context.Context) (*Output, error) {
					return nil, &CallError{Outcome: OutcomeSuspended, Err: &awaitingApproval{reason: p.Reason, note: p.Note}}
				}
			case p.Approval:
				stages = func(ctx context.Context) (*Output, error) {
					d.s.log.LogAttrs(ctx, slog.LevelInfo, EventApproval, append(callAttrs(call), slog.Bool("approved", a.Approved), slog.Bool("resumed", true))...)
					d.s.tel.approval(ctx, a.Approved, false, true)
					if !a.Approved {
						return nil, refusedApproval(call, a.Reason)
					}
					return d.s.finish(ctx, e, call)
				}
			default:
				stages = func(ctx context.Context) (*Output, error) { return d.s.pipeline(ctx, e, call) }
			}
			value, parked, err := d.runQueued(ctx, tickets[p.Seq], time.Now(), call, false, stages)
			if parked != "" {
				return // parked again
			}
			answers[i] = coderun.Answer{ID: p.RunID, Value: value, Err: err}
			settled[i] = true
		})
	}
	wg.Wait()
	var out []coderun.Answer
	for i, a := range answers {
		if settled[i] {
			out = append(out, a)
		}
	}
	return out
}
