package codemode

import (
	"context"
	"encoding/json"
	"errors"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// stageRecorder records the order pipeline stages ran in.
type stageRecorder struct {
	mu    sync.Mutex
	steps []string
}

func (r *stageRecorder) add(s string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.steps = append(r.steps, s)
}

func (r *stageRecorder) get() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]string(nil), r.steps...)
}

// writeTool needs {path, content} and echoes the path it wrote.
func writeTool(rec *stageRecorder) Tool {
	return Tool{
		Name:        "write_file",
		Description: "Write a file.",
		InputSchema: json.RawMessage(`{"type":"object","properties":{"path":{"type":"string"},"content":{"type":"string"}},"required":["path","content"],"additionalProperties":false}`),
		Execute: func(_ context.Context, call *Call) (*Output, error) {
			rec.add("execute " + string(call.Args))
			var in struct{ Path string }
			if err := json.Unmarshal(call.Args, &in); err != nil {
				return nil, err
			}
			return &Output{
				Value:    json.RawMessage(`{ "wrote" : "` + in.Path + `" }`),
				Content:  []Content{TextContent("wrote " + in.Path)},
				Deferred: []ContextEntry{{Text: in.Path + " changed"}},
			}, nil
		},
	}
}

func TestPipelineRunsStagesInOrder(t *testing.T) {
	t.Parallel()
	rec := &stageRecorder{}
	s, logs := newTestSession(t, Options{
		PreExecute: []PreExecuteHook{
			func(_ context.Context, c *Call) error { rec.add("pre1"); return nil },
			func(_ context.Context, c *Call) error { rec.add("pre2"); return nil },
		},
		Guards: []Guard{func(_ context.Context, c Call) error { rec.add("guard"); return nil }},
		Policy: PolicyFunc(func(_ context.Context, c Call) (Decision, error) {
			rec.add("policy")
			return Decision{Action: ActionAsk, Reason: "writes need a human"}, nil
		}),
		Approver: ApproverFunc(func(_ context.Context, req ApprovalRequest) (bool, error) {
			rec.add("approve: " + req.Reason)
			return true, nil
		}),
		PostExecute: []PostExecuteHook{func(_ context.Context, c Call, out Output) error {
			rec.add("post " + string(out.Value))
			return nil
		}},
	}, writeTool(rec))

	out, err := s.Call(context.Background(), CallRequest{Tool: "write_file", Args: json.RawMessage(`{"path":"a","content":"x"}`)})
	require.NoError(t, err)
	assert.Equal(t, []string{
		"pre1", "pre2", "guard", "policy", "approve: writes need a human",
		`execute {"path":"a","content":"x"}`, `post {"wrote":"a"}`,
	}, rec.get())
	assert.JSONEq(t, `{"wrote":"a"}`, string(out.Value))
	assert.Equal(t, `{"wrote":"a"}`, string(out.Value), "the value is compacted")
	assert.Equal(t, []ContextEntry{{Source: "write_file", Text: "a changed"}}, out.Deferred, "the source is filled in")

	start, end := logs.named(t, EventCallStart), logs.named(t, EventCall)
	require.Len(t, start, 1)
	require.Len(t, end, 1)
	assert.Equal(t, "call-1", start[0]["call"])
	assert.Equal(t, map[string]any{"path": "a", "content": "x"}, start[0]["args"])
	assert.Equal(t, "ok", end[0]["outcome"])
	assert.NotContains(t, end[0], "parent", "a top-level call has no parent")
	require.Len(t, logs.named(t, EventApproval), 1)
	assert.Equal(t, true, logs.named(t, EventApproval)[0]["approved"])
}

