package coderun

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"
)

func runWith(t testing.TB, rt *Runtime, program string, nss ...Namespace) Result {
	t.Helper()
	res, err := rt.Run(context.Background(), Request{Program: program, Bindings: nss})
	require.NoError(t, err)
	return res
}

func echo(_ context.Context, args any) (any, error) { return args, nil }

func tools(fns map[string]Function) Namespace {
	return Namespace{Global: "tools", Functions: fns, ErrorClass: &ErrorClass{Name: "ToolCallError", Member: "toolName"}}
}

func TestBindingArgumentsArriveAsEncodingJSONWould(t *testing.T) {
	t.Parallel()
	rt := newRuntime(t, nil)
	var got any
	res := runWith(t, rt, `return await tools.take({n: 1, f: 2.5, s: 'x', b: true, z: null, a: [1, {k: 'v'}], o: {}})`,
		tools(map[string]Function{"take": func(_ context.Context, args any) (any, error) {
			got = args
			return "taken", nil
		}}))
	assert.Equal(t, `"taken"`, requireOK(t, res))
	assert.Equal(t, map[string]any{
		"n": 1.0, "f": 2.5, "s": "x", "b": true, "z": nil,
		"a": []any{1.0, map[string]any{"k": "v"}}, "o": map[string]any{},
	}, got)
	// A call without arguments passes nil.
	res = runWith(t, rt, `return await tools.take()`, tools(map[string]Function{"take": func(_ context.Context, args any) (any, error) {
		return args == nil, nil
	}}))
	assert.Equal(t, "true", requireOK(t, res))
}

type searchResult struct {
	Path  string   `json:"path"`
	Lines []int    `json:"lines,omitempty"`
	Tags  []string `json:"tags"`
	skip  int
}

func TestBindingResultsMarshalLikeEncodingJSON(t *testing.T) {
	t.Parallel()
	rt := newRuntime(t, nil)
	res := runWith(t, rt, `const r = await tools.search({}); return [r, Object.keys(r)]`,
		tools(map[string]Function{"search": func(context.Context, any) (any, error) {
			return searchResult{Path: "a.go", Tags: nil, skip: 1}, nil
		}}))
	assert.Equal(t, `[{"path":"a.go","tags":null},["path","tags"]]`, requireOK(t, res))
}

func TestTypedFunc(t *testing.T) {
	t.Parallel()
	type in struct {
		Path string `json:"path"`
		N    int    `json:"n"`
	}
	type out struct {
		Echo string `json:"echo"`
	}
	rt := newRuntime(t, nil)
	fn := Func(func(_ context.Context, a in) (out, error) {
		return out{Echo: fmt.Sprintf("%s:%d", a.Path, a.N)}, nil
	})
	res := runWith(t, rt, `
		const ok = await tools.f({path: 'x', n: 3})
		let bad = ''
		try { await tools.f({n: 'three'}) } catch (e) { bad = (e as Error).message }
		return [ok, bad.includes('arguments')]
	`, tools(map[string]Function{"f": fn}))
	assert.Equal(t, `[{"echo":"x:3"},true]`, requireOK(t, res))
}

