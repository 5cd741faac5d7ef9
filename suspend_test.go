package coderun

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/coderun/coderun/internal/seal"
)

var testStateKey = bytes.Repeat([]byte{7}, 32)

// openForTest and sealForTest open and seal a state box as Runtime does,
// so a test can change what is inside a validly sealed state.
func openForTest(box []byte) (header, plain []byte, err error) {
	return seal.Open(testStateKey, statePurpose, box)
}

func sealForTest(header, plain []byte) ([]byte, error) {
	return seal.Seal(testStateKey, statePurpose, header, plain)
}

// durableRuntime is a Runtime whose runs can suspend.
func durableRuntime(t testing.TB, edit func(*Config)) *Runtime {
	return newRuntime(t, func(c *Config) {
		c.StateKey = testStateKey
		if edit != nil {
			edit(c)
		}
	})
}

// approvals is a namespace whose "ask" parks every call and whose "echo"
// answers at once, counting its calls.
func approvals(echoCalls *atomic.Int64) Namespace {
	return Namespace{
		Global: "tools",
		Functions: map[string]Function{
			"ask": func(_ context.Context, args any) (any, error) {
				return nil, Suspend(fmt.Sprintf("needs approval for %v", args))
			},
			"echo": func(_ context.Context, args any) (any, error) {
				if echoCalls != nil {
					echoCalls.Add(1)
				}
				return args, nil
			},
		},
		ErrorClass: &ErrorClass{Name: "ToolCallError", Member: "toolName"},
	}
}

func requireSuspended(t testing.TB, res Result) *Suspension {
	t.Helper()
	require.Nil(t, res.Failure, "unexpected failure")
	require.NotNil(t, res.Suspended, "the run did not suspend; value %s", res.Value)
	require.Nil(t, res.Value)
	require.NotEmpty(t, res.Suspended.State)
	return res.Suspended
}

func TestSuspendAndResume(t *testing.T) {
	t.Parallel()
	var echoes atomic.Int64
	ns := approvals(&echoes)
	rt := durableRuntime(t, nil)
	res, err := rt.Run(context.Background(), Request{Program: `
		const before = await tools.echo({step: 1})
		console.log("asking", before.step)
		const ok = await tools.ask({path: "a.txt", mode: "w"})
		console.log("answered", ok)
		return {before, ok, after: await tools.echo({step: 2})}`, Bindings: []Namespace{ns}})
	require.NoError(t, err)
	s := requireSuspended(t, res)
	assert.Equal(t, []string{"asking 1"}, res.Logs)
	require.Len(t, s.Pending, 1)
	p := s.Pending[0]
	assert.Equal(t, "tools", p.Namespace)
	assert.Equal(t, "ask", p.Function)
	assert.Equal(t, `{"path":"a.txt","mode":"w"}`, string(p.Args), "arguments keep the program's key order")
	assert.Equal(t, "needs approval for map[mode:w path:a.txt]", p.Reason)
	assert.Equal(t, int64(1), echoes.Load())

	// Another Runtime, with the same key, continues the run.
	other := durableRuntime(t, nil)
	res, err = other.Resume(context.Background(), s.State, []Answer{{ID: p.ID, Value: "yes"}}, []Namespace{ns})
	require.NoError(t, err)
	assert.JSONEq(t, `{"before":{"step":1},"ok":"yes","after":{"step":2}}`, requireOK(t, res))
	assert.Equal(t, []string{"asking 1", "answered yes"}, res.Logs, "the final Result has every log line of the run")
	assert.Equal(t, int64(2), echoes.Load(), "calls made before the suspension are not repeated")

	// A state can be resumed again: a retry after a lost response works,
	// and continues from the same point.
	res, err = rt.Resume(context.Background(), s.State, []Answer{{ID: p.ID, Value: "again"}}, []Namespace{ns})
	require.NoError(t, err)
	assert.JSONEq(t, `{"before":{"step":1},"ok":"again","after":{"step":2}}`, requireOK(t, res))
}

