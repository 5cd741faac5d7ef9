package codemode

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	coderun "github.com/coderun/coderun"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// notYet is an Approver that never decides now.
var notYet = ApproverFunc(func(context.Context, ApprovalRequest) (bool, error) {
	return false, NotYet("the reviewer is away")
})

// durableConfig is a config whose sessions can suspend, with tools matching
// ask needing approval.
func durableConfig(mode Mode, ask string) *Config {
	c := DefaultConfig()
	c.Mode = mode
	c.Budgets.StateKey = testStateKey
	c.Policy.Rules = []Rule{{Tool: ask, Action: ActionAsk, Reason: "writes need a human"}}
	return &c
}

// counter is a tool that counts its executions and returns their number,
// with a deferred entry each time.
type counter struct {
	n     atomic.Int64
	class Concurrency
	name  string
}

func (c *counter) tool() Tool {
	return Tool{
		Name: c.name, Description: "Counts.", Concurrency: c.class,
		InputSchema: json.RawMessage(`{"type":"object"}`),
		Execute: func(_ context.Context, call *Call) (*Output, error) {
			n := c.n.Add(1)
			return &Output{
				Value:    json.RawMessage(fmt.Sprint(n)),
				Deferred: []ContextEntry{{Text: fmt.Sprintf("%s #%d with %s", c.name, n, call.Args)}},
			}, nil
		},
	}
}

func durableSession(t *testing.T, cfg *Config, approver Approver, tools ...Tool) (*Session, *logBuffer) {
	t.Helper()
	return newTestSession(t, Options{Config: cfg, Runtime: durableRuntime, Approver: approver}, tools...)
}

func TestNotYetWithoutStateKeyDenies(t *testing.T) {
	t.Parallel()
	cfg := durableConfig(ModeNative, "write")
	cfg.Budgets.StateKey = nil
	write := &counter{name: "write"}
	s, _ := durableSession(t, cfg, notYet, write.tool())
	_, err := s.Call(t.Context(), CallRequest{ID: "c1", Tool: "write"})
	var ce *CallError
	require.ErrorAs(t, err, &ce)
	assert.Equal(t, OutcomeDenied, ce.Outcome)
	assert.ErrorIs(t, err, ErrCannotSuspend)
	assert.Contains(t, ce.Message, "not decided yet")
	assert.Contains(t, ce.Message, "cannot wait")
	assert.Zero(t, write.n.Load())
}

func TestDirectCallSuspendsAndResumes(t *testing.T) {
	t.Parallel()
	write := &counter{name: "write"}
	s, logs := durableSession(t, durableConfig(ModeNative, "write"), notYet, write.tool())
	ctx := t.Context()

	out, err := s.Call(ctx, CallRequest{ID: "c1", Tool: "write", Args: json.RawMessage(`{"path":"a"}`)})
	require.NoError(t, err)
	require.NotNil(t, out.Suspended)
	assert.Zero(t, write.n.Load(), "nothing ran")
	require.Len(t, out.Suspended.Pending, 1)
	p := out.Suspended.Pending[0]
	assert.Equal(t, PendingApproval{ID: "c1", Tool: "write", Args: json.RawMessage(`{"path":"a"}`), Reason: "writes need a human", Note: "the reviewer is away"}, p)
	assert.WithinDuration(t, time.Now().Add(24*time.Hour), out.Suspended.Expires, time.Minute)
	assert.Contains(t, out.Content[0].Text, "status: suspended")
	state := out.Suspended.State

	suspended := logs.named(t, EventSuspended)
	require.Len(t, suspended, 1)
	assert.Equal(t, []any{"c1"}, suspended[0]["pending"])
	assert.Equal(t, "suspended", logs.named(t, EventCall)[0]["outcome"])

	t.Run("undecided, it suspends again", func(t *testing.T) {
		again, err := s.Resume(ctx, state, nil)
		require.NoError(t, err)
		require.NotNil(t, again.Suspended)
		assert.Equal(t, out.Suspended.Pending, again.Suspended.Pending)
		assert.Zero(t, write.n.Load())
	})
	t.Run("approved, it runs the rest of its pipeline", func(t *testing.T) {
		res, err := s.Resume(ctx, state, []Approval{{ID: "c1", Approved: true}})
		require.NoError(t, err)
		assert.Nil(t, res.Suspended)
		assert.JSONEq(t, `1`, string(res.Value))
		assert.Equal(t, []ContextEntry{{Source: "write", Text: `write #1 with {"path":"a"}`}}, res.Deferred)
		resumed := logs.named(t, EventResumed)
		require.NotEmpty(t, resumed)
		assert.Equal(t, []any{"c1"}, resumed[len(resumed)-1]["approved"])
		calls := logs.named(t, EventCall)
		assert.Equal(t, "ok", calls[len(calls)-1]["outcome"])
	})
	t.Run("denied, it is refused with the reason", func(t *testing.T) {
		_, err := s.Resume(ctx, state, []Approval{{ID: "c1", Approved: false, Reason: "not today"}})
		var ce *CallError
		require.ErrorAs(t, err, &ce)
		assert.Equal(t, OutcomeDenied, ce.Outcome)
		assert.Equal(t, `call denied: approval for tool "write" was refused: not today`, ce.Message)
		assert.EqualValues(t, 1, write.n.Load())
	})
	t.Run("bad approvals run nothing", func(t *testing.T) {
		_, err := s.Resume(ctx, state, []Approval{{ID: "c2", Approved: true}})
		assert.ErrorIs(t, err, coderun.ErrAnswers)
		assert.ErrorContains(t, err, `"c2"`)
		_, err = s.Resume(ctx, state, []Approval{{ID: "c1", Approved: true}, {ID: "c1", Approved: false}})
		assert.ErrorIs(t, err, coderun.ErrAnswers)
		assert.EqualValues(t, 1, write.n.Load())
	})
}

