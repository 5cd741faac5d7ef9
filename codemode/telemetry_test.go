package codemode

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	sdkmetric "go.opentelemetry.io/otel/sdk/metric"
	"go.opentelemetry.io/otel/sdk/metric/metricdata"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"
	"go.opentelemetry.io/otel/trace"

	coderun "github.com/coderun/coderun"
)

// recording is an SDK pipeline that keeps the ended spans and the metrics.
type recording struct {
	spans  *tracetest.SpanRecorder
	reader *sdkmetric.ManualReader
	tel    coderun.Telemetry
}

func newRecording(t *testing.T) *recording {
	r := &recording{spans: tracetest.NewSpanRecorder(), reader: sdkmetric.NewManualReader()}
	tp := sdktrace.NewTracerProvider(sdktrace.WithSpanProcessor(r.spans))
	mp := sdkmetric.NewMeterProvider(sdkmetric.WithReader(r.reader))
	t.Cleanup(func() {
		_ = tp.Shutdown(context.Background())
		_ = mp.Shutdown(context.Background())
	})
	r.tel = coderun.Telemetry{TracerProvider: tp, MeterProvider: mp}
	return r
}

// byCall returns the ended execute_tool spans by gen_ai.tool.call.id, the
// last one of each call (a resumed call has one per segment), and the
// other spans by name.
func (r *recording) byCall() (calls map[string]sdktrace.ReadOnlySpan, others map[string][]sdktrace.ReadOnlySpan) {
	calls, others = map[string]sdktrace.ReadOnlySpan{}, map[string][]sdktrace.ReadOnlySpan{}
	for _, s := range r.spans.Ended() {
		if id, ok := spanAttrs(s)[attrToolCallID]; ok {
			calls[id.AsString()] = s
		} else {
			others[s.Name()] = append(others[s.Name()], s)
		}
	}
	return calls, others
}

// sums returns the data points of an int64 sum metric, keyed by their
// attributes' encoding.
func (r *recording) sums(t *testing.T, name string) map[string]int64 {
	t.Helper()
	var rm metricdata.ResourceMetrics
	require.NoError(t, r.reader.Collect(context.Background(), &rm))
	out := map[string]int64{}
	for _, sm := range rm.ScopeMetrics {
		for _, m := range sm.Metrics {
			if m.Name == name {
				for _, dp := range m.Data.(metricdata.Sum[int64]).DataPoints {
					out[dp.Attributes.Encoded(attribute.DefaultEncoder())] += dp.Value
				}
			}
		}
	}
	return out
}

func spanAttrs(s sdktrace.ReadOnlySpan) map[attribute.Key]attribute.Value {
	out := map[attribute.Key]attribute.Value{}
	for _, kv := range s.Attributes() {
		out[kv.Key] = kv.Value
	}
	return out
}

// telemetrySession is a session that creates its own Runtime, so the
// runtime reports to the session's telemetry too.
func telemetrySession(t *testing.T, cfg *Config, approver Approver, tel coderun.Telemetry, tools ...Tool) *Session {
	t.Helper()
	reg := NewRegistry()
	require.NoError(t, reg.Register(tools...))
	s, err := NewSession(Options{Config: cfg, Registry: reg, Approver: approver, Telemetry: tel})
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, s.Close(context.Background())) })
	return s
}

// assertToolSpan checks what the semantic conventions ask of an
// execute_tool span.
func assertToolSpan(t *testing.T, s sdktrace.ReadOnlySpan, tool, id string) {
	t.Helper()
	a := spanAttrs(s)
	assert.Equal(t, "execute_tool "+tool, s.Name())
	assert.Equal(t, trace.SpanKindInternal, s.SpanKind())
	assert.Equal(t, "execute_tool", a["gen_ai.operation.name"].AsString())
	assert.Equal(t, tool, a["gen_ai.tool.name"].AsString())
	assert.Equal(t, id, a["gen_ai.tool.call.id"].AsString())
}