func TestAnErrAnswerRejectsWithTheErrorClass(t *testing.T) {
	t.Parallel()
	ns := approvals(nil)
	rt := durableRuntime(t, nil)
	res, err := rt.Run(context.Background(), Request{Program: `
		try { await tools.ask(1) } catch (e) { return [e instanceof ToolCallError, e.toolName, e.message] }`, Bindings: []Namespace{ns}})
	require.NoError(t, err)
	s := requireSuspended(t, res)
	res, err = rt.Resume(context.Background(), s.State, []Answer{{ID: s.Pending[0].ID, Err: errors.New("denied by the user")}}, []Namespace{ns})
	require.NoError(t, err)
	assert.JSONEq(t, `[true, "ask", "denied by the user"]`, requireOK(t, res))
}

func TestPartialAnswersSuspendAgain(t *testing.T) {
	t.Parallel()
	ns := approvals(nil)
	rt := durableRuntime(t, nil)
	res, err := rt.Run(context.Background(), Request{Program: `
		const got = await Promise.all([tools.ask("a"), tools.ask("b"), tools.ask("c")])
		return got`, Bindings: []Namespace{ns}})
	require.NoError(t, err)
	s := requireSuspended(t, res)
	require.Len(t, s.Pending, 3)
	for i, want := range []string{`"a"`, `"b"`, `"c"`} {
		assert.Equal(t, want, string(s.Pending[i].Args), "pending calls are in program order")
	}
	// Answer the last first: it waits in the program until the others come.
	res, err = rt.Resume(context.Background(), s.State, []Answer{{ID: s.Pending[2].ID, Value: 3}}, []Namespace{ns})
	require.NoError(t, err)
	s2 := requireSuspended(t, res)
	require.Len(t, s2.Pending, 2)
	assert.Equal(t, []string{s.Pending[0].ID, s.Pending[1].ID}, []string{s2.Pending[0].ID, s2.Pending[1].ID})
	res, err = rt.Resume(context.Background(), s2.State, []Answer{{ID: s.Pending[1].ID, Value: 2}, {ID: s.Pending[0].ID, Value: 1}}, []Namespace{ns})
	require.NoError(t, err)
	assert.Equal(t, `[1,2,3]`, requireOK(t, res))
}

func TestSuspendWaitsForOtherCallsAndKeepsTimers(t *testing.T) {
	t.Parallel()
	ns := approvals(nil)
	ns.Functions["slow"] = func(ctx context.Context, _ any) (any, error) {
		time.Sleep(20 * time.Millisecond)
		return "slow done", nil
	}
	rt := durableRuntime(t, func(c *Config) { c.Deterministic = true })
	res, err := rt.Run(context.Background(), Request{Program: `
		const order = []
		setTimeout(() => order.push("timer 5000"), 5000)
		const asked = tools.ask("x").then(v => order.push("answer " + v))
		order.push(await tools.slow())
		await asked
		await new Promise(r => setTimeout(r, 6000))
		return {order, now: Date.now() - Date.UTC(2025, 0, 1)}`, Bindings: []Namespace{ns}})
	require.NoError(t, err)
	s := requireSuspended(t, res)
	res, err = rt.Resume(context.Background(), s.State, []Answer{{ID: s.Pending[0].ID, Value: "ok"}}, []Namespace{ns})
	require.NoError(t, err)
	var got struct {
		Order []string
		Now   int64
	}
	require.NoError(t, json.Unmarshal(res.Value, &got), requireOK(t, res))
	assert.Equal(t, []string{"slow done", "answer ok", "timer 5000"}, got.Order,
		"the run suspended only after the slow call settled, and its timer fired after the resume")
	assert.GreaterOrEqual(t, got.Now, int64(6000))
	assert.Less(t, got.Now, int64(6500))
}

func TestSuspendWithoutAStateKeyRejectsTheCall(t *testing.T) {
	t.Parallel()
	rt := newRuntime(t, nil)
	res, err := rt.Run(context.Background(), Request{Program: `
		try { await tools.ask(1) } catch (e) { return e.message }`, Bindings: []Namespace{approvals(nil)}})
	require.NoError(t, err)
	msg := requireOK(t, res)
	assert.Contains(t, msg, "tools.ask asked to suspend the run")
	assert.Contains(t, msg, "no Config.StateKey")
}

