package coderun

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// newRuntime returns a Runtime with the default config changed by edit,
// closed when the test ends.
func newRuntime(t testing.TB, edit func(*Config)) *Runtime {
	t.Helper()
	cfg := DefaultConfig()
	if edit != nil {
		edit(&cfg)
	}
	rt, err := New(cfg)
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, rt.Close(context.Background())) })
	return rt
}

// roomyBudgets gives a run time enough on a loaded machine, for tests whose
// subject is not the time budgets: ComputeTime and WallTime are measured
// on the wall clock, and under -race on a shared 2-core machine a second
// of the guest's work can take ten.
func roomyBudgets(c *Config) {
	c.ComputeTime = 2 * time.Minute
	c.WallTime = 4 * time.Minute
}

func runProgram(t testing.TB, rt *Runtime, program string) Result {
	t.Helper()
	res, err := rt.Run(context.Background(), Request{Program: program})
	require.NoError(t, err)
	return res
}

// requireOK asserts the run succeeded and returns its value as text.
func requireOK(t testing.TB, res Result) string {
	t.Helper()
	require.Nil(t, res.Failure, "unexpected failure")
	return string(res.Value)
}

func requireFailure(t testing.TB, res Result, kind FailureKind) string {
	t.Helper()
	require.NotNil(t, res.Failure, "expected a %s failure, got value %s", kind, res.Value)
	require.Equal(t, kind, res.Failure.Kind, "message: %s", res.Failure.Message)
	require.Nil(t, res.Value, "a failed run has no value")
	return res.Failure.Message
}

func TestCompletionValue(t *testing.T) {
	t.Parallel()
	rt := newRuntime(t, nil)
	cases := []struct {
		program string
		want    string // "" means absent
	}{
		{"return 1 + 1", "2"},
		{"return null", "null"},
		{"return undefined", ""},
		{"const x = 1", ""},
		{"", ""},
		{"return await Promise.resolve('awaited')", `"awaited"`},
		{"return {b: [1, 2.5, -3, 'x', true, false, null], a: {}}", `{"b":[1,2.5,-3,"x",true,false,null],"a":{}}`},
		{"return 'quote \" backslash \\\\ newline \\n tab \\t nul \\u0000 é 😀'", `"quote \" backslash \\ newline \n tab \t nul \u0000 é 😀"`},
		{"return [9007199254740991, -9007199254740991, 1e21, 1.5e-7, 0.1]", `[9007199254740991,-9007199254740991,1e+21,1.5e-7,0.1]`},
		{"return {'__proto__': 1}", `{}`},
		{"return JSON.parse('{\"__proto__\": 1}')", `{"__proto__":1}`},
		{"return Object.create(null)", `{}`},
		{"return {2: 'b', 1: 'a', z: 1, y: 2}", `{"1":"a","2":"b","z":1,"y":2}`},
	}
	for _, c := range cases {
		t.Run(c.program, func(t *testing.T) {
			res := runProgram(t, rt, c.program)
			got := requireOK(t, res)
			assert.Equal(t, c.want, got)
			if c.want != "" {
				assert.True(t, json.Valid(res.Value), "value is valid JSON")
			}
		})
	}
}

