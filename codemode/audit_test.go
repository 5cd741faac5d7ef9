package codemode

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	coderun "github.com/coderun/coderun"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The session log tells a run_code call whose program failed from one that
// succeeded, with the failure's kind; a denied run_code is denied.
func TestLogTellsRunCodeOutcomes(t *testing.T) {
	t.Parallel()
	cfg := codeConfig()
	cfg.Policy.Rules = []Rule{{Tool: RunCodeToolName, Action: ActionDeny, Reason: "no programs on Fridays"}}
	denying, denyLog := newTestSession(t, Options{Config: cfg})
	_, err := runCode(t, denying, `return 1`)
	require.Error(t, err)

	s, logs := newTestSession(t, Options{Config: codeConfig()})
	_, err = runCode(t, s, `return 1`)
	require.NoError(t, err)
	_, err = runCode(t, s, `throw new Error("boom")`)
	require.NoError(t, err, "a failed program is a result for the model")

	calls := logs.named(t, EventCall)
	require.Len(t, calls, 2)
	assert.Equal(t, "ok", calls[0]["outcome"])
	assert.Nil(t, calls[0]["failure"])
	assert.Equal(t, "failed", calls[1]["outcome"])
	assert.Equal(t, "exception", calls[1]["failure"])
	assert.Equal(t, "execute", calls[1]["stage"])
	assert.Contains(t, calls[1]["message"], "boom")

	denied := denyLog.named(t, EventCall)
	require.Len(t, denied, 1)
	assert.Equal(t, "denied", denied[0]["outcome"])
	assert.Equal(t, "policy", denied[0]["stage"])
}

// A program that returns without awaiting its calls leaves a complete
// dispatch tree: every call it made has its start and end, and none ran to
// completion.
func TestLogRecordsCallsAProgramDidNotAwait(t *testing.T) {
	t.Parallel()
	block := Tool{
		Name:        "block",
		InputSchema: json.RawMessage(`{"type":"object"}`),
		Concurrency: ParallelSafe,
		Execute: func(ctx context.Context, _ *Call) (*Output, error) {
			<-ctx.Done()
			return nil, ctx.Err()
		},
	}
	s, logs := newTestSession(t, Options{Config: codeConfig()}, block)
	res := requireResult(runCodeT(t, s, `for (let i = 0; i < 5; i++) tools.block({n: i}); return "left";`))
	assert.JSONEq(t, `"left"`, string(res.Value))

	// A call the runtime handed over after the run settled is logged when
	// it arrives, so the log may complete just after run_code returns.
	require.Eventually(t, func() bool { return len(logs.named(t, EventCodeDispatch)) == 5 }, 5*time.Second, 10*time.Millisecond,
		"every call the program made is logged")
	ends := dispatches(t, logs)
	require.Len(t, ends, 5)
	for id, ev := range ends {
		assert.Contains(t, []any{"dropped", "cancelled"}, ev["outcome"], "call %s never finished", id)
	}
}

// The late path itself, made certain: a call that reaches a settled
// dispatcher is refused and logged as a dropped pair.
func TestDispatchAfterSettleIsLoggedDropped(t *testing.T) {
	t.Parallel()
	s, logs := newTestSession(t, Options{Config: codeConfig()}, valueTool("v", ParallelSafe, "1"))
	d := newSubDispatcher(s, &Call{ID: "rc", Tool: RunCodeToolName}, 1)
	d.settle()
	_, err := d.bindings()[0].Functions["v"](context.Background(), map[string]any{"x": 1})
	var ce *CallError
	require.ErrorAs(t, err, &ce)
	assert.Equal(t, OutcomeDropped, ce.Outcome)

	starts, ends := logs.named(t, EventCodeDispatchStart), logs.named(t, EventCodeDispatch)
	require.Len(t, starts, 1)
	require.Len(t, ends, 1)
	assert.Equal(t, "rc", ends[0]["parent"])
	assert.Equal(t, "v", ends[0]["tool"])
	assert.Equal(t, "dropped", ends[0]["outcome"])
	assert.Equal(t, map[string]any{"x": float64(1)}, starts[0]["args"])
}

