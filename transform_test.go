package coderun

import (
	"context"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Each of these once crashed the process (a stack overflow in esbuild's
// parser, which no recover catches) or grew the host by gigabytes. They
// must end as an exception that says what to change, and the host must be
// there to run the next program.
func TestTransformRefusesHostileNesting(t *testing.T) {
	t.Parallel()
	rt := newRuntime(t, nil)
	r := strings.Repeat
	cases := []struct {
		name, program, want string
	}{
		{"300k nested arrays (stack overflow)", "return " + r("[", 300000) + r("]", 300000), "program.ts:1:508: the program nests brackets and operators 501 levels deep here; the limit is 500"},
		{"10k open braces (1.2 GiB)", r("{", 10000), "program.ts:1:501: the program nests"},
		{"16k nested arrow calls (7.7 s)", "return " + r("(()=>", 16000) + "1" + r(")", 16000), "the limit is 500"},
		{"100k nested blocks (23 GB)", r("{", 100000) + r("}", 100000), "the limit is 500"},
		{"arrows without parentheses", "return " + r("x=>", 1000) + "1", "the limit is 500"},
		{"prefix operators", "return " + r("!", 600000) + "1", "the limit is 500"},
		{"conditional chain over lines", "return " + r("a ? 1 :\n", 600) + "1", "the limit is 500"},
		{"nested template literals", "return " + r("`${", 1000) + "1" + r("}`", 1000), "the limit is 500"},
		{"else-if chain", "let a = 1, x = 0;\nif (a) x = 1;" + r(" else if (a) x = 1;", 6000), "more than 5000 else branches"},
		{"comma operator chain", "let a = 0;\nreturn (" + r("a, ", 20000) + "a)", "more than 1000 comma-separated items"},
		{"string literal folding", "return " + r("'aaaaaaaaaaaaaaaa' + ", 100000) + "''", "folding them costs more than"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			msg := requireFailure(t, runProgram(t, rt, c.program), KindException)
			assert.Contains(t, msg, c.want)
			assert.NotContains(t, msg, "SyntaxError", "a limit is not a syntax error")
			assert.Equal(t, `"ok"`, requireOK(t, runProgram(t, rt, "return 'ok'")))
		})
	}
}

func TestTransformAdmitsOrdinaryNesting(t *testing.T) {
	t.Parallel()
	rt := newRuntime(t, nil)
	r := strings.Repeat
	// Far deeper than code or data written by hand or by a model.
	assert.Equal(t, "200", requireOK(t, runProgram(t, rt, "let d = 0, a: any = "+r("[", 200)+r("]", 200)+"; while (Array.isArray(a) && a.length) { a = a[0]; d++ } return d + 1")))
	assert.Equal(t, "5", requireOK(t, runProgram(t, rt, "const f = (a: number) => (b: number) => (c: number) => (d: number) => a + b + c + d + 1;\nreturn f(1)(1)(1)(1)")))
	assert.Equal(t, fmt.Sprint(4000), requireOK(t, runProgram(t, rt, "return ["+r("1,", 3999)+"1].length")))
	assert.Equal(t, `"`+r("ab", 500)+`"`, requireOK(t, runProgram(t, rt, "return "+r("'ab' + ", 499)+"'ab'")))
	obj := "const o = {" + r("k: 1, ", 0)
	for i := 0; i < 5000; i++ {
		obj += fmt.Sprintf("k%d: %d, ", i, i)
	}
	assert.Equal(t, "5000", requireOK(t, runProgram(t, rt, obj+"};\nreturn Object.keys(o).length")))
}

// slowProgram is a program within the transform's limits that keeps
// esbuild busy for seconds: nested blocks, as many as the complexity bound
// admits. tag makes the text, and so its cache entry, unique.
func slowProgram(tag string) string {
	return "// " + tag + "\n" + strings.Repeat("{{{{{{{{{{}}}}}}}}}}\n", 30000) + "return 'done'"
}

func TestWallTimeBoundsTheTransform(t *testing.T) {
	t.Parallel()
	rt := newRuntime(t, func(c *Config) { c.WallTime = 200 * time.Millisecond })
	start := time.Now()
	res := runProgram(t, rt, slowProgram(t.Name()))
	elapsed := time.Since(start)
	assert.Contains(t, requireFailure(t, res, KindTimeout), "the WallTime budget ran out (200ms)")
	// esbuild needs over a second for this program; the run ends soon
	// after its WallTime instead.
	assert.Less(t, elapsed, 3*time.Second)

	// The transform went on in the background and its result is cached:
	// a run with time to spare gets it (and no transform outlives the
	// test).
	program := slowProgram(t.Name())
	assert.Equal(t, `"done"`, requireOK(t, runProgram(t, newRuntime(t, nil), program)))
}

func TestCancelAbortsTheTransform(t *testing.T) {
	t.Parallel()
	rt := newRuntime(t, nil)
	program := slowProgram(t.Name())
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	start := time.Now()
	res, err := rt.Run(ctx, Request{Program: program})
	require.NoError(t, err)
	elapsed := time.Since(start)
	assert.Equal(t, "the run was aborted: its context ended (context deadline exceeded)", requireFailure(t, res, KindAbort))
	assert.Less(t, elapsed, 3*time.Second, "the run does not wait for the transform it abandoned")

	// The interrupted transform was not cached as a failure: the same
	// program runs to completion when given the time.
	assert.Equal(t, `"done"`, requireOK(t, runProgram(t, rt, program)))
}

func TestNamespaceWithTopLevelAwaitAndReturn(t *testing.T) {
	t.Parallel()
	// Node gives 1; the export inside the namespace is the namespace's.
	rt := newRuntime(t, nil)
	assert.Equal(t, "1", requireOK(t, runProgram(t, rt, "namespace J { export async function run(){return 1} } return await J.run()")))
}

// Positions in messages name Request.FileName, for syntax errors and for
// exceptions, and still do after the run is resumed from its state.
func TestFileNameNamesPositions(t *testing.T) {
	t.Parallel()
	rt := newRuntime(t, nil)
	res, err := rt.Run(context.Background(), Request{Program: "let x = ;", FileName: "fix-dates.ts"})
	require.NoError(t, err)
	assert.Contains(t, requireFailure(t, res, KindException), "SyntaxError: fix-dates.ts:1:9:")
	res, err = rt.Run(context.Background(), Request{Program: "let x = ;"})
	require.NoError(t, err)
	assert.Contains(t, requireFailure(t, res, KindException), "SyntaxError: program.ts:1:9:", "the cached transform keeps no earlier run's name")

	var echoes atomic.Int64
	ns := approvals(&echoes)
	durable := durableRuntime(t, nil)
	res, err = durable.Run(context.Background(), Request{
		Program:  "const ok: string = await tools.ask({})\nthrow new Error('after ' + ok)",
		FileName: "approve.ts",
		Bindings: []Namespace{ns},
	})
	require.NoError(t, err)
	s := requireSuspended(t, res)
	res, err = durableRuntime(t, nil).Resume(context.Background(), s.State, []Answer{{ID: s.Pending[0].ID, Value: "yes"}}, []Namespace{ns})
	require.NoError(t, err)
	msg := requireFailure(t, res, KindException)
	assert.Contains(t, msg, "Error: after yes")
	assert.Contains(t, msg, "\n    at approve.ts:2:")
}

func TestFileNameValidated(t *testing.T) {
	t.Parallel()
	rt := newRuntime(t, nil)
	for _, name := range []string{"a:b.ts", "a\nb.ts", strings.Repeat("x", 256), "\xff.ts"} {
		_, err := rt.Run(context.Background(), Request{Program: "return 1", FileName: name})
		require.Error(t, err, "%q", name)
		assert.Contains(t, err.Error(), "Request.FileName")
	}
}