func TestResumeRefusesBadStates(t *testing.T) {
	t.Parallel()
	write := &counter{name: "write"}
	cfg := durableConfig(ModeNative, "write")
	s, _ := durableSession(t, cfg, notYet, write.tool())
	out, err := s.Call(t.Context(), CallRequest{ID: "c1", Tool: "write"})
	require.NoError(t, err)
	state := out.Suspended.State
	approve := []Approval{{ID: "c1", Approved: true}}

	tampered := append([]byte(nil), state...)
	tampered[len(tampered)/2] ^= 1
	_, err = s.Resume(t.Context(), tampered, approve)
	assert.ErrorIs(t, err, coderun.ErrStateInvalid)

	_, err = s.Resume(t.Context(), state[:len(state)-5], approve)
	assert.ErrorIs(t, err, coderun.ErrStateInvalid)

	_, err = s.Resume(t.Context(), []byte("not a state"), approve)
	assert.ErrorIs(t, err, coderun.ErrStateInvalid)

	other := durableConfig(ModeNative, "write")
	other.Budgets.StateKey = []byte("another key, another 32 bytes!!!")
	s2, _ := newTestSession(t, Options{Config: other, Approver: notYet}, write.tool())
	_, err = s2.Resume(t.Context(), state, approve)
	assert.ErrorIs(t, err, coderun.ErrStateKey)

	short := durableConfig(ModeNative, "write")
	short.Budgets.MaxSuspendedAge = time.Millisecond
	s3, _ := durableSession(t, short, notYet, write.tool())
	out, err = s3.Call(t.Context(), CallRequest{ID: "c1", Tool: "write"})
	require.NoError(t, err)
	time.Sleep(20 * time.Millisecond)
	_, err = s3.Resume(t.Context(), out.Suspended.State, approve)
	assert.ErrorIs(t, err, coderun.ErrStateExpired)

	assert.Zero(t, write.n.Load(), "no refused state ran anything")
}

func TestRunCodeApprovalItselfCanWait(t *testing.T) {
	t.Parallel()
	read := &counter{name: "read", class: ParallelSafe}
	s, _ := durableSession(t, durableConfig(ModeCode, RunCodeToolName), notYet, read.tool())
	out, err := runCode(t, s, `return await tools.read({})`)
	require.NoError(t, err)
	require.NotNil(t, out.Suspended)
	assert.Equal(t, "rc", out.Suspended.Pending[0].ID)
	assert.Equal(t, RunCodeToolName, out.Suspended.Pending[0].Tool)
	assert.Zero(t, read.n.Load(), "the program did not start")

	out, err = s.Resume(t.Context(), out.Suspended.State, []Approval{{ID: "rc", Approved: true}})
	res := requireResult(t, out, err)
	assert.JSONEq(t, `1`, string(res.Value))
}

// approveLater records the approval requests it is asked and answers
// NotYet, like a host that asks a human out of band.
type approveLater struct {
	mu    sync.Mutex
	asked []string
}

func (a *approveLater) Approve(_ context.Context, req ApprovalRequest) (bool, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.asked = append(a.asked, req.Call.ID)
	return false, NotYet("asked " + req.Call.ID)
}

const approvalProgram = `
console.log("start");
const before = await tools.read({n: 1});
let written;
try {
  written = await tools.write({path: "a.txt"});
} catch (e) {
  written = e instanceof ToolCallError ? "refused: " + e.message : "other: " + e;
}
console.log("after write");
const after = await tools.read({n: 2});
return {before, written, after};
`

