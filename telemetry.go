package coderun

import (
	"context"
	"strings"
	"time"

	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/metric"
	"go.opentelemetry.io/otel/trace"

	"github.com/coderun/coderun/internal/telemetry"
)

// Telemetry is where a Runtime (and a codemode session) reports traces and
// metrics, through the OpenTelemetry API: the host brings the SDK and its
// exporters. A nil provider records nothing of its kind, and costs nothing:
// the zero Telemetry leaves every run as fast as without instrumentation.
type Telemetry struct {
	// TracerProvider receives a span per run segment: coderun.run for
	// [Runtime.Run], coderun.resume for [Runtime.Resume].
	TracerProvider trace.TracerProvider
	// MeterProvider receives the runs' metrics: coderun.runs,
	// coderun.run.duration and coderun.runs.suspended.
	MeterProvider metric.MeterProvider
}

// Span names of a run segment.
const (
	spanRun    = "coderun.run"
	spanResume = "coderun.resume"
)

// The run span's attributes and events, and the metrics' attributes.
const (
	attrOutcome     = attribute.Key("coderun.run.outcome") // ok, failed or suspended
	attrFuel        = attribute.Key("coderun.run.fuel")    // interrupt ticks used since the run's start
	attrCompute     = attribute.Key("coderun.run.compute_time")
	attrWall        = attribute.Key("coderun.run.wall_time")
	attrOutputBytes = attribute.Key("coderun.run.output_bytes")
	attrCalls       = attribute.Key("coderun.run.calls")
	attrPending     = attribute.Key("coderun.run.pending_calls")
	attrAnswers     = attribute.Key("coderun.run.answers")
	eventSuspended  = "coderun.run.suspended"
)

// Outcomes of a run segment, the values of coderun.run.outcome.
const (
	outcomeOK        = "ok"
	outcomeFailed    = "failed"
	outcomeSuspended = "suspended"
)

// runTelemetry is a Runtime's instrumentation. A nil *runTelemetry, the
// Runtime's without providers, does nothing: every method checks first.
type runTelemetry struct {
	tracer trace.Tracer // nil without a TracerProvider

	// nil without a MeterProvider
	runs      metric.Int64Counter
	duration  metric.Float64Histogram
	suspended metric.Int64UpDownCounter
}

// newRunTelemetry makes the instruments of t, or returns nil when t has no
// provider.
func newRunTelemetry(t Telemetry) (*runTelemetry, error) {
	if t.TracerProvider == nil && t.MeterProvider == nil {
		return nil, nil
	}
	rt := &runTelemetry{}
	if t.TracerProvider != nil {
		rt.tracer = t.TracerProvider.Tracer(telemetry.ScopeName)
	}
	if t.MeterProvider == nil {
		return rt, nil
	}
	m := t.MeterProvider.Meter(telemetry.ScopeName)
	var err error
	if rt.runs, err = m.Int64Counter("coderun.runs", metric.WithUnit("{run}"),
		metric.WithDescription("Run segments (a Run, or a Resume) ended, by coderun.run.outcome and coderun.failure.kind.")); err != nil {
		return nil, err
	}
	if rt.duration, err = m.Float64Histogram("coderun.run.duration", metric.WithUnit("s"),
		metric.WithDescription("Wall time of a run segment, from its start to its end or suspension, by coderun.run.outcome.")); err != nil {
		return nil, err
	}
	if rt.suspended, err = m.Int64UpDownCounter("coderun.runs.suspended", metric.WithUnit("{run}"),
		metric.WithDescription("Runs suspended and not resumed since: up at each suspension, down at each Resume that opens a state.")); err != nil {
		return nil, err
	}
	return rt, nil
}

// segment says which kind of segment a span stands for.
type segment struct {
	resume      bool
	traceparent string // the trace a resumed run was sealed in
	answers     int
}

// start starts the segment's span, when tracing, and returns the context
// the run goes on in: the span is the parent of whatever the bindings'
// Functions record.
func (t *runTelemetry) start(ctx context.Context, seg segment) (context.Context, time.Time) {
	if t == nil {
		return ctx, time.Time{}
	}
	if seg.resume && t.suspended != nil {
		t.suspended.Add(ctx, -1)
	}
	if t.tracer == nil {
		return ctx, time.Now()
	}
	name, opts := spanRun, []trace.SpanStartOption{trace.WithSpanKind(trace.SpanKindInternal)}
	if seg.resume {
		var links []trace.Link
		ctx, links = telemetry.Join(ctx, seg.traceparent)
		name = spanResume
		opts = append(opts, trace.WithLinks(links...), trace.WithAttributes(attrAnswers.Int(seg.answers)))
	}
	ctx, _ = t.tracer.Start(ctx, name, opts...)
	return ctx, time.Now()
}

// traceparent is what a state sealed in ctx keeps of its trace: the W3C
// traceparent of the segment's span, or "" when not tracing.
func (t *runTelemetry) traceparent(ctx context.Context) string {
	if t == nil || t.tracer == nil {
		return ""
	}
	return telemetry.Traceparent(ctx)
}

// end records the segment's end: its span's attributes and status, and
// the metrics.
func (t *runTelemetry) end(ctx context.Context, started time.Time, rn *run, res Result) {
	if t == nil {
		return
	}
	outcome := outcomeOK
	switch {
	case res.Failure != nil:
		outcome = outcomeFailed
	case res.Suspended != nil:
		outcome = outcomeSuspended
	}
	if t.runs != nil {
		attrs := []attribute.KeyValue{attrOutcome.String(outcome)}
		if res.Failure != nil {
			attrs = append(attrs, telemetry.FailureKind.String(string(res.Failure.Kind)))
		}
		set := metric.WithAttributeSet(attribute.NewSet(attrs...))
		t.runs.Add(ctx, 1, set)
		t.duration.Record(ctx, time.Since(started).Seconds(), metric.WithAttributeSet(attribute.NewSet(attrOutcome.String(outcome))))
		if res.Suspended != nil {
			t.suspended.Add(ctx, 1)
		}
	}
	span := trace.SpanFromContext(ctx)
	if t.tracer == nil || !span.IsRecording() {
		return
	}
	wall := time.Duration(0)
	if !rn.start.IsZero() {
		wall = time.Since(rn.start)
	}
	calls := 0
	if rn.bridge != nil {
		calls = rn.bridge.Calls()
	}
	span.SetAttributes(
		attrOutcome.String(outcome),
		attrFuel.Int64(int64(rn.ticks)),
		attrCompute.Float64(rn.compute.Seconds()),
		attrWall.Float64(wall.Seconds()),
		attrOutputBytes.Int64(rn.outBytes),
		attrCalls.Int(calls),
	)
	switch {
	case res.Failure != nil:
		span.SetAttributes(telemetry.FailureKind.String(string(res.Failure.Kind)), telemetry.ErrorType.String(string(res.Failure.Kind)))
		span.SetStatus(codes.Error, statusMessage(res.Failure.Message))
	case res.Suspended != nil:
		span.AddEvent(eventSuspended, trace.WithAttributes(attrPending.Int(len(res.Suspended.Pending))))
	}
	span.End()
}

// maxStatusMessage caps a failure message on a span: the span says that
// and why the run failed; the whole message, which may be as long as the
// output budget, is in the Result.
const maxStatusMessage = 1024

func statusMessage(msg string) string {
	if len(msg) <= maxStatusMessage {
		return msg
	}
	return strings.ToValidUTF8(msg[:maxStatusMessage], "") + "..."
}