func TestResumeRefusesBadStates(t *testing.T) {
	t.Parallel()
	ns := approvals(nil)
	rt := durableRuntime(t, nil)
	res, err := rt.Run(context.Background(), Request{Program: `return await tools.ask(1)`, Bindings: []Namespace{ns}})
	require.NoError(t, err)
	s := requireSuspended(t, res)
	id := s.Pending[0].ID
	answers := []Answer{{ID: id, Value: 1}}
	bg := context.Background()

	tampered := bytes.Clone(s.State)
	tampered[len(tampered)/2] ^= 1
	_, err = rt.Resume(bg, tampered, answers, []Namespace{ns})
	assert.ErrorIs(t, err, ErrStateInvalid)
	_, err = rt.Resume(bg, s.State[:len(s.State)-1], answers, []Namespace{ns})
	assert.ErrorIs(t, err, ErrStateInvalid)
	_, err = rt.Resume(bg, []byte("not a state"), answers, []Namespace{ns})
	assert.ErrorIs(t, err, ErrStateInvalid)
	_, err = rt.Resume(bg, nil, answers, []Namespace{ns})
	assert.ErrorIs(t, err, ErrStateInvalid)

	otherKey := newRuntime(t, func(c *Config) { c.StateKey = bytes.Repeat([]byte{8}, 32) })
	_, err = otherKey.Resume(bg, s.State, answers, []Namespace{ns})
	assert.ErrorIs(t, err, ErrStateKey)
	noKey := newRuntime(t, nil)
	_, err = noKey.Resume(bg, s.State, answers, []Namespace{ns})
	assert.ErrorIs(t, err, ErrStateKey)
	assert.ErrorContains(t, err, "no Config.StateKey")

	_, err = rt.Resume(bg, s.State, []Answer{{ID: "999", Value: 1}}, []Namespace{ns})
	assert.ErrorIs(t, err, ErrAnswers)
	assert.ErrorContains(t, err, `"999"`)
	_, err = rt.Resume(bg, s.State, []Answer{{ID: id, Value: 1}, {ID: id, Value: 2}}, []Namespace{ns})
	assert.ErrorIs(t, err, ErrAnswers)
	assert.ErrorContains(t, err, "twice")

	renamed := ns
	renamed.Global = "other"
	_, err = rt.Resume(bg, s.State, answers, []Namespace{renamed})
	assert.ErrorIs(t, err, ErrStateBindings)
	_, err = rt.Resume(bg, s.State, answers, nil)
	assert.ErrorIs(t, err, ErrStateBindings)
	noClass := ns
	noClass.ErrorClass = nil
	_, err = rt.Resume(bg, s.State, answers, []Namespace{noClass})
	assert.ErrorIs(t, err, ErrStateBindings)

	brief := durableRuntime(t, func(c *Config) { c.MaxSuspendedAge = time.Millisecond })
	res, err = brief.Run(context.Background(), Request{Program: `return await tools.ask(1)`, Bindings: []Namespace{ns}})
	require.NoError(t, err)
	s = requireSuspended(t, res)
	time.Sleep(5 * time.Millisecond)
	_, err = rt.Resume(bg, s.State, answers, []Namespace{ns})
	assert.ErrorIs(t, err, ErrStateExpired)
	assert.ErrorContains(t, err, "expired at")
}

func TestResumeRefusesAnotherBuild(t *testing.T) {
	t.Parallel()
	ns := approvals(nil)
	rt := durableRuntime(t, nil)
	res, err := rt.Run(context.Background(), Request{Program: `return await tools.ask(1)`, Bindings: []Namespace{ns}})
	require.NoError(t, err)
	s := requireSuspended(t, res)
	// Reseal the same payload as if another build had made it.
	header, plain, err := openForTest(s.State)
	require.NoError(t, err)
	h, _ := decodeStateHeader(header)
	h.build[0] ^= 0xff
	forged, err := sealForTest(h.encode(), plain)
	require.NoError(t, err)
	_, err = rt.Resume(context.Background(), forged, []Answer{{ID: s.Pending[0].ID, Value: 1}}, []Namespace{ns})
	assert.ErrorIs(t, err, ErrStateBuild)
	assert.ErrorContains(t, err, "sha256")
}

