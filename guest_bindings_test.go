package coderun

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// In a namespace with an ErrorClass every rejection of a call is that
// class, arguments that are not JSON included, so a program that follows
// the SDK's advice (`if (e instanceof ToolCallError) skip; else throw`)
// survives them.
func TestEveryRejectionOfACallIsTheNamespacesErrorClass(t *testing.T) {
	t.Parallel()
	rt := newRuntime(t, nil)
	called := false
	fns := map[string]Function{"echo": func(ctx context.Context, args any) (any, error) { called = true; return args, nil }}
	program := `
		const cyclic = {}; cyclic.self = cyclic;
		const out = [];
		for (const [label, call] of [
			["bigint", () => tools.echo({n: 1n})],
			["cycle", () => tools.echo(cyclic)],
			["function", () => tools.echo([() => 1])],
			["sparse", () => tools.echo(new Array(2))],
			["unknown name, bad args", () => tools.nope(1n)],
		]) {
			try { await call(); out.push([label, "resolved"]) }
			catch (e) { out.push([label, e instanceof ToolCallError, e instanceof Error, e.name, e.toolName, e.message]) }
		}
		return out`
	var got [][]any
	require.NoError(t, json.Unmarshal([]byte(requireOK(t, runWith(t, rt, program, tools(fns)))), &got))
	want := [][]any{
		{"bigint", true, true, "ToolCallError", "echo", "args.n: BigInt is not JSON"},
		{"cycle", true, true, "ToolCallError", "echo", "args.self: cycle (the value contains itself)"},
		{"function", true, true, "ToolCallError", "echo", "args[0]: function is not JSON"},
		{"sparse", true, true, "ToolCallError", "echo", "args[0]: sparse array (hole at this index) is not JSON"},
		{"unknown name, bad args", true, true, "ToolCallError", "nope", "args: BigInt is not JSON"},
	}
	assert.Equal(t, want, got)
	assert.False(t, called, "the host function is never called with arguments that are not JSON")

	// Without an ErrorClass the same rejection is a TypeError.
	plain := Namespace{Global: "plain", Functions: fns}
	assert.Equal(t, `["TypeError","args: BigInt is not JSON"]`, requireOK(t, runWith(t, rt,
		`try { await plain.echo(1n) } catch (e) { return [e.name, e.message] }`, plain)))
}

// A hidden function is called like the others but not listed: Object.keys
// and for...in give the namespace's services only.
func TestHiddenFunctionsAreCallableButNotListed(t *testing.T) {
	t.Parallel()
	rt := newRuntime(t, nil)
	fns := map[string]Function{
		"read":  func(context.Context, any) (any, error) { return "data", nil },
		"$help": func(context.Context, any) (any, error) { return "help", nil },
	}
	ns := tools(fns)
	ns.Hidden = []string{"$help"}
	got := requireOK(t, runWith(t, rt, `
		const listed = []; for (const k in tools) listed.push(k);
		return [Object.keys(tools), listed, Object.getOwnPropertyNames(tools).sort(), await tools.$help(), await tools.read()]`, ns))
	assert.JSONEq(t, `[["read"], ["read"], ["$help", "read"], "help", "data"]`, got)

	ns.Hidden = []string{"$nope"}
	_, err := rt.Run(context.Background(), Request{Program: `return 1`, Bindings: []Namespace{ns}})
	require.ErrorContains(t, err, `Bindings[0].Hidden names "$nope", which is not in its Functions`)
}
