package python_test

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/coderun/coderun"
)

var stateKey = []byte("0123456789abcdef0123456789abcdef")

func approvals() coderun.Namespace {
	return coderun.Namespace{
		Global:     "tools",
		ErrorClass: &coderun.ErrorClass{Name: "ToolError", Member: "tool"},
		Functions: map[string]coderun.Function{
			"echo": func(ctx context.Context, args any) (any, error) { return args, nil },
			"ask":  func(ctx context.Context, args any) (any, error) { return nil, coderun.Suspend("needs approval") },
		},
	}
}

func TestSuspendAndResume(t *testing.T) {
	durable := func(c *coderun.Config) { c.StateKey = stateKey }
	rt := newRuntime(t, durable)
	res := run(t, rt, `import asyncio
before = await tools.echo(step=1)
print("asking", before["step"])
loop_time = asyncio.get_running_loop().time()
ok = await tools.ask(path="a.txt")
print("answered", ok)
try:
    await tools.ask(path="b.txt")
except ToolError as e:
    denied = [str(e), e.tool]
return {"before": before, "ok": ok, "denied": denied, "after": await tools.echo(step=2)}`, approvals())
	require.Nil(t, res.Failure, "%+v", res.Failure)
	require.NotNil(t, res.Suspended)
	assert.Equal(t, []string{"asking 1"}, res.Logs)
	require.Len(t, res.Suspended.Pending, 1)
	p := res.Suspended.Pending[0]
	assert.Equal(t, "ask", p.Function)
	assert.JSONEq(t, `{"path":"a.txt"}`, string(p.Args))

	// Another Runtime with the same key continues the run.
	other := newRuntime(t, durable)
	res, err := other.Resume(context.Background(), res.Suspended.State, []coderun.Answer{{ID: p.ID, Value: "yes"}}, []coderun.Namespace{approvals()})
	require.NoError(t, err)
	require.NotNil(t, res.Suspended, "%+v", res.Failure)
	p2 := res.Suspended.Pending[0]
	res, err = other.Resume(context.Background(), res.Suspended.State, []coderun.Answer{{ID: p2.ID, Err: errors.New("denied by the user")}}, []coderun.Namespace{approvals()})
	require.NoError(t, err)
	require.Nil(t, res.Failure, "%+v", res.Failure)
	assert.JSONEq(t, `{"before":{"step":1},"ok":"yes","denied":["denied by the user","ask"],"after":{"step":2}}`, string(res.Value))
	assert.Equal(t, []string{"asking 1", "answered yes"}, res.Logs)
}

func TestStateOfAnotherSandboxIsRefused(t *testing.T) {
	durable := func(c *coderun.Config) { c.StateKey = stateKey }
	py := newRuntime(t, durable)
	res := run(t, py, "return await tools.ask()", approvals())
	require.NotNil(t, res.Suspended)

	tsCfg := coderun.DefaultConfig()
	tsCfg.StateKey = stateKey
	ts, err := coderun.New(tsCfg)
	require.NoError(t, err)
	defer ts.Close(context.Background())
	_, err = ts.Resume(context.Background(), res.Suspended.State, []coderun.Answer{{ID: res.Suspended.Pending[0].ID, Value: 1}}, []coderun.Namespace{approvals()})
	require.ErrorIs(t, err, coderun.ErrStateBuild, "a Python state never resumes in TypeScript")
}
