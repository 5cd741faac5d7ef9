// Package telemetry holds what coderun's packages share of their
// OpenTelemetry instrumentation: the attribute keys every package uses, and
// the W3C trace context a suspended run carries so that its resume, in any
// process, continues the same trace. It uses the OpenTelemetry API only;
// the SDK and exporters are the host's choice.
package telemetry

import (
	"context"

	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/propagation"
	"go.opentelemetry.io/otel/trace"
)

// ScopeName is the instrumentation scope of every tracer and meter coderun
// creates: one name, so a backend groups the library's telemetry together.
const ScopeName = "github.com/coderun/coderun"

// Attribute keys shared by more than one package.
const (
	// FailureKind is a failed run's coderun.FailureKind.
	FailureKind = attribute.Key("coderun.failure.kind")
	// ErrorType is the semantic conventions' low-cardinality class of the
	// error an operation ended with.
	ErrorType = attribute.Key("error.type")
)

// traceContext is the W3C Trace Context format (traceparent, tracestate).
var traceContext = propagation.TraceContext{}

// Traceparent returns the W3C traceparent of the span in ctx, or "" when
// ctx holds no valid span: what a sealed state keeps of its trace.
func Traceparent(ctx context.Context) string {
	if !trace.SpanContextFromContext(ctx).IsValid() {
		return ""
	}
	carrier := propagation.MapCarrier{}
	traceContext.Inject(ctx, carrier)
	return carrier.Get("traceparent")
}

// Join returns the context a resumed segment's span starts from, so that it
// joins the trace its suspension was sealed in (traceparent). When ctx
// already holds a span of that trace (the resume of a run_code call, whose
// own span joined it first), ctx is used as it is; otherwise the sealed
// span becomes the parent, and the span of ctx, if any, is returned as a
// link, so that the caller's trace still leads to the resume. A
// traceparent that is empty or not valid leaves ctx as it is.
func Join(ctx context.Context, traceparent string) (context.Context, []trace.Link) {
	if traceparent == "" {
		return ctx, nil
	}
	sealed := trace.SpanContextFromContext(traceContext.Extract(context.Background(), propagation.MapCarrier{"traceparent": traceparent}))
	if !sealed.IsValid() {
		return ctx, nil
	}
	current := trace.SpanContextFromContext(ctx)
	if current.IsValid() && current.TraceID() == sealed.TraceID() {
		return ctx, nil
	}
	var links []trace.Link
	if current.IsValid() {
		links = []trace.Link{{SpanContext: current}}
	}
	return trace.ContextWithRemoteSpanContext(ctx, sealed), links
}