func TestPreExecuteHookRewritesArguments(t *testing.T) {
	t.Parallel()
	rec := &stageRecorder{}
	var guardSaw string
	s, logs := newTestSession(t, Options{
		PreExecute: []PreExecuteHook{func(_ context.Context, c *Call) error {
			c.Args = json.RawMessage(`{"path":"safe/a","content":"x"}`)
			c.Tool = "something_else" // identity changes are discarded
			c.ID = "forged"
			return nil
		}},
		Guards: []Guard{func(_ context.Context, c Call) error {
			guardSaw = c.Tool + " " + c.ID + " " + string(c.Args)
			return nil
		}},
	}, writeTool(rec))

	_, err := s.Call(context.Background(), CallRequest{ID: "tok", Tool: "write_file", Args: json.RawMessage(`{"path":"/etc/a","content":"x"}`)})
	require.NoError(t, err)
	assert.Equal(t, `write_file tok {"path":"safe/a","content":"x"}`, guardSaw)
	assert.Equal(t, []string{`execute {"path":"safe/a","content":"x"}`}, rec.get())
	rewritten := logs.named(t, EventArgsRewritten)
	require.Len(t, rewritten, 1)
	assert.Equal(t, "tok", rewritten[0]["call"])
	assert.Equal(t, map[string]any{"path": "safe/a", "content": "x"}, rewritten[0]["args"])
}

func TestPreExecuteRewriteIsValidated(t *testing.T) {
	t.Parallel()
	rec := &stageRecorder{}
	s, _ := newTestSession(t, Options{
		PreExecute: []PreExecuteHook{func(_ context.Context, c *Call) error {
			c.Args = json.RawMessage(`{"path":1}`)
			return nil
		}},
	}, writeTool(rec))
	_, err := s.Call(context.Background(), CallRequest{Tool: "write_file", Args: json.RawMessage(`{"path":"a","content":"x"}`)})
	var ce *CallError
	require.ErrorAs(t, err, &ce)
	assert.Equal(t, OutcomeInvalidArguments, ce.Outcome)
	assert.Empty(t, rec.get())
}

func TestPipelineRefusals(t *testing.T) {
	t.Parallel()
	denyHook := func(_ context.Context, c *Call) error { return Deny("no writes to %s", "/etc") }
	brokenHook := func(_ context.Context, c *Call) error { return errors.New("db password wrong for host 10.0.0.3") }
	panicGuard := func(_ context.Context, c Call) error { panic("guard bug") }
	block := func(_ context.Context, c Call, out Output) error { return Deny("result contains a secret") }
	good := json.RawMessage(`{"path":"a","content":"x"}`)

	cases := []struct {
		name    string
		opts    Options
		args    json.RawMessage
		outcome Outcome
		stage   Stage
		message string // exact model-facing message
		ran     bool   // whether Execute ran
	}{
		{"pre hook denies", Options{PreExecute: []PreExecuteHook{denyHook}}, good,
			OutcomeDenied, StagePreExecute, "call denied by a pre-execute hook: no writes to /etc", false},
		{"pre hook fails closed", Options{PreExecute: []PreExecuteHook{brokenHook}}, good,
			OutcomeDenied, StagePreExecute, "call denied by a pre-execute hook (the check failed; details are in the session log under call c)", false},
		{"guard panics", Options{Guards: []Guard{panicGuard}}, good,
			OutcomeDenied, StageGuard, "call denied by a guard (the check failed; details are in the session log under call c)", false},
		{"rule denies", Options{Policy: RulePolicy{Rules: []Rule{{Tool: "write_*", Action: ActionDeny}}}}, good,
			OutcomeDenied, StagePolicy, `call denied by policy: policy rule 1 (tool "write_*") says deny`, false},
		{"rule denies with reason", Options{Policy: RulePolicy{Rules: []Rule{{Tool: "*", Action: ActionDeny, Reason: "read-only session"}}}}, good,
			OutcomeDenied, StagePolicy, "call denied by policy: read-only session", false},
		{"ask without approver", Options{Policy: RulePolicy{Default: ActionAsk}}, good,
			OutcomeDenied, StageApproval, `call denied: tool "write_file" requires approval (the policy default is ask), and no approver is available in this session`, false},
		{"approver refuses", Options{Policy: RulePolicy{Default: ActionAsk}, Approver: ApproverFunc(func(context.Context, ApprovalRequest) (bool, error) { return false, nil })}, good,
			OutcomeDenied, StageApproval, `call denied: approval for tool "write_file" was refused`, false},
		{"policy returns nonsense", Options{Policy: PolicyFunc(func(context.Context, Call) (Decision, error) { return Decision{Action: "perhaps"}, nil })}, good,
			OutcomeDenied, StagePolicy, "call denied: the policy could not decide (the check failed; details are in the session log under call c)", false},
		{"post hook blocks", Options{PostExecute: []PostExecuteHook{block}}, good,
			OutcomeBlocked, StagePostExecute, "result blocked by a post-execute hook: result contains a secret", true},
		{"missing property", Options{}, json.RawMessage(`{"path":"a"}`),
			OutcomeInvalidArguments, StageValidate, `invalid arguments for tool "write_file": at the top level: missing property 'content'. Fix the arguments to match the tool's input schema and call it again.`, false},
		{"wrong type and extra property", Options{}, json.RawMessage(`{"path":3,"content":"x","mode":"w"}`),
			OutcomeInvalidArguments, StageValidate, `invalid arguments for tool "write_file": at the top level: additional properties 'mode' not allowed; at "/path": got number, want string. Fix the arguments to match the tool's input schema and call it again.`, false},
		{"not JSON", Options{}, json.RawMessage(`{"path":`),
			OutcomeInvalidArguments, StageValidate, "", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rec := &stageRecorder{}
			s, logs := newTestSession(t, c.opts, writeTool(rec))
			out, err := s.Call(context.Background(), CallRequest{ID: "c", Tool: "write_file", Args: c.args})
			assert.Nil(t, out)
			var ce *CallError
			require.ErrorAs(t, err, &ce)
			assert.Equal(t, c.outcome, ce.Outcome)
			assert.Equal(t, c.stage, ce.Stage)
			if c.message != "" {
				assert.Equal(t, c.message, ce.Error())
			}
			assert.Equal(t, c.ran, len(rec.get()) > 0, "whether the tool ran")
			assert.NotContains(t, ce.Error(), "10.0.0.3", "internal detail stays out of the message")
			end := logs.named(t, EventCall)
			require.Len(t, end, 1)
			assert.Equal(t, string(c.outcome), end[0]["outcome"])
			assert.Equal(t, string(c.stage), end[0]["stage"])
		})
	}
}

