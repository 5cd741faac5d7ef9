package python_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/coderun/coderun"
)

func files() coderun.Namespace {
	return coderun.Namespace{
		Global:     "tools",
		ErrorClass: &coderun.ErrorClass{Name: "ToolError", Member: "tool"},
		Functions: map[string]coderun.Function{
			"read": func(ctx context.Context, args any) (any, error) {
				m, _ := args.(map[string]any)
				p, _ := m["path"].(string)
				if strings.Contains(p, "missing") {
					return nil, errors.New("no such file: " + p)
				}
				return map[string]any{"path": p, "text": "contents of " + p, "size": 12}, nil
			},
			"my-tool": func(ctx context.Context, args any) (any, error) { return args, nil },
		},
	}
}

func TestBindings(t *testing.T) {
	rt := newRuntime(t, nil)
	res := run(t, rt, `import asyncio
r = await tools.read(path="a.txt")
both = await asyncio.gather(tools.read(path="b.txt"), tools.read({"path": "c.txt"}))
echo = await tools["my-tool"](x=[1, 2], y=None)
none = await tools["my-tool"]()
try:
    await tools.read(path="missing.txt")
except ToolError as e:
    err = [str(e), e.tool, type(e).__name__]
try:
    await tools.nope()
except ToolError as e:
    unknown = e.tool
return {"r": r, "sizes": [b["size"] for b in both], "echo": echo, "none": none, "err": err, "unknown": unknown,
        "dir": sorted(dir(tools)), "int": type(r["size"]).__name__}`, files())
	require.Nil(t, res.Failure, "%+v", res.Failure)
	assert.JSONEq(t, `{"r":{"path":"a.txt","text":"contents of a.txt","size":12},"sizes":[12,12],
		"echo":{"x":[1,2],"y":null},"none":null,"err":["no such file: missing.txt","read","ToolError"],"unknown":"nope",
		"dir":["my-tool","read"],"int":"int"}`, string(res.Value))
}

func TestBindingsCannotBeChanged(t *testing.T) {
	rt := newRuntime(t, nil)
	for program, want := range map[string]string{
		"tools.read = print":                   "AttributeError: the namespace 'tools' cannot be changed",
		"del tools.read":                       "AttributeError: the namespace 'tools' cannot be changed",
		"tools['read'] = 1":                    "the namespace 'tools' cannot be changed",
		"type(tools).__getattribute__ = print": "TypeError: cannot set '__getattribute__' attribute of immutable type 'namespace'",
		"type(tools.read).__call__ = print":    "TypeError: cannot set '__call__' attribute of immutable type 'binding'",
		"type(tools)()":                        "TypeError: cannot create 'namespace' instances",
		"await tools.read('a', 'b')":           "TypeError: tools.read() takes keyword arguments",
		"await tools.read({'a': 1}, b=2)":      "TypeError: tools.read() takes keyword arguments or one dict, not both",
		"await tools.read(path={1, 2})":        "TypeError: tools.read(): the arguments are not JSON: $.path: set is not JSON",
	} {
		res := run(t, rt, program, files())
		require.NotNil(t, res.Failure, program)
		assert.Contains(t, res.Failure.Message, want, program)
	}
}

func TestImmediateBindings(t *testing.T) {
	rt := newRuntime(t, nil)
	calc := coderun.Namespace{Global: "calc", Immediate: true, Functions: map[string]coderun.Function{
		"add": func(ctx context.Context, args any) (any, error) {
			m := args.(map[string]any)
			return m["a"].(float64) + m["b"].(float64), nil
		},
		"fail": func(ctx context.Context, args any) (any, error) { return nil, errors.New("no") },
		"big": func(ctx context.Context, args any) (any, error) {
			return strings.Repeat("x", 200000), nil // over the guest's buffer: delivered later
		},
	}}
	res := run(t, rt, `total = 0
for i in range(100):
    total = await calc.add(a=total, b=i)
try:
    await calc.fail()
except RuntimeError as e:
    err = str(e)
return [total, err, len(await calc.big())]`, calc)
	require.Nil(t, res.Failure, "%+v", res.Failure)
	assert.JSONEq(t, `[4950, "no", 200000]`, string(res.Value))
}

func TestOutputLimit(t *testing.T) {
	rt := newRuntime(t, func(c *coderun.Config) { c.MaxOutputBytes = 1 << 20 })
	res := run(t, rt, "for i in range(300000):\n    print('line', i)")
	require.NotNil(t, res.Failure)
	assert.Equal(t, coderun.KindOutputLimit, res.Failure.Kind)
	res = run(t, rt, "return 'x' * (4 << 20)")
	require.NotNil(t, res.Failure)
	assert.Equal(t, coderun.KindOutputLimit, res.Failure.Kind)
	res = run(t, rt, "print('x' * (4 << 20))")
	require.NotNil(t, res.Failure)
	assert.Equal(t, coderun.KindOutputLimit, res.Failure.Kind)
	res = run(t, rt, "return ['y' * 1000] * 5000")
	require.NotNil(t, res.Failure)
	assert.Equal(t, coderun.KindOutputLimit, res.Failure.Kind)
	res = run(t, rt, "return 'fits'")
	require.Nil(t, res.Failure)
}