// A tool call made without await whose rejection nothing handled ends the
// program as a failure, not a success; the result and the session log say
// which sub-call it was.
func TestUnhandledSubCallRejectionFailsTheRun(t *testing.T) {
	t.Parallel()
	save := Tool{
		Name:        "save",
		InputSchema: json.RawMessage(`{"type":"object"}`),
		Concurrency: ParallelSafe,
		Execute: func(_ context.Context, c *Call) (*Output, error) {
			var a struct{ Name string }
			if err := json.Unmarshal(c.Args, &a); err != nil || strings.Contains(a.Name, "/") {
				return nil, Deny("cannot save %s", a.Name)
			}
			return &Output{Value: json.RawMessage(`true`)}, nil
		},
	}
	s, logs := newTestSession(t, Options{Config: codeConfig()}, save)
	out, err := runCode(t, s, `
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
for (const name of ["report.txt", "bad/name.txt"]) tools.save({name});
await sleep(5000); // the rejection ends the run long before, however loaded the machine
return "saved all files";`)
	require.NoError(t, err)
	var res coderun.Result
	require.NoError(t, json.Unmarshal(out.Value, &res))
	require.NotNil(t, res.Failure, "the run did not fail: %s", out.Content[0].Text)
	assert.Equal(t, coderun.KindException, res.Failure.Kind)
	assert.Equal(t, &coderun.FailedCall{Namespace: ToolsGlobal, Function: "save", Sequence: 2}, res.Failure.Call)
	assert.Contains(t, out.Content[0].Text, "cannot save bad/name.txt")
	assert.Contains(t, out.Content[0].Text, "tools.save (call 2 of the program)")

	calls := logs.named(t, EventCall)
	require.Len(t, calls, 1)
	assert.Equal(t, "failed", calls[0]["outcome"])
	assert.Equal(t, "rc.2", calls[0]["unhandled"])
	assert.Equal(t, "failed", dispatches(t, logs)["rc.2"]["outcome"])
}

// A program that returns without awaiting 30 calls of an exclusive tool
// leaves 30 complete pairs under its run_code call: one start and one end
// each, and the start of every call that never ran says so.
func TestDroppedCallsHaveOneStartAndOneEnd(t *testing.T) {
	t.Parallel()
	block := Tool{
		Name:        "block",
		InputSchema: json.RawMessage(`{"type":"object"}`),
		Concurrency: Exclusive,
		Execute: func(ctx context.Context, _ *Call) (*Output, error) {
			<-ctx.Done()
			return nil, ctx.Err()
		},
	}
	s, logs := newTestSession(t, Options{Config: codeConfig()}, block)
	res := requireResult(runCodeT(t, s, `for (let i = 0; i < 30; i++) tools.block({n: i}); return "left";`))
	assert.JSONEq(t, `"left"`, string(res.Value))

	// A call handed over after the run settled is logged when it arrives.
	require.Eventually(t, func() bool { return len(logs.named(t, EventCodeDispatch)) == 30 }, 5*time.Second, 10*time.Millisecond)
	starts := map[string]map[string]any{}
	for _, ev := range logs.named(t, EventCodeDispatchStart) {
		id := ev["call"].(string)
		require.NotContains(t, starts, id, "two starts for %s", id)
		assert.Equal(t, "rc", ev["parent"])
		starts[id] = ev
	}
	ends := dispatches(t, logs)
	require.Len(t, ends, 30)
	dropped := 0
	for i := 1; i <= 30; i++ {
		id := fmt.Sprintf("rc.%d", i)
		start, end := starts[id], ends[id]
		require.NotNil(t, start, "no start for %s", id)
		require.NotNil(t, end, "no end for %s", id)
		switch end["outcome"] {
		case "dropped":
			dropped++
			assert.Equal(t, true, start["dropped"], "the start of %s says it never ran", id)
		case "cancelled":
			assert.Nil(t, start["dropped"], "%s ran", id)
		default:
			t.Errorf("%s ended %v", id, end["outcome"])
		}
	}
	assert.GreaterOrEqual(t, dropped, 29, "only one exclusive call can have started")
}