func TestInvalidOutputNamesPathAndReason(t *testing.T) {
	t.Parallel()
	rt := newRuntime(t, nil)
	cases := []struct{ program, want string }{
		{"return {items: [1, 2, 3, 10n]}", "$.items[3]: BigInt is not JSON"},
		{"return NaN", "$: NaN is not JSON"},
		{"return [Infinity]", "$[0]: Infinity is not JSON"},
		{"return {f() {}}", "$.f: function is not JSON"},
		{"return {s: Symbol('x')}", "$.s: symbol is not JSON"},
		{"return {x: undefined}", "$.x: undefined is not JSON"},
		{"return [1, undefined]", "$[1]: undefined is not JSON"},
		{"return [1, , 3]", "$[1]: sparse array"},
		{"const o: any = {a: {}}; o.a.back = o; return o", "$.a.back: cycle"},
		{"return {m: new Map()}", "$.m: Map is not JSON"},
		{"return new Set([1])", "$: Set is not JSON"},
		{"return {when: new Date(0)}", "$.when: Date is not JSON"},
		{"class Point { x = 1 }; return [new Point()]", "$[0]: class instance (Point) is not JSON"},
		{"return {get g() { return 1 }}", "$.g: getter is not JSON"},
		{"return {'my-key': [{deep: 1n}]}", `$["my-key"][0].deep: BigInt is not JSON`},
		{"return {[Symbol('k')]: 1}", "symbol-keyed property is not JSON"},
		{"return new Uint8Array(2)", "$: Uint8Array is not JSON"},
		{"return /x/", "$: RegExp is not JSON"},
		{"return new Error('e')", "$: Error is not JSON"},
		{"return new Proxy({}, {})", "$: Proxy is not JSON"},
	}
	for _, c := range cases {
		t.Run(c.program, func(t *testing.T) {
			msg := requireFailure(t, runProgram(t, rt, c.program), KindInvalidOutput)
			assert.Contains(t, msg, c.want)
		})
	}
}

func TestSharedReferencesAreNotCycles(t *testing.T) {
	t.Parallel()
	rt := newRuntime(t, nil)
	got := requireOK(t, runProgram(t, rt, "const a = {v: 1}; return [a, a, {x: a}]"))
	assert.Equal(t, `[{"v":1},{"v":1},{"x":{"v":1}}]`, got)
}

func TestLogsInOrderOneStringPerCall(t *testing.T) {
	t.Parallel()
	rt := newRuntime(t, nil)
	res := runProgram(t, rt, `
		console.log('a', 1, {x: [1, 2]})
		console.info('info')
		console.warn('warn')
		console.error('error')
		console.debug('debug')
		console.log('multi\nline')
		console.log('%s is %d years and %i days', 'Bob', 42.5, 3.9)
	`)
	requireOK(t, res)
	assert.Equal(t, []string{
		"a 1 { x: [ 1, 2 ] }",
		"info",
		"warn",
		"error",
		"debug",
		"multi\nline",
		"Bob is 42.5 years and 3 days",
	}, res.Logs)
}

func TestLogsAreKeptWhenTheProgramFails(t *testing.T) {
	t.Parallel()
	rt := newRuntime(t, nil)
	res := runProgram(t, rt, "console.log('before'); throw new Error('boom')")
	requireFailure(t, res, KindException)
	assert.Equal(t, []string{"before"}, res.Logs)
}

func TestGlobalsModelCodeReliesOn(t *testing.T) {
	t.Parallel()
	rt := newRuntime(t, nil)
	res := runProgram(t, rt, `
		const out: Record<string, unknown> = {}
		const done: string[] = []
		setTimeout((a: string) => done.push(a), 5, 'timeout')
		const iv = setInterval(() => { done.push('interval'); clearInterval(iv) }, 1)
		const cancelled = setTimeout(() => done.push('cancelled'), 1); clearTimeout(cancelled)
		queueMicrotask(() => done.push('microtask'))
		await new Promise(r => setTimeout(r, 20))
		out.timers = done
		const orig = {d: [1, {e: 2}]}
		const copy = structuredClone(orig)
		out.clone = copy.d !== orig.d && JSON.stringify(copy) === JSON.stringify(orig)
		out.text = new TextDecoder().decode(new TextEncoder().encode('héllo'))
		out.b64 = [btoa('hi'), atob('aGk=')]
		out.perf = typeof performance.now() === 'number'
		const u = new URL('https://example.com/a/../b?x=1#h')
		u.searchParams.append('y', '2')
		out.url = u.href
		out.params = new URLSearchParams({a: '1', b: 'two words'}).toString()
		const bytes = crypto.getRandomValues(new Uint8Array(8))
		out.random = bytes.length
		out.uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(crypto.randomUUID())
		return out
	`)
	got := requireOK(t, res)
	assert.JSONEq(t, `{
		"timers": ["microtask", "interval", "timeout"],
		"clone": true,
		"text": "héllo",
		"b64": ["aGk=", "hi"],
		"perf": true,
		"url": "https://example.com/b?x=1&y=2#h",
		"params": "a=1&b=two+words",
		"random": 8,
		"uuid": true
	}`, got)
}

