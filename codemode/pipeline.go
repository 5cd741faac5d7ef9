package codemode

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
)

// emptyArgs stands in for a call made without arguments. It returns a new
// slice each time: hooks may modify the arguments they are given.
func emptyArgs() json.RawMessage { return json.RawMessage("{}") }

// pipeline runs one call, top-level or sub-call, through every stage:
// pre-execute hooks, argument validation, guards, policy and approval,
// execute, post-execute hooks. Each refusal is a *CallError; nothing after a
// refusal runs. A call whose Approver said NotYet stops before execute,
// with a *CallError of OutcomeSuspended; finish runs the rest on resume.
func (s *Session) pipeline(ctx context.Context, e *entry, call *Call) (*Output, error) {
	// From the registered tool, never from the caller: the name the policy
	// matches must be the one of the tool that runs.
	call.QualifiedName = e.tool.QualifiedName()
	if len(call.Args) == 0 {
		call.Args = emptyArgs()
	}
	if err := s.preExecute(ctx, call); err != nil {
		return nil, err
	}
	if err := validateJSON(e.input, call.Args); err != nil {
		return nil, &CallError{
			CallID: call.ID, Tool: call.Tool, Outcome: OutcomeInvalidArguments, Stage: StageValidate,
			Message: fmt.Sprintf("invalid arguments for tool %q: %v. Fix the arguments to match the tool's input schema and call it again.", call.Tool, err),
		}
	}
	for _, g := range s.guards {
		if err := recovered(func() error { return g(ctx, *call) }); err != nil {
			return nil, refusal(call, OutcomeDenied, StageGuard, "call denied by a guard", err)
		}
	}
	if err := s.approve(ctx, call); err != nil {
		return nil, err
	}
	return s.finish(ctx, e, call)
}

// finish runs the stages after approval: execute and the post-execute
// hooks. A suspended run_code output skips the hooks: they see its result
// when the run is resumed and ends.
func (s *Session) finish(ctx context.Context, e *entry, call *Call) (*Output, error) {
	if err := ctx.Err(); err != nil {
		return nil, cancelled(call, err)
	}
	out, err := execute(ctx, e, call)
	if err != nil || out.Suspended != nil {
		return out, err
	}
	return s.postExecute(ctx, call, out)
}

// postExecute runs the post-execute hooks on a result.
func (s *Session) postExecute(ctx context.Context, call *Call, out *Output) (*Output, error) {
	for _, h := range s.post {
		if err := recovered(func() error { return h(ctx, *call, *out) }); err != nil {
			if n := len(out.Deferred); n > 0 {
				s.log.LogAttrs(ctx, slog.LevelInfo, EventDeferredDiscarded, append(callAttrs(call), slog.Int("entries", n))...)
			}
			return nil, refusal(call, OutcomeBlocked, StagePostExecute, "result blocked by a post-execute hook", err)
		}
	}
	return out, nil
}

// preExecute runs the pre-execute hooks. Each hook gets a copy of the call
// and only its Args are kept, so no hook can change which tool runs.
func (s *Session) preExecute(ctx context.Context, call *Call) error {
	original := call.Args
	for _, h := range s.pre {
		c := *call
		if err := recovered(func() error { return h(ctx, &c) }); err != nil {
			return refusal(call, OutcomeDenied, StagePreExecute, "call denied by a pre-execute hook", err)
		}
		call.Args = c.Args
		if len(call.Args) == 0 {
			call.Args = emptyArgs()
		}
	}
	if !bytes.Equal(original, call.Args) {
		s.log.LogAttrs(ctx, slog.LevelInfo, EventArgsRewritten, append(callAttrs(call), argsAttr(call.Args))...)
	}
	return nil
}

// approve asks the policy and, for ActionAsk, the approver.
func (s *Session) approve(ctx context.Context, call *Call) error {
	var d Decision
	err := recovered(func() (err error) {
		d, err = s.policy.Decide(ctx, *call)
		return err
	})
	if err != nil {
		return refusal(call, OutcomeDenied, StagePolicy, "call denied: the policy could not decide", err)
	}
	switch d.Action {
	case ActionAllow:
		return nil
	case ActionDeny:
		return refusal(call, OutcomeDenied, StagePolicy, "call denied by policy", &Denial{Reason: d.Reason})
	case ActionAsk:
		return s.askApprover(ctx, call, d.Reason)
	default: // fail closed on a policy that returns nonsense
		return refusal(call, OutcomeDenied, StagePolicy, "call denied: the policy could not decide",
			fmt.Errorf("codemode: policy returned unknown action %q", d.Action))
	}
}

// askApprover gets the host's approval for a call the policy marked ask.
func (s *Session) askApprover(ctx context.Context, call *Call, reason string) error {
	if s.approver == nil {
		return &CallError{
			CallID: call.ID, Tool: call.Tool, Outcome: OutcomeDenied, Stage: StageApproval,
			Message: fmt.Sprintf("call denied: %s requires approval (%s), and no approver is available in this session", call.subject(), reason),
		}
	}
	var ok bool
	done := s.tel.asking(ctx, call)
	err := recovered(func() (err error) {
		ok, err = s.approver.Approve(ctx, ApprovalRequest{Call: *call, Reason: reason})
		return err
	})
	done()
	if errors.Is(err, ErrNotYet) {
		return s.notYet(ctx, call, reason, err)
	}
	s.log.LogAttrs(ctx, slog.LevelInfo, EventApproval, append(callAttrs(call), slog.Bool("approved", ok && err == nil))...)
	s.tel.approval(ctx, ok && err == nil, false, false)
	switch {
	case err != nil && ctx.Err() != nil:
		return cancelled(call, err)
	case err != nil:
		return refusal(call, OutcomeDenied, StageApproval, "call denied: approval could not be obtained", err)
	case !ok:
		return refusedApproval(call, "")
	}
	return nil
}

