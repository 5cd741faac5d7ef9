package codemode

// These tests run programs in the real coderun runtime.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	coderun "github.com/coderun/coderun"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"
)

func codeConfig() *Config {
	c := DefaultConfig()
	c.Mode = ModeCode
	return &c
}

// runCode calls run_code with the token "rc".
func runCode(t *testing.T, s *Session, program string) (*Output, error) {
	t.Helper()
	args, err := json.Marshal(RunCodeArgs{Program: program, Description: "test program"})
	require.NoError(t, err)
	return s.Call(context.Background(), CallRequest{ID: "rc", Tool: RunCodeToolName, Args: args})
}

// requireResult decodes run_code's structured result and fails the test on
// a program failure, showing the rendered text.
func requireResult(t *testing.T, out *Output, err error) coderun.Result {
	t.Helper()
	require.NoError(t, err)
	var res coderun.Result
	require.NoError(t, json.Unmarshal(out.Value, &res))
	require.Nil(t, res.Failure, "program failed:\n%s", out.Content[0].Text)
	return res
}

// dispatches returns the sub-call end events by call token, after checking
// the dispatch tree is complete: each start has its end, under parent "rc".
func dispatches(t *testing.T, logs *logBuffer) map[string]map[string]any {
	t.Helper()
	starts := logs.named(t, EventCodeDispatchStart)
	ends := map[string]map[string]any{}
	for _, ev := range logs.named(t, EventCodeDispatch) {
		assert.Equal(t, "rc", ev["parent"])
		ends[ev["call"].(string)] = ev
	}
	require.Len(t, ends, len(starts), "every dispatch start has an end")
	for _, st := range starts {
		assert.Equal(t, "rc", st["parent"])
		end, ok := ends[st["call"].(string)]
		require.True(t, ok, "no end for %v", st["call"])
		assert.Equal(t, st["tool"], end["tool"])
	}
	return ends
}

// fileTools are an in-memory read_file (parallel-safe) and write_file
// (exclusive, the default) over files.
func fileTools(files *sync.Map, writes *atomic.Int32) []Tool {
	return []Tool{
		{
			Name:        "read_file",
			Concurrency: ParallelSafe,
			InputSchema: json.RawMessage(`{"type":"object","properties":{"path":{"type":"string"}},"required":["path"]}`),
			Execute: func(_ context.Context, call *Call) (*Output, error) {
				var in struct{ Path string }
				if err := json.Unmarshal(call.Args, &in); err != nil {
					return nil, err
				}
				content, ok := files.Load(in.Path)
				if !ok {
					return nil, errors.New("no such file: " + in.Path)
				}
				v, _ := json.Marshal(map[string]any{"content": content})
				return &Output{Value: v, Content: []Content{TextContent("DISPLAY-ONLY")}}, nil
			},
		},
		{
			Name:        "write_file",
			InputSchema: json.RawMessage(`{"type":"object","properties":{"path":{"type":"string"},"content":{"type":"string"}},"required":["path","content"]}`),
			Execute: func(_ context.Context, call *Call) (*Output, error) {
				var in struct{ Path, Content string }
				if err := json.Unmarshal(call.Args, &in); err != nil {
					return nil, err
				}
				files.Store(in.Path, in.Content)
				writes.Add(1)
				return &Output{Value: json.RawMessage(`{"ok":true}`)}, nil
			},
		},
	}
}

func TestRunCodeCatchesDeniedSubCallAndContinues(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	files, writes := &sync.Map{}, &atomic.Int32{}
	files.Store("a.txt", "hello")
	cfg := codeConfig()
	cfg.Policy = RulePolicy{Rules: []Rule{{Tool: "write_*", Action: ActionDeny, Reason: "the workspace is read-only"}}}
	s, logs := newTestSession(t, Options{Config: cfg}, fileTools(files, writes)...)

	out, err := runCode(t, s, `
const results: string[] = [];
try {
  await tools["write_file"]({ path: "a.txt", content: "changed" });
  results.push("written");
} catch (e) {
  if (!(e instanceof ToolCallError)) throw e;
  results.push(e.toolName + ": " + e.message);
}
const r = await tools["read_file"]({ path: "a.txt" });
results.push(r.content);
console.log("done");
return results;
`)
	res := requireResult(t, out, err)
	assert.JSONEq(t, `["write_file: call denied by policy: the workspace is read-only", "hello"]`, string(res.Value))
	assert.Equal(t, []string{"done"}, res.Logs)
	assert.Zero(t, writes.Load(), "the denied write never ran")
	v, _ := files.Load("a.txt")
	assert.Equal(t, "hello", v)
	assert.NotContains(t, string(res.Value), "DISPLAY-ONLY", "display content never crosses into the program")

	require.Len(t, out.Content, 1)
	assert.True(t, strings.HasPrefix(out.Content[0].Text, "status: ok\n"), out.Content[0].Text)

	ends := dispatches(t, logs)
	require.Len(t, ends, 2)
	assert.Equal(t, "write_file", ends["rc.1"]["tool"])
	assert.Equal(t, "denied", ends["rc.1"]["outcome"])
	assert.Equal(t, "policy", ends["rc.1"]["stage"])
	assert.Equal(t, "read_file", ends["rc.2"]["tool"])
	assert.Equal(t, "ok", ends["rc.2"]["outcome"])
	top := logs.named(t, EventCall)
	require.Len(t, top, 1)
	assert.Equal(t, "run_code", top[0]["tool"])
	assert.Equal(t, "ok", top[0]["outcome"])
}

