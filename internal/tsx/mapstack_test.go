package tsx

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// QuickJS-ng conventions, established by running transformed programs
// under a native build of QuickJS-ng 0.17.0 (the driver evaluated
// Program.JS with JS_Eval(..., "program.ts", JS_EVAL_TYPE_GLOBAL), called
// the completion value and printed the rejection's .stack):
//
//   - Frames are "    at NAME (program.ts:LINE:COL)\n"; anonymous
//     functions, including the wrapper, are "<anonymous>"; native frames
//     are "    at map (native)". A syntax error found by JS_Eval has a
//     single frame without a name: "    at program.ts:LINE:COL".
//     (coderun's build now names frames as V8 does, "    at
//     program.ts:LINE:COL" for an anonymous function and "    at
//     Array.map (<anonymous>)" for a native one, and puts a call at its
//     callee's name; the fixtures below keep the stacks they were
//     recorded with, since MapStack maps positions in any text.)
//   - LINE is 1-based and counts every line terminator.
//   - COL is 1-based and counts UTF-8 bytes (the lexer subtracts
//     pointers); on line 1 only it is 0-based, which never matters here
//     because line 1 is the wrapper. QuickJS records the position of the
//     last identifier (or token after whitespace) before the failing
//     operation: "Error" in `throw new Error()`, the callee's object in
//     `a.b.c`, the first argument token in `f(x)`.
//   - In classes with field initializers, a method's frame can report
//     column 1 of the method's first line rather than the failing
//     expression (seen for `#p = 1; m() { return this.#p.x.y }`).
//
// To check that the mapping is exact, plain JavaScript programs were also
// run directly (wrapped by hand, no esbuild) and their positions compared
// with the mapped ones: they agreed except where esbuild's reformatting
// changes which token QuickJS itself picks (`map(x => ...)` printed as
// `map((x) => ...)` moves QuickJS from "x" to "map"; `undefined.y` printed
// as `(void 0).y` moves it to the statement start), where the QuickJS
// column-1 quirk above applies (we report the method name instead), and
// for non-ASCII lines, where we deliberately report UTF-16 columns.

// engineFixture is a program, the stack QuickJS-ng printed when running
// its transformation, and what that stack must map to.
type engineFixture struct {
	name   string
	src    string
	jsLine map[int]string // lines of Program.JS the raw stack relies on
	raw    string
	want   string
}