// TestTelemetryOfARunCodeCall runs a program that makes two sub-calls, one
// the policy denies and one dropped when the run ends: run_code is one
// span, the run and every sub-call are its children, and each sub-call's
// span carries its outcome and the session log's parent token.
func TestTelemetryOfARunCodeCall(t *testing.T) {
	t.Parallel()
	rec := newRecording(t)
	cfg := codeConfig()
	cfg.Policy = RulePolicy{Rules: []Rule{{Tool: "write", Action: ActionDeny, Reason: "read-only"}}}
	read := &counter{name: "read", class: ParallelSafe}
	write := &counter{name: "write"}
	blocking := Tool{Name: "slow", Execute: func(ctx context.Context, _ *Call) (*Output, error) {
		<-ctx.Done()
		return nil, ctx.Err()
	}}
	s := telemetrySession(t, cfg, nil, rec.tel, read.tool(), write.tool(), blocking, valueTool("after", ParallelSafe, `1`))

	out, err := runCode(t, s, `
const a = await tools.read({n: 1});
const b = await tools.read({n: 2});
let denied = "";
try { await tools.write({}); } catch (e) { denied = e.message; }
tools.slow({}).catch(() => {});
tools.after({}).catch(() => {});
return {a, b, denied};
`)
	res := requireResult(t, out, err)
	assert.JSONEq(t, `{"a":1,"b":2,"denied":"call denied by policy: read-only"}`, string(res.Value))

	// A call the program made without awaiting it may reach the dispatcher
	// only after run_code returned (it is then dropped late): its span
	// ends then.
	var calls map[string]sdktrace.ReadOnlySpan
	var others map[string][]sdktrace.ReadOnlySpan
	require.Eventually(t, func() bool {
		calls, others = rec.byCall()
		return calls["rc.4"] != nil && calls["rc.5"] != nil
	}, time.Minute, time.Millisecond, "the unawaited calls' spans end")
	rc := calls["rc"]
	require.NotNil(t, rc, "run_code has its span")
	assertToolSpan(t, rc, RunCodeToolName, "rc")
	assert.False(t, rc.Parent().IsValid(), "run_code's span is the root here")
	assert.Equal(t, "ok", spanAttrs(rc)["coderun.outcome"].AsString())

	runs := others["coderun.run"]
	require.Len(t, runs, 1)
	assert.Equal(t, rc.SpanContext().SpanID(), runs[0].Parent().SpanID(), "the run is a child of run_code")
	assert.Equal(t, "ok", spanAttrs(runs[0])["coderun.run.outcome"].AsString())
	assert.EqualValues(t, 5, spanAttrs(runs[0])["coderun.run.calls"].AsInt64())

	for id, tool := range map[string]string{"rc.1": "read", "rc.2": "read", "rc.3": "write", "rc.4": "slow", "rc.5": "after"} {
		s := calls[id]
		require.NotNil(t, s, "sub-call %s has its span", id)
		assertToolSpan(t, s, tool, id)
		assert.Equal(t, rc.SpanContext().SpanID(), s.Parent().SpanID(), "%s is a child of run_code", id)
		assert.Equal(t, rc.SpanContext().TraceID(), s.SpanContext().TraceID())
		assert.Equal(t, "rc", spanAttrs(s)["coderun.parent_call.id"].AsString(), "the session log's parent token")
	}
	for _, id := range []string{"rc.1", "rc.2"} {
		assert.Equal(t, "ok", spanAttrs(calls[id])["coderun.outcome"].AsString())
		assert.Equal(t, codes.Unset, calls[id].Status().Code)
	}
	denied := spanAttrs(calls["rc.3"])
	assert.Equal(t, "denied", denied["coderun.outcome"].AsString())
	assert.Equal(t, "denied", denied["error.type"].AsString())
	assert.Equal(t, "policy", denied["coderun.stage"].AsString())
	assert.Equal(t, codes.Error, calls["rc.3"].Status().Code)
	assert.Equal(t, "call denied by policy: read-only", calls["rc.3"].Status().Description)
	dropped := spanAttrs(calls["rc.5"])
	assert.Equal(t, "dropped", dropped["coderun.outcome"].AsString())
	assert.Equal(t, "dropped", dropped["error.type"].AsString())
	assert.Equal(t, codes.Error, calls["rc.5"].Status().Code)

	sub := rec.sums(t, "coderun.subcalls")
	assert.EqualValues(t, 2, sub["coderun.outcome=ok,gen_ai.tool.name=read"])
	assert.EqualValues(t, 1, sub["coderun.outcome=denied,gen_ai.tool.name=write"])
	assert.EqualValues(t, 1, sub["coderun.outcome=dropped,gen_ai.tool.name=after"])
	assert.EqualValues(t, 1, rec.sums(t, "coderun.runs")["coderun.run.outcome=ok"])
}