func TestAbsentCapabilitiesSaySo(t *testing.T) {
	t.Parallel()
	rt := newRuntime(t, nil)
	cases := []struct{ program, want string }{
		{"require('fs')", "require is not defined: there are no modules or files in the coderun sandbox"},
		{"await fetch('https://example.com')", "fetch is not defined: there is no network"},
		{"process.env.HOME", "process is not defined: there is no process in the coderun sandbox"},
		{"await import('fs')", "not available"},
	}
	for _, c := range cases {
		t.Run(c.program, func(t *testing.T) {
			msg := requireFailure(t, runProgram(t, rt, c.program), KindException)
			assert.Contains(t, msg, c.want)
		})
	}
}

func TestExceptionCarriesOriginalPositions(t *testing.T) {
	t.Parallel()
	rt := newRuntime(t, nil)
	program := strings.Join([]string{
		"enum Color { Red, Green }",
		"type Pair<T> = [T, T]",
		"function fail(p: Pair<number>): never {",
		"  throw new TypeError(`bad pair ${p[0]}`)",
		"}",
		"fail([Color.Green, 2])",
	}, "\n")
	msg := requireFailure(t, runProgram(t, rt, program), KindException)
	assert.Contains(t, msg, "TypeError: bad pair 1")
	// Line 4 is the throw, line 6 the call; the wrapper and the erased types
	// would shift both if positions were not mapped back.
	assert.Regexp(t, `at fail \(program\.ts:4:\d+\)`, msg)
	assert.Contains(t, msg, "\n    at program.ts:6:1")
}

func TestThrownNonErrorsAreReadable(t *testing.T) {
	t.Parallel()
	rt := newRuntime(t, nil)
	assert.Equal(t, "Uncaught { a: 1 }", requireFailure(t, runProgram(t, rt, "throw {a: 1}"), KindException))
	assert.Equal(t, "Uncaught 'text'", requireFailure(t, runProgram(t, rt, "throw 'text'"), KindException))
	assert.Equal(t, "Uncaught 42", requireFailure(t, runProgram(t, rt, "throw 42"), KindException))
	assert.Contains(t, requireFailure(t, runProgram(t, rt, "throw null"), KindException), "null")
	assert.Contains(t, requireFailure(t, runProgram(t, rt, "await Promise.reject(new RangeError('r'))"), KindException), "RangeError: r")
}

func TestSyntaxAndTransformErrorsAreExceptions(t *testing.T) {
	t.Parallel()
	rt := newRuntime(t, nil)
	msg := requireFailure(t, runProgram(t, rt, "const a = 1\nlet b = ;"), KindException)
	assert.Contains(t, msg, "SyntaxError")
	assert.Contains(t, msg, "program.ts:2:9")
	msg = requireFailure(t, runProgram(t, rt, "import fs from 'fs'"), KindException)
	assert.Contains(t, msg, "import")
}

func TestTypeScriptSyntax(t *testing.T) {
	t.Parallel()
	rt := newRuntime(t, nil)
	got := requireOK(t, runProgram(t, rt, `
		enum Dir { Up = 'UP', Down = 'DOWN' }
		namespace Geo { export const unit = 2; export function area(r: number) { return unit * r } }
		interface Box<T> { value: T }
		abstract class Shape { abstract area(): number }
		class Sq extends Shape { constructor(private side: number) { super() } area() { return this.side ** 2 } }
		const box: Box<number> = { value: 3 }
		const id = <T,>(x: T): T => x
		let maybe: string | undefined
		return { dir: Dir.Up, geo: Geo.area(5), sq: new Sq(box.value).area(), id: id('x'), maybe: maybe ?? 'none', sat: ({a: 1} satisfies {a: number}).a }
	`))
	assert.JSONEq(t, `{"dir":"UP","geo":10,"sq":9,"id":"x","maybe":"none","sat":1}`, got)
}