func TestNamespaceObjectsAreHardened(t *testing.T) {
	t.Parallel()
	rt := newRuntime(t, nil)
	names := []string{"__proto__", "constructor", "hasOwnProperty", "my-tool", "", "toString", "valueOf"}
	fns := map[string]Function{}
	for _, n := range names {
		fns[n] = func(_ context.Context, args any) (any, error) { return "host:" + n, nil }
	}
	res := runWith(t, rt, `
		const out: Record<string, unknown> = {}
		out.proto = await tools["__proto__"](1)
		out.ctor = await tools.constructor()
		out.has = await tools.hasOwnProperty('x')
		out.dash = await tools["my-tool"]()
		out.empty = await tools[""]()
		out.toString = await tools.toString()
		out.nullProto = Object.getPrototypeOf(tools) === null
		out.frozen = Object.isFrozen(tools)
		out.objectProtoUntouched = typeof ({} as any).constructor === 'function' && !('my-tool' in Object.prototype)
		const d = Object.getOwnPropertyDescriptor(tools, '__proto__')!
		out.desc = [d.writable, d.configurable, d.enumerable]
		try { (tools as any).extra = 1 } catch {}
		try { (tools as any)['__proto__'] = 1 } catch {}
		out.stillHost = typeof tools['__proto__'] === 'function' && !('extra' in tools)
		try { (globalThis as any).tools = 1 } catch {}
		out.globalKept = typeof tools === 'object'
		out.keys = Object.keys(tools).sort()
		return out
	`, tools(fns))
	assert.JSONEq(t, `{
		"proto": "host:__proto__", "ctor": "host:constructor", "has": "host:hasOwnProperty",
		"dash": "host:my-tool", "empty": "host:", "toString": "host:toString",
		"nullProto": true, "frozen": true, "objectProtoUntouched": true,
		"desc": [false, false, true], "stillHost": true, "globalKept": true,
		"keys": ["", "__proto__", "constructor", "hasOwnProperty", "my-tool", "toString", "valueOf"]
	}`, requireOK(t, res))
}

// A binding function looks like a method of its namespace: its name, one
// parameter, a function that cannot be constructed, whose source says
// nothing of the sandbox; detached from the namespace it still calls.
func TestBindingFunctionsAreMethodShaped(t *testing.T) {
	t.Parallel()
	rt := newRuntime(t, nil)
	res := runWith(t, rt, `
		const f = tools["my-tool"]
		let newed = ""
		try { new (f as any)() } catch (e) { newed = (e as Error).name }
		const detached = tools.echo
		return {
			name: f.name, length: f.length, proto: Object.getPrototypeOf(f) === Function.prototype,
			own: Object.getOwnPropertyNames(f).sort(), newed,
			source: Function.prototype.toString.call(f).includes("[native code]"),
			detached: await detached.call(null, 5),
		}
	`, tools(map[string]Function{"my-tool": echo, "echo": echo}))
	assert.JSONEq(t, `{"name": "my-tool", "length": 1, "proto": true, "own": ["length", "name"],
		"newed": "TypeError", "source": true, "detached": 5}`, requireOK(t, res))
}

func TestInvalidNamespacesAreContractMisuse(t *testing.T) {
	t.Parallel()
	rt := newRuntime(t, nil)
	fn := map[string]Function{"f": echo}
	cases := []struct {
		nss  []Namespace
		want string
	}{
		{[]Namespace{{Global: "$tools", Functions: fn}}, `"$tools" must match`},
		{[]Namespace{{Global: "1tools", Functions: fn}}, "must match"},
		{[]Namespace{{Global: "", Functions: fn}}, "must match"},
		{[]Namespace{{Global: "my-tools", Functions: fn}}, "must match"},
		{[]Namespace{{Global: "class", Functions: fn}}, "reserved word"},
		{[]Namespace{{Global: "lambda", Functions: fn}}, "reserved word"},
		{[]Namespace{{Global: "None", Functions: fn}}, "reserved word"},
		{[]Namespace{{Global: "await", Functions: fn}}, "reserved word"},
		{[]Namespace{{Global: "console", Functions: fn}}, "global the runtime owns"},
		{[]Namespace{{Global: "setTimeout", Functions: fn}}, "global the runtime owns"},
		{[]Namespace{{Global: "JSON", Functions: fn}}, "global the runtime owns"},
		{[]Namespace{{Global: "tools", Functions: fn}, {Global: "tools", Functions: fn}}, "already used"},
		{[]Namespace{{Global: "tools", Functions: map[string]Function{"f": nil}}}, "is nil"},
		{[]Namespace{{Global: "tools", Functions: fn, ErrorClass: &ErrorClass{Name: "Error", Member: "x"}}}, "global the runtime owns"},
		{[]Namespace{{Global: "tools", Functions: fn, ErrorClass: &ErrorClass{Name: "tools", Member: "x"}}}, "already used"},
		{[]Namespace{{Global: "tools", Functions: fn, ErrorClass: &ErrorClass{Name: "E", Member: "message"}}}, "Member"},
		{[]Namespace{{Global: "tools", Functions: fn, ErrorClass: &ErrorClass{Name: "E", Member: ""}}}, "Member"},
		{[]Namespace{
			{Global: "a", Functions: fn, ErrorClass: &ErrorClass{Name: "E", Member: "x"}},
			{Global: "b", Functions: fn, ErrorClass: &ErrorClass{Name: "E", Member: "y"}},
		}, "declared again"},
	}
	var called atomic.Bool
	for _, c := range cases {
		res, err := rt.Run(context.Background(), Request{Program: "globalThis.ran = true; return 1", Bindings: c.nss})
		require.Error(t, err, "%+v", c.nss)
		assert.Contains(t, err.Error(), c.want)
		assert.Nil(t, res.Value, "nothing ran")
	}
	assert.False(t, called.Load())
	// Two namespaces may share one error class.
	res := runWith(t, rt, `
		const errs: unknown[] = []
		for (const call of [() => a.f(), () => b.f()]) { try { await call() } catch (e) { errs.push(e instanceof Shared && (e as any).fn) } }
		return errs`,
		Namespace{Global: "a", Functions: map[string]Function{"f": func(context.Context, any) (any, error) { return nil, errors.New("no") }}, ErrorClass: &ErrorClass{Name: "Shared", Member: "fn"}},
		Namespace{Global: "b", Functions: map[string]Function{"f": func(context.Context, any) (any, error) { return nil, errors.New("no") }}, ErrorClass: &ErrorClass{Name: "Shared", Member: "fn"}},
	)
	assert.Equal(t, `["f","f"]`, requireOK(t, res))
}

