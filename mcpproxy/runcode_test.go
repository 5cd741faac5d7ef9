package mcpproxy

import (
	"context"
	"encoding/json"
	"sync"
	"testing"

	coderun "github.com/coderun/coderun"
	"github.com/coderun/coderun/codemode"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// runCode calls run_code and decodes the Result from its structured
// content.
func runCode(t *testing.T, cs *mcp.ClientSession, program string) (*mcp.CallToolResult, coderun.Result) {
	t.Helper()
	res := call(t, cs, "run_code", map[string]any{"program": program, "description": "test program"})
	require.NotNil(t, res.StructuredContent, "run_code carries the Result as structured content: %s", text(res))
	b, err := json.Marshal(res.StructuredContent)
	require.NoError(t, err)
	var r coderun.Result
	require.NoError(t, json.Unmarshal(b, &r))
	return res, r
}

func value(t *testing.T, r coderun.Result) map[string]any {
	t.Helper()
	require.Nil(t, r.Failure, "the run failed: %+v", r.Failure)
	var v map[string]any
	require.NoError(t, json.Unmarshal(r.Value, &v))
	return v
}

func TestRunCodeCallsUpstreamTools(t *testing.T) {
	t.Parallel()
	f := newFixture(t, configFor(codemode.ModeCode), map[string]codemode.ServerSpec{"echo": echoSpec()})
	cs := f.connect(t, nil, nil)

	res, r := runCode(t, cs, `
const a = await tools["echo__echo"]({text: "one"});
const [x, y] = await Promise.all([tools["echo__sleep"]({ms: 30}), tools["echo__sleep"]({ms: 30})]);
let failed = "";
try {
  await tools["echo__fail"]({message: "boom"});
} catch (e) {
  if (e instanceof ToolCallError) failed = e.toolName + ": " + e.message;
}
const prose = await tools["echo__prose"]({});
console.log("done");
return {a, x, y, failed, prose};
`)
	assert.False(t, res.IsError, text(res))
	v := value(t, r)
	assert.Equal(t, map[string]any{"text": "one"}, v["a"])
	assert.Equal(t, map[string]any{"slept": float64(30)}, v["x"])
	assert.Equal(t, map[string]any{"slept": float64(30)}, v["y"])
	assert.Contains(t, v["failed"], "echo__fail: ")
	assert.Contains(t, v["failed"], "boom")
	assert.Equal(t, "this is not JSON: {oops", v["prose"], "a non-JSON text result reaches the program as a string")
	assert.Equal(t, []string{"done"}, r.Logs)

	assert.Contains(t, text(res), "status: ok")
	assert.Contains(t, text(res), `"prose":"this is not JSON: {oops"`)
	assert.Contains(t, text(res), "| done")
}

func TestRunCodeCallingAMissingToolGetsToolCallError(t *testing.T) {
	t.Parallel()
	f := newFixture(t, configFor(codemode.ModeCode), map[string]codemode.ServerSpec{"echo": echoSpec()})
	cs := f.connect(t, nil, nil)

	_, r := runCode(t, cs, `
try {
  await tools["echo__nope"]({});
  return "called";
} catch (e) {
  return {isToolCallError: e instanceof ToolCallError, toolName: e.toolName, message: String(e.message)};
}
`)
	v := value(t, r)
	assert.Equal(t, true, v["isToolCallError"], "%v", v)
	assert.Equal(t, "echo__nope", v["toolName"])
}

func TestRunCodeFailureIsRenderedAndFlagged(t *testing.T) {
	t.Parallel()
	f := newFixture(t, configFor(codemode.ModeCode), map[string]codemode.ServerSpec{"echo": echoSpec()})
	cs := f.connect(t, nil, nil)

	res, r := runCode(t, cs, `console.log("before"); throw new Error("on purpose");`)
	require.NotNil(t, r.Failure)
	assert.Equal(t, coderun.KindException, r.Failure.Kind)
	assert.True(t, res.IsError, "a failed run is flagged so hosts show it as one")
	assert.Contains(t, text(res), "status: failed")
	assert.Contains(t, text(res), "failure: exception: ")
	assert.Contains(t, text(res), "on purpose")
	assert.Contains(t, text(res), "| before")
}

func TestRunCodeSurvivesAnUpstreamCrash(t *testing.T) {
	t.Parallel()
	f := newFixture(t, configFor(codemode.ModeCode), map[string]codemode.ServerSpec{"echo": echoSpec()})
	cs := f.connect(t, nil, nil)

	_, r := runCode(t, cs, `
let crash = "";
try {
  await tools["echo__crash"]({});
} catch (e) {
  crash = e.toolName + ": " + e.message;
}
const after = await tools["echo__info"]({});
return {crash, restarted: typeof after.pid === "number"};
`)
	v := value(t, r)
	assert.Contains(t, v["crash"], "echo__crash: ")
	assert.Contains(t, v["crash"], `server "echo" stopped`, "the ToolCallError names the server")
	assert.NotContains(t, v["crash"], echoServerBin, "the command path is for the log, not the model")
	assert.Equal(t, true, v["restarted"], "the next call restarted the server")
}

func TestRunCodeSubCallAskUsesElicitation(t *testing.T) {
	t.Parallel()
	ask := codemode.Rule{Tool: "echo__echo", Action: codemode.ActionAsk, Reason: "echo needs a human"}
	for _, proto := range []string{legacyProtocol, ""} {
		t.Run("protocol "+proto, func(t *testing.T) {
			f := newFixture(t, configFor(codemode.ModeCode, ask), map[string]codemode.ServerSpec{"echo": echoSpec()})
			var mu sync.Mutex
			answers := []string{"accept", "decline"}
			cs := f.connect(t, &mcp.ClientOptions{ElicitationHandler: func(context.Context, *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
				mu.Lock()
				defer mu.Unlock()
				a := answers[0]
				answers = answers[1:]
				return &mcp.ElicitResult{Action: a}, nil
			}}, &mcp.ClientSessionOptions{ProtocolVersion: proto})

			_, r := runCode(t, cs, `
const first = await tools["echo__echo"]({text: "first"});
let second = "";
try {
  await tools["echo__echo"]({text: "second"});
} catch (e) {
  second = (e instanceof ToolCallError) + " " + e.message;
}
return {first, second};
`)
			v := value(t, r)
			assert.Equal(t, map[string]any{"text": "first"}, v["first"])
			assert.Contains(t, v["second"], "true ")
			assert.Contains(t, v["second"], "refused")
		})
	}
}

func TestRunCodeSubCallAskWithoutElicitationIsDenied(t *testing.T) {
	t.Parallel()
	ask := codemode.Rule{Tool: "echo__echo", Action: codemode.ActionAsk, Reason: "echo needs a human"}
	f := newFixture(t, configFor(codemode.ModeCode, ask), map[string]codemode.ServerSpec{"echo": echoSpec()})
	cs := f.connect(t, nil, nil)
	_, r := runCode(t, cs, `
try {
  await tools["echo__echo"]({text: "x"});
  return "ran";
} catch (e) {
  return e.message;
}
`)
	require.Nil(t, r.Failure)
	var msg string
	require.NoError(t, json.Unmarshal(r.Value, &msg))
	assert.Contains(t, msg, "requires approval")
}

func TestSessionLogRecordsProgramsAndTheDispatchTree(t *testing.T) {
	t.Parallel()
	f := newFixture(t, configFor(codemode.ModeCode), map[string]codemode.ServerSpec{"echo": echoSpec()})
	cs := f.connect(t, nil, nil)
	const program = `return await tools["echo__echo"]({text: "logged"});`
	_, r := runCode(t, cs, program)
	require.Nil(t, r.Failure)

	events := f.log.events(t)
	start := findEvent(t, events, codemode.EventCallStart)
	assert.Equal(t, "run_code", start["tool"])
	assert.Equal(t, program, start["args"].(map[string]any)["program"])
	dispatch := findEvent(t, events, codemode.EventCodeDispatch)
	assert.Equal(t, start["call"], dispatch["parent"])
	assert.Equal(t, "echo__echo", dispatch["tool"])
	assert.Equal(t, "ok", dispatch["outcome"])
	findEvent(t, events, codemode.EventCodeDispatchStart)
}