func TestComputeTimeCountsOnlyExecution(t *testing.T) {
	t.Parallel()
	rt := newRuntime(t, func(c *Config) { c.ComputeTime = 400 * time.Millisecond })
	// Waiting 1.2 s on a timer costs no compute (the budget leaves a
	// loaded machine room for the program's own).
	requireOK(t, runProgram(t, rt, "await new Promise(r => setTimeout(r, 1200)); return 1"))
	msg := requireFailure(t, runProgram(t, rt, "while (true) {}"), KindTimeout)
	assert.Contains(t, msg, "ComputeTime")
	assert.Contains(t, msg, "400ms")
}

func TestWallTimeCountsWaiting(t *testing.T) {
	t.Parallel()
	rt := newRuntime(t, func(c *Config) { c.WallTime = 100 * time.Millisecond })
	start := time.Now()
	msg := requireFailure(t, runProgram(t, rt, "await new Promise(r => setTimeout(r, 10_000))"), KindTimeout)
	assert.Contains(t, msg, "WallTime")
	assert.Contains(t, msg, "100ms")
	assert.Less(t, time.Since(start), 5*time.Second)
}

func TestFuelIsDeterministic(t *testing.T) {
	t.Parallel()
	rt := newRuntime(t, func(c *Config) { c.Fuel = 50 })
	// The same loop with the same fuel stops at the same iteration, on any
	// machine: the count it reached is the same every time.
	program := `
		let i = 0
		try { for (;;) { i++; globalThis.count = i } } finally { console.log(String(i)) }
	`
	first := runProgram(t, rt, program)
	msg := requireFailure(t, first, KindTimeout)
	assert.Contains(t, msg, "Fuel")
	for range 3 {
		again := runProgram(t, rt, program)
		requireFailure(t, again, KindTimeout)
		assert.Equal(t, first.Logs, again.Logs)
	}
	// A cheap program fits in the same budget.
	requireOK(t, runProgram(t, rt, "let s = 0; for (let i = 0; i < 1000; i++) s += i; return s"))
}

func TestOutputLimitIsAFailureNotTruncation(t *testing.T) {
	t.Parallel()
	rt := newRuntime(t, func(c *Config) { c.MaxOutputBytes = 1000 })
	msg := requireFailure(t, runProgram(t, rt, "for (let i = 0; i < 1000; i++) console.log('line ' + i)"), KindOutputLimit)
	assert.Contains(t, msg, "MaxOutputBytes (1000 bytes)")
	requireFailure(t, runProgram(t, rt, "return 'x'.repeat(2000)"), KindOutputLimit)
	requireFailure(t, runProgram(t, rt, "console.log('y'.repeat(600)); return 'x'.repeat(600)"), KindOutputLimit)
	requireFailure(t, runProgram(t, rt, "throw new Error('e'.repeat(2000))"), KindOutputLimit)
	// Just under the limit is fine.
	requireOK(t, runProgram(t, rt, "console.log('y'.repeat(400)); return 'x'.repeat(400)"))
}

func TestMemoryLimitIsWorkerExit(t *testing.T) {
	t.Parallel()
	// Filling the heap takes seconds of guest time when other tests share
	// the cores: the time budgets get room, since the memory limit is what
	// is under test.
	rt := newRuntime(t, func(c *Config) {
		c.MemoryLimitBytes, c.ComputeTime, c.WallTime = 32<<20, 2*time.Minute, 2*time.Minute
	})
	cases := []string{
		"const a: string[] = []; for (;;) a.push('x'.repeat(1 << 16) + a.length)",
		"const a: number[][] = []; for (;;) a.push(new Array(10000).fill(1.5))",
		"try { const a: unknown[] = []; for (;;) a.push({i: a.length}) } catch (e) { return 'caught' }",
		"return new ArrayBuffer(64 << 20).byteLength",
	}
	for _, p := range cases {
		t.Run(p, func(t *testing.T) {
			msg := requireFailure(t, runProgram(t, rt, p), KindWorkerExit)
			assert.Contains(t, msg, "MemoryLimitBytes (33554432 bytes)")
		})
	}
	// The next run is unaffected.
	assert.Equal(t, "3", requireOK(t, runProgram(t, rt, "return 1 + 2")))
}