func TestBlockedResultDiscardsDeferred(t *testing.T) {
	t.Parallel()
	rec := &stageRecorder{}
	s, logs := newTestSession(t, Options{PostExecute: []PostExecuteHook{
		func(context.Context, Call, Output) error { return Deny("no") },
	}}, writeTool(rec))
	out, err := s.Call(context.Background(), CallRequest{Tool: "write_file", Args: json.RawMessage(`{"path":"a","content":"x"}`)})
	require.Error(t, err)
	assert.Nil(t, out, "nothing of a blocked result reaches the caller, deferred entries included")
	discarded := logs.named(t, EventDeferredDiscarded)
	require.Len(t, discarded, 1)
	assert.Equal(t, float64(1), discarded[0]["entries"])
}

func TestExecuteFailures(t *testing.T) {
	t.Parallel()
	schema := json.RawMessage(`{"type":"object"}`)
	tools := []Tool{
		{Name: "fails", InputSchema: schema, Execute: func(context.Context, *Call) (*Output, error) {
			return nil, errors.New("file not found: a.txt")
		}},
		{Name: "panics", InputSchema: schema, Execute: func(context.Context, *Call) (*Output, error) {
			panic("nil map write at 0xdeadbeef")
		}},
		{Name: "bad-json", InputSchema: schema, Execute: func(context.Context, *Call) (*Output, error) {
			return &Output{Value: json.RawMessage(`{nope`)}, nil
		}},
		{Name: "wrong-shape", InputSchema: schema, OutputSchema: json.RawMessage(`{"type":"object","required":["n"]}`),
			Execute: func(context.Context, *Call) (*Output, error) { return &Output{Value: json.RawMessage(`{}`)}, nil }},
		{Name: "nil-output", InputSchema: schema, Execute: func(context.Context, *Call) (*Output, error) { return nil, nil }},
		{Name: "waits", InputSchema: schema, Execute: func(ctx context.Context, _ *Call) (*Output, error) {
			<-ctx.Done()
			return nil, ctx.Err()
		}},
	}
	s, _ := newTestSession(t, Options{}, tools...)
	call := func(ctx context.Context, name string) (*Output, *CallError) {
		out, err := s.Call(ctx, CallRequest{ID: "c", Tool: name})
		var ce *CallError
		if err != nil {
			require.ErrorAs(t, err, &ce)
		}
		return out, ce
	}

	_, ce := call(context.Background(), "fails")
	assert.Equal(t, OutcomeFailed, ce.Outcome)
	assert.Equal(t, `tool "fails" failed: file not found: a.txt`, ce.Error())

	_, ce = call(context.Background(), "panics")
	assert.Equal(t, OutcomeFailed, ce.Outcome)
	assert.Equal(t, `tool "panics" failed with an internal error; details are in the session log under call c`, ce.Error())
	assert.ErrorContains(t, ce.Err, "0xdeadbeef", "the detail is kept for the log")

	_, ce = call(context.Background(), "bad-json")
	assert.Equal(t, OutcomeFailed, ce.Outcome)
	assert.NotContains(t, ce.Error(), "nope")

	_, ce = call(context.Background(), "wrong-shape")
	assert.Equal(t, OutcomeFailed, ce.Outcome)
	assert.Contains(t, ce.Error(), "does not match its declared output schema: at the top level: missing property 'n'")

	out, ce := call(context.Background(), "nil-output")
	assert.Nil(t, ce)
	assert.Equal(t, "null", string(out.Value))

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, ce = call(ctx, "waits")
	assert.Equal(t, OutcomeCancelled, ce.Outcome)
	assert.ErrorIs(t, ce, context.Canceled)
}