var engineFixtures = []engineFixture{
	{
		name:   "throw new Error",
		src:    "const x = 1;\n    throw new Error(\"boom\");\n",
		jsLine: map[int]string{4: `throw new Error("boom");`},
		raw:    "    at <anonymous> (program.ts:4:11)\n",
		want:   "    at <anonymous> (program.ts:2:15)\n",
	},
	{
		name:   "two frames",
		src:    "function inner(a) {\n  return a.b.c;\n}\nconst o = {};\ninner(o);\n",
		jsLine: map[int]string{4: "  return a.b.c;", 7: "inner(o);"},
		raw:    "    at inner (program.ts:4:10)\n    at <anonymous> (program.ts:7:7)\n",
		want:   "    at inner (program.ts:2:10)\n    at <anonymous> (program.ts:5:7)\n",
	},
	{
		name: "type annotations removed",
		src: "interface Point { x: number; y: number }\ntype Pair<T> = [T, T];\n" +
			"function dist(a: Point, b: Point): number {\n  const dx: number = a.x - b.x, dy = (a as any).q.y - b.y;\n" +
			"  return Math.sqrt(dx * dx + dy * dy);\n}\nconst p: Point = { x: 1, y: 2 };\n" +
			"const pair: Pair<Point> = [p, p];\ndist(pair[0], pair[1]);\n",
		jsLine: map[int]string{4: "  const dx = a.x - b.x, dy = a.q.y - b.y;", 9: "dist(pair[0], pair[1]);"},
		raw:    "    at dist (program.ts:4:30)\n    at <anonymous> (program.ts:9:15)\n",
		// Same as running the program with its types blanked out.
		want: "    at dist (program.ts:4:39)\n    at <anonymous> (program.ts:9:15)\n",
	},
	{
		name: "enum, namespace and top-level returns",
		src: "enum Dir { Up = 1, Down, Left, Right }\nconst enum Flags { A = 1 << 0, B = 1 << 1 }\n" +
			"namespace Geo {\n  export namespace Inner {\n    export function area(r: number): number {\n" +
			"      if (r < 0) throw new RangeError(\"negative radius \" + r);\n      return Math.PI * r * r;\n    }\n  }\n" +
			"  export const unit = Inner.area(1);\n}\nconst total: number = await Promise.resolve(Geo.unit);\n" +
			"if (total > 100) return \"big\";\nconst f = Flags.A | Flags.B;\nif (Dir.Down === 2) {\n  return Geo.Inner.area(-f);\n}\nreturn;\n",
		jsLine: map[int]string{
			20: `      if (r < 0) throw new RangeError("negative radius " + r);`,
			31: "  return Geo.Inner.area(-f);",
		},
		raw:  "    at area (program.ts:20:60)\n    at <anonymous> (program.ts:31:26)\n",
		want: "    at area (program.ts:6:60)\n    at <anonymous> (program.ts:16:26)\n",
	},
	{
		name:   "method of a class with fields (QuickJS reports column 1)",
		src:    "class K {\n  #p = 1;\n  m() {\n    return this.#p.x.y;\n  }\n}\nnew K().m();\n",
		jsLine: map[int]string{5: "  m() {", 9: "new K().m();"},
		raw:    "    at m (program.ts:5:1)\n    at <anonymous> (program.ts:9:9)\n",
		want:   "    at m (program.ts:3:3)\n    at <anonymous> (program.ts:7:9)\n",
	},
	{
		name:   "constructors and super",
		src:    "class A { constructor() { this.x = undefined.y; } }\nclass B extends A { constructor() { super(); } }\nnew B();\n",
		jsLine: map[int]string{5: "    this.x = (void 0).y;", 10: "    super();", 13: "new B();"},
		raw:    "    at A (program.ts:5:5)\n    at B (program.ts:10:5)\n    at <anonymous> (program.ts:13:5)\n",
		want:   "    at A (program.ts:1:27)\n    at B (program.ts:2:37)\n    at <anonymous> (program.ts:3:5)\n",
	},
	{
		name:   "native frames in between",
		src:    "const p = new Promise((res, rej) => setTimeout ? rej(new Error(\"rej\")) : 0);\nawait p;",
		jsLine: map[int]string{3: `const p = new Promise((res, rej) => setTimeout ? rej(new Error("rej")) : 0);`},
		raw:    "    at <anonymous> (program.ts:3:37)\n    at Promise (native)\n    at <anonymous> (program.ts:3:15)\n",
		want:   "    at <anonymous> (program.ts:1:37)\n    at Promise (native)\n    at <anonymous> (program.ts:1:15)\n",
	},
	{
		name:   "non-ASCII text before the error (UTF-16 columns)",
		src:    "await null;\nconst s = \"héllo wörld 😀\"; const t = s.toUpperCase(); undefinedFn(t);\n",
		jsLine: map[int]string{6: "undefinedFn(t);"},
		raw:    "    at <anonymous> (program.ts:6:1)\n",
		// QuickJS on the untransformed line says column 60, in bytes.
		want: "    at <anonymous> (program.ts:2:56)\n",
	},
	{
		name:   "using declaration disposal",
		src:    "await 0;\nusing bad = { [Symbol.dispose]() { throw new Error(\"dispose failed\") } };\nreturn 1;\n",
		jsLine: map[int]string{4: "using bad = { [Symbol.dispose]() {", 5: `  throw new Error("dispose failed");`},
		raw:    "    at [Symbol.dispose] (program.ts:5:13)\n    at <anonymous> (program.ts:4:16)\n",
		want:   "    at [Symbol.dispose] (program.ts:2:46)\n    at <anonymous> (program.ts:2:16)\n",
	},
	{
		name:   "syntax error found by QuickJS",
		src:    "import.meta.url;\n",
		jsLine: map[int]string{3: "import.meta.url;"},
		raw:    "SyntaxError: import.meta only valid in module code\n    at program.ts:3:8\n",
		want:   "SyntaxError: import.meta only valid in module code\n    at program.ts:1:8\n",
	},
}

func TestMapStackEngineFixtures(t *testing.T) {
	for _, f := range engineFixtures {
		t.Run(f.name, func(t *testing.T) {
			p := mustTransform(t, f.src)
			lines := strings.Split(p.JS, "\n")
			for n, text := range f.jsLine {
				require.Greater(t, len(lines), n-1)
				require.Equal(t, text, lines[n-1], "JS line %d changed; the recorded stack no longer applies:\n%s", n, p.JS)
			}
			assert.Equal(t, f.want, p.MapStack(f.raw))
		})
	}
}