// Every stage sees sub-calls, with the parent token, and run_code itself
// with its full program.
func TestRunCodeSubCallsPassThePipeline(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	files, writes := &sync.Map{}, &atomic.Int32{}
	files.Store("a.txt", "hello")
	var mu sync.Mutex
	var seen []string
	record := func(s string) { mu.Lock(); defer mu.Unlock(); seen = append(seen, s) }
	program := `const r = await tools["read_file"]({ path: "a.txt" }); await tools["write_file"]({ path: "b.txt", content: r.content }); return "ok";`
	s, _ := newTestSession(t, Options{
		Config: codeConfig(),
		PreExecute: []PreExecuteHook{func(_ context.Context, c *Call) error {
			if c.Tool == RunCodeToolName {
				a, err := ParseRunCodeArgs(c.Args)
				assert.NoError(t, err) // not require: hooks may run off the test goroutine
				assert.Equal(t, program, a.Program, "the hook sees the full program")
			}
			record("pre " + c.Tool + " " + c.ID + " parent=" + c.ParentID)
			return nil
		}},
		Guards: []Guard{func(_ context.Context, c Call) error { record("guard " + c.ID); return nil }},
		Policy: PolicyFunc(func(_ context.Context, c Call) (Decision, error) {
			if c.Tool == "write_file" {
				return Decision{Action: ActionAsk, Reason: "writes need approval"}, nil
			}
			return Decision{Action: ActionAllow}, nil
		}),
		Approver: ApproverFunc(func(_ context.Context, req ApprovalRequest) (bool, error) {
			record("approve " + req.Call.ID + " parent=" + req.Call.ParentID + " " + req.Reason)
			return true, nil
		}),
		PostExecute: []PostExecuteHook{func(_ context.Context, c Call, _ Output) error { record("post " + c.ID); return nil }},
	}, fileTools(files, writes)...)

	res := requireResult(runCodeT(t, s, program))
	assert.JSONEq(t, `"ok"`, string(res.Value))
	assert.Equal(t, []string{
		"pre run_code rc parent=", "guard rc",
		"pre read_file rc.1 parent=rc", "guard rc.1", "post rc.1",
		"pre write_file rc.2 parent=rc", "guard rc.2", "approve rc.2 parent=rc writes need approval", "post rc.2",
		"post rc",
	}, seen)
	assert.Equal(t, int32(1), writes.Load())
}

// runCodeT is runCode returning its results for requireResult.
func runCodeT(t *testing.T, s *Session, program string) (*testing.T, *Output, error) {
	out, err := runCode(t, s, program)
	return t, out, err
}

func TestRunCodeProgramRewrittenOrDeniedByHook(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	s, _ := newTestSession(t, Options{
		Config: codeConfig(),
		PreExecute: []PreExecuteHook{func(_ context.Context, c *Call) error {
			if c.Tool != RunCodeToolName {
				return nil
			}
			a, err := ParseRunCodeArgs(c.Args)
			if err != nil {
				return err
			}
			if strings.Contains(a.Program, "while (true)") {
				return Deny("busy loops are not allowed")
			}
			a.Program = strings.ReplaceAll(a.Program, "return 1", "return 2")
			c.Args, err = json.Marshal(a)
			return err
		}},
	})

	_, err := runCode(t, s, "while (true) {}")
	var ce *CallError
	require.ErrorAs(t, err, &ce)
	assert.Equal(t, "call denied by a pre-execute hook: busy loops are not allowed", ce.Error())

	res := requireResult(runCodeT(t, s, "return 1"))
	assert.JSONEq(t, "2", string(res.Value))
}

