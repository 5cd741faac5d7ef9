package codemode

import (
	"context"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	coderun "github.com/coderun/coderun"
	_ "github.com/coderun/coderun/python"
)

// pythonRuntime is a Runtime of Python programs for one test.
func pythonRuntime(t *testing.T) *coderun.Runtime {
	t.Helper()
	cfg := coderun.DefaultConfig()
	cfg.Language = coderun.LanguagePython
	rt, err := coderun.New(cfg)
	require.NoError(t, err)
	t.Cleanup(func() { rt.Close(context.Background()) })
	return rt
}

// The Code Mode tests of TypeScript programs, for Python programs: a
// denied sub-call raises ToolCallError, which the program catches and goes
// on; every sub-call has its dispatch pair with the parent token.
func TestPythonRunCodeCatchesDeniedSubCallAndContinues(t *testing.T) {
	files, writes := &sync.Map{}, &atomic.Int32{}
	files.Store("a.txt", "hello")
	cfg := codeConfig()
	cfg.Policy = RulePolicy{Rules: []Rule{{Tool: "write_*", Action: ActionDeny, Reason: "the workspace is read-only"}}}
	s, logs := newTestSession(t, Options{Config: cfg, Runtime: pythonRuntime(t)}, fileTools(files, writes)...)
	assert.Equal(t, coderun.LanguagePython, s.Language())

	out, err := runCode(t, s, `results = []
try:
    await tools.write_file(path="a.txt", content="changed")
    results.append("written")
except ToolCallError as e:
    results.append(f"{e.tool_name}: {e}")
r = await tools.read_file(path="a.txt")
results.append(r["content"])
print("done")
return results`)
	res := requireResult(t, out, err)
	assert.JSONEq(t, `["write_file: call denied by policy: the workspace is read-only", "hello"]`, string(res.Value))
	assert.Equal(t, []string{"done"}, res.Logs)
	assert.Zero(t, writes.Load(), "the denied write never ran")

	ends := dispatches(t, logs)
	require.Len(t, ends, 2)
	assert.Equal(t, "denied", ends["rc.1"]["outcome"])
	assert.Equal(t, "policy", ends["rc.1"]["stage"])
	assert.Equal(t, "ok", ends["rc.2"]["outcome"])
	top := logs.named(t, EventCall)
	require.Len(t, top, 1)
	assert.Equal(t, "ok", top[0]["outcome"])
}

func TestPythonRunCodeSubCallsPassThePipeline(t *testing.T) {
	files, writes := &sync.Map{}, &atomic.Int32{}
	files.Store("a.txt", "hello")
	var mu sync.Mutex
	var seen []string
	record := func(s string) { mu.Lock(); defer mu.Unlock(); seen = append(seen, s) }
	s, _ := newTestSession(t, Options{
		Config:  codeConfig(),
		Runtime: pythonRuntime(t),
		PreExecute: []PreExecuteHook{func(_ context.Context, c *Call) error {
			record("pre " + c.Tool + " " + c.ID + " parent=" + c.ParentID)
			return nil
		}},
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

	res := requireResult(runCodeT(t, s, `r = await tools.read_file(path="a.txt")
await tools["write_file"]({"path": "b.txt", "content": r["content"]})
return "ok"`))
	assert.JSONEq(t, `"ok"`, string(res.Value))
	assert.Equal(t, []string{
		"pre run_code rc parent=",
		"pre read_file rc.1 parent=rc", "post rc.1",
		"pre write_file rc.2 parent=rc", "approve rc.2 parent=rc writes need approval", "post rc.2",
		"post rc",
	}, seen)
	assert.Equal(t, int32(1), writes.Load())
	v, _ := files.Load("b.txt")
	assert.Equal(t, "hello", v)
}

func TestPythonRunCodeOverlapsAndDescribes(t *testing.T) {
	files, writes := &sync.Map{}, &atomic.Int32{}
	for _, n := range []string{"a", "b", "c"} {
		files.Store(n+".txt", strings.ToUpper(n))
	}
	s, logs := newTestSession(t, Options{Config: codeConfig(), Runtime: pythonRuntime(t)}, fileTools(files, writes)...)
	res := requireResult(runCodeT(t, s, `import asyncio
rs = await asyncio.gather(*(tools.read_file(path=f"{n}.txt") for n in "abc"))
doc = await tools.describe_tools(names=["read_file"])
return {"contents": [r["content"] for r in rs], "names": sorted(dir(tools)), "doc": "def read_file" in str(doc)}`))
	assert.JSONEq(t, `{"contents":["A","B","C"],"names":["read_file","write_file"],"doc":true}`, string(res.Value))
	ends := dispatches(t, logs)
	require.Len(t, ends, 4)
	assert.Equal(t, "describe_tools", ends["rc.4"]["tool"])
}

// An approval that waits suspends a Python run as it does a TypeScript
// one; the state resumes in the same sandbox and is refused by the other.
func TestPythonRunCodeSuspendsOnASubCallAndResumes(t *testing.T) {
	cfg := coderun.DefaultConfig()
	cfg.Language = coderun.LanguagePython
	cfg.StateKey = testStateKey
	rt, err := coderun.New(cfg)
	require.NoError(t, err)
	t.Cleanup(func() { rt.Close(context.Background()) })

	read := &counter{name: "read", class: ParallelSafe}
	write := &counter{name: "write"}
	s, _ := newTestSession(t, Options{Config: durableConfig(ModeCode, "write"), Runtime: rt, Approver: &approveLater{}}, read.tool(), write.tool())
	out, err := runCode(t, s, `print("start")
before = await tools.read(n=1)
try:
    written = await tools.write(path="a.txt")
except ToolCallError as e:
    written = f"refused: {e}"
print("after write")
after = await tools.read(n=2)
return {"before": before, "written": written, "after": after}`)
	require.NoError(t, err)
	require.NotNil(t, out.Suspended, "%s", out.Content[0].Text)
	require.Len(t, out.Suspended.Pending, 1)
	assert.Equal(t, "write", out.Suspended.Pending[0].Tool)

	resumed, err := s.Resume(t.Context(), out.Suspended.State, []Approval{{ID: out.Suspended.Pending[0].ID, Approved: true}})
	got := requireResult(t, resumed, err)
	assert.JSONEq(t, `{"before":1,"written":1,"after":2}`, string(got.Value))
	assert.Equal(t, []string{"start", "after write"}, got.Logs)
	assert.EqualValues(t, 2, read.n.Load(), "the read before the suspension was not repeated")

	// A TypeScript session with the same key does not take the state.
	ts, _ := newTestSession(t, Options{Config: durableConfig(ModeCode, "write"), Runtime: durableRuntime, Approver: &approveLater{}}, read.tool(), write.tool())
	_, err = ts.Resume(t.Context(), out.Suspended.State, []Approval{{ID: out.Suspended.Pending[0].ID, Approved: true}})
	require.ErrorIs(t, err, coderun.ErrStateBuild)
}