func TestAbortStopsAHotLoop(t *testing.T) {
	t.Parallel()
	rt := newRuntime(t, nil)
	for _, p := range []string{
		"while (true) {}",
		"for (;;) { try { while (true) {} } catch {} }",
		"const a = []; for (let i = 0; i < 1e6; i++) a.push(Math.random()); for (;;) a.slice().sort()",
		"for (;;) /(a+)+b/.test('a'.repeat(40))",
	} {
		t.Run(p, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			time.AfterFunc(50*time.Millisecond, cancel)
			res, err := rt.Run(ctx, Request{Program: p})
			require.NoError(t, err)
			msg := requireFailure(t, res, KindAbort)
			assert.Contains(t, msg, "aborted")
		})
	}
}

func TestAbortWhileWaiting(t *testing.T) {
	t.Parallel()
	rt := newRuntime(t, nil)
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(30*time.Millisecond, cancel)
	res, err := rt.Run(ctx, Request{Program: "await new Promise(r => setTimeout(r, 60_000))"})
	require.NoError(t, err)
	requireFailure(t, res, KindAbort)
}

func TestAlreadyCancelledContextAborts(t *testing.T) {
	t.Parallel()
	rt := newRuntime(t, nil)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err := rt.Run(ctx, Request{Program: "while (true) {}"})
	require.NoError(t, err)
	requireFailure(t, res, KindAbort)
}

func TestDeepNestingNeitherTrapsNorCorrupts(t *testing.T) {
	t.Parallel()
	rt := newRuntime(t, nil)
	cases := []struct {
		program string
		kind    FailureKind
	}{
		{"return JSON.parse('['.repeat(100000))", KindException},
		{"return eval('('.repeat(5000) + '1' + ')'.repeat(5000))", ""},
		{"function f(n: number): number { return f(n + 1) + 1 }; return f(0)", KindException},
		{"const o: any = {}; let c = o; for (let i = 0; i < 5000; i++) { c.n = {}; c = c.n }; return o", KindInvalidOutput},
	}
	for _, c := range cases {
		t.Run(c.program[:30], func(t *testing.T) {
			res := runProgram(t, rt, c.program)
			if c.kind == "" {
				requireOK(t, res)
			} else {
				requireFailure(t, res, c.kind)
			}
			// The next run is unaffected.
			assert.Equal(t, `"ok"`, requireOK(t, runProgram(t, rt, "return 'ok'")))
		})
	}
	caught := requireOK(t, runProgram(t, rt, "function f(n: number): number { return f(n + 1) + 1 }; try { f(0) } catch (e) { return (e as Error).name }"))
	assert.Equal(t, `"RangeError"`, caught)
	msg := requireFailure(t, runProgram(t, rt, "const o: any = {}; let c = o; for (let i = 0; i < 5000; i++) { c.n = {}; c = c.n }; return o"), KindInvalidOutput)
	assert.Contains(t, msg, "nested deeper than 1000 levels")
}

func TestRunsShareNothing(t *testing.T) {
	t.Parallel()
	rt := newRuntime(t, nil)
	requireOK(t, runProgram(t, rt, "(globalThis as any).leak = 1; (Array.prototype as any).polluted = true; Object.freeze(Object.prototype)"))
	got := requireOK(t, runProgram(t, rt, "return [typeof (globalThis as any).leak, typeof ([] as any).polluted, Object.isFrozen(Object.prototype)]"))
	assert.Equal(t, `["undefined","undefined",false]`, got)
}