func TestMapStackLeavesOtherTextAlone(t *testing.T) {
	p := mustTransform(t, "const x = 1;\n    throw new Error(\"boom\");\n")
	unchanged := []string{
		"",
		"Error: boom",
		"    at <anonymous> (program.ts:1:30)\n", // the wrapper line
		"    at <anonymous> (program.ts:5:1)\n",  // the closing line
		"    at <anonymous> (program.ts:999:1)\n",  // past the end
		"    at <anonymous> (program.ts:0:0)\n",    // not a position
		"    at f (myprogram.ts:4:11)\n",           // another file
		"    at f (/src/program.ts:4:11)\n",        // another file
		"    at f (program.tsx:4:11)\n",            // another file
		"    at f (program.ts:4)\n",                // no column
		"    at f (program.ts:4:)\n",               // no column
		"    at f (program.ts::11)\n",              // no line
		"    at f (program.ts:99999999999999:1)\n", // overlong
		"    at <input>:1:2\n    at parse (native)\n",
		"program.ts:",
		"program.ts:4:",
	}
	for _, s := range unchanged {
		assert.Equal(t, s, p.MapStack(s))
	}
}

func TestMapStackEveryOccurrence(t *testing.T) {
	p := mustTransform(t, "const x = 1;\n    throw new Error(\"boom\");\n")
	assert.Equal(t, "Error: at program.ts:2:15, again program.ts:2:15; not program.ts:1:1x",
		p.MapStack("Error: at program.ts:4:11, again program.ts:4:11; not program.ts:1:1x"))
}

func TestMapPosition(t *testing.T) {
	// Line 3 of the JS is "const x = 1;", line 4 "throw new Error(...)".
	p := mustTransform(t, "const x: number = 1;\n    throw new Error(\"boom\");\n")
	cases := []struct {
		line, col         int
		wantLine, wantCol int
		wantOK            bool
	}{
		{3, 1, 1, 1, true},    // const
		{3, 7, 1, 7, true},    // x
		{3, 9, 1, 9, true},    // "=" follows "x" in the JS, but ": number" in the source
		{3, 11, 1, 19, true},  // 1
		{4, 1, 2, 5, true},    // throw, indented in the source
		{4, 11, 2, 15, true},  // Error
		{4, 17, 2, 21, true},  // the string
		{4, 500, 2, 29, true}, // past the end of the line: the end of the statement
		{1, 1, 0, 0, false},   // wrapper
		{2, 1, 0, 0, false},   // esbuild's "use strict", blanked
		{5, 1, 0, 0, false},   // wrapper
		{6, 1, 0, 0, false},   // past the end
		{0, 1, 0, 0, false},
		{3, 0, 0, 0, false},
		{-1, -1, 0, 0, false},
	}
	for _, c := range cases {
		line, col, ok := p.MapPosition(c.line, c.col)
		assert.Equal(t, c.wantOK, ok, "%d:%d", c.line, c.col)
		if ok {
			assert.Equal(t, [2]int{c.wantLine, c.wantCol}, [2]int{line, col}, "%d:%d", c.line, c.col)
		}
	}
}

func TestMapPositionAfterPlaceholders(t *testing.T) {
	// "return" became "throw 0;" (longer) and "throw " (same length)
	// before esbuild ran, and back afterwards: positions after them on the
	// same line must come out where the user wrote them.
	p := mustTransform(t, "await 0; if (a) return; if (b) return x.y.z; if (c) return;\n")
	lines := strings.Split(p.JS, "\n")
	require.Equal(t, "if (b) return x.y.z;", lines[4])
	line, col, ok := p.MapPosition(5, 15) // x
	require.True(t, ok)
	assert.Equal(t, [2]int{1, 39}, [2]int{line, col})
	line, col, ok = p.MapPosition(5, 8) // return
	require.True(t, ok)
	assert.Equal(t, [2]int{1, 32}, [2]int{line, col})
	require.Equal(t, "if (c) return;", lines[5])
	line, col, ok = p.MapPosition(6, 8)
	require.True(t, ok)
	assert.Equal(t, [2]int{1, 53}, [2]int{line, col})
}

func TestMapStackConcurrent(t *testing.T) {
	// The map is decoded lazily; concurrent first uses must be safe.
	p := mustTransform(t, "const x = 1;\n    throw new Error(\"boom\");\n")
	done := make(chan string)
	for i := 0; i < 8; i++ {
		go func() { done <- p.MapStack("at (program.ts:4:11)") }()
	}
	for i := 0; i < 8; i++ {
		assert.Equal(t, "at (program.ts:2:15)", <-done)
	}
}