func TestRunCodeSubCallErrorsAreActionable(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	files, writes := &sync.Map{}, &atomic.Int32{}
	s, _ := newTestSession(t, Options{Config: codeConfig()}, fileTools(files, writes)...)
	res := requireResult(runCodeT(t, s, `
const messages: string[] = [];
for (const call of [
  () => tools["write_file"]({ path: "x" }),
  () => tools["read_file"]({ path: "missing.txt" }),
]) {
  try { await call(); } catch (e) { messages.push((e instanceof ToolCallError) + " " + e.toolName + " " + e.message); }
}
return messages;
`))
	var messages []string
	require.NoError(t, json.Unmarshal(res.Value, &messages))
	require.Len(t, messages, 2)
	assert.Contains(t, messages[0], "true write_file invalid arguments for tool \"write_file\": at the top level: missing property 'content'")
	assert.Equal(t, `true read_file tool "read_file" failed: no such file: missing.txt`, messages[1])
}

// deferredTool sleeps for the requested time, then returns a deferred entry
// naming its id, so completion order can differ from submission order.
func deferredTool() Tool {
	return Tool{
		Name:        "note",
		Concurrency: ParallelSafe,
		InputSchema: json.RawMessage(`{"type":"object","properties":{"id":{"type":"string"},"ms":{"type":"number"},"fail":{"type":"boolean"}},"required":["id"]}`),
		Execute: func(ctx context.Context, call *Call) (*Output, error) {
			var in struct {
				ID   string
				MS   int
				Fail bool
			}
			if err := json.Unmarshal(call.Args, &in); err != nil {
				return nil, err
			}
			select {
			case <-time.After(time.Duration(in.MS) * time.Millisecond):
			case <-ctx.Done():
				return nil, ctx.Err()
			}
			if in.Fail {
				return nil, errors.New("failed on purpose")
			}
			return &Output{
				Value:    json.RawMessage(`"` + in.ID + `"`),
				Deferred: []ContextEntry{{Text: "note " + in.ID}},
			}, nil
		},
	}
}

const deferredProgram = `
const results = await Promise.allSettled([
  tools["note"]({ id: "a", ms: 60 }),
  tools["note"]({ id: "b", ms: 30 }),
  tools["note"]({ id: "c", ms: 0, fail: true }),
  tools["note"]({ id: "blocked", ms: 0 }),
  tools["note"]({ id: "d", ms: 0 }),
]);
return results.map((r) => r.status === "fulfilled" ? r.value : "rejected: " + r.reason.message);
`

func TestRunCodeHoldsDeferredEntriesInSubmissionOrder(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	var completed []string
	var mu sync.Mutex
	s, logs := newTestSession(t, Options{
		Config: codeConfig(),
		PostExecute: []PostExecuteHook{func(_ context.Context, c Call, out Output) error {
			if c.ParentID != "" {
				mu.Lock()
				completed = append(completed, string(out.Value))
				mu.Unlock()
			}
			if string(out.Value) == `"blocked"` {
				return Deny("not this one")
			}
			return nil
		}},
	}, deferredTool())

	out, err := runCode(t, s, deferredProgram)
	res := requireResult(t, out, err)
	assert.JSONEq(t, `["a", "b", "rejected: tool \"note\" failed: failed on purpose", "rejected: result blocked by a post-execute hook: not this one", "d"]`, string(res.Value))
	assert.NotContains(t, string(res.Value), "note a", "deferred entries never reach the program")
	assert.Equal(t, `"a"`, completed[len(completed)-1], "the slowest call completed last")

	// The entries were held until run_code settled, then appended in
	// submission order (the order of the sub-call tokens), not completion
	// order; the failed and the blocked call contribute nothing.
	bySeq := map[int]string{}
	for _, ev := range logs.named(t, EventCodeDispatchStart) {
		var seq int
		_, err := fmt.Sscanf(ev["call"].(string), "rc.%d", &seq)
		require.NoError(t, err)
		bySeq[seq] = ev["args"].(map[string]any)["id"].(string)
	}
	var want []ContextEntry
	for seq := 1; seq <= len(bySeq); seq++ {
		if id := bySeq[seq]; id != "c" && id != "blocked" {
			want = append(want, ContextEntry{Source: "note", Text: "note " + id})
		}
	}
	assert.Equal(t, want, out.Deferred)
	assert.Len(t, logs.named(t, EventDeferredDiscarded), 1, "the blocked sub-call's entry was discarded")
}

