package coderun

import (
	"context"
	"encoding/json"
	"strings"
	"sync/atomic"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// These tests cover what leaves the guest: the completion value, call
// arguments, log lines and exception messages.

func TestSparseArraysAreRefusedWithTheirPath(t *testing.T) {
	t.Parallel()
	rt := newRuntime(t, nil)
	cases := []struct{ program, want string }{
		{`return new Array(5)`, "$[0]: sparse array"},
		{`const a = [1, 2, 3]; a.length = 5; return a`, "$[3]: sparse array"},
		{`return {x: [1, , 3]}`, "$.x[1]: sparse array"},
		{`const a = []; a[2] = 1; return [a]`, "$[0][0]: sparse array"},
	}
	for _, c := range cases {
		msg := requireFailure(t, runProgram(t, rt, c.program), KindInvalidOutput)
		assert.Contains(t, msg, c.want, c.program)
	}
	// Arrays whose length matches their elements still pass.
	assert.Equal(t, `[[1,2,3],[]]`, requireOK(t, runProgram(t, rt,
		`const a = [1, 2, 3, 4]; a.length = 3; return [a, new Array(0)]`)))
}

func TestSparseArgumentsRejectTheCallWithTheirPath(t *testing.T) {
	t.Parallel()
	rt := newRuntime(t, nil)
	var called atomic.Int32
	ns := Namespace{Global: "tools", Functions: map[string]Function{
		"echo": func(ctx context.Context, args any) (any, error) { called.Add(1); return args, nil },
	}}
	for _, c := range []struct{ arg, want string }{
		{`new Array(2)`, "args[0]: sparse array"},
		{`(() => { const a = [1]; a.length = 3; return {list: a} })()`, "args.list[1]: sparse array"},
	} {
		res := runWith(t, rt, `try { await tools.echo(`+c.arg+`) } catch (e) { return [e.name, e.message] }`, ns)
		var got []string
		require.NoError(t, json.Unmarshal([]byte(requireOK(t, res)), &got))
		assert.Equal(t, "TypeError", got[0])
		assert.Contains(t, got[1], c.want)
	}
	assert.Zero(t, called.Load(), "the host function must not see a truncated array")
}

func TestOutputBeyondTheBudgetIsRefusedBeforeItIsEncoded(t *testing.T) {
	t.Parallel()
	// 50 Mi "é" is 50 MiB in the guest's heap and 100 MiB as UTF-8: encoding
	// it whole would exhaust the default 256 MiB before the host could
	// count it. Each output channel must end as output-limit. Building the
	// string takes seconds of guest time when other tests share the
	// cores; the budget that is under test is the output's, so the time
	// budgets get room.
	rt := newRuntime(t, func(c *Config) { c.ComputeTime, c.WallTime = 2*time.Minute, 2*time.Minute })
	for _, program := range []string{
		`return "\u00e9".repeat(50 * 1024 * 1024)`,
		`return {list: ["a", "\u00e9".repeat(50 * 1024 * 1024)]}`,
		`console.log("\u00e9".repeat(50 * 1024 * 1024))`,
		`throw new Error("\u00e9".repeat(50 * 1024 * 1024))`,
	} {
		msg := requireFailure(t, runProgram(t, rt, program), KindOutputLimit)
		assert.Contains(t, msg, "MaxOutputBytes", program)
	}
}

func TestOversizedArgumentsAreRefusedBeforeTheyAreEncoded(t *testing.T) {
	t.Parallel()
	rt := newRuntime(t, func(c *Config) { c.ComputeTime, c.WallTime = 2*time.Minute, 2*time.Minute }) // 40 MiB of guest work; see above
	called := false
	ns := Namespace{Global: "tools", Functions: map[string]Function{
		"echo": func(ctx context.Context, args any) (any, error) { called = true; return nil, nil },
	}}
	got := requireOK(t, runWith(t, rt,
		`try { await tools.echo({big: "x".repeat(40 * 1024 * 1024)}) } catch (e) { return e.name + ": " + e.message }`, ns))
	assert.Contains(t, got, "TypeError: args: ")
	assert.Contains(t, got, "more than the 32 MiB a call may carry")
	assert.False(t, called)
}

func TestLargeValuesEncodeExactly(t *testing.T) {
	t.Parallel()
	// Past the guest's one-pass buffer (64 KiB) a value is measured, then
	// encoded into one allocation: the result must be the same JSON.
	rt := newRuntime(t, nil)
	program := `const big = "\u00e9\n\"".repeat(30000);
		const v = {a: big, b: [1.5, -0, 2 ** 60, -7, true, null, {}, []], [big]: "k", c: "x".repeat(70000)};
		return [v, JSON.stringify(v)]`
	var got [2]json.RawMessage
	require.NoError(t, json.Unmarshal([]byte(requireOK(t, runProgram(t, rt, program))), &got))
	var viaStringify string
	require.NoError(t, json.Unmarshal(got[1], &viaStringify))
	var a, b any
	require.NoError(t, json.Unmarshal(got[0], &a))
	require.NoError(t, json.Unmarshal([]byte(viaStringify), &b))
	assert.Equal(t, b, a)
}

func TestLoneSurrogatesLeaveAsOneReplacementCharacter(t *testing.T) {
	t.Parallel()
	rt := newRuntime(t, nil)
	const r = "\uFFFD"

	assert.Equal(t, `"`+r+`"`, requireOK(t, runProgram(t, rt, `return "\ud800"`)))
	assert.Equal(t, `{"`+r+`k":"a`+r+`b😀`+r+r+`"}`,
		requireOK(t, runProgram(t, rt, `return {"\udc00k": "a\ud800b\ud83d\ude00\udc00\ud800"}`)))

	// A pair split across the two halves of a concatenation (a rope).
	rope := requireOK(t, runProgram(t, rt,
		`let s = "a".repeat(2000) + "\ud83d"; s = s + ("\ude00" + "b".repeat(2000)); return s`))
	assert.Equal(t, `"`+strings.Repeat("a", 2000)+"😀"+strings.Repeat("b", 2000)+`"`, rope)

	res := runProgram(t, rt, `console.log("a\ud800b"); console.log("%s|", "\udfff")`)
	require.Nil(t, res.Failure)
	assert.Equal(t, []string{"a" + r + "b", r + "|"}, res.Logs)

	msg := requireFailure(t, runProgram(t, rt, `throw new Error("bad \ud800 input")`), KindException)
	assert.True(t, utf8.ValidString(msg))
	assert.Contains(t, msg, "Error: bad "+r+" input")

	// Refusal messages name classes and keys without invalid UTF-8 either.
	msg = requireFailure(t, runProgram(t, rt,
		`const C = {["\ud800"]: class {}}["\ud800"]; return {x: new C()}`), KindInvalidOutput)
	assert.Contains(t, msg, "$.x: class instance ("+r+") is not JSON")
	msg = requireFailure(t, runProgram(t, rt, `return {"\ud800-k": 1n}`), KindInvalidOutput)
	assert.Contains(t, msg, `$["\ud800-k"]: BigInt is not JSON`)

	// A thrown string is inspected, and inspect escapes a lone surrogate as
	// Node's does.
	msg = requireFailure(t, runProgram(t, rt, `throw "\ud800"`), KindException)
	assert.Equal(t, `Uncaught '\ud800'`, msg)

	var got any
	ns := Namespace{Global: "tools", Functions: map[string]Function{
		"echo": func(ctx context.Context, args any) (any, error) { got = args; return args, nil },
	}}
	out := requireOK(t, runWith(t, rt, `return await tools.echo({"k\ud800": "\udc00"})`, ns))
	assert.Equal(t, map[string]any{"k" + r: r}, got)
	assert.Equal(t, `{"k`+r+`":"`+r+`"}`, out)
}

func TestPreludeFunctionsAreNotReachableThroughCallSites(t *testing.T) {
	t.Parallel()
	rt := newRuntime(t, nil)
	ns := Namespace{
		Global:     "tools",
		Functions:  map[string]Function{"fail": func(context.Context, any) (any, error) { return nil, assert.AnError }},
		ErrorClass: &ErrorClass{Name: "ToolCallError", Member: "toolName"},
	}
	// Every path on which the prelude runs a program's code or builds an
	// error: timers, argument checks, console formatting, binding failures.
	program := `
		const seen = new Set();
		Error.prepareStackTrace = (e, sites) => {
			for (const s of sites) { const f = s.getFunction(); if (f) seen.add(f.name) }
			return "custom";
		};
		try { setTimeout(5, 1) } catch (e) {}
		console.log({ [Symbol.for("nodejs.util.inspect.custom")]() { new Error("c"); return "c" } });
		console.log("%s", { toString() { new Error("s"); return "s" } });
		await new Promise(r => setTimeout(() => { new Error("t"); r() }, 1));
		try { await tools.fail(1) } catch (e) {}
		try { await tools.missing(1) } catch (e) {}
		try { await tools.fail(1n) } catch (e) {}
		const stack = new Error("x").stack;
		return {names: [...seen].sort(), stack, prepare: typeof Error.prepareStackTrace}`
	var got struct {
		Names   []string
		Stack   string
		Prepare string
	}
	require.NoError(t, json.Unmarshal([]byte(requireOK(t, runWith(t, rt, program, ns))), &got))
	for _, internal := range []string{"fireTimer", "startTimer", "bindingError", "format", "invalidArgType",
		"emit", "inspect", "formatValue", "makeBindingFunction", "prepareProgramStack", "print"} {
		assert.NotContains(t, got.Names, internal)
	}
	assert.Contains(t, got.Names, "toString", "the program's own frames stay visible")
	assert.Equal(t, "custom", got.Stack, "the program's prepareStackTrace still decides the stack")
	assert.Equal(t, "function", got.Prepare, "the program reads back its own function")
}

func TestPerformanceTimeOriginIsTheWallClockOrigin(t *testing.T) {
	t.Parallel()
	det := newRuntime(t, func(c *Config) { c.Deterministic = true })
	assert.Equal(t, "[1735689600000,0,true]", requireOK(t, runProgram(t, det,
		`return [performance.timeOrigin, performance.now(), performance.timeOrigin + performance.now() === Date.now()]`)))

	real := newRuntime(t, nil)
	// Node: timeOrigin + now() reads like Date.now(). One minute of slack.
	assert.Equal(t, "true", requireOK(t, runProgram(t, real,
		`return Math.abs(performance.timeOrigin + performance.now() - Date.now()) < 60000`)))
}

func TestDeepJSONStringifyThrowsRangeError(t *testing.T) {
	t.Parallel()
	rt := newRuntime(t, nil)
	got := requireOK(t, runProgram(t, rt, `
		const nest = (n, wrap) => { let v = {}; for (let i = 0; i < n; i++) v = wrap(v); return v };
		const out = [];
		for (const wrap of [v => ({a: v}), v => [v]]) {
			try { JSON.stringify(nest(100000, wrap)); out.push("no error") }
			catch (e) { out.push(e.name + ": " + e.message) }
		}
		out.push(JSON.stringify(nest(1000, v => [v])).length);
		return out`))
	// Node 20 gives the same (it stops at about 4,000 levels).
	assert.Equal(t, `["RangeError: Maximum call stack size exceeded","RangeError: Maximum call stack size exceeded",2002]`, got)
}

func TestAPromiseThatCanNeverSettleIsAnException(t *testing.T) {
	t.Parallel()
	rt := newRuntime(t, nil)
	msg := requireFailure(t, runProgram(t, rt, `await new Promise(() => {})`), KindException)
	assert.Contains(t, msg, "can never settle")
}
