package codemode

import (
	"context"
	"encoding/json"
	"errors"

	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/metric"
	"go.opentelemetry.io/otel/trace"

	coderun "github.com/coderun/coderun"
	"github.com/coderun/coderun/internal/telemetry"
)

// Every call, top-level or a program's sub-call, is an execute_tool span
// as the OpenTelemetry semantic conventions for generative AI define it:
// named "execute_tool {gen_ai.tool.name}", of kind INTERNAL, with
// gen_ai.operation.name, gen_ai.tool.name and gen_ai.tool.call.id (the
// session log's call token). What is coderun's own is under coderun.: the
// parent token of a sub-call (the session log's parent), the outcome and
// stage, approvals, suspensions and resumes. A sub-call's span is a child
// of its run_code call's span; the run's own span (coderun.run, from the
// Runtime) is one too.

// The semantic conventions' names.
const (
	opExecuteTool   = "execute_tool"
	attrOperation   = attribute.Key("gen_ai.operation.name")
	attrToolName    = attribute.Key("gen_ai.tool.name")
	attrToolCallID  = attribute.Key("gen_ai.tool.call.id")
	spanExecuteTool = opExecuteTool + " "
)

// coderun's own attributes and events.
const (
	attrParentCallID = attribute.Key("coderun.parent_call.id")
	attrOutcome      = attribute.Key("coderun.outcome")
	attrStage        = attribute.Key("coderun.stage")
	attrResumed      = attribute.Key("coderun.resumed")
	attrPendingIDs   = attribute.Key("coderun.pending_call.ids")
	attrApproved     = attribute.Key("coderun.approval.approved")
	attrApprovalWait = attribute.Key("coderun.approval.pending")
	attrApprovedIDs  = attribute.Key("coderun.approved_call.ids")
	attrDeniedIDs    = attribute.Key("coderun.denied_call.ids")

	eventApproval  = "coderun.approval"
	eventSuspended = "coderun.suspended"
	eventResumed   = "coderun.resumed"
)

// sessionTelemetry is a session's instrumentation. A nil one, the
// session's without providers, does nothing: every method checks first, so
// a session without telemetry pays a nil check per call.
type sessionTelemetry struct {
	tracer trace.Tracer // nil without a TracerProvider

	// nil without a MeterProvider
	subCalls metric.Int64Counter
	waiting  metric.Int64UpDownCounter
}

func newSessionTelemetry(t coderun.Telemetry) (*sessionTelemetry, error) {
	if t.TracerProvider == nil && t.MeterProvider == nil {
		return nil, nil
	}
	st := &sessionTelemetry{}
	if t.TracerProvider != nil {
		st.tracer = t.TracerProvider.Tracer(telemetry.ScopeName)
	}
	if t.MeterProvider == nil {
		return st, nil
	}
	m := t.MeterProvider.Meter(telemetry.ScopeName)
	var err error
	if st.subCalls, err = m.Int64Counter("coderun.subcalls", metric.WithUnit("{call}"),
		metric.WithDescription("Tool calls made by run_code programs, by gen_ai.tool.name and coderun.outcome.")); err != nil {
		return nil, err
	}
	if st.waiting, err = m.Int64UpDownCounter("coderun.approvals.waiting", metric.WithUnit("{call}"),
		metric.WithDescription("Calls whose Approver is deciding now, by gen_ai.tool.name.")); err != nil {
		return nil, err
	}
	return st, nil
}

// tracing reports whether spans are recorded.
func (t *sessionTelemetry) tracing() bool { return t != nil && t.tracer != nil }

// startCall starts a call's execute_tool span as a child of the span in
// ctx, and returns the context that carries it. Without tracing, ctx is
// returned as it is.
func (t *sessionTelemetry) startCall(ctx context.Context, call *Call, opts ...trace.SpanStartOption) context.Context {
	if !t.tracing() {
		return ctx
	}
	attrs := []attribute.KeyValue{attrOperation.String(opExecuteTool), attrToolName.String(call.Tool), attrToolCallID.String(call.ID)}
	if call.ParentID != "" {
		attrs = append(attrs, attrParentCallID.String(call.ParentID))
	}
	opts = append(opts, trace.WithSpanKind(trace.SpanKindInternal), trace.WithAttributes(attrs...))
	ctx, _ = t.tracer.Start(ctx, spanExecuteTool+call.Tool, opts...)
	return ctx
}

// startSubCall starts a sub-call's span as a child of its run_code call's
// span (parent), whichever span ctx, the program's, carries.
func (t *sessionTelemetry) startSubCall(ctx context.Context, parent trace.Span, call *Call) context.Context {
	if !t.tracing() {
		return ctx
	}
	return t.startCall(trace.ContextWithSpan(ctx, parent), call)
}