func TestResumedBudgetsAreCumulative(t *testing.T) {
	t.Parallel()
	ns := approvals(nil)
	rt := durableRuntime(t, func(c *Config) { c.MaxCalls = 4 })
	res, err := rt.Run(context.Background(), Request{Program: `
		await tools.echo(1); await tools.ask(2)
		const out = []
		for (let i = 0; i < 3; i++) { try { await tools.echo(i); out.push("ok") } catch (e) { out.push(e.message) } }
		return out`, Bindings: []Namespace{ns}})
	require.NoError(t, err)
	s := requireSuspended(t, res)
	res, err = rt.Resume(context.Background(), s.State, []Answer{{ID: s.Pending[0].ID, Value: 1}}, []Namespace{ns})
	require.NoError(t, err)
	assert.JSONEq(t, `["ok", "ok", "too many binding calls in this run: MaxCalls is 4"]`, requireOK(t, res))

	// Output bytes count from the run's start.
	small := durableRuntime(t, func(c *Config) { c.MaxOutputBytes = 150 })
	res, err = small.Run(context.Background(), Request{Program: `
		console.log("x".repeat(100)); await tools.ask(1); console.log("y".repeat(60))`, Bindings: []Namespace{ns}})
	require.NoError(t, err)
	s = requireSuspended(t, res)
	res, err = small.Resume(context.Background(), s.State, []Answer{{ID: s.Pending[0].ID, Value: 1}}, []Namespace{ns})
	require.NoError(t, err)
	requireFailure(t, res, KindOutputLimit)

	// Fuel too: the same program stops at the same point either way.
	fuel := durableRuntime(t, func(c *Config) { c.Fuel = 200 })
	res, err = fuel.Run(context.Background(), Request{Program: `
		let n = 0; for (let i = 0; i < 10000; i++) n++
		await tools.ask(1)
		for (;;) n++`, Bindings: []Namespace{ns}})
	require.NoError(t, err)
	s = requireSuspended(t, res)
	res, err = fuel.Resume(context.Background(), s.State, []Answer{{ID: s.Pending[0].ID, Value: 1}}, []Namespace{ns})
	require.NoError(t, err)
	assert.Contains(t, requireFailure(t, res, KindTimeout), "Fuel budget ran out (200 ticks")
}

func TestSuspendedCallThenTimeout(t *testing.T) {
	t.Parallel()
	// A run that parks a call but keeps computing runs into its budget like
	// any other: the parked call is simply dropped.
	rt := durableRuntime(t, func(c *Config) { c.ComputeTime = 50 * time.Millisecond })
	res, err := rt.Run(context.Background(), Request{Program: `tools.ask(1); for (;;) {}`, Bindings: []Namespace{approvals(nil)}})
	require.NoError(t, err)
	assert.Contains(t, requireFailure(t, res, KindTimeout), "ComputeTime")
	assert.Nil(t, res.Suspended)
}

