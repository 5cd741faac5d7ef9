package python_test

import (
	"context"
	"fmt"
	"math"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/coderun/coderun"
)

// healthy checks the Runtime still runs programs correctly.
func healthy(t *testing.T, rt *coderun.Runtime) {
	t.Helper()
	res := run(t, rt, "print('ok')\nreturn sum(range(10))")
	require.Nil(t, res.Failure, "%+v", res.Failure)
	require.Equal(t, "45", string(res.Value))
	require.Equal(t, []string{"ok"}, res.Logs)
}

func TestSyntaxErrorsAtEveryPosition(t *testing.T) {
	rt := newRuntime(t, nil)
	program := "import json\nrows = [{'a': 1}, {'a': 2}]\nfor r in rows:\n    print(f\"{r['a']:>3}\")\nreturn json.dumps(rows)\n"
	for i := range len(program) {
		res := run(t, rt, program[:i])
		if res.Failure != nil {
			// A prefix may be a whole program returning a module.
			require.Contains(t, []coderun.FailureKind{coderun.KindException, coderun.KindInvalidOutput}, res.Failure.Kind, "prefix %d: %s", i, res.Failure.Message)
			require.NotContains(t, res.Failure.Message, "InternalError", "prefix %d", i)
		}
	}
	healthy(t, rt)
}

func TestHostileProgramsFailCleanly(t *testing.T) {
	rt := newRuntime(t, func(c *coderun.Config) { c.ComputeTime = 5 * time.Second })
	cases := map[string]coderun.FailureKind{
		// Huge and deeply nested literals.
		"x = " + strings.Repeat("[", 5000) + strings.Repeat("]", 5000):     coderun.KindException,
		"x = " + strings.Repeat("(", 300) + "1" + strings.Repeat(")", 300): coderun.KindException,
		"return [" + strings.Repeat("1,", 50000) + "]":                     "",
		"return '" + strings.Repeat("x", 4<<20) + "'":                      "",
		// Recursion past any limit.
		"import sys\nsys.setrecursionlimit(10**9)\ndef f(n):\n    return f(n + 1)\nf(0)":                              coderun.KindWorkerExit,
		"import sys\nsys.setrecursionlimit(10**9)\nx = []\nfor _ in range(100000):\n    x = [x]\nreturn repr(x)[:10]": coderun.KindException,
		// C extensions and interpreter internals.
		"import _ctypes": coderun.KindException,
		"import ctypes":  coderun.KindException,
		"import gc\ngc.disable()\ngc.set_threshold(0)\nreturn 1":                "",
		"import sys\nsys.modules.clear()\nreturn 1":                             "",
		"import sys\nsys.stdout = None\nprint('x')\nreturn 1":                   "",
		"import builtins\nbuiltins.print = None\nbuiltins.len = None\nreturn 1": "",
		"import sys\nsys.exit(3)":                                               coderun.KindException,
		"import os\nos._exit(0)":                                                coderun.KindWorkerExit,
		// Exceptions from the program's own dunders, in values and arguments.
		"class E(Exception):\n    def __str__(self):\n        raise ValueError('no str')\nraise E()":                                  coderun.KindException,
		"class K(str):\n    def __eq__(self, o):\n        raise ValueError('no eq')\n    __hash__ = str.__hash__\nreturn {K('a'): 1}": "",
		"class L(list):\n    def __iter__(self):\n        raise ValueError('no iter')\nreturn L([1])":                                 "",
		"class R:\n    def __repr__(self):\n        raise ValueError('no repr')\nreturn [R()]":                                        coderun.KindInvalidOutput,
		"class R:\n    def __repr__(self):\n        raise ValueError('no repr')\nawait tools.echo(x=R())":                             coderun.KindException,
		"class BadErr(Exception):\n    @property\n    def __traceback__(self):\n        raise ValueError\nraise BadErr('x')":          coderun.KindException,
	}
	for program, want := range cases {
		res := run(t, rt, program, echo())
		name := program
		if len(name) > 60 {
			name = name[:60]
		}
		if want == "" {
			assert.Nil(t, res.Failure, "%s: %+v", name, res.Failure)
		} else if assert.NotNil(t, res.Failure, name) {
			assert.Equal(t, want, res.Failure.Kind, "%s: %s", name, res.Failure.Message)
			assert.NotContains(t, res.Failure.Message, "InternalError", name)
		}
		healthy(t, rt)
	}
}

func echo() coderun.Namespace {
	return coderun.Namespace{Global: "tools", Functions: map[string]coderun.Function{
		"echo": func(ctx context.Context, args any) (any, error) { return args, nil },
		"nan":  func(ctx context.Context, args any) (any, error) { return math.NaN(), nil },
		"huge": func(ctx context.Context, args any) (any, error) { return uint64(math.MaxUint64), nil },
		"chan": func(ctx context.Context, args any) (any, error) { return make(chan int), nil },
		"panic": func(ctx context.Context, args any) (any, error) {
			panic("the binding broke")
		},
	}}
}