func TestRunCodeSuspendsOnASubCallAndResumes(t *testing.T) {
	t.Parallel()
	read := &counter{name: "read", class: ParallelSafe}
	write := &counter{name: "write"}
	approver := &approveLater{}
	s, logs := durableSession(t, durableConfig(ModeCode, "write"), approver, read.tool(), write.tool())
	ctx := t.Context()

	out, err := runCode(t, s, approvalProgram)
	require.NoError(t, err)
	require.NotNil(t, out.Suspended, "%s", out.Content[0].Text)
	require.Len(t, out.Suspended.Pending, 1)
	assert.Equal(t, "rc.2", out.Suspended.Pending[0].ID)
	assert.Equal(t, "write", out.Suspended.Pending[0].Tool)
	assert.JSONEq(t, `{"path":"a.txt"}`, string(out.Suspended.Pending[0].Args))
	assert.Empty(t, out.Deferred, "held until the run ends")
	var soFar coderun.Result
	require.NoError(t, json.Unmarshal(out.Value, &soFar))
	assert.Equal(t, []string{"start"}, soFar.Logs)
	assert.EqualValues(t, 1, read.n.Load())
	assert.Zero(t, write.n.Load())
	assert.Equal(t, "suspended", dispatches(t, logs)["rc.2"]["outcome"])
	state := out.Suspended.State

	t.Run("approved", func(t *testing.T) {
		out, err := s.Resume(ctx, state, []Approval{{ID: "rc.2", Approved: true}})
		res := requireResult(t, out, err)
		assert.Nil(t, out.Suspended)
		assert.JSONEq(t, `{"before":1,"written":1,"after":2}`, string(res.Value))
		assert.Equal(t, []string{"start", "after write"}, res.Logs, "every log line since the start")
		assert.EqualValues(t, 2, read.n.Load(), "the read before the suspension was not repeated")
		assert.EqualValues(t, 1, write.n.Load())
		assert.Equal(t, []ContextEntry{
			{Source: "read", Text: `read #1 with {"n":1}`},
			{Source: "write", Text: `write #1 with {"path":"a.txt"}`},
			{Source: "read", Text: `read #2 with {"n":2}`},
		}, out.Deferred, "entries from before the suspension survive, in call order")
		ends := dispatches(t, logs)
		assert.Equal(t, "ok", ends["rc.2"]["outcome"], "the last end event of the sub-call is its outcome")
		assert.Equal(t, "ok", ends["rc.3"]["outcome"])
		calls := logs.named(t, EventCall)
		assert.Equal(t, "rc", calls[len(calls)-1]["call"])
		assert.Equal(t, "ok", calls[len(calls)-1]["outcome"])
	})
	t.Run("denied", func(t *testing.T) {
		out, err := s.Resume(ctx, state, []Approval{{ID: "rc.2", Approved: false, Reason: "no"}})
		res := requireResult(t, out, err)
		var v map[string]any
		require.NoError(t, json.Unmarshal(res.Value, &v))
		assert.Equal(t, `refused: call denied: approval for tool "write" was refused: no`, v["written"])
		assert.EqualValues(t, 1, write.n.Load(), "a denied call does not run")
	})
	assert.Equal(t, []string{"rc.2"}, approver.asked, "a resumed call is not asked again")
}

// TestParkedCallsKeepProgramOrder suspends an exclusive call that calls
// made together with it wait behind: they park too, and run in order after
// it once it is approved.
func TestParkedCallsKeepProgramOrder(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	var order []string
	logged := func(name string, class Concurrency) Tool {
		return Tool{
			Name: name, Concurrency: class, InputSchema: json.RawMessage(`{"type":"object"}`),
			Execute: func(_ context.Context, call *Call) (*Output, error) {
				mu.Lock()
				defer mu.Unlock()
				order = append(order, call.ID)
				return &Output{Value: json.RawMessage(`"` + call.ID + `"`)}, nil
			},
		}
	}
	s, _ := durableSession(t, durableConfig(ModeCode, "write"), &approveLater{},
		logged("read", ParallelSafe), logged("write", Exclusive))
	out, err := runCode(t, s, `
const a = await tools.read({});
const all = await Promise.all([tools.read({}), tools.write({}), tools.read({}), tools.read({})]);
const b = await tools.read({});
return [a, ...all, b];
`)
	require.NoError(t, err)
	require.NotNil(t, out.Suspended, "%s", out.Content[0].Text)
	require.Len(t, out.Suspended.Pending, 1, "only the write awaits approval")
	assert.Equal(t, "rc.3", out.Suspended.Pending[0].ID)
	mu.Lock()
	assert.Equal(t, []string{"rc.1", "rc.2"}, order, "the reads after the exclusive write wait")
	mu.Unlock()

	out, err = s.Resume(t.Context(), out.Suspended.State, []Approval{{ID: "rc.3", Approved: true}})
	res := requireResult(t, out, err)
	assert.JSONEq(t, `["rc.1","rc.2","rc.3","rc.4","rc.5","rc.6"]`, string(res.Value))
	mu.Lock()
	defer mu.Unlock()
	require.Len(t, order, 6)
	assert.Equal(t, []string{"rc.1", "rc.2", "rc.3"}, order[:3], "the write runs first on resume")
	assert.ElementsMatch(t, []string{"rc.4", "rc.5"}, order[3:5], "then the reads behind it, together")
	assert.Equal(t, "rc.6", order[5])
}