func TestCallIDs(t *testing.T) {
	t.Parallel()
	s, logs := newTestSession(t, Options{}, valueTool("v", Exclusive, "1"))
	for range 2 {
		_, err := s.Call(context.Background(), CallRequest{Tool: "v"})
		require.NoError(t, err)
	}
	_, err := s.Call(context.Background(), CallRequest{ID: "toolu_01", Tool: "v"})
	require.NoError(t, err)
	var ids []any
	for _, ev := range logs.named(t, EventCall) {
		ids = append(ids, ev["call"])
	}
	assert.Equal(t, []any{"call-1", "call-2", "toolu_01"}, ids)
}

func TestRegistryRejectsBrokenTools(t *testing.T) {
	t.Parallel()
	noop := func(context.Context, *Call) (*Output, error) { return nil, nil }
	reg := NewRegistry()
	assert.ErrorContains(t, reg.Register(Tool{Name: "", Execute: noop}), "name is empty")
	assert.ErrorContains(t, reg.Register(Tool{Name: RunCodeToolName, Execute: noop}), "reserved")
	assert.ErrorContains(t, reg.Register(Tool{Name: "x"}), "Execute is nil")
	assert.ErrorContains(t, reg.Register(Tool{Name: "x", Execute: noop, Concurrency: 7}), "concurrency")
	assert.ErrorContains(t, reg.Register(Tool{Name: "x", Execute: noop, InputSchema: json.RawMessage(`{"type":"strin"}`)}), `register "x": input schema`)
	assert.ErrorContains(t, reg.Register(Tool{Name: "x", Execute: noop, InputSchema: json.RawMessage(`{`)}), "not valid JSON")
	assert.ErrorContains(t, reg.Register(Tool{Name: "x", Execute: noop, OutputSchema: json.RawMessage(`{"$ref":"file:///etc/passwd"}`)}), "output schema")
	assert.ErrorContains(t, reg.Register(Tool{Name: "x", Execute: noop}, Tool{Name: "x", Execute: noop}), "listed twice")
	assert.Empty(t, reg.Tools(), "a failed Register adds nothing")

	require.NoError(t, reg.Register(Tool{Name: "b", Execute: noop}, Tool{Name: "a", Execute: noop}))
	assert.ErrorContains(t, reg.Register(Tool{Name: "a", Execute: noop}), "already registered")
	names := []string{}
	for _, tool := range reg.Tools() {
		names = append(names, tool.Name)
	}
	assert.Equal(t, []string{"a", "b"}, names)
	assert.True(t, reg.Unregister("a"))
	assert.False(t, reg.Unregister("a"))
	_, ok := reg.Lookup("b")
	assert.True(t, ok)
}
