package coderun

import (
	"context"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// hostHeapBound is what the host's Go heap may grow by during one run of
// any host service's largest input, whatever the guest's own memory (its
// linear memory is not on the Go heap). Before the services were bounded,
// segmenting 30 MB of text took 1.3 GB.
const hostHeapBound = 64 << 20

// peakHeapGrowth runs f and returns how far the Go heap's objects grew
// above what they were before it, at most. The collector runs at
// GOGC=10 meanwhile, so garbage inflates the peak by a tenth of what is
// live, and a sampler reads the heap every 100 microseconds: a host
// service that holds its input many times over for even a millisecond is
// seen.
func peakHeapGrowth(f func()) uint64 {
	defer debug.SetGCPercent(debug.SetGCPercent(10))
	runtime.GC()
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	read := func() uint64 { metrics.Read(sample); return sample[0].Value.Uint64() }
	base := read()
	var peak uint64
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for {
			peak = max(peak, read())
			select {
			case <-done:
				return
			case <-time.After(100 * time.Microsecond):
			}
		}
	}()
	f()
	close(done)
	wg.Wait()
	peak = max(peak, read())
	if peak < base {
		return 0
	}
	return peak - base
}

// Every host service a program reaches works within the run's budgets:
// its largest input ends the run by a budget (timeout, memory), by an
// exception naming the cap it went over, or by finishing, and never holds
// the host's memory beyond hostHeapBound. (Where a program spends long in
// the guest building its input, a timeout may come first, under -race.) The Intl services run in the
// host; URL, console, structuredClone and crypto run in the guest, where
// fuel and the heap limit bound them, and are here so that a move to the
// host keeps them bounded.
func TestHostServicesStayWithinBudgets(t *testing.T) {
	// Not parallel: the heap is measured process-wide.
	const ok FailureKind = ""
	cases := []struct {
		name    string
		program string
		want    []FailureKind // the outcomes allowed ("" is success)
		msg     string        // for an exception, what its message says
	}{
		{"locale tag in localeCompare", `return "a".localeCompare("b", "en" + "-abcde".repeat(150000))`,
			[]FailureKind{KindException}, "RangeError: Intl arguments too large"},
		{"locale tag in getCanonicalLocales", `return Intl.getCanonicalLocales("en" + "-abcde".repeat(10000))`,
			[]FailureKind{KindException}, "RangeError: Incorrect locale information provided: a language tag is at most 255 characters long"},
		{"Intl.Locale", `return new Intl.Locale("en" + "-abcde".repeat(10000)).toString()`,
			[]FailureKind{KindException}, "RangeError: Incorrect locale information provided: a language tag is at most 255 characters long"},
		{"Segmenter, every grapheme", `let n = 0; for (const s of new Intl.Segmenter("en").segment("a".repeat(3e7))) n++; return n`,
			[]FailureKind{ok, KindTimeout, KindWorkerExit}, ""},
		{"Segmenter, containing", `const s = "a".repeat(3e7); return new Intl.Segmenter("en").segment(s).containing(s.length - 1).index`,
			[]FailureKind{ok, KindTimeout, KindWorkerExit}, ""},
		{"Segmenter, words", `const s = "a b ".repeat(1e7); return new Intl.Segmenter("en", {granularity: "word"}).segment(s).containing(s.length - 1).index`,
			[]FailureKind{ok, KindTimeout, KindWorkerExit}, ""},
		{"Collator", `const a = "a".repeat(5e6); return new Intl.Collator("en").compare(a, a + "b")`,
			[]FailureKind{KindException, KindTimeout}, "RangeError: Intl arguments too large"},
		{"toLocaleUpperCase", `return "i".repeat(2e7).toLocaleUpperCase("tr").length`,
			[]FailureKind{ok, KindTimeout, KindWorkerExit}, ""},
		{"ListFormat", `return new Intl.ListFormat("en").format(Array(1e6).fill("x")).length`,
			[]FailureKind{KindException, KindTimeout}, "RangeError: Intl arguments too large"},
		{"NumberFormat of a huge decimal string", `return new Intl.NumberFormat("en").formatToParts("1e999999").length`,
			[]FailureKind{ok}, ""},
		{"NumberFormat of a huge BigInt", `return (10n ** 70000n).toLocaleString("en").length`,
			[]FailureKind{KindException, KindTimeout}, "RangeError: Intl arguments too large"},
		{"DateTimeFormat time zone", `return new Intl.DateTimeFormat("en", {timeZone: "x".repeat(1e7)}).format(0)`,
			[]FailureKind{KindException, KindTimeout}, "RangeError"},
		{"stack with a huge function name", `
			const name = "f".repeat(4e6)
			const f = {[name]: () => { throw new Error("deep") }}[name]
			let n = 0
			for (let i = 0; i < 20; i++) try { f() } catch (e) { n += e.stack.length }
			return n`,
			[]FailureKind{ok, KindTimeout, KindWorkerExit}, ""},
		{"URL", `return new URL("http://example.com/" + "a".repeat(3e7)).href.length`,
			[]FailureKind{ok, KindTimeout, KindWorkerExit}, ""},
		{"console", `console.log({a: "x".repeat(3e7), b: Array(1e6).fill(1)})`,
			[]FailureKind{ok, KindOutputLimit, KindTimeout, KindWorkerExit}, ""},
		{"structuredClone", `return structuredClone(Array(3e6).fill({a: [1, "x"]})).length`,
			[]FailureKind{ok, KindTimeout, KindWorkerExit}, ""},
		{"crypto", `
			const buf = new Uint8Array(65536)
			let n = 0
			for (let i = 0; i < 200; i++) n += crypto.getRandomValues(buf).length + crypto.randomUUID().length
			try { crypto.getRandomValues(new Uint8Array(1e8)) } catch (e) { n += e.name.length }
			return n`,
			[]FailureKind{ok, KindTimeout}, ""},
	}
	rt := newRuntime(t, func(c *Config) { c.ComputeTime, c.WallTime = time.Second, 2*time.Second })
	runProgram(t, rt, `return new Intl.NumberFormat("en").format(1)`) // the engine compiled, the default data loaded
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var res Result
			grew := peakHeapGrowth(func() { res = runProgram(t, rt, c.program) })
			var kind FailureKind
			msg := ""
			if res.Failure != nil {
				kind, msg = res.Failure.Kind, res.Failure.Message
			}
			t.Logf("outcome %q %.120s, the host's heap grew by %d KiB", kind, msg, grew>>10)
			require.Contains(t, c.want, kind, "outcome %q: %s", kind, msg)
			if kind == KindException {
				assert.Contains(t, msg, c.msg)
			}
			assert.LessOrEqual(t, grew, uint64(hostHeapBound), "the host's heap grew by %d MiB", grew>>20)
		})
	}
}

