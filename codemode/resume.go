package codemode

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"go.opentelemetry.io/otel/trace"
)

// Resume continues a call that suspended waiting for approvals (see
// NotYet), with the decisions on some or all of them. state is
// Output.Suspended.State, sealed by a session with the same
// Config.Budgets.StateKey, in this process or another.
//
// An approved call runs the rest of its pipeline (execute, post-execute
// hooks); a denied one is refused as the Approver's denial would be, with
// Approval.Reason in the message. For run_code, the program's run goes on
// where it stopped: sub-calls made before the suspension are not made
// again, their results and deferred entries are kept, and the approved
// sub-call's result, or the denied one's ToolCallError, is what the
// program's await receives. Calls left undecided keep waiting: the output
// is then suspended again, with a new state. The final output carries the
// run's whole Result (every log line since the start) and every deferred
// entry.
//
// Resume returns an error and runs nothing for a state that is not valid,
// was sealed with another key or sandbox build, or has expired, and for
// approvals that name no pending call or one call twice; the errors wrap
// coderun.ErrStateInvalid, ErrStateKey, ErrStateBuild, ErrStateExpired and
// ErrAnswers. Any other failure is the call's, as for Call. A state may be
// resumed more than once; to resume it at most once, keep it in a store
// that hands it out once (package store).
func (s *Session) Resume(ctx context.Context, state []byte, approvals []Approval) (*Output, error) {
	env, err := s.openEnvelope(state)
	if err != nil {
		return nil, err
	}
	decisions, err := checkApprovals(env, approvals)
	if err != nil {
		return nil, err
	}
	call := &Call{ID: env.CallID, Tool: env.Tool, Args: env.Args}
	if env.Run != nil && s.rt == nil {
		return nil, fmt.Errorf("codemode: resume: %w: the state is a run_code run, and this session has no runtime (mode %s)", errors.ErrUnsupported, s.cfg.Mode)
	}
	start := time.Now()
	var approved, denied []string
	for _, a := range approvals {
		if a.Approved {
			approved = append(approved, a.ID)
		} else {
			denied = append(denied, a.ID)
		}
	}
	ctx = s.tel.startResume(ctx, call, env.Trace, approved, denied)
	s.log.LogAttrs(ctx, slog.LevelInfo, EventResumed, append(callAttrs(call), slog.Any("approved", approved), slog.Any("denied", denied))...)
	var out *Output
	if env.Run == nil {
		out, err = s.resumeDirect(ctx, env, call, decisions, start)
	} else {
		out, err = s.resumeRun(ctx, env, call, decisions, start)
	}
	s.logCallEnd(ctx, call, start, out, err)
	s.tel.endCall(ctx, call, out, err)
	return out, err
}

// suspendDirect suspends a top-level call whose own approval is not
// decided yet. Its final arguments (pre-execute hooks applied, validated)
// are kept: on resume only execute and the post-execute hooks remain.
func (s *Session) suspendDirect(ctx context.Context, call *Call, aa *awaitingApproval, started time.Time) (*Output, error) {
	env := &envelope{
		CallID: call.ID, Tool: call.Tool, Args: call.Args,
		Parked: []parkedCall{{ID: call.ID, Tool: call.Tool, Args: call.Args, Approval: true, Reason: aa.reason, Note: aa.note}},
	}
	susp, err := s.suspension(ctx, env, started)
	if err != nil {
		return nil, err
	}
	return &Output{Value: []byte("null"), Content: suspendedContent(susp.Pending), Suspended: susp}, nil
}

// resumeDirect continues a top-level call that waited on its own approval.
func (s *Session) resumeDirect(ctx context.Context, env *envelope, call *Call, decisions map[string]Approval, started time.Time) (*Output, error) {
	p := env.Parked[0]
	a, ok := decisions[p.ID]
	if !ok {
		return s.suspendDirect(ctx, call, &awaitingApproval{reason: p.Reason, note: p.Note}, started)
	}
	s.log.LogAttrs(ctx, slog.LevelInfo, EventApproval, append(callAttrs(call), slog.Bool("approved", a.Approved), slog.Bool("resumed", true))...)
	s.tel.approval(ctx, a.Approved, false, true)
	if !a.Approved {
		return nil, refusedApproval(call, a.Reason)
	}
	e, err := s.lookupTopLevel(call.Tool)
	if err != nil {
		return nil, &CallError{CallID: call.ID, Tool: call.Tool, Outcome: OutcomeUnknownTool, Stage: StageLookup, Message: err.Error()}
	}
	return s.finish(ctx, e, call)
}

// resumeRun continues a suspended run_code run: the parked sub-calls that
// can go on run first, outside the program, and their results are the
// answers the run resumes with.
func (s *Session) resumeRun(ctx context.Context, env *envelope, call *Call, decisions map[string]Approval, started time.Time) (*Output, error) {
	// The runtime must be able to resume the run before any approved call
	// runs: a runtime with another StateKey or sandbox build would refuse it
	// after the approved write had already happened.
	if _, err := s.rt.Pending(env.Run); err != nil {
		return nil, fmt.Errorf("codemode: resume: %w", err)
	}
	d, tickets := restoreDispatcher(s, call, env)
	d.span = trace.SpanFromContext(ctx)
	answers := d.replay(ctx, env, tickets, decisions)
	res, runErr := s.rt.Resume(ctx, env.Run, answers, d.bindings())
	out, err := s.runCodeOutput(ctx, call, d, started, res, runErr)
	if err != nil || out.Suspended != nil {
		return out, err
	}
	// run_code's own post-execute hooks were skipped when it suspended.
	return s.postExecute(ctx, call, out)
}