// startResume starts the span of a Resume of a suspended call: it joins
// the trace the call was suspended in (traceparent), and records the
// decisions it resumes with.
func (t *sessionTelemetry) startResume(ctx context.Context, call *Call, traceparent string, approved, denied []string) context.Context {
	if !t.tracing() {
		return ctx
	}
	ctx, links := telemetry.Join(ctx, traceparent)
	ctx = t.startCall(ctx, call, trace.WithLinks(links...), trace.WithAttributes(attrResumed.Bool(true)))
	trace.SpanFromContext(ctx).AddEvent(eventResumed, trace.WithAttributes(attrApprovedIDs.StringSlice(approved), attrDeniedIDs.StringSlice(denied)))
	return ctx
}

// traceparent is what a suspension sealed in ctx keeps of its trace.
func (t *sessionTelemetry) traceparent(ctx context.Context) string {
	if !t.tracing() {
		return ""
	}
	return telemetry.Traceparent(ctx)
}

// endCall ends the span startCall put in ctx with the call's outcome. A
// run_code call whose program failed has outcome failed and the failure's
// kind, as in the session log.
func (t *sessionTelemetry) endCall(ctx context.Context, call *Call, out *Output, err error) {
	if !t.tracing() {
		return
	}
	span := trace.SpanFromContext(ctx)
	defer span.End()
	if err == nil && out != nil && out.Suspended != nil {
		span.SetAttributes(attrOutcome.String(string(OutcomeSuspended)))
		span.AddEvent(eventSuspended, trace.WithAttributes(attrPendingIDs.StringSlice(pendingIDs(out.Suspended.Pending))))
		return
	}
	if err == nil && call.Tool == RunCodeToolName && out != nil {
		var res struct {
			Failure *coderun.Failure `json:"failure"`
		}
		if json.Unmarshal(out.Value, &res) == nil && res.Failure != nil {
			span.SetAttributes(attrOutcome.String(string(OutcomeFailed)), attrStage.String(string(StageExecute)),
				telemetry.FailureKind.String(string(res.Failure.Kind)), telemetry.ErrorType.String(string(OutcomeFailed)))
			span.SetStatus(codes.Error, string(res.Failure.Kind))
			return
		}
	}
	t.setOutcome(span, err)
}

// endSubCall ends a sub-call's span, which startSubCall put in ctx:
// settled (err nil for a value) or parked, waiting for its approval or
// queued behind one that does.
func (t *sessionTelemetry) endSubCall(ctx context.Context, call *Call, parked string, err error) {
	if t == nil {
		return
	}
	outcome := outcomeOf(err)
	if parked != "" {
		outcome = OutcomeSuspended
	}
	if t.subCalls != nil {
		t.subCalls.Add(ctx, 1, metric.WithAttributeSet(attribute.NewSet(attrToolName.String(call.Tool), attrOutcome.String(string(outcome)))))
	}
	if !t.tracing() {
		return
	}
	span := trace.SpanFromContext(ctx)
	defer span.End()
	if parked != "" {
		span.SetAttributes(attrOutcome.String(string(OutcomeSuspended)))
		span.AddEvent(eventSuspended, trace.WithAttributes(attrPendingIDs.StringSlice([]string{call.ID})))
		return
	}
	t.setOutcome(span, err)
}

// setOutcome records how a call ended: ok, or its CallError's outcome as
// error.type, its stage and its message as the span's status.
func (t *sessionTelemetry) setOutcome(span trace.Span, err error) {
	outcome := outcomeOf(err)
	span.SetAttributes(attrOutcome.String(string(outcome)))
	if err == nil {
		return
	}
	span.SetAttributes(telemetry.ErrorType.String(string(outcome)))
	var ce *CallError
	if errors.As(err, &ce) {
		span.SetAttributes(attrStage.String(string(ce.Stage)))
		span.SetStatus(codes.Error, ce.Message)
		return
	}
	span.SetStatus(codes.Error, err.Error())
}

// outcomeOf is the outcome of a call that ended with err.
func outcomeOf(err error) Outcome {
	var ce *CallError
	switch {
	case err == nil:
		return OutcomeOK
	case errors.As(err, &ce):
		return ce.Outcome
	default:
		return OutcomeFailed
	}
}

// approval records an approval decision on the span of the call in ctx:
// approved or not, pending (the Approver said NotYet), and whether it came
// with a Resume.
func (t *sessionTelemetry) approval(ctx context.Context, approved, pending, resumed bool) {
	if !t.tracing() {
		return
	}
	trace.SpanFromContext(ctx).AddEvent(eventApproval, trace.WithAttributes(
		attrApproved.Bool(approved), attrApprovalWait.Bool(pending), attrResumed.Bool(resumed)))
}

// asking counts a call whose Approver is being asked, until the returned
// function is called.
func (t *sessionTelemetry) asking(ctx context.Context, call *Call) func() {
	if t == nil || t.waiting == nil {
		return func() {}
	}
	set := metric.WithAttributeSet(attribute.NewSet(attrToolName.String(call.Tool)))
	t.waiting.Add(ctx, 1, set)
	return func() { t.waiting.Add(context.WithoutCancel(ctx), -1, set) }
}