func TestCallsOverlap(t *testing.T) {
	t.Parallel()
	rt := newRuntime(t, nil)
	var inFlight, peak atomic.Int32
	release := make(chan struct{})
	var once sync.Once
	slow := func(ctx context.Context, args any) (any, error) {
		n := inFlight.Add(1)
		for {
			p := peak.Load()
			if n <= p || peak.CompareAndSwap(p, n) {
				break
			}
		}
		if n == 20 {
			once.Do(func() { close(release) })
		}
		select {
		case <-release:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
		inFlight.Add(-1)
		return args, nil
	}
	res := runWith(t, rt, `
		const all = await Promise.all(Array.from({length: 20}, (_, i) => tools.slow(i)))
		return all.length`, tools(map[string]Function{"slow": slow}))
	assert.Equal(t, "20", requireOK(t, res))
	assert.Equal(t, int32(20), peak.Load(), "all 20 calls were in flight at once")
}

func TestCallReturnsAPromiseImmediately(t *testing.T) {
	t.Parallel()
	rt := newRuntime(t, nil)
	res := runWith(t, rt, `
		const order: string[] = []
		const p = tools.echo('x').then(() => order.push('resolved'))
		order.push('sync')
		await p
		return [p instanceof Promise, order]`, tools(map[string]Function{"echo": echo}))
	assert.Equal(t, `[true,["sync","resolved"]]`, requireOK(t, res))
}

func TestCallLimitsRejectInsideTheProgram(t *testing.T) {
	t.Parallel()
	rt := newRuntime(t, func(c *Config) { c.MaxCallsInFlight = 5; c.MaxCalls = 12 })
	block := make(chan struct{})
	fns := map[string]Function{
		"wait": func(ctx context.Context, _ any) (any, error) {
			select {
			case <-block:
			case <-ctx.Done():
			}
			return "done", nil
		},
		"echo": echo,
	}
	res := runWith(t, rt, `
		const first = Array.from({length: 7}, () => tools.wait())
		const settled = await Promise.allSettled(first.slice(5))
		const messages = settled.map(s => s.status === 'rejected' ? String(s.reason.message) : 'ok')
		return messages`, tools(fns))
	got := requireOK(t, res)
	assert.Contains(t, got, "MaxCallsInFlight is 5")
	close(block)

	res = runWith(t, rt, `
		let ok = 0, msg = ''
		for (let i = 0; i < 15; i++) {
			try { await tools.echo(i); ok++ } catch (e) { msg = (e as Error).message }
		}
		return [ok, msg]`, tools(fns))
	assert.Equal(t, `[12,"too many binding calls in this run: MaxCalls is 12"]`, requireOK(t, res))
}

func TestWaitingOnCallsCostsNoCompute(t *testing.T) {
	t.Parallel()
	// A second of waiting against a budget of 300 ms: the program's own
	// compute is a few milliseconds, and the budget leaves room for a
	// loaded machine's.
	rt := newRuntime(t, func(c *Config) { c.ComputeTime = 300 * time.Millisecond })
	res := runWith(t, rt, `await tools.sleep(); await tools.sleep(); return 'ok'`, tools(map[string]Function{
		"sleep": func(ctx context.Context, _ any) (any, error) {
			time.Sleep(500 * time.Millisecond)
			return nil, nil
		},
	}))
	assert.Equal(t, `"ok"`, requireOK(t, res))
}

func TestNonJSONArgumentsRejectWithoutCallingTheHost(t *testing.T) {
	t.Parallel()
	rt := newRuntime(t, nil)
	var calls atomic.Int32
	fns := map[string]Function{"f": func(context.Context, any) (any, error) { calls.Add(1); return nil, nil }}
	cases := []struct{ args, want string }{
		{"() => 1", "args: function is not JSON"},
		{"10n", "args: BigInt is not JSON"},
		{"{a: [1, 2n]}", "args.a[1]: BigInt is not JSON"},
		{"NaN", "args: NaN is not JSON"},
		{"{x: undefined}", "args.x: undefined is not JSON"},
		{"(() => { const o: any = {}; o.o = o; return o })()", "args.o: cycle"},
		{"new Map()", "args: Map is not JSON"},
	}
	for _, c := range cases {
		res := runWith(t, rt, fmt.Sprintf(`
			try { await tools.f(%s); return 'called' }
			catch (e) { return [(e as Error).name, (e as Error).message] }`, c.args), tools(fns))
		got := requireOK(t, res)
		// tools has an ErrorClass: every rejection of its calls is one.
		assert.Contains(t, got, `"ToolCallError"`, c.args)
		assert.Contains(t, got, c.want, c.args)
	}
	assert.Zero(t, calls.Load(), "the host function was never called")
}

func TestHostFailuresRejectTheCall(t *testing.T) {
	t.Parallel()
	rt := newRuntime(t, nil)
	fns := map[string]Function{
		"fails":  func(context.Context, any) (any, error) { return nil, errors.New("disk full") },
		"panics": func(context.Context, any) (any, error) { panic("kaboom") },
		"nan":    func(context.Context, any) (any, error) { return math.NaN(), nil },
		"chan":   func(context.Context, any) (any, error) { return make(chan int), nil },
		"bigint": func(context.Context, any) (any, error) { return int64(1<<53 + 1), nil },
		"ok":     echo,
	}
	res := runWith(t, rt, `
		const out: Record<string, unknown> = {}
		for (const name of ['fails', 'panics', 'nan', 'chan', 'bigint']) {
			try { await (tools as any)[name](); out[name] = 'resolved' }
			catch (e) { out[name] = [e instanceof ToolCallError, (e as any).toolName, (e as Error).message] }
		}
		out.after = await tools.ok('still running')
		return out`, tools(fns))
	got := requireOK(t, res)
	assert.Contains(t, got, `"fails":[true,"fails","disk full"]`)
	assert.Contains(t, got, `"panics":[true,"panics","tools.panics panicked: kaboom"]`)
	assert.Contains(t, got, `tools.nan returned a value that cannot cross into the program`)
	assert.Contains(t, got, `tools.chan returned a value that cannot cross into the program`)
	assert.Contains(t, got, `cannot be represented exactly`)
	assert.Contains(t, got, `"after":"still running"`)
}

func TestErrorClass(t *testing.T) {
	t.Parallel()
	rt := newRuntime(t, nil)
	fns := map[string]Function{"deny": func(context.Context, any) (any, error) { return nil, errors.New("denied by policy") }}
	res := runWith(t, rt, `
		let e: any
		try { await tools.deny({}) } catch (err) { e = err }
		const facts = {
			instance: e instanceof ToolCallError,
			isError: e instanceof Error,
			name: e.name,
			message: e.message,
			tool: e.toolName,
			stack: typeof e.stack === 'string',
			ctorName: ToolCallError.name,
			constructible: new ToolCallError('m') instanceof ToolCallError,
		}
		// The program cannot tamper with the class other code relies on.
		try { (ToolCallError as any).prototype.name = 'Hacked' } catch {}
		try { (globalThis as any).ToolCallError = class {} } catch {}
		try { Object.defineProperty(ToolCallError, 'prototype', {value: {}}) } catch {}
		try { await tools.deny({}) } catch (err: any) {
			return {...facts, afterTamper: [err instanceof ToolCallError, err.name]}
		}`, tools(fns))
	assert.JSONEq(t, `{
		"instance": true, "isError": true, "name": "ToolCallError", "message": "denied by policy",
		"tool": "deny", "stack": true, "ctorName": "ToolCallError", "constructible": true,
		"afterTamper": [true, "ToolCallError"]
	}`, requireOK(t, res))

	// Without an ErrorClass a rejection is a plain Error.
	res = runWith(t, rt, `try { await plain.deny() } catch (e: any) { return [e.constructor === Error, e.message] }`,
		Namespace{Global: "plain", Functions: fns})
	assert.Equal(t, `[true,"denied by policy"]`, requireOK(t, res))
}

func TestSettlingCancelsCallsInFlight(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	rt := newRuntime(t, nil)
	cancelled := make(chan struct{})
	res := runWith(t, rt, `tools.hang(); await tools.echo(1); return 'settled'`, tools(map[string]Function{
		"hang": func(ctx context.Context, _ any) (any, error) {
			<-ctx.Done()
			close(cancelled)
			return "late", nil
		},
		"echo": echo,
	}))
	assert.Equal(t, `"settled"`, requireOK(t, res))
	select {
	case <-cancelled:
	case <-time.After(5 * time.Second):
		t.Fatal("the call still in flight did not see its context cancelled")
	}
}

func TestAbortWhileCallsAreInFlight(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	rt := newRuntime(t, nil)
	started := make(chan struct{})
	sawCancel := make(chan struct{})
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		<-started
		cancel()
	}()
	res, err := rt.Run(ctx, Request{Program: `await tools.hang()`, Bindings: []Namespace{tools(map[string]Function{
		"hang": func(ctx context.Context, _ any) (any, error) {
			close(started)
			<-ctx.Done()
			close(sawCancel)
			return nil, ctx.Err()
		},
	})}})
	require.NoError(t, err)
	requireFailure(t, res, KindAbort)
	select {
	case <-sawCancel:
	case <-time.After(5 * time.Second):
		t.Fatal("the call did not see ctx cancelled")
	}
}