// Calls start in the order the program makes them, even when it makes them
// all at once. The runtime starts every binding call on a goroutine of its
// own, so this holds only once it reports each call's position (see
// programOrder in order.go); until then this test fails.
func TestRunCodeSubCallsStartInProgramOrder(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	var mu sync.Mutex
	var started []int
	mark := Tool{
		Name:        "mark",
		InputSchema: json.RawMessage(`{"type":"object","properties":{"i":{"type":"integer"}},"required":["i"]}`),
		Execute: func(_ context.Context, call *Call) (*Output, error) {
			var in struct{ I int }
			if err := json.Unmarshal(call.Args, &in); err != nil {
				return nil, err
			}
			mu.Lock()
			started = append(started, in.I)
			mu.Unlock()
			return &Output{Value: call.Args, Deferred: []ContextEntry{{Text: fmt.Sprint(in.I)}}}, nil
		},
	}
	s, _ := newTestSession(t, Options{Config: codeConfig()}, mark)
	out, err := runCode(t, s, `await Promise.all([0, 1, 2, 3, 4, 5, 6, 7].map((i) => tools["mark"]({ i }))); return null;`)
	requireResult(t, out, err)
	assert.Equal(t, []int{0, 1, 2, 3, 4, 5, 6, 7}, started, "exclusive calls ran in program order")
	var deferred []string
	for _, d := range out.Deferred {
		deferred = append(deferred, d.Text)
	}
	assert.Equal(t, []string{"0", "1", "2", "3", "4", "5", "6", "7"}, deferred, "deferred entries follow program order")
}

func TestRunCodeBlockedDiscardsHeldDeferredEntries(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	s, logs := newTestSession(t, Options{
		Config: codeConfig(),
		PostExecute: []PostExecuteHook{func(_ context.Context, c Call, out Output) error {
			if c.Tool == RunCodeToolName {
				return Deny("run_code results are embargoed")
			}
			return nil
		}},
	}, deferredTool())

	out, err := runCode(t, s, `await tools["note"]({ id: "a" }); await tools["note"]({ id: "b" }); return 1;`)
	assert.Nil(t, out, "neither the result nor its held entries reach the host")
	var ce *CallError
	require.ErrorAs(t, err, &ce)
	assert.Equal(t, OutcomeBlocked, ce.Outcome)
	assert.Equal(t, "result blocked by a post-execute hook: run_code results are embargoed", ce.Error())
	discarded := logs.named(t, EventDeferredDiscarded)
	require.Len(t, discarded, 1)
	assert.Equal(t, "rc", discarded[0]["call"])
	assert.Equal(t, float64(2), discarded[0]["entries"])
}

func TestRunCodeSettleDropsQueuedCallsAndCancelsRunning(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	var cancelled, after atomic.Bool
	started := make(chan struct{})
	tools := []Tool{
		{Name: "slow", Execute: func(ctx context.Context, _ *Call) (*Output, error) {
			close(started)
			<-ctx.Done()
			cancelled.Store(true)
			return nil, ctx.Err()
		}},
		{Name: "after", Concurrency: ParallelSafe, Execute: func(context.Context, *Call) (*Output, error) {
			after.Store(true)
			return nil, nil
		}},
	}
	s, logs := newTestSession(t, Options{Config: codeConfig()}, tools...)
	res := requireResult(runCodeT(t, s, `
tools["slow"]({}).catch(() => {});
await new Promise((resolve) => setTimeout(resolve, 200));
tools["after"]({}).catch(() => {});
await new Promise((resolve) => setTimeout(resolve, 20));
return "early";
`))
	assert.JSONEq(t, `"early"`, string(res.Value))
	select {
	case <-started:
	default:
		t.Fatal("slow never started")
	}
	assert.True(t, cancelled.Load(), "the running call saw its context cancelled")
	assert.False(t, after.Load(), "the queued call never ran")
	ends := dispatches(t, logs)
	assert.Equal(t, "cancelled", ends["rc.1"]["outcome"])
	assert.Equal(t, "dropped", ends["rc.2"]["outcome"])
}

