package coderun

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// panickyJSON panics when it is marshalled.
type panickyJSON struct{}

func (panickyJSON) MarshalJSON() ([]byte, error) { panic("marshal exploded") }

// calcFunctions are functions that return at once, one for each kind of
// outcome a call can have.
func calcFunctions() map[string]Function {
	return map[string]Function{
		"echo":  func(_ context.Context, args any) (any, error) { return args, nil },
		"fail":  func(context.Context, any) (any, error) { return nil, errors.New("no such thing") },
		"panic": func(context.Context, any) (any, error) { panic("kaboom") },
		"bad":   func(context.Context, any) (any, error) { return panickyJSON{}, nil },
		"big": func(_ context.Context, args any) (any, error) {
			return strings.Repeat("x", int(args.(float64))), nil
		},
	}
}

// A namespace of functions that return at once gives the program the same
// values, rejections and error classes whether or not it is Immediate; an
// answer too large for the guest's answer buffer takes the ordinary way.
func TestImmediateCallsAnswerLikeOthers(t *testing.T) {
	t.Parallel()
	rt := newRuntime(t, nil)
	program := `
const out: unknown[] = [];
for (const [fn, arg] of [["echo", { b: 1, a: [2, "three"] }], ["fail", null], ["panic", null], ["bad", null]] as const) {
  try { out.push(await (calc as any)[fn](arg)); }
  catch (e: any) { out.push([e instanceof CalcError, e.tool, e.message]); }
}
for (const n of [10, 4094, 4095, 4096, 100000]) out.push((await calc.big(n)).length);
try { await (calc as any).nope(); } catch (e: any) { out.push([e instanceof CalcError, e.message]); }
return out;`
	run := func(immediate bool) string {
		ns := Namespace{Global: "calc", Functions: calcFunctions(), Immediate: immediate,
			ErrorClass: &ErrorClass{Name: "CalcError", Member: "tool"}}
		return requireOK(t, runRequest(t, rt, Request{Program: program, Bindings: []Namespace{ns}}))
	}
	got := run(true)
	assert.Equal(t, run(false), got)
	assert.Contains(t, got, `{"a":[2,"three"],"b":1}`)
	assert.Contains(t, got, `[true,"fail","no such thing"]`)
	assert.Contains(t, got, `[true,"panic","calc.panic panicked: kaboom"]`)
	assert.Contains(t, got, `calc.bad failed: its result or error panicked: marshal exploded`)
	assert.Contains(t, got, `10,4094,4095,4096,100000`)
	assert.Contains(t, got, `has no function \"nope\"`)
}

// Immediate calls are answered in the order the program makes them, the
// same way every time (calls on goroutines finish in scheduler order).
func TestImmediateCallsSettleInProgramOrder(t *testing.T) {
	t.Parallel()
	rt := newRuntime(t, nil)
	ns := Namespace{Global: "calc", Functions: calcFunctions(), Immediate: true}
	got := requireOK(t, runRequest(t, rt, Request{Program: `
const order: number[] = [];
await Promise.all([1, 2, 3, 4, 5].map(i => calc.echo(i).then(() => order.push(i))));
return order;`, Bindings: []Namespace{ns}}))
	assert.Equal(t, `[1,2,3,4,5]`, got)
}

// An immediate Function that parks its call suspends the run like any
// other, and the run resumes with the answer.
func TestImmediateCallsCanSuspend(t *testing.T) {
	t.Parallel()
	ns := approvals(nil)
	ns.Immediate = true
	rt := durableRuntime(t, nil)
	res := runRequest(t, rt, Request{Program: `const a = await tools.echo(1); const b = await tools.ask("x"); return [a, b]`, Bindings: []Namespace{ns}})
	s := requireSuspended(t, res)
	require.Len(t, s.Pending, 1)
	assert.Equal(t, "ask", s.Pending[0].Function)
	res, err := rt.Resume(context.Background(), s.State, []Answer{{ID: s.Pending[0].ID, Value: "yes"}}, []Namespace{ns})
	require.NoError(t, err)
	assert.Equal(t, `[1,"yes"]`, requireOK(t, res))
}

// Immediate calls count against MaxCalls like any other.
func TestImmediateCallsCountAgainstMaxCalls(t *testing.T) {
	t.Parallel()
	rt := newRuntime(t, func(c *Config) { c.MaxCalls = 3 })
	ns := Namespace{Global: "calc", Functions: calcFunctions(), Immediate: true}
	got := requireOK(t, runRequest(t, rt, Request{Program: `
const out: unknown[] = [];
for (let i = 0; i < 4; i++) { try { out.push(await calc.echo(i)); } catch (e: any) { out.push(e.message); } }
return out;`, Bindings: []Namespace{ns}}))
	assert.Equal(t, `[0,1,2,"too many binding calls in this run: MaxCalls is 3"]`, got)
}

// An immediate call holds the run while it lasts: a cancellation takes
// effect when it returns, which a Function that honours its ctx does at
// once, and the run ends as an abort.
func TestImmediateCallEndsOnCancel(t *testing.T) {
	t.Parallel()
	rt := newRuntime(t, nil)
	entered := make(chan struct{})
	ns := Namespace{Global: "calc", Immediate: true, Functions: map[string]Function{
		"wait": func(ctx context.Context, _ any) (any, error) {
			close(entered)
			<-ctx.Done()
			return nil, ctx.Err()
		},
	}}
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		<-entered
		cancel()
	}()
	res, err := rt.Run(ctx, Request{Program: `try { await calc.wait(); } catch {} for (;;) {}`, Bindings: []Namespace{ns}})
	require.NoError(t, err)
	assert.Contains(t, requireFailure(t, res, KindAbort), "aborted")
}

// The time an immediate call takes is the run's compute time, checked as
// each call returns: a program awaiting such calls in a loop never yields
// to the host, and may take long to reach a fuel tick.
func TestImmediateCallsCountAsCompute(t *testing.T) {
	t.Parallel()
	rt := newRuntime(t, func(c *Config) { c.ComputeTime = 300 * time.Millisecond })
	ns := Namespace{Global: "calc", Immediate: true, Functions: map[string]Function{
		"slow": func(context.Context, any) (any, error) { time.Sleep(100 * time.Millisecond); return 1, nil },
	}}
	start := time.Now()
	res := runRequest(t, rt, Request{Program: `let n = 0; for (;;) { n += await calc.slow(); }`, Bindings: []Namespace{ns}})
	assert.Contains(t, requireFailure(t, res, KindTimeout), "ComputeTime")
	assert.Less(t, time.Since(start), 5*time.Second, "the budget ends the run after about 300 ms, not at a late fuel tick")
}

// An immediate call that blocks holds the run, so its context ends with
// the run's WallTime: a Function that honours it returns, and the run
// ends as a timeout, on time.
func TestImmediateCallEndsAtWallTime(t *testing.T) {
	t.Parallel()
	rt := newRuntime(t, func(c *Config) { c.WallTime = 300 * time.Millisecond })
	ns := Namespace{Global: "calc", Immediate: true, Functions: map[string]Function{
		"wait": func(ctx context.Context, _ any) (any, error) {
			<-ctx.Done()
			return nil, ctx.Err()
		},
	}}
	start := time.Now()
	res := runRequest(t, rt, Request{Program: `try { await calc.wait(); } catch {} return "went on"`, Bindings: []Namespace{ns}})
	assert.Contains(t, requireFailure(t, res, KindTimeout), "WallTime")
	assert.Less(t, time.Since(start), 10*time.Second)
}
