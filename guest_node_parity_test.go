package coderun

import (
	"context"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// nodeOutput runs program (JavaScript, the body of an async function) under
// Node and returns what it printed. Node is the reference for console
// formatting and error stacks.
func nodeOutput(t *testing.T, program string) string {
	t.Helper()
	node, err := exec.LookPath("node")
	require.NoError(t, err, "these tests compare against Node (20 or later); install it")
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	out, err := exec.CommandContext(ctx, node, "-e", "(async () => {\n"+program+"\n})()").CombinedOutput()
	require.NoError(t, err, "node: %s", out)
	return strings.TrimSuffix(string(out), "\n")
}

// requireSameAsNode runs program in coderun and under Node and compares
// what each printed.
func requireSameAsNode(t *testing.T, rt *Runtime, program string) {
	t.Helper()
	res := runProgram(t, rt, program)
	require.Nil(t, res.Failure, "coderun failed")
	assert.Equal(t, nodeOutput(t, program), strings.Join(res.Logs, "\n"), program)
}

func TestConsoleInspectsLikeNode(t *testing.T) {
	t.Parallel()
	rt := newRuntime(t, nil)
	for _, program := range []string{
		// %o shows hidden properties (showHidden) and proxies (showProxy).
		`console.log("%o", [1])`,
		`console.log("%o", {a: [1, 2], f() {}})`,
		`console.log("%o", new Proxy({a: 1}, {}))`,
		// Map and Set iterators show what they have left, without consuming it.
		`console.log(new Map([["a", 1]]).keys(), new Set([1, 2]).values(), new Map([["a", 1]]).entries())`,
		`const it = new Map([[1, 2], [3, 4]]).values(); it.next(); console.log(it); console.log([...it])`,
		`console.log(new Set([1]).entries(), new Set().values(), [1, 2].values())`,
		// Promises show their state.
		`console.log(Promise.resolve(42), new Promise(() => {}))`,
		`const p = Promise.reject(new RangeError("no")); p.catch(() => {}); console.log([p].length, String(p))`,
		`const p = Promise.reject(3); p.catch(() => {}); console.log(p)`,
		// A proxy is shown as its target: no trap runs.
		`let trapped = 0; const px = new Proxy({a: 1}, {get() { trapped++; return 5 }, ownKeys() { trapped++; return [] }});
		 console.log(px, new Proxy([1, 2], {})); console.log(trapped)`,
		`const r = Proxy.revocable({}, {}); r.revoke(); console.log(r.proxy)`,
	} {
		requireSameAsNode(t, rt, program)
	}
}

func TestErrorStackStartsWithNameAndMessage(t *testing.T) {
	t.Parallel()
	rt := newRuntime(t, nil)
	// Only the first line: frames differ between engines.
	requireSameAsNode(t, rt, `
		const first = (e) => e.stack.split("\n")[0];
		console.log(first(new Error("plain")), "|", first(new TypeError("typed")));
		const e = new Error("before"); e.message = "after"; console.log(first(e));
		class ValidationError extends Error { constructor(m) { super(m); this.name = "ValidationError" } }
		console.log(first(new ValidationError("bad email")));
		try { null.x } catch (err) { console.log(first(err).split(":")[0]) }
		console.log(new Error("x").stack.split("\n").length > 1)`)
}

func TestUncaughtErrorMessageKeepsCauseAndProperties(t *testing.T) {
	t.Parallel()
	rt := newRuntime(t, nil)
	msg := requireFailure(t, runProgram(t, rt, `
		const err = new Error("outer", {cause: new TypeError("inner")});
		err.code = "E_OUTER";
		throw err`), KindException)
	// As console.log(err) shows it, which is what Node prints for an
	// uncaught error.
	assert.True(t, strings.HasPrefix(msg, "Error: outer\n    at "), msg)
	assert.Contains(t, msg, "{\n  code: 'E_OUTER',\n  [cause]: TypeError: inner\n      at ")
	assert.True(t, strings.HasSuffix(msg, "\n}"), msg)

	// A bare error keeps the plain "Name: message" and frames.
	msg = requireFailure(t, runProgram(t, rt, `throw new RangeError("plain")`), KindException)
	assert.True(t, strings.HasPrefix(msg, "RangeError: plain\n    at "), msg)
	assert.NotContains(t, msg, "{")
}

// A stack the program reads (err.stack, console.log(err), console.trace)
// points at the program's own lines, not at the transformed script's,
// which esbuild reflows and the wrapper shifts.
func TestStacksReadInsideTheProgramPointAtItsLines(t *testing.T) {
	t.Parallel()
	rt := newRuntime(t, nil)
	res := runProgram(t, rt, `// one
// two
const x: number = 1

function f(a: string) {
  return (a as any).nope.x
}
try { f("q") } catch (e) { console.log(e.stack); console.log(e) }
console.trace("here")`)
	require.Nil(t, res.Failure)
	require.Len(t, res.Logs, 3)
	for _, l := range res.Logs[:2] {
		assert.Contains(t, l, "at f (program.ts:6:")
		assert.Contains(t, l, "\n    at program.ts:8:")
	}
	assert.Contains(t, res.Logs[2], "Trace: here\n    at program.ts:9:")
}