func TestRunCodeParallelSafeCallsOverlapUpToTheCap(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	var inFlight, peak, exclusiveAlone atomic.Int32
	track := func(exclusive bool) func(context.Context, *Call) (*Output, error) {
		return func(context.Context, *Call) (*Output, error) {
			n := inFlight.Add(1)
			defer inFlight.Add(-1)
			for p := peak.Load(); n > p && !peak.CompareAndSwap(p, n); p = peak.Load() {
			}
			if exclusive && n == 1 {
				exclusiveAlone.Add(1)
			}
			time.Sleep(20 * time.Millisecond)
			return &Output{Value: json.RawMessage(`1`)}, nil
		}
	}
	cfg := codeConfig()
	cfg.MaxParallelSubCalls = 3
	s, logs := newTestSession(t, Options{Config: cfg},
		Tool{Name: "p", Concurrency: ParallelSafe, Execute: track(false)},
		Tool{Name: "x", Execute: track(true)},
	)
	res := requireResult(runCodeT(t, s, `
const calls = [];
for (let i = 0; i < 8; i++) calls.push(tools["p"]({}));
calls.push(tools["x"]({}));
for (let i = 0; i < 4; i++) calls.push(tools["p"]({}));
return (await Promise.all(calls)).length;
`))
	assert.JSONEq(t, "13", string(res.Value))
	assert.Equal(t, int32(3), peak.Load(), "parallel-safe calls overlap up to maxParallelSubCalls")
	assert.Equal(t, int32(1), exclusiveAlone.Load(), "the exclusive call ran alone")
	for call, ev := range dispatches(t, logs) {
		assert.Equal(t, "ok", ev["outcome"], call)
		assert.Contains(t, ev, "wait")
	}
}

func TestRunCodeRendersFailure(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	s, _ := newTestSession(t, Options{Config: codeConfig()})
	out, err := runCode(t, s, `console.log("before"); throw new Error("boom");`)
	require.NoError(t, err, "a failed program is a result, not an error")
	var res coderun.Result
	require.NoError(t, json.Unmarshal(out.Value, &res))
	require.NotNil(t, res.Failure)
	assert.Equal(t, coderun.KindException, res.Failure.Kind)
	text := out.Content[0].Text
	assert.True(t, strings.HasPrefix(text, "status: failed\nvalue: (none)\nlogs: 1\n| before\nfailure: exception: "), text)
	assert.Contains(t, text, "boom")
}

// The program's tools object lists the visible tools, never run_code;
// $describe is there to call, but not listed among them.
func TestRunCodeSeesVisibleToolsOnly(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	cfg := codeConfig()
	cfg.Tools.Exclude = []string{"hidden"}
	s, _ := newTestSession(t, Options{Config: cfg}, valueTool("shown", ParallelSafe, "1"), valueTool("hidden", ParallelSafe, "2"))
	// Names the program does not see are absent from tools; calling one
	// anyway is refused like any unknown tool.
	res := requireResult(runCodeT(t, s, `
		const refused = async (name) => { try { await tools[name]({}); return "called" } catch (e) { return [e instanceof ToolCallError, e.toolName] } };
		const found = await tools.$describe({names: ["shown"]});
		return [Object.keys(tools), await refused("hidden"), await refused("run_code"), typeof tools.$describe, found.tools];`))
	assert.JSONEq(t, `[["shown"], [true, "hidden"], [true, "run_code"], "function", ["shown"]]`, string(res.Value))
}

// TestSubCallArgumentsKeepTheProgramsKeyOrder: a sub-call's arguments reach
// the tool (and the log) as the program wrote them, not re-sorted, and a
// tool's JSON result reaches the program in its own key order.
func TestSubCallArgumentsKeepTheProgramsKeyOrder(t *testing.T) {
	t.Parallel()
	var got json.RawMessage
	tool := Tool{
		Name:        "record",
		InputSchema: json.RawMessage(`{"type":"object"}`),
		Execute: func(_ context.Context, call *Call) (*Output, error) {
			got = call.Args
			return &Output{Value: json.RawMessage(`{"zeta":1,"alpha":2}`)}, nil
		},
	}
	s, _ := newTestSession(t, Options{Config: codeConfig()}, tool)
	out, err := runCode(t, s, `const r = await tools.record({path: "a", mode: "w", content: "x"}); return Object.keys(r)`)
	require.NoError(t, err)
	assert.JSONEq(t, `{"path":"a","mode":"w","content":"x"}`, string(got))
	assert.Equal(t, `{"path":"a","mode":"w","content":"x"}`, string(got), "the program's key order")
	var res coderun.Result
	require.NoError(t, json.Unmarshal(out.Value, &res))
	assert.Equal(t, `["zeta","alpha"]`, string(res.Value), "the tool's key order")
}