// notYet handles an Approver's NotYet: the call stops awaiting approval,
// to be suspended by its caller, or, in a session that cannot suspend, is
// denied with a message saying so.
func (s *Session) notYet(ctx context.Context, call *Call, reason string, err error) error {
	s.log.LogAttrs(ctx, slog.LevelInfo, EventApproval, append(callAttrs(call), slog.Bool("approved", false), slog.Bool("pending", true), slog.String("note", err.Error()))...)
	s.tel.approval(ctx, false, true, false)
	if !s.canSuspend() {
		return &CallError{
			CallID: call.ID, Tool: call.Tool, Outcome: OutcomeDenied, Stage: StageApproval, Err: ErrCannotSuspend,
			Message: fmt.Sprintf("call denied: tool %q requires approval (%s), which is not decided yet, and this session cannot wait for it", call.Tool, reason),
		}
	}
	var ny *notYetError
	note := err.Error()
	if errors.As(err, &ny) {
		note = ny.reason
	}
	return &CallError{
		CallID: call.ID, Tool: call.Tool, Outcome: OutcomeSuspended, Stage: StageApproval,
		Message: fmt.Sprintf("call of tool %q awaits approval (%s)", call.Tool, reason),
		Err:     &awaitingApproval{reason: reason, note: note},
	}
}

// execute runs the tool and normalizes its output: Value compacted (nil
// becomes null) and checked against the output schema, deferred entries
// labelled with their source.
func execute(ctx context.Context, e *entry, call *Call) (*Output, error) {
	var out *Output
	err := recovered(func() (err error) {
		out, err = e.tool.Execute(ctx, call)
		return err
	})
	var p *panicError
	switch {
	case errors.As(err, &p):
		return nil, internalFailure(call, err)
	case err != nil && ctx.Err() != nil:
		return nil, cancelled(call, err)
	case err != nil:
		return nil, &CallError{
			CallID: call.ID, Tool: call.Tool, Outcome: OutcomeFailed, Stage: StageExecute,
			Message: fmt.Sprintf("tool %q failed: %v", call.Tool, err), Err: err,
		}
	}
	norm := Output{}
	if out != nil {
		norm = *out
	}
	value, err := normalizeJSON(norm.Value)
	if err != nil {
		return nil, internalFailure(call, fmt.Errorf("codemode: tool %q returned invalid JSON: %w", call.Tool, err))
	}
	norm.Value = value
	if e.output != nil {
		if err := validateJSON(e.output, value); err != nil {
			return nil, &CallError{
				CallID: call.ID, Tool: call.Tool, Outcome: OutcomeFailed, Stage: StageExecute,
				Message: fmt.Sprintf("tool %q failed: its result does not match its declared output schema: %v", call.Tool, err),
				Err:     err,
			}
		}
	}
	if len(norm.Deferred) > 0 {
		norm.Deferred = append([]ContextEntry(nil), norm.Deferred...) // ours to label, not the tool's
		for i := range norm.Deferred {
			if norm.Deferred[i].Source == "" {
				norm.Deferred[i].Source = call.Tool
			}
		}
	}
	return &norm, nil
}

// normalizeJSON compacts a JSON value; nil or empty becomes null.
func normalizeJSON(v json.RawMessage) (json.RawMessage, error) {
	if len(bytes.TrimSpace(v)) == 0 {
		return json.RawMessage("null"), nil
	}
	var buf bytes.Buffer
	if err := json.Compact(&buf, v); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// refusal turns a hook's, guard's or policy's error into a CallError. A
// Denial's reason is shown to the model; any other error might carry
// internal detail, so the model only learns where to look.
func refusal(call *Call, outcome Outcome, stage Stage, prefix string, err error) *CallError {
	ce := &CallError{CallID: call.ID, Tool: call.Tool, Outcome: outcome, Stage: stage, Err: err}
	var d *Denial
	if errors.As(err, &d) {
		ce.Message = prefix + ": " + d.Reason
	} else {
		ce.Message = fmt.Sprintf("%s (the check failed; details are in the session log under call %s)", prefix, call.ID)
	}
	return ce
}

// internalFailure reports a tool failure whose detail is not for the model.
func internalFailure(call *Call, err error) *CallError {
	return &CallError{
		CallID: call.ID, Tool: call.Tool, Outcome: OutcomeFailed, Stage: StageExecute, Err: err,
		Message: fmt.Sprintf("tool %q failed with an internal error; details are in the session log under call %s", call.Tool, call.ID),
	}
}

// cancelled reports a call stopped by its context.
func cancelled(call *Call, err error) *CallError {
	return &CallError{
		CallID: call.ID, Tool: call.Tool, Outcome: OutcomeCancelled, Stage: StageExecute, Err: err,
		Message: fmt.Sprintf("call of tool %q was cancelled", call.Tool),
	}
}

// panicError is a panic recovered from host code.
type panicError struct{ value any }

// Error describes the panic.
func (p *panicError) Error() string { return fmt.Sprintf("codemode: panic: %v", p.value) }

// recovered runs fn and turns a panic into an error, so a buggy hook or tool
// fails one call instead of the process (sub-calls run on goroutines the
// runtime owns, where a panic would be fatal).
func recovered(fn func() error) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = &panicError{value: r}
		}
	}()
	return fn()
}
