package coderun

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	sdkmetric "go.opentelemetry.io/otel/sdk/metric"
	"go.opentelemetry.io/otel/sdk/metric/metricdata"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"
	"go.opentelemetry.io/otel/trace"
)

// recording is an SDK pipeline that keeps what it is given: the ended
// spans and the metrics, read on demand.
type recording struct {
	spans  *tracetest.SpanRecorder
	reader *sdkmetric.ManualReader
	tel    Telemetry
}

func newRecording(t testing.TB) *recording {
	r := &recording{spans: tracetest.NewSpanRecorder(), reader: sdkmetric.NewManualReader()}
	tp := sdktrace.NewTracerProvider(sdktrace.WithSpanProcessor(r.spans))
	mp := sdkmetric.NewMeterProvider(sdkmetric.WithReader(r.reader))
	t.Cleanup(func() {
		_ = tp.Shutdown(context.Background())
		_ = mp.Shutdown(context.Background())
	})
	r.tel = Telemetry{TracerProvider: tp, MeterProvider: mp}
	return r
}

// ended returns the ended spans named name.
func (r *recording) ended(name string) []sdktrace.ReadOnlySpan {
	var out []sdktrace.ReadOnlySpan
	for _, s := range r.spans.Ended() {
		if s.Name() == name {
			out = append(out, s)
		}
	}
	return out
}

// sums returns the data points of the sum metric name, by their
// attributes' encoding.
func (r *recording) sums(t testing.TB, name string) map[string]int64 {
	t.Helper()
	var rm metricdata.ResourceMetrics
	require.NoError(t, r.reader.Collect(context.Background(), &rm))
	out := map[string]int64{}
	for _, sm := range rm.ScopeMetrics {
		for _, m := range sm.Metrics {
			if m.Name != name {
				continue
			}
			sum, ok := m.Data.(metricdata.Sum[int64])
			require.True(t, ok, "%s is an int64 sum", name)
			for _, dp := range sum.DataPoints {
				out[dp.Attributes.Encoded(attribute.DefaultEncoder())] += dp.Value
			}
		}
	}
	return out
}

// attrs maps a span's attributes by key.
func attrs(s sdktrace.ReadOnlySpan) map[attribute.Key]attribute.Value {
	out := map[attribute.Key]attribute.Value{}
	for _, kv := range s.Attributes() {
		out[kv.Key] = kv.Value
	}
	return out
}

func TestTelemetryOfAFailedRun(t *testing.T) {
	t.Parallel()
	rec := newRecording(t)
	rt := newRuntime(t, func(c *Config) { c.Telemetry = rec.tel })
	res, err := rt.Run(context.Background(), Request{Program: `console.log("hi"); throw new Error("boom")`})
	require.NoError(t, err)
	require.NotNil(t, res.Failure)

	spans := rec.ended(spanRun)
	require.Len(t, spans, 1)
	s := spans[0]
	a := attrs(s)
	assert.Equal(t, trace.SpanKindInternal, s.SpanKind())
	assert.Equal(t, "failed", a[attrOutcome].AsString())
	assert.Equal(t, "exception", a["coderun.failure.kind"].AsString())
	assert.Equal(t, "exception", a["error.type"].AsString())
	assert.EqualValues(t, len(`hi`), a[attrOutputBytes].AsInt64(), "the log line is the output so far")
	assert.Greater(t, a[attrCompute].AsFloat64(), 0.0)
	assert.GreaterOrEqual(t, a[attrWall].AsFloat64(), a[attrCompute].AsFloat64())
	assert.Contains(t, a, attrFuel)
	assert.Equal(t, codes.Error, s.Status().Code)
	assert.Contains(t, s.Status().Description, "boom")

	runs := rec.sums(t, "coderun.runs")
	assert.Equal(t, map[string]int64{"coderun.failure.kind=exception,coderun.run.outcome=failed": 1}, runs)
}

// TestTelemetryFollowsAResumeToAnotherRuntime suspends a run in one
// Runtime and resumes it in another, each reporting to its own provider,
// as two replicas would: the resumed segment's span continues the trace
// from the state alone.
func TestTelemetryFollowsAResumeToAnotherRuntime(t *testing.T) {
	t.Parallel()
	recA, recB := newRecording(t), newRecording(t)
	a := durableRuntime(t, func(c *Config) { c.Telemetry = recA.tel })
	b := durableRuntime(t, func(c *Config) { c.Telemetry = recB.tel })

	var inRun trace.SpanContext
	ns := approvals(nil)
	ns.Functions["echo"] = func(ctx context.Context, args any) (any, error) {
		inRun = trace.SpanContextFromContext(ctx)
		return args, nil
	}
	res, err := a.Run(context.Background(), Request{Program: `await tools.echo(1); return await tools.ask("x")`, Bindings: []Namespace{ns}})
	require.NoError(t, err)
	susp := requireSuspended(t, res)

	first := recA.ended(spanRun)
	require.Len(t, first, 1)
	assert.Equal(t, first[0].SpanContext(), inRun, "a Function's ctx carries the run's span")
	assert.Equal(t, "suspended", attrs(first[0])[attrOutcome].AsString())
	require.Len(t, first[0].Events(), 1)
	assert.Equal(t, eventSuspended, first[0].Events()[0].Name)
	assert.Equal(t, map[string]int64{"": 1}, recA.sums(t, "coderun.runs.suspended"))

	res, err = b.Resume(context.Background(), susp.State, []Answer{{ID: susp.Pending[0].ID, Value: "yes"}}, []Namespace{ns})
	require.NoError(t, err)
	assert.JSONEq(t, `"yes"`, string(res.Value))

	resumed := recB.ended(spanResume)
	require.Len(t, resumed, 1)
	assert.Equal(t, first[0].SpanContext().TraceID(), resumed[0].SpanContext().TraceID(), "the resume joins the run's trace")
	assert.Equal(t, first[0].SpanContext().SpanID(), resumed[0].Parent().SpanID(), "its parent is the segment that suspended")
	assert.Equal(t, "ok", attrs(resumed[0])[attrOutcome].AsString())
	assert.EqualValues(t, 1, attrs(resumed[0])[attrAnswers].AsInt64())
	assert.Equal(t, map[string]int64{"": -1}, recB.sums(t, "coderun.runs.suspended"))
}

// TestTelemetryResumeUnderAnotherTraceLinksIt: a Resume whose ctx carries
// a span of another trace still continues the run's trace, and links the
// caller's span.
func TestTelemetryResumeUnderAnotherTraceLinksIt(t *testing.T) {
	t.Parallel()
	rec := newRecording(t)
	rt := durableRuntime(t, func(c *Config) { c.Telemetry = rec.tel })
	res, err := rt.Run(context.Background(), Request{Program: `return await tools.ask("x")`, Bindings: []Namespace{approvals(nil)}})
	require.NoError(t, err)
	susp := requireSuspended(t, res)

	ctx, caller := rec.tel.TracerProvider.Tracer("test").Start(context.Background(), "caller")
	_, err = rt.Resume(ctx, susp.State, []Answer{{ID: susp.Pending[0].ID, Value: 1}}, []Namespace{approvals(nil)})
	require.NoError(t, err)
	caller.End()

	run, resumed := rec.ended(spanRun), rec.ended(spanResume)
	require.Len(t, run, 1)
	require.Len(t, resumed, 1)
	assert.Equal(t, run[0].SpanContext().TraceID(), resumed[0].SpanContext().TraceID())
	require.Len(t, resumed[0].Links(), 1)
	assert.Equal(t, caller.SpanContext(), resumed[0].Links()[0].SpanContext)
}