// TestTelemetryFollowsAResumeToAnotherSession suspends a run_code call on a
// sub-call's approval in one session and resumes it in another, with its
// own Runtime and its own provider, as another replica would: every span
// of the resume joins the trace the call started in.
func TestTelemetryFollowsAResumeToAnotherSession(t *testing.T) {
	t.Parallel()
	recA, recB := newRecording(t), newRecording(t)
	cfg := durableConfig(ModeCode, "write")
	read := &counter{name: "read", class: ParallelSafe}
	write := &counter{name: "write"}
	a := telemetrySession(t, cfg, &approveLater{}, recA.tel, read.tool(), write.tool())
	b := telemetrySession(t, cfg, &approveLater{}, recB.tel, read.tool(), write.tool())

	out, err := runCode(t, a, approvalProgram)
	require.NoError(t, err)
	require.NotNil(t, out.Suspended)

	callsA, othersA := recA.byCall()
	rcA := callsA["rc"]
	require.NotNil(t, rcA)
	assert.Equal(t, "suspended", spanAttrs(rcA)["coderun.outcome"].AsString())
	require.NotEmpty(t, rcA.Events())
	assert.Equal(t, eventSuspended, rcA.Events()[len(rcA.Events())-1].Name)
	assert.Equal(t, "suspended", spanAttrs(othersA["coderun.run"][0])["coderun.run.outcome"].AsString())
	parked := callsA["rc.2"]
	assert.Equal(t, "suspended", spanAttrs(parked)["coderun.outcome"].AsString())
	requireEvent(t, parked, eventApproval, map[attribute.Key]bool{attrApproved: false, attrApprovalWait: true})
	assert.EqualValues(t, 1, recA.sums(t, "coderun.runs.suspended")[""])
	assert.EqualValues(t, 1, recA.sums(t, "coderun.subcalls")["coderun.outcome=suspended,gen_ai.tool.name=write"])

	out, err = b.Resume(context.Background(), out.Suspended.State, []Approval{{ID: "rc.2", Approved: true}})
	res := requireResult(t, out, err)
	assert.JSONEq(t, `{"before":1,"written":1,"after":2}`, string(res.Value))

	traceID := rcA.SpanContext().TraceID()
	require.NotEmpty(t, recB.spans.Ended())
	for _, s := range recB.spans.Ended() {
		assert.Equal(t, traceID, s.SpanContext().TraceID(), "%s joins the call's trace", s.Name())
	}
	callsB, othersB := recB.byCall()
	rcB := callsB["rc"]
	require.NotNil(t, rcB)
	assertToolSpan(t, rcB, RunCodeToolName, "rc")
	assert.Equal(t, rcA.SpanContext().SpanID(), rcB.Parent().SpanID(), "the resumed call continues the suspended one")
	assert.True(t, spanAttrs(rcB)["coderun.resumed"].AsBool())
	assert.Equal(t, "ok", spanAttrs(rcB)["coderun.outcome"].AsString())
	require.NotEmpty(t, rcB.Events())
	assert.Equal(t, eventResumed, rcB.Events()[0].Name)
	resumed := othersB["coderun.resume"]
	require.Len(t, resumed, 1)
	assert.Equal(t, rcB.SpanContext().SpanID(), resumed[0].Parent().SpanID())
	for _, id := range []string{"rc.2", "rc.3"} {
		require.NotNil(t, callsB[id])
		assert.Equal(t, rcB.SpanContext().SpanID(), callsB[id].Parent().SpanID(), "%s is a child of the resumed run_code", id)
		assert.Equal(t, "ok", spanAttrs(callsB[id])["coderun.outcome"].AsString())
	}
	requireEvent(t, callsB["rc.2"], eventApproval, map[attribute.Key]bool{attrApproved: true, attrResumed: true})
	assert.EqualValues(t, -1, recB.sums(t, "coderun.runs.suspended")[""])
}

// requireEvent checks that s has an event name with the given boolean
// attributes.
func requireEvent(t *testing.T, s sdktrace.ReadOnlySpan, name string, want map[attribute.Key]bool) {
	t.Helper()
	for _, ev := range s.Events() {
		if ev.Name != name {
			continue
		}
		got := map[attribute.Key]bool{}
		for _, kv := range ev.Attributes {
			if _, ok := want[kv.Key]; ok {
				got[kv.Key] = kv.Value.AsBool()
			}
		}
		assert.Equal(t, want, got, "event %s of %s", name, s.Name())
		return
	}
	t.Fatalf("%s has no event %s", s.Name(), name)
}

// TestTelemetryCountsCallsAwaitingTheApprover: a call is counted in
// coderun.approvals.waiting while its Approver decides, and no longer
// once it has.
func TestTelemetryCountsCallsAwaitingTheApprover(t *testing.T) {
	t.Parallel()
	rec := newRecording(t)
	cfg := DefaultConfig()
	cfg.Mode = ModeNative
	cfg.Policy.Rules = []Rule{{Tool: "write", Action: ActionAsk, Reason: "writes need a human"}}
	write := &counter{name: "write"}
	var during map[string]int64
	approver := ApproverFunc(func(context.Context, ApprovalRequest) (bool, error) {
		during = rec.sums(t, "coderun.approvals.waiting")
		return true, nil
	})
	s := telemetrySession(t, &cfg, approver, rec.tel, write.tool())
	_, err := s.Call(context.Background(), CallRequest{ID: "c1", Tool: "write", Args: json.RawMessage(`{}`)})
	require.NoError(t, err)
	assert.Equal(t, map[string]int64{"gen_ai.tool.name=write": 1}, during)
	assert.Equal(t, map[string]int64{"gen_ai.tool.name=write": 0}, rec.sums(t, "coderun.approvals.waiting"))

	calls, _ := rec.byCall()
	require.NotNil(t, calls["c1"])
	assertToolSpan(t, calls["c1"], "write", "c1")
	requireEvent(t, calls["c1"], eventApproval, map[attribute.Key]bool{attrApproved: true, attrApprovalWait: false})
}