func TestBindingResultsPythonCannotTake(t *testing.T) {
	rt := newRuntime(t, nil)
	for _, fn := range []string{"nan", "huge", "chan", "panic"} {
		res := run(t, rt, fmt.Sprintf("try:\n    await tools.%s()\nexcept Exception as e:\n    return [type(e).__name__, str(e)]", fn), echo())
		require.Nil(t, res.Failure, fn)
		assert.Contains(t, string(res.Value), `["RuntimeError",`, fn)
		healthy(t, rt)
	}
}

func TestReachingTheGlueGivesNothing(t *testing.T) {
	rt := newRuntime(t, nil)
	for _, program := range []string{
		// The runtime's module, found through objects the program holds.
		"import sys\nrt = type(sys.stdout).write.__globals__\nrt['_host'].settle(0, b'\\xff\\xff')\nreturn 1",
		"import sys\nrt = type(sys.stdout).write.__globals__\nrt['_host'].call(b'junk')\nreturn 1",
		"import sys\nrt = type(sys.stdout).write.__globals__\nrt['_host'].set_invoke(print)\nreturn 1",
		"import sys\nrt = type(sys.stdout).write.__globals__\nrt['deliver'](99, 1, b'\\x01')\nreturn 1",
		"import sys\nrt = type(sys.stdout).write.__globals__\nrt['_host'].timer_set(1, -5.0)\nreturn 1",
		"import sys\nrt = type(sys.stdout).write.__globals__\nrt['_host'].log('x' * 10)\nreturn 1",
	} {
		res, err := rt.Run(context.Background(), coderun.Request{Program: program, Bindings: []coderun.Namespace{echo()}})
		require.NoError(t, err)
		if res.Failure != nil {
			assert.NotEqual(t, coderun.KindWorkerExit, res.Failure.Kind, "%s: %s", program, res.Failure.Message)
		}
		healthy(t, rt)
	}
}

func TestCancellationAtAnyMoment(t *testing.T) {
	rt := newRuntime(t, nil)
	program := "import asyncio\nx = 0\nfor i in range(200000):\n    x += i\nawait asyncio.sleep(0.01)\nawait tools.echo(x=x)\nreturn x"
	for _, after := range []time.Duration{0, time.Microsecond, 100 * time.Microsecond, time.Millisecond, 5 * time.Millisecond, 20 * time.Millisecond} {
		ctx, cancel := context.WithTimeout(context.Background(), after)
		res, err := rt.Run(ctx, coderun.Request{Program: program, Bindings: []coderun.Namespace{echo()}})
		cancel()
		require.NoError(t, err)
		if res.Failure != nil {
			assert.Equal(t, coderun.KindAbort, res.Failure.Kind, "after %v: %s", after, res.Failure.Message)
		}
	}
	healthy(t, rt)
}

func TestCloseWithRunsInFlight(t *testing.T) {
	cfg := coderun.DefaultConfig()
	cfg.Language = coderun.LanguagePython
	rt, err := coderun.New(cfg)
	require.NoError(t, err)
	var wg sync.WaitGroup
	results := make([]coderun.Result, 8)
	for i := range results {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[i], _ = rt.Run(context.Background(), coderun.Request{Program: "while True:\n    pass"})
		}()
	}
	time.Sleep(200 * time.Millisecond)
	require.NoError(t, rt.Close(context.Background()))
	wg.Wait()
	for _, r := range results {
		if r.Failure != nil {
			assert.Equal(t, coderun.KindAbort, r.Failure.Kind)
		}
	}
	_, err = rt.Run(context.Background(), coderun.Request{Program: "return 1"})
	require.ErrorIs(t, err, coderun.ErrClosed)
}

func TestExitFromATask(t *testing.T) {
	rt := newRuntime(t, nil)
	res := run(t, rt, "import asyncio, sys\nasync def quit():\n    sys.exit(4)\nasyncio.create_task(quit())\nawait asyncio.sleep(1)\nreturn 'not reached'")
	require.NotNil(t, res.Failure)
	assert.True(t, strings.HasPrefix(res.Failure.Message, "SystemExit: 4"), res.Failure.Message)
	res = run(t, rt, "import asyncio, sys\nasync def quit():\n    print('bye')\n    sys.exit()\nasyncio.create_task(quit())\nawait asyncio.sleep(1)\nreturn 'not reached'")
	require.Nil(t, res.Failure)
	assert.Nil(t, res.Value)
	assert.Equal(t, []string{"bye"}, res.Logs)
	healthy(t, rt)
}