func TestLateResultsAreDropped(t *testing.T) {
	t.Parallel()
	rt := newRuntime(t, nil)
	release := make(chan struct{})
	done := make(chan struct{})
	res := runWith(t, rt, `tools.slow(); return 'early'`, tools(map[string]Function{
		"slow": func(ctx context.Context, _ any) (any, error) {
			defer close(done)
			<-release // ignores ctx: the caller's to settle
			return "late", nil
		},
	}))
	assert.Equal(t, `"early"`, requireOK(t, res))
	close(release)
	<-done
	// The next run is unaffected by the late result.
	assert.Equal(t, `2`, requireOK(t, runProgram(t, rt, "return 2")))
}

func TestBindingsUnderConcurrentRuns(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	rt := newRuntime(t, nil)
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			res, err := rt.Run(context.Background(), Request{
				Program: fmt.Sprintf(`let s = 0; for (let j = 0; j < 50; j++) s += await tools.add({a: j, b: %d}); return s`, i),
				Bindings: []Namespace{tools(map[string]Function{"add": func(_ context.Context, args any) (any, error) {
					m := args.(map[string]any)
					return m["a"].(float64) + m["b"].(float64), nil
				}})},
			})
			assert.NoError(t, err)
			assert.Nil(t, res.Failure)
			assert.Equal(t, fmt.Sprint(1225+50*i), string(res.Value))
		}()
	}
	wg.Wait()
}

