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
		"tools.read = print":                    "AttributeError: the namespace 'tools' cannot be changed",
		"del tools.read":                        "AttributeError: the namespace 'tools' cannot be changed",
		"tools['read'] = 1":                     "the namespace 'tools' cannot be changed",
		"type(tools).__getattribute__ = print":  "TypeError: cannot set '__getattribute__' attribute of immutable type 'namespace'",
		"type(tools.read).__call__ = print":     "TypeError: cannot set '__call__' attribute of immutable type 'binding'",
		"type(tools)()":                         "TypeError: cannot create 'namespace' instances",
		"await tools.read('a', 'b')":            "TypeError: tools.read() takes keyword arguments",
		"await tools.read({'a': 1}, b=2)":       "TypeError: tools.read() takes keyword arguments or one dict, not both",
		"await tools.read(path={1, 2})":         "TypeError: tools.read(): the arguments are not JSON: $.path: set is not JSON",
	} {
		res := run(t, rt, program, files())
		require.NotNil(t, res.Failure, program)
		assert.Contains(t, res.Failure.Message, want, program)
	}
}