// TestPartialDecisionsSuspendAgain approves one of two pending calls.
func TestPartialDecisionsSuspendAgain(t *testing.T) {
	t.Parallel()
	write := &counter{name: "write", class: ParallelSafe}
	s, _ := durableSession(t, durableConfig(ModeCode, "write"), &approveLater{}, write.tool())
	out, err := runCode(t, s, `return await Promise.all([tools.write({i: 1}), tools.write({i: 2})])`)
	require.NoError(t, err)
	require.NotNil(t, out.Suspended)
	require.Equal(t, []string{"rc.1", "rc.2"}, pendingIDs(out.Suspended.Pending))

	out, err = s.Resume(t.Context(), out.Suspended.State, []Approval{{ID: "rc.2", Approved: true}})
	require.NoError(t, err)
	require.NotNil(t, out.Suspended, "rc.1 is still undecided")
	assert.Equal(t, []string{"rc.1"}, pendingIDs(out.Suspended.Pending))
	assert.EqualValues(t, 1, write.n.Load())

	out, err = s.Resume(t.Context(), out.Suspended.State, []Approval{{ID: "rc.1", Approved: true}})
	res := requireResult(t, out, err)
	assert.JSONEq(t, `[2,1]`, string(res.Value))
	assert.EqualValues(t, 2, write.n.Load())
}

// TestSuspendedRunOutlivesItsSession closes the session (and the runtime
// it made) while a run waits: nothing is in flight, and a new session
// with the same key resumes it.
func TestSuspendedRunOutlivesItsSession(t *testing.T) {
	t.Parallel()
	read := &counter{name: "read", class: ParallelSafe}
	write := &counter{name: "write"}
	cfg := durableConfig(ModeCode, "write")
	newOwn := func() *Session {
		reg := NewRegistry()
		require.NoError(t, reg.Register(read.tool(), write.tool()))
		s, err := NewSession(Options{Config: cfg, Registry: reg, Approver: &approveLater{}})
		require.NoError(t, err)
		return s
	}
	a := newOwn()
	out, err := runCode(t, a, approvalProgram)
	require.NoError(t, err)
	require.NotNil(t, out.Suspended)
	closed := make(chan error, 1)
	go func() { closed <- a.Close(context.Background()) }()
	select {
	case err := <-closed:
		require.NoError(t, err)
	case <-time.After(30 * time.Second):
		t.Fatal("Close waited for a suspended run")
	}

	b := newOwn()
	defer b.Close(context.Background())
	out, err = b.Resume(t.Context(), out.Suspended.State, []Approval{{ID: "rc.2", Approved: true}})
	res := requireResult(t, out, err)
	assert.JSONEq(t, `{"before":1,"written":1,"after":2}`, string(res.Value))
	assert.EqualValues(t, 2, read.n.Load())
}

// TestRuntimeWithoutTheKeyRejectsParkedCalls: a session whose Runtime was
// made without its StateKey cannot suspend; the runtime rejects the parked
// calls, saying why, and the program goes on.
func TestRuntimeWithoutTheKeyRejectsParkedCalls(t *testing.T) {
	t.Parallel()
	read := &counter{name: "read", class: ParallelSafe}
	write := &counter{name: "write"}
	s, _ := newTestSession(t, Options{Config: durableConfig(ModeCode, "write"), Runtime: sharedRuntime, Approver: &approveLater{}}, read.tool(), write.tool())
	out, err := runCode(t, s, `
const results = await Promise.allSettled([tools.write({}), tools.read({})]);
return results.map((r) => r.status + ": " + (r.reason ? r.reason.message : r.value));`)
	res := requireResult(t, out, err)
	assert.Nil(t, out.Suspended)
	var got []string
	require.NoError(t, json.Unmarshal(res.Value, &got))
	require.Len(t, got, 2)
	assert.Contains(t, got[0], "rejected: ")
	assert.Contains(t, got[0], "StateKey")
	assert.Contains(t, got[1], "rejected: ")
	assert.Contains(t, got[1], "queued behind a call that awaits approval")
	assert.Zero(t, write.n.Load()+read.n.Load())
}