func TestCallSequenceFollowsProgramOrder(t *testing.T) {
	t.Parallel()
	rt := newRuntime(t, nil)
	var mu sync.Mutex
	got := map[string]int64{}
	record := func(ctx context.Context, args any) (any, error) {
		seq, ok := CallSequence(ctx)
		require.True(t, ok)
		mu.Lock()
		got[args.(string)] = seq
		mu.Unlock()
		return nil, nil
	}
	res := runWith(t, rt, `await Promise.all(['a', 'b', 'c', 'd'].map(x => tools.rec(x))); await tools.rec('e')`,
		tools(map[string]Function{"rec": record}))
	requireOK(t, res)
	assert.Equal(t, map[string]int64{"a": 1, "b": 2, "c": 3, "d": 4, "e": 5}, got)
	_, ok := CallSequence(context.Background())
	assert.False(t, ok)
}

func TestUnknownNamesRejectWithTheErrorClass(t *testing.T) {
	t.Parallel()
	rt := newRuntime(t, nil)
	res := runWith(t, rt, `
		const out: unknown[] = []
		try { await (tools as any)["x.nope"]({}) } catch (e: any) {
			out.push(e instanceof ToolCallError, e.toolName, e.message)
		}
		out.push(typeof (tools as any).then, Object.keys(tools), Object.isFrozen(tools), Object.getPrototypeOf(tools) === null)
		out.push(await tools.echo('still fine'))
		return out`, tools(map[string]Function{"echo": echo}))
	assert.Equal(t, `[true,"x.nope","tools has no function \"x.nope\"","undefined",["echo"],true,true,"still fine"]`, requireOK(t, res))

	// Without an error class an unknown name is simply absent.
	res = runWith(t, rt, `return typeof (plain as any).nope`, Namespace{Global: "plain", Functions: map[string]Function{"f": echo}})
	assert.Equal(t, `"undefined"`, requireOK(t, res))
}