// A binding call's argument becomes Go values, 24 bytes for an item the
// guest encoded in one: an argument of millions of small items is refused
// (the call rejects in the program) before the host builds it.
func TestBindingArgumentStaysWithinTheHostHeapBound(t *testing.T) {
	// Not parallel: the heap is measured process-wide.
	tools := Namespace{Global: "tools", Functions: map[string]Function{
		"take": func(_ context.Context, args any) (any, error) { return len(args.([]any)), nil },
	}}
	rt := newRuntime(t, func(c *Config) { c.ComputeTime, c.WallTime = time.Minute, 2*time.Minute })
	req := Request{Program: `
		const many = Array(4e6).fill(0)
		try { return await tools.take(many) } catch (e) { return e.message }`, Bindings: []Namespace{tools}}
	var res Result
	grew := peakHeapGrowth(func() {
		var err error
		res, err = rt.Run(context.Background(), req)
		require.NoError(t, err)
	})
	assert.Contains(t, requireOK(t, res), "over the 64 MiB limit: pass fewer items")
	assert.LessOrEqual(t, grew, uint64(hostHeapBound), "the host's heap grew by %d MiB", grew>>20)
}

// Binding calls in flight hold their arguments in the host until they
// return, so the bound on one call's argument does not bound the host's
// memory: a program starting many calls of a large argument without
// awaiting them would hold all of them. The arguments held by calls in
// flight are bounded together; a call over it rejects in the program.
func TestBindingCallsInFlightStayWithinTheHostHeapBound(t *testing.T) {
	// Not parallel: the heap is measured process-wide.
	tools := Namespace{Global: "tools", Functions: map[string]Function{
		"hold": func(ctx context.Context, _ any) (any, error) { <-ctx.Done(); return nil, ctx.Err() },
	}}
	rt := newRuntime(t, func(c *Config) { c.ComputeTime, c.WallTime = time.Minute, 2*time.Minute })
	req := Request{Program: `
		const big = "x".repeat(8e6)
		const refused = []
		for (let i = 0; i < 40; i++) tools.hold(big + i).catch((e) => refused.push(e.message))
		await new Promise((r) => setTimeout(r, 50))
		return refused.length + " refused: " + refused[0]`, Bindings: []Namespace{tools}}
	var res Result
	grew := peakHeapGrowth(func() {
		var err error
		res, err = rt.Run(context.Background(), req)
		require.NoError(t, err)
	})
	assert.Contains(t, requireOK(t, res), "arguments of the binding calls in flight")
	assert.LessOrEqual(t, grew, uint64(2*hostHeapBound), "the host's heap grew by %d MiB", grew>>20)
}

// A parked call keeps its argument, as JSON, until it is answered: in
// the host while the run goes on, then in the suspended state. So the
// arguments of parked calls count with those of the calls in flight, and
// a program cannot park many large arguments by making each call in turn.
func TestParkedCallsHoldBoundedArguments(t *testing.T) {
	t.Parallel()
	// Twenty arguments of 8 MB are more than the bound lets park; the
	// budgets are roomy, since moving them through the guest and sealing
	// them is slow under -race on a loaded machine.
	rt := durableRuntime(t, func(c *Config) { c.ComputeTime, c.WallTime = 5*time.Minute, 10*time.Minute })
	req := Request{Program: `
		const big = "x".repeat(8e6)
		const asked = []
		for (let i = 0; i < 20; i++) {
			asked.push(tools.ask(big + i).catch((e) => e.message))
			await tools.echo(i) // the ask before has parked by now
		}
		return await Promise.all(asked)`, Bindings: []Namespace{approvals(nil)}}
	res, err := rt.Run(context.Background(), req)
	require.NoError(t, err)
	require.NotNil(t, res.Suspended, "the parked calls wait; the run ended with %+v", res.Failure)
	held := 0
	for _, p := range res.Suspended.Pending {
		held += len(p.Args)
	}
	t.Logf("%d calls parked, holding %d MiB of arguments", len(res.Suspended.Pending), held>>20)
	assert.LessOrEqual(t, held, 2*hostHeapBound, "the parked calls hold at most what one call may")
}