func TestConcurrentRuns(t *testing.T) {
	t.Parallel()
	rt := newRuntime(t, nil)
	var wg sync.WaitGroup
	errs := make(chan error, 16)
	for i := range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			res, err := rt.Run(context.Background(), Request{Program: "await new Promise(r => setTimeout(r, 10)); let s = 0; for (let i = 0; i < 1000; i++) s += i; return s + " + string(rune('0'+i%10))})
			if err != nil || res.Failure != nil {
				errs <- errors.Join(err, errors.New(string(res.Value)))
				return
			}
			if want := 499500 + i%10; string(res.Value) != strings.TrimSpace(jsonInt(want)) {
				errs <- errors.New("wrong value " + string(res.Value))
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

func jsonInt(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}

func TestDeterministicRunsAreIdentical(t *testing.T) {
	t.Parallel()
	program := `
		const r = [Math.random(), Math.random()]
		const bytes = Array.from(crypto.getRandomValues(new Uint8Array(4)))
		const t0 = Date.now(), p0 = performance.now()
		await new Promise(res => setTimeout(res, 30_000))
		console.log(new Date().toISOString())
		return { r, bytes, uuid: crypto.randomUUID(), t0, waited: Date.now() - t0, perf: performance.now() - p0 }
	`
	rt := newRuntime(t, func(c *Config) { c.Deterministic = true; c.Seed = 7 })
	start := time.Now()
	a := runProgram(t, rt, program)
	assert.Less(t, time.Since(start), 10*time.Second, "virtual time does not really wait (the program sleeps 30 s)")
	b := runProgram(t, rt, program)
	requireOK(t, a)
	assert.Equal(t, a, b)
	var v struct {
		T0     float64 `json:"t0"`
		Waited float64 `json:"waited"`
	}
	require.NoError(t, json.Unmarshal(a.Value, &v))
	assert.Equal(t, float64(virtualEpoch.UnixMilli()), v.T0)
	assert.Equal(t, 30000.0, v.Waited)

	other := newRuntime(t, func(c *Config) { c.Deterministic = true; c.Seed = 8 })
	assert.NotEqual(t, a.Value, runProgram(t, other, program).Value, "another seed, other numbers")
}

func TestRealClockAndRandomness(t *testing.T) {
	t.Parallel()
	rt := newRuntime(t, nil)
	a := requireOK(t, runProgram(t, rt, "return [Math.random(), Date.now()]"))
	b := requireOK(t, runProgram(t, rt, "return [Math.random(), Date.now()]"))
	var av, bv []float64
	require.NoError(t, json.Unmarshal([]byte(a), &av))
	require.NoError(t, json.Unmarshal([]byte(b), &bv))
	assert.NotEqual(t, av[0], bv[0], "every run is seeded afresh")
	assert.InDelta(t, float64(time.Now().UnixMilli()), av[1], 60_000, "Date.now reads the real clock")
}

func TestBadInput(t *testing.T) {
	t.Parallel()
	rt := newRuntime(t, nil)
	t.Run("empty", func(t *testing.T) {
		assert.Equal(t, "", requireOK(t, runProgram(t, rt, "")))
	})
	t.Run("5 MB program", func(t *testing.T) {
		var b strings.Builder
		b.WriteString("const data = [\n")
		for b.Len() < 5<<20 {
			b.WriteString(`  { "name": "item", "note": "` + strings.Repeat("a long text field ", 8) + `", "values": [1, 2, 3] },` + "\n")
		}
		b.WriteString("];\nreturn data.length")
		// Parsing 5 MB takes seconds under -race on a loaded machine: give
		// it room, since what is tested is that it works, not its speed.
		slow := newRuntime(t, func(c *Config) { c.ComputeTime, c.WallTime = 5*time.Minute, 5*time.Minute })
		got := requireOK(t, runProgram(t, slow, b.String()))
		assert.NotEmpty(t, got)
	})
	t.Run("over MaxProgramBytes", func(t *testing.T) {
		msg := requireFailure(t, runProgram(t, rt, "//"+strings.Repeat("x", MaxProgramBytes)), KindException)
		assert.Contains(t, msg, "MaxProgramBytes")
	})
	t.Run("NUL bytes", func(t *testing.T) {
		msg := requireFailure(t, runProgram(t, rt, "return 'a\x00b'"), KindException)
		assert.Contains(t, msg, "NUL")
		assert.Equal(t, `"a\u0000b"`, requireOK(t, runProgram(t, rt, "return 'a\\0b'")), "an escaped NUL is fine")
	})
	t.Run("invalid UTF-8", func(t *testing.T) {
		msg := requireFailure(t, runProgram(t, rt, "return 'a\xff\xfe'"), KindException)
		assert.Contains(t, msg, "UTF-8")
	})
	assert.Equal(t, "2", requireOK(t, runProgram(t, rt, "return 2")), "the next run is unaffected")
}

func TestConfigValidation(t *testing.T) {
	t.Parallel()
	cases := []struct {
		edit func(*Config)
		want string
	}{
		{func(c *Config) { c.ComputeTime = 0 }, "ComputeTime is 0s, want 1ms to 24h0m0s"},
		{func(c *Config) { c.WallTime = -time.Second }, "WallTime"},
		{func(c *Config) { c.WallTime = 25 * time.Hour }, "WallTime"},
		{func(c *Config) { c.MaxOutputBytes = 0 }, "MaxOutputBytes is 0"},
		{func(c *Config) { c.MaxOutputBytes = 2 << 30 }, "MaxOutputBytes"},
		{func(c *Config) { c.MemoryLimitBytes = 1 << 20 }, "MemoryLimitBytes is 1048576"},
		{func(c *Config) { c.MemoryLimitBytes = 4 << 30 }, "MemoryLimitBytes"},
		{func(c *Config) { c.MaxCallsInFlight = 0 }, "MaxCallsInFlight is 0"},
		{func(c *Config) { c.MaxCalls = -1 }, "MaxCalls is -1"},
	}
	for _, c := range cases {
		cfg := DefaultConfig()
		c.edit(&cfg)
		_, err := New(cfg)
		require.Error(t, err)
		assert.Contains(t, err.Error(), c.want)
	}
	var zero Config
	_, err := New(zero)
	assert.ErrorContains(t, err, "ComputeTime", "a zero Config is rejected, not defaulted")
}

func TestDefaultConfig(t *testing.T) {
	t.Parallel()
	c := DefaultConfig()
	assert.Equal(t, 10*time.Second, c.ComputeTime)
	assert.Equal(t, 60*time.Second, c.WallTime)
	assert.Equal(t, int64(64<<20), c.MaxOutputBytes)
	assert.Equal(t, int64(256<<20), c.MemoryLimitBytes)
	assert.Equal(t, uint64(0), c.Fuel)
	assert.Equal(t, 1000, c.MaxCallsInFlight)
	assert.Equal(t, 100_000, c.MaxCalls)
	assert.NoError(t, c.Validate())
}

func TestDescriptors(t *testing.T) {
	t.Parallel()
	rt := newRuntime(t, nil)
	assert.Equal(t, "typescript", rt.Language())
	assert.Equal(t, "wasm", rt.Isolation())
}

func TestCloseTerminatesRunsAndRejectsNewOnes(t *testing.T) {
	t.Parallel()
	rt, err := New(DefaultConfig())
	require.NoError(t, err)
	results := make(chan Result, 2)
	for _, p := range []string{"while (true) {}", "await new Promise(r => setTimeout(r, 60_000))"} {
		go func() {
			res, err := rt.Run(context.Background(), Request{Program: p})
			assert.NoError(t, err)
			results <- res
		}()
	}
	time.Sleep(100 * time.Millisecond)
	require.NoError(t, rt.Close(context.Background()))
	// Close has waited for both runs to return; their results follow.
	for range 2 {
		select {
		case res := <-results:
			msg := requireFailure(t, res, KindAbort)
			assert.Contains(t, msg, "closing")
		case <-time.After(5 * time.Second):
			t.Fatal("a run did not end when the runtime closed")
		}
	}
	_, err = rt.Run(context.Background(), Request{Program: "return 1"})
	assert.ErrorIs(t, err, ErrClosed)
	assert.NoError(t, rt.Close(context.Background()), "closing twice is harmless")
}

func TestHostPanicBecomesFailure(t *testing.T) {
	t.Parallel()
	faulty := newRuntime(t, nil)
	faulty.hooks.beforeLoop = func() { panic("injected host fault") }
	res := runProgram(t, faulty, "return 1")
	msg := requireFailure(t, res, KindWorkerExit)
	assert.Contains(t, msg, "injected host fault")
	faulty.hooks.beforeLoop = nil // the run has returned: nothing reads it now
	assert.Equal(t, "1", requireOK(t, runProgram(t, faulty, "return 1")), "the next run is unaffected")
}