func TestRefusedCallsUseTheErrorClass(t *testing.T) {
	t.Parallel()
	rt := newRuntime(t, func(c *Config) { c.MaxCalls = 1 })
	res := runWith(t, rt, `
		await tools.echo(1)
		try { await tools.echo(2) } catch (e: any) { return [e instanceof ToolCallError, e.toolName, e.message] }`,
		tools(map[string]Function{"echo": echo}))
	assert.Equal(t, `[true,"echo","too many binding calls in this run: MaxCalls is 1"]`, requireOK(t, res))
	res = runWith(t, rt, `
		await plain.echo(1)
		try { await plain.echo(2) } catch (e: any) { return [e.name, e.message] }`,
		Namespace{Global: "plain", Functions: map[string]Function{"echo": echo}})
	assert.Equal(t, `["RangeError","too many binding calls in this run: MaxCalls is 1"]`, requireOK(t, res))
}

func TestCallArgsKeepTheProgramsKeyOrder(t *testing.T) {
	t.Parallel()
	rt := newRuntime(t, nil)
	var raw json.RawMessage
	var ok bool
	res := runWith(t, rt, `return await tools.f({zeta: 1, alpha: [true, {y: 2, x: 3}]})`, tools(map[string]Function{
		"f": func(ctx context.Context, args any) (any, error) {
			raw, ok = CallArgs(ctx)
			return json.RawMessage(`{"b":1,"a":2}`), nil
		},
	}))
	require.True(t, ok)
	assert.Equal(t, `{"zeta":1,"alpha":[true,{"y":2,"x":3}]}`, string(raw))
	assert.Equal(t, `{"b":1,"a":2}`, requireOK(t, res), "a json.RawMessage result keeps its key order")
	_, ok = CallArgs(context.Background())
	assert.False(t, ok)
}
