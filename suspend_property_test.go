package coderun

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// transparencyPrograms exercise what a suspension must carry: logs, timers
// and intervals, microtasks, randomness, both clocks, heap growth, closures,
// rejections caught and uncaught, values of every JSON shape.
var transparencyPrograms = []string{
	`return await tools.f(1)`,
	`const a = await tools.f("a"); console.log("got", a); const b = await tools.f({k: a}); return [a, b]`,
	`const r = await Promise.all([1, 2, 3, 4].map(i => tools.f(i))); console.log(r.length); return r`,
	`const out = []
	 for (let i = 0; i < 6; i++) { try { out.push(await tools.f(i)) } catch (e) { out.push("caught " + e.message) } }
	 return out`,
	`const log = []
	 setTimeout(() => log.push("t30 " + Date.now() % 100000), 30)
	 const id = setInterval(() => log.push("tick " + performance.now()), 7)
	 log.push(await tools.f("x"))
	 await new Promise(r => setTimeout(r, 25))
	 clearInterval(id)
	 log.push(await tools.f("y"))
	 await new Promise(r => setTimeout(r, 50))
	 return log`,
	`const xs = []; for (let i = 0; i < 5000; i++) xs.push({i, s: "v" + i})
	 const big = "z".repeat(100000)
	 const r = await tools.f(xs.length)
	 const more = await tools.f(big.length)
	 return {r, more, sum: xs.reduce((a, x) => a + x.i, 0), first: xs[0], len: big.length}`,
	`const r1 = Math.random(); const u = crypto.getRandomValues(new Uint8Array(4))
	 await tools.f(1)
	 const r2 = Math.random(); const id = crypto.randomUUID()
	 return [r1, Array.from(u), r2, id, new Date().toISOString()]`,
	`let counter = 0
	 const inc = () => ++counter
	 queueMicrotask(inc)
	 await tools.f(inc())
	 Promise.resolve().then(inc)
	 await tools.f(inc())
	 return counter`,
	`class Acc { constructor() { this.items = new Map() } add(k, v) { this.items.set(k, v); return this } }
	 const acc = new Acc()
	 for (const k of ["p", "q", "r"]) acc.add(k, await tools.f(k))
	 console.log([...acc.items.entries()])
	 return Object.fromEntries(acc.items)`,
	`const results = await Promise.allSettled([tools.f(3), tools.f(4), tools.f(6)])
	 return results.map(r => r.status + ":" + (r.value ?? r.reason.message))`,
	`await tools.f(1); await tools.f(3)`,
	`console.log("start"); const v = await tools.f(2); if (v) throw new Error("fails after " + v)`,
}

// answer is what tools.f answers for args, the same inline and on resume:
// multiples of 3 are rejected.
func answer(args json.RawMessage) Answer {
	var n float64
	if json.Unmarshal(args, &n) == nil && int(n)%3 == 0 {
		return Answer{Err: fmt.Errorf("no multiples of three (%v)", n)}
	}
	return Answer{Value: "f(" + string(args) + ")"}
}

// transparencyNamespace is tools.f; it parks the calls whose sequence the
// plan selects, and answers the others inline.
func transparencyNamespace(park func(seq int64) bool) Namespace {
	return Namespace{Global: "tools", Functions: map[string]Function{
		"f": func(ctx context.Context, args any) (any, error) {
			seq, _ := CallSequence(ctx)
			if park(seq) {
				return nil, Suspend("planned")
			}
			raw, err := json.Marshal(args)
			if err != nil {
				return nil, err
			}
			a := answer(raw)
			return a.Value, a.Err
		},
	}, ErrorClass: &ErrorClass{Name: "ToolCallError", Member: "toolName"}}
}

// TestSuspendIsTransparent checks that, in Deterministic mode, a program
// gives a byte-identical final Result whether its calls are answered inline
// or through any sequence of suspensions and resumes, in one Runtime or
// alternating between two (standing for two processes).
func TestSuspendIsTransparent(t *testing.T) {
	t.Parallel()
	edit := func(c *Config) { c.Deterministic = true; c.Seed = 42 }
	a, b := durableRuntime(t, edit), durableRuntime(t, edit)
	for i, program := range transparencyPrograms {
		t.Run(fmt.Sprintf("program %d", i), func(t *testing.T) {
			t.Parallel()
			inline, err := a.Run(context.Background(), Request{Program: program, Bindings: []Namespace{transparencyNamespace(func(int64) bool { return false })}})
			require.NoError(t, err)
			require.Nil(t, inline.Suspended)
			want, err := json.Marshal(inline)
			require.NoError(t, err)

			rng := rand.New(rand.NewPCG(1, uint64(i)))
			plans := map[string]func(int64) bool{
				"every call":     func(int64) bool { return true },
				"first call":     func(s int64) bool { return s == 1 },
				"second call":    func(s int64) bool { return s == 2 },
				"odd calls":      func(s int64) bool { return s%2 == 1 },
				"random subset":  randomPlan(rng),
				"random subset2": randomPlan(rng),
			}
			for name, plan := range plans {
				for _, alternate := range []bool{false, true} {
					got, rounds := runWithPlan(t, a, b, program, plan, alternate)
					if name == "every call" {
						require.Positive(t, rounds, "the program made no call to park")
					}
					require.JSONEq(t, string(want), string(got), "plan %q, alternating runtimes %v", name, alternate)
					require.Equal(t, string(want), string(got), "plan %q: byte-identical", name)
				}
			}
		})
	}
}

func randomPlan(rng *rand.Rand) func(int64) bool {
	picked := map[int64]bool{}
	for s := int64(1); s <= 30; s++ {
		picked[s] = rng.IntN(2) == 0
	}
	return func(s int64) bool { return picked[s] }
}

// runWithPlan runs program parking the planned calls, and resumes it until
// it settles, answering every pending call; it returns the final Result as
// JSON, and how many times it resumed.
func runWithPlan(t *testing.T, a, b *Runtime, program string, plan func(int64) bool, alternate bool) ([]byte, int) {
	t.Helper()
	ns := []Namespace{transparencyNamespace(plan)}
	res, err := a.Run(context.Background(), Request{Program: program, Bindings: ns})
	require.NoError(t, err)
	rt, rounds := a, 0
	for ; res.Suspended != nil; rounds++ {
		require.Less(t, rounds, 100, "the run keeps suspending")
		answers := make([]Answer, len(res.Suspended.Pending))
		for i, p := range res.Suspended.Pending {
			answers[i] = answer(p.Args)
			answers[i].ID = p.ID
		}
		if alternate {
			rt = map[*Runtime]*Runtime{a: b, b: a}[rt]
		}
		res, err = rt.Resume(context.Background(), res.Suspended.State, answers, ns)
		require.NoError(t, err)
	}
	out, err := json.Marshal(res)
	require.NoError(t, err)
	return out, rounds
}