func TestCloseWithSuspendedRuns(t *testing.T) {
	t.Parallel()
	ns := approvals(nil)
	cfg := DefaultConfig()
	cfg.StateKey = testStateKey
	rt, err := New(cfg)
	require.NoError(t, err)
	var states [][]byte
	for range 5 {
		res, err := rt.Run(context.Background(), Request{Program: `return await tools.ask(1)`, Bindings: []Namespace{ns}})
		require.NoError(t, err)
		states = append(states, requireSuspended(t, res).State)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	require.NoError(t, rt.Close(ctx), "suspended runs are not in flight: Close has nothing to wait for")
	_, err = rt.Resume(context.Background(), states[0], nil, []Namespace{ns})
	assert.ErrorIs(t, err, ErrClosed)

	// Another Runtime resumes them all.
	rt2 := durableRuntime(t, nil)
	for _, st := range states {
		res, err := rt2.Resume(context.Background(), st, []Answer{{ID: "1", Value: "done"}}, []Namespace{ns})
		require.NoError(t, err)
		assert.Equal(t, `"done"`, requireOK(t, res))
	}
}

func TestAThousandPendingCalls(t *testing.T) {
	t.Parallel()
	ns := approvals(nil)
	rt := durableRuntime(t, nil)
	res, err := rt.Run(context.Background(), Request{Program: `
		const all = []
		for (let i = 0; i < 1000; i++) all.push(tools.ask({i}))
		return (await Promise.all(all)).reduce((a, b) => a + b, 0)`, Bindings: []Namespace{ns}})
	require.NoError(t, err)
	s := requireSuspended(t, res)
	require.Len(t, s.Pending, 1000)
	answers := make([]Answer, len(s.Pending))
	for i, p := range s.Pending {
		assert.Equal(t, fmt.Sprintf(`{"i":%d}`, i), string(p.Args))
		answers[i] = Answer{ID: p.ID, Value: i}
	}
	res, err = rt.Resume(context.Background(), s.State, answers, []Namespace{ns})
	require.NoError(t, err)
	assert.Equal(t, "499500", requireOK(t, res))
}

func TestResumeAbortsOnCancelledContext(t *testing.T) {
	t.Parallel()
	ns := approvals(nil)
	rt := durableRuntime(t, nil)
	res, err := rt.Run(context.Background(), Request{Program: `await tools.ask(1); for (;;) {}`, Bindings: []Namespace{ns}})
	require.NoError(t, err)
	s := requireSuspended(t, res)
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(50*time.Millisecond, cancel)
	res, err = rt.Resume(ctx, s.State, []Answer{{ID: s.Pending[0].ID, Value: 1}}, []Namespace{ns})
	require.NoError(t, err)
	requireFailure(t, res, KindAbort)
}

func TestResumeAnswerPanicsRejectTheCall(t *testing.T) {
	t.Parallel()
	ns := approvals(nil)
	rt := durableRuntime(t, nil)
	res, err := rt.Run(context.Background(), Request{Program: `
		const out = []
		for (const p of [tools.ask(1), tools.ask(2)]) { try { await p } catch (e) { out.push(e.message) } }
		return out`, Bindings: []Namespace{ns}})
	require.NoError(t, err)
	s := requireSuspended(t, res)
	res, err = rt.Resume(context.Background(), s.State, []Answer{
		{ID: s.Pending[0].ID, Value: panickyValue{}},
		{ID: s.Pending[1].ID, Err: panickyValue{}},
	}, []Namespace{ns})
	require.NoError(t, err)
	out := requireOK(t, res)
	assert.Equal(t, 2, strings.Count(out, "its answer panicked"), out)
}

type panickyValue struct{}

func (panickyValue) MarshalJSON() ([]byte, error) { panic("boom in MarshalJSON") }
func (panickyValue) Error() string                { panic("boom in Error") }

func TestPendingReadsAStateWithoutRunningIt(t *testing.T) {
	t.Parallel()
	var echoes atomic.Int64
	ns := approvals(&echoes)
	rt := durableRuntime(t, nil)
	res, err := rt.Run(context.Background(), Request{Program: `
		await tools.echo(0)
		return await Promise.all([tools.ask({n: 1}), tools.ask({n: 2})])`, Bindings: []Namespace{ns}})
	require.NoError(t, err)
	s := requireSuspended(t, res)
	pending, err := rt.Pending(s.State)
	require.NoError(t, err)
	assert.Equal(t, s.Pending, pending)
	assert.Equal(t, int64(1), echoes.Load(), "nothing ran")

	other := newRuntime(t, func(c *Config) { c.StateKey = bytes.Repeat([]byte{9}, 32) })
	_, err = other.Pending(s.State)
	assert.ErrorIs(t, err, ErrStateKey)
	_, err = rt.Pending(s.State[:10])
	assert.ErrorIs(t, err, ErrStateInvalid)
}

// The review cases: states a valid run can make, and the ways a resumed run
// must end rather than suspend again.

func TestResumeManyLogLines(t *testing.T) {
	t.Parallel()
	ns := approvals(nil)
	rt := durableRuntime(t, func(c *Config) { c.MaxCallsInFlight, c.MaxCalls = 200_000, 200_000 })
	res, err := rt.Run(context.Background(), Request{Program: `
		for (let i = 0; i < 140000; i++) console.log("")
		const all = []
		for (let i = 0; i < 2000; i++) all.push(tools.ask(i))
		return (await Promise.all(all)).length`, Bindings: []Namespace{ns}})
	require.NoError(t, err)
	s := requireSuspended(t, res)
	require.Len(t, s.Pending, 2000)
	answers := make([]Answer, len(s.Pending))
	for i, p := range s.Pending {
		answers[i] = Answer{ID: p.ID, Value: 1}
	}
	res, err = rt.Resume(context.Background(), s.State, answers, []Namespace{ns})
	require.NoError(t, err)
	assert.Equal(t, "2000", requireOK(t, res))
	assert.Len(t, res.Logs, 140000, "more lines than a CBOR decoder allows by default")
}

// cancelOnMarshal cancels a context when the runtime encodes it as an
// answer, that is, in the middle of a resume's deliveries.
type cancelOnMarshal struct{ cancel context.CancelFunc }

func (c cancelOnMarshal) MarshalJSON() ([]byte, error) { c.cancel(); return []byte("1"), nil }

func TestResumeCancelledDuringDeliveryIsAbort(t *testing.T) {
	t.Parallel()
	ns := approvals(nil)
	rt := durableRuntime(t, nil)
	res, err := rt.Run(context.Background(), Request{Program: `return await Promise.all([tools.ask(1), tools.ask(2)])`, Bindings: []Namespace{ns}})
	require.NoError(t, err)
	s := requireSuspended(t, res)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	res, err = rt.Resume(ctx, s.State, []Answer{{ID: s.Pending[0].ID, Value: cancelOnMarshal{cancel}}}, []Namespace{ns})
	require.NoError(t, err)
	requireFailure(t, res, KindAbort)
	assert.Nil(t, res.Suspended, "a cancelled run does not suspend")
}

func TestResumePastWallTimeIsTimeout(t *testing.T) {
	t.Parallel()
	ns := approvals(nil)
	rt := durableRuntime(t, nil)
	res, err := rt.Run(context.Background(), Request{Program: `
		const end = Date.now() + 100; while (Date.now() < end) {}
		return await Promise.all([tools.ask(1), tools.ask(2)])`, Bindings: []Namespace{ns}})
	require.NoError(t, err)
	s := requireSuspended(t, res)
	short := durableRuntime(t, func(c *Config) { c.WallTime = 20 * time.Millisecond })
	res, err = short.Resume(context.Background(), s.State, []Answer{{ID: s.Pending[0].ID, Value: 1}}, []Namespace{ns})
	require.NoError(t, err)
	assert.Contains(t, requireFailure(t, res, KindTimeout), "WallTime")
}

func TestResumeAppliesThisRuntimesMemoryLimit(t *testing.T) {
	t.Parallel()
	ns := approvals(nil)
	// 24 MiB is past the small Runtime's limit and within the large one's.
	// Building it takes seconds of guest time when other tests share the
	// cores; the memory limits are under test, so time gets room.
	roomy := func(c *Config) { c.ComputeTime, c.WallTime = 2*time.Minute, 2*time.Minute }
	small := durableRuntime(t, func(c *Config) { roomy(c); c.MemoryLimitBytes = 16 << 20 })
	res, err := small.Run(context.Background(), Request{Program: `
		await tools.ask(1)
		const big = []; for (let i = 0; i < 24; i++) big.push("x".repeat(1 << 20) + i)
		return big.length`, Bindings: []Namespace{ns}})
	require.NoError(t, err)
	s := requireSuspended(t, res)

	// The larger Runtime's heap limit applies once resumed.
	large := durableRuntime(t, func(c *Config) { roomy(c); c.MemoryLimitBytes = 512 << 20 })
	res, err = large.Resume(context.Background(), s.State, []Answer{{ID: s.Pending[0].ID, Value: 1}}, []Namespace{ns})
	require.NoError(t, err)
	assert.Equal(t, "24", requireOK(t, res))
	// And the smaller one's, where it was sealed.
	res, err = small.Resume(context.Background(), s.State, []Answer{{ID: s.Pending[0].ID, Value: 1}}, []Namespace{ns})
	require.NoError(t, err)
	assert.Contains(t, requireFailure(t, res, KindWorkerExit), "MemoryLimitBytes (16777216 bytes)")

	// A run whose memory grew past what a Runtime allows is refused there.
	res, err = large.Run(context.Background(), Request{Program: `
		const big = []; for (let i = 0; i < 24; i++) big.push("y".repeat(1 << 20) + i)
		await tools.ask(1); return big.length`, Bindings: []Namespace{ns}})
	require.NoError(t, err)
	s = requireSuspended(t, res)
	_, err = small.Resume(context.Background(), s.State, []Answer{{ID: s.Pending[0].ID, Value: 1}}, []Namespace{ns})
	assert.ErrorIs(t, err, ErrStateMemory)
	assert.ErrorContains(t, err, "larger MemoryLimitBytes")
}
