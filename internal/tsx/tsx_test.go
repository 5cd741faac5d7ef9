package tsx

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/evanw/esbuild/pkg/api"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The expected outputs below were also run under a native build of
// QuickJS-ng 0.17.0 with a driver that follows the documented contract
// (JS_Eval as a global script named program.ts, call the completion value,
// drain jobs, print the promise's result). The results it printed are
// quoted next to the cases as "qjs: ...".

// esbuildBodyPrefix is what is left of the "use strict" line esbuild puts
// first (because of the alwaysStrict option): Transform blanks it.
const esbuildBodyPrefix = "\n"

// body transforms src and returns esbuild's part of the JS, without the
// wrapper and esbuild's blanked "use strict" line, after checking the
// wrapper.
func body(t *testing.T, src string) string {
	t.Helper()
	p, err := Transform(src)
	require.NoError(t, err)
	assertValidScript(t, p.JS)
	require.True(t, strings.HasPrefix(p.JS, wrapperPrefix), "JS must start with the wrapper: %q", p.JS)
	require.True(t, strings.HasSuffix(p.JS, wrapperSuffix), "JS must end with the wrapper: %q", p.JS)
	b := strings.TrimSuffix(strings.TrimPrefix(p.JS, wrapperPrefix), wrapperSuffix)
	return strings.TrimPrefix(b, esbuildBodyPrefix)
}

// assertValidScript checks that js parses as a classic script, as QuickJS
// will parse it, using esbuild as the parser.
func assertValidScript(t *testing.T, js string) {
	t.Helper()
	res := api.Transform(js, api.TransformOptions{Loader: api.LoaderJS, LogLevel: api.LogLevelSilent})
	for _, e := range res.Errors {
		t.Errorf("Program.JS does not parse: %s at %+v\n%s", e.Text, e.Location, js)
	}
}

func TestTransformContract(t *testing.T) {
	p, err := Transform("const x: number = 1 + 1;\nreturn x;\n")
	require.NoError(t, err)
	// qjs: RESULT: 2
	// esbuild's own "use strict" line is blanked: the wrapper's is enough.
	assert.Equal(t, "0, async function () { \"use strict\";\n"+
		"\n"+
		"const x = 1 + 1;\n"+
		"return x;\n"+
		"}\n", p.JS)
}

func TestTransformEmptyProgram(t *testing.T) {
	// qjs: RESULT: undefined, for both.
	for _, src := range []string{"", "// just a comment\n", "\n\n  \n", "type T = number;\ninterface I {}\n"} {
		assert.Equal(t, "", body(t, src), "program %q", src)
	}
}

func TestTransformTypeErasure(t *testing.T) {
	src := `interface Point { x: number; y: number }
type Pair<T> = [T, T];
declare const ambient: string;
function dist<P extends Point>(a: P, b: P): number {
  const dx: number = a.x - b.x, dy = (a as any).y - b.y!;
  return Math.sqrt(dx * dx + dy * dy) satisfies number;
}
abstract class Shape { abstract area(): number; }
class Sq extends Shape {
  constructor(private readonly s: number) { super(); }
  area(): number { return this.s ** 2; }
}
let p = <Point>{ x: 1, y: 2 };
return dist<Point>(p, { x: 4, y: 6 }) + new Sq(2).area();
`
	// qjs: RESULT: 9
	assert.Equal(t, `function dist(a, b) {
  const dx = a.x - b.x, dy = a.y - b.y;
  return Math.sqrt(dx * dx + dy * dy);
}
class Shape {
}
class Sq extends Shape {
  constructor(s) {
    super();
    this.s = s;
  }
  s;
  area() {
    return this.s ** 2;
  }
}
let p = { x: 1, y: 2 };
return dist(p, { x: 4, y: 6 }) + new Sq(2).area();
`, body(t, src))
}

func TestTransformEnum(t *testing.T) {
	src := "enum Color { Red, Green = \"g\", Blue = 4 }\nconst enum Flag { A = 1 << 0, B = 1 << 1 }\nreturn [Color.Red, Color[0], Color.Green, Flag.A | Flag.B];\n"
	// qjs: RESULT: [0,"Red","g",3]
	assert.Equal(t, `var Color = /* @__PURE__ */ ((Color2) => {
  Color2[Color2["Red"] = 0] = "Red";
  Color2["Green"] = "g";
  Color2[Color2["Blue"] = 4] = "Blue";
  return Color2;
})(Color || {});
var Flag = /* @__PURE__ */ ((Flag2) => {
  Flag2[Flag2["A"] = 1] = "A";
  Flag2[Flag2["B"] = 2] = "B";
  return Flag2;
})(Flag || {});
return [0 /* Red */, Color[0], "g" /* Green */, 1 /* A */ | 2 /* B */];
`, body(t, src))
}

func TestTransformNamespace(t *testing.T) {
	src := `namespace Geo {
  export namespace Inner { export const k = 2; }
  export function area(r: number): number { return Inner.k * r; }
}
namespace A.B { export const c = 3 }
import C = A.B.c;
return Geo.area(C);
`
	// qjs: RESULT: 6
	assert.Equal(t, `var Geo;
((Geo2) => {
  let Inner;
  ((Inner2) => {
    Inner2.k = 2;
  })(Inner = Geo2.Inner || (Geo2.Inner = {}));
  function area(r) {
    return Inner.k * r;
  }
  Geo2.area = area;
})(Geo || (Geo = {}));
var A;
((A2) => {
  let B;
  ((B2) => {
    B2.c = 3;
  })(B = A2.B || (A2.B = {}));
})(A || (A = {}));
const C = A.B.c;
return Geo.area(C);
`, body(t, src))
}

func TestTransformDecorators(t *testing.T) {
	src := `function twice(value: any, ctx: ClassMethodDecoratorContext) {
  return function (this: any, ...args: any[]) { return 2 * value.apply(this, args); };
}
class C { @twice m() { return 21; } }
return new C().m();
`
	// Standard decorators are lowered into esbuild helpers. qjs: RESULT: 42
	b := body(t, src)
	assert.Contains(t, b, "__decorateElement(")
	assert.NotContains(t, b, "@twice")
	assert.True(t, strings.HasSuffix(b, "return new C().m();\n"), b)
}

func TestTransformKeepsModernSyntax(t *testing.T) {
	// QuickJS-ng 0.17 runs all of these natively, so they must reach it
	// unchanged (no helpers whose frames cannot be mapped).
	src := `class A { static #n = 0; #x = 1; static { A.#n = 10; } has(o: object) { return #x in o; } }
const v = a?.b ?? 1;
{ using r = { [Symbol.dispose]() {} }; }
const re = /[\p{L}--[a-z]]/v;
`
	assert.Equal(t, `class A {
  static #n = 0;
  #x = 1;
  static {
    A.#n = 10;
  }
  has(o) {
    return #x in o;
  }
}
const v = a?.b ?? 1;
{
  using r = { [Symbol.dispose]() {
  } };
}
const re = /[\p{L}--[a-z]]/v;
`, body(t, src))
}

func TestTransformTopLevelAwaitAndReturn(t *testing.T) {
	cases := []struct {
		name, src, want string
	}{
		{
			// qjs: RESULT: 10
			name: "await then return",
			src:  "const x = await Promise.resolve(5);\nreturn x * 2;\n",
			want: "const x = await Promise.resolve(5);\nreturn x * 2;\n",
		},
		{
			// Without top-level await esbuild accepts the return itself.
			name: "return only",
			src:  "return 42",
			want: "return 42;\n",
		},
		{
			// qjs: RESULT: [1,7]
			name: "with enum and namespace",
			src:  "enum E { A, B }\nnamespace N { export const v = 7; }\nconst r = await Promise.resolve(N.v);\nif (r) return [E.B, r]\nreturn 0\n",
			want: "var E = /* @__PURE__ */ ((E2) => {\n  E2[E2[\"A\"] = 0] = \"A\";\n  E2[E2[\"B\"] = 1] = \"B\";\n  return E2;\n})(E || {});\n" +
				"var N;\n((N2) => {\n  N2.v = 7;\n})(N || (N = {}));\n" +
				"const r = await Promise.resolve(N.v);\nif (r) return [1 /* B */, r];\nreturn 0;\n",
		},
		{
			name: "bare returns",
			src:  "await 0\nif (a) return;\nelse if (b) { return }\nelse return\nreturn /* c */ ;",
			want: "await 0;\nif (a) return;\nelse if (b) {\n  return;\n} else return;\nreturn;\n",
		},
		{
			// The return ends at the line break (ASI); the rest is dead.
			// qjs: RESULT: undefined
			name: "bare return before a parenthesis",
			src:  "await 0;\nif (true) return\n(1 + 2);\n",
			want: "await 0;\nif (true) return;\n1 + 2;\n",
		},
		{
			name: "bare return before a line comment",
			src:  "await 0\nreturn // done\n5",
			want: "await 0;\nreturn;\n5;\n",
		},
		{
			name: "bare return at end of input",
			src:  "await 0\nreturn",
			want: "await 0;\nreturn;\n",
		},
		{
			// qjs: RESULT: "two"
			name: "returns in loops, switch, try",
			src:  "for await (const a of [1, 2]) { switch (a) { case 1: { continue } default: return \"two\" } }\ntry { return 1 } finally { await 0 }",
			want: "for await (const a of [1, 2]) {\n  switch (a) {\n    case 1: {\n      continue;\n    }\n    default:\n      return \"two\";\n  }\n}\ntry {\n  return 1;\n} finally {\n  await 0;\n}\n",
		},
		{
			name: "several on one line",
			src:  "await 0; if (a) return 1; if (b) return; if (c) return 3",
			want: "await 0;\nif (a) return 1;\nif (b) return;\nif (c) return 3;\n",
		},
		{
			// Returns inside functions are theirs, whatever the guess.
			// qjs: RESULT: "inner5"
			name: "nested functions",
			src:  "await 0;\nfunction inner() { return \"inner\"; }\nconst arrow = () => { return 5 };\nreturn inner() + arrow()",
			want: "await 0;\nfunction inner() {\n  return \"inner\";\n}\nconst arrow = () => {\n  return 5;\n};\nreturn inner() + arrow();\n",
		},
		{
			// await using makes the file a module as well.
			name: "await using",
			src:  "await using r = { async [Symbol.asyncDispose]() {} };\nreturn 1;",
			want: "await using r = { async [Symbol.asyncDispose]() {\n} };\nreturn 1;\n",
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.want, body(t, c.src))
		})
	}
}

func TestTransformReturnGuessFallback(t *testing.T) {
	// After a function declaration's "}", a "/" could divide or start a
	// regular expression; the guess takes it for division and so finds a
	// "return" inside the regular expression. Its placeholder cannot be
	// found in the output, and Transform must try again without it,
	// leaving the regular expression alone. qjs: RESULT: "return"
	src := "await 0;\nfunction f() {}\n/return/.test(\"x\");\nconst r = /return/;\nreturn r.source;\n"
	require.Contains(t, findTopLevelReturns(src), strings.Index(src, "return/."), "the guess must be fooled for this test to mean anything")
	assert.Equal(t, "await 0;\nfunction f() {\n}\n/return/.test(\"x\");\nconst r = /return/;\nreturn r.source;\n", body(t, src))
}

func TestTransformReturnMissedByGuess(t *testing.T) {
	// A label makes the guess treat the block as "not a statement block",
	// so it misses the return; esbuild reports it and it is replaced then.
	src := "await 0;\nouter: { return 1 }\n"
	assert.Empty(t, findTopLevelReturns(src))
	assert.Equal(t, "await 0;\nouter: {\n  return 1;\n}\n", body(t, src))
}

func TestTransformThisAndStrictness(t *testing.T) {
	// Top-level this is undefined, as in a module; esbuild writes that
	// out when the file looks like one. qjs: RESULT: true, both ways.
	assert.Equal(t, "return this === void 0;\n", body(t, "return this === undefined"))
	assert.Equal(t, "await 0;\nreturn void 0;\n", body(t, "await 0;\nreturn this"))

	// Strict mode: errors esbuild knows about are reported up front.
	_, err := Transform("with (Math) { max(1, 2) }")
	assertSyntaxError(t, err, 1, 1, "With statements cannot be used in strict mode")
}

func TestTransformDynamicImportUntouched(t *testing.T) {
	// import() must stay an import() so it fails at run time. qjs:
	// REJECTED ERROR: ReferenceError: could not load module 'fs'
	assert.Equal(t, "return await import(\"fs\");\n", body(t, "return await import(\"fs\")"))
}

func TestTransformHashbang(t *testing.T) {
	// The #! line is blanked, keeping line numbers. qjs: RESULT: "ok"
	assert.Equal(t, "\n\nreturn \"ok\";\n", strings.TrimPrefix(strings.TrimSuffix(mustTransform(t, "#!/usr/bin/env node\nreturn \"ok\"").JS, wrapperSuffix), wrapperPrefix))
}

func TestTransformNonASCII(t *testing.T) {
	// esbuild escapes non-ASCII text, keeping JS pure ASCII.
	assert.Equal(t, "const caf\\u00E9 = \"\\u65E5\\u672C \\u{1F600}\";\nconst s = \"a\\u2028b\";\n",
		body(t, "const café = \"日本 😀\";\nconst s = \"a\u2028b\";\n"))
}

func mustTransform(t *testing.T, src string) *Program {
	t.Helper()
	p, err := Transform(src)
	require.NoError(t, err)
	return p
}

func assertSyntaxError(t *testing.T, err error, line, col int, msg string) {
	t.Helper()
	var se *SyntaxError
	require.True(t, errors.As(err, &se), "want *SyntaxError, got %T: %v", err, err)
	assert.Equal(t, line, se.Line, "line")
	assert.Equal(t, col, se.Column, "column")
	assert.Equal(t, msg, se.Message)
	assert.Equal(t, fmt.Sprintf("program.ts:%d:%d: %s", line, col, msg), se.Error())
}

func TestSyntaxErrors(t *testing.T) {
	cases := []struct {
		name      string
		src       string
		line, col int
		msg       string
	}{
		{"expected semicolon", "const a = 1;\nlet b = 2\nconst c x = 3;\n", 3, 9, `Expected ";" but found "x"`},
		{"after top-level returns", "await 0;\nif (a) return 1; return 2; const q = ;\n", 2, 38, `Unexpected ";"`},
		// "return;" became the longer "throw 0;": the column must not move.
		{"after a bare return", "await 0;\nreturn; return 5 6\n", 2, 18, `Expected ";" but found "6"`},
		{"UTF-16 columns", "const s = \"é😀\"; let = ;\n", 1, 24, `Unexpected ";"`},
		{"CRLF", "line1\r\nconst x = ;\r\n", 2, 11, `Unexpected ";"`},
		{"U+2028 is a line break", "\u2028let x = ;", 2, 9, `Unexpected ";"`},
		{"byte order mark not counted", "\ufeffconst a = 1; let = ;", 1, 20, `Unexpected ";"`},
		{"return in namespace", "namespace N { return 1 }\n", 1, 15, "A return statement cannot be used here"},
		{"return in static block", "class C { static { return; } }\n", 1, 20, "A return statement cannot be used here"},
		{"redeclaration", "let a = 1;\nlet a = 2;\n", 2, 5, `The symbol "a" has already been declared`},
		{"unterminated template", "const x = `unterminated\n", 2, 1, "Unterminated string literal"},
		{"legacy octal", "let o = 010;", 1, 9, "Legacy octal literals cannot be used in strict mode"},
		{"type syntax in wrong place", "let x: = 1;", 1, 8, `Unexpected "="`},
		{"await in plain function", "function f() { await g(); }", 1, 16, `"await" can only be used inside an "async" function`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Transform(c.src)
			assertSyntaxError(t, err, c.line, c.col, c.msg)
		})
	}
}

func TestModuleSyntaxRejected(t *testing.T) {
	const imp = "import statements are not supported: a program is a single file with no module system (only \"import type\" is allowed)"
	const exp = "export statements are not supported: a program is a single file with no module system; use return to produce a result"
	cases := []struct {
		name      string
		src       string
		line, col int
		msg       string
	}{
		{"default import", "import fs from \"fs\";\nfs.readFileSync(\"x\");\n", 1, 1, imp},
		{"unused named import", "const a = 1;\nimport { b } from \"b\";\n", 2, 1, imp},
		{"side-effect import", "import \"side-effect\";\n", 1, 1, imp},
		{"import equals require", "import x = require(\"y\");\n", 1, 1, imp},
		{"import with top-level return", "import { a } from \"b\";\nawait 0;\nreturn a;\n", 1, 1, imp},
		{"export const", "const a = 1;\n  export const b = 2;\n", 2, 3, exp},
		{"export default", "export default 5;\n", 1, 1, exp},
		{"export assignment", "export = 5;\n", 1, 1, exp},
		{"export enum", "export enum E { A }\n", 1, 1, exp},
		{"export list", "let x = 1;\nexport { x };\n", 2, 1, exp},
		{"export from", "export * from \"m\";\n", 1, 1, exp},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Transform(c.src)
			assertSyntaxError(t, err, c.line, c.col, c.msg)
		})
	}
}

func TestModuleLookalikesAllowed(t *testing.T) {
	// Type-only module syntax vanishes; import() and namespace aliases
	// need no module system; the words in strings and properties are
	// just text. qjs: RESULT: 1 for the first.
	assert.Equal(t, "const z = 1;\nreturn z;\n",
		body(t, "import type { X } from \"y\";\nexport type Z = number;\nexport interface I {}\nconst z: Z = 1;\nreturn z"))
	assert.Equal(t, "const s = \"import x from 'y'\";\nconst o = { export: 1, import: 2 };\nconst t = `\nexport default 1`;\nconst p = import(\"x\");\n",
		body(t, "const s = \"import x from 'y'\";\nconst o = { export: 1, import: 2 };\nconst t = `\nexport default 1`;\nconst p = import(\"x\");\n"))
}

func TestEmptyExportDropped(t *testing.T) {
	// TypeScript wants "export {}" before it accepts top-level await; it
	// does nothing, so it is blanked (keeping positions) rather than
	// rejected. qjs: RESULT: 1
	assert.Equal(t, "const x = await Promise.resolve(1);\n          \nreturn x;\n",
		body(t, "const x = await Promise.resolve(1);\nexport {};\nreturn x;"))
	assert.Equal(t, "          \n", body(t, "export {}"))
}

func TestInvalidText(t *testing.T) {
	_, err := Transform("let a = 1;\nconst x = \"\xff\";\n")
	assertSyntaxError(t, err, 2, 12, "invalid UTF-8 byte 0xFF: a program must be UTF-8 text")

	_, err = Transform("let a = \"é\"; let b = \"\xc3\";")
	assertSyntaxError(t, err, 1, 23, "invalid UTF-8 byte 0xC3: a program must be UTF-8 text")

	for _, src := range []string{"let a = 1;\x00", "let a = \"\x00\";", "// \x00\n", "let r = /\x00/;"} {
		_, err = Transform(src)
		var se *SyntaxError
		require.True(t, errors.As(err, &se), "program %q: %v", src, err)
		assert.Contains(t, se.Message, "NUL character (U+0000) is not allowed")
		assert.Equal(t, strings.IndexByte(src, 0)+1, se.Column, "program %q", src)
	}
}

func TestTransformLargeProgram(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("large program: slow under -short or -race")
	}
	// A 5 MB program whose top-level await makes esbuild report every
	// top-level return, each at a cost that grows with the file: before
	// findTopLevelReturns this shape took over four minutes.
	chunk := `enum Color%[1]d { Red, Green = "g" }
namespace NS%[1]d { export const x: number = %[1]d; }
function gen%[1]d<T extends object>(v: T, n: number = %[1]d): T { const o = /return/; return v; }
const v%[1]d: number = await Promise.resolve(%[1]d);
if (v%[1]d > 1e9) { return "early " + v%[1]d; }
switch (v%[1]d) { case -1: { return 1 } default: if (v%[1]d < -1) return }
`
	var b strings.Builder
	for i := 0; b.Len() < 5<<20; i++ {
		fmt.Fprintf(&b, chunk, i)
	}
	b.WriteString("return v0;\n")
	src := b.String()

	start := time.Now()
	p, err := Transform(src)
	elapsed := time.Since(start)
	require.NoError(t, err)
	t.Logf("transformed %d bytes in %v", len(src), elapsed)
	assert.Less(t, elapsed, 30*time.Second)
	assert.Equal(t, 3*strings.Count(src, "\nif (v")+1, strings.Count(p.JS, "return \"early ")+strings.Count(p.JS, "return 1;")+strings.Count(p.JS, "return;")+strings.Count(p.JS, "return v0;"))
	assert.NotContains(t, p.JS, "throw")

	// The last line's return maps back to its own line.
	lines := strings.Split(p.JS, "\n")
	last := len(lines) - 3 // "return v0;", "})", ""
	require.Equal(t, "return v0;", lines[last])
	line, col, ok := p.MapPosition(last+1, 1)
	require.True(t, ok)
	assert.Equal(t, strings.Count(src, "\n"), line)
	assert.Equal(t, 1, col)
}

func TestTransformLargeSingleLine(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("large program: slow under -short or -race")
	}
	// Minified style: everything on one line, so every per-position
	// conversion must be incremental rather than from the line start.
	chunk := `await 0; if (x) return 1; { if (y) { return 2 } let s = "import"; } switch (z) { case 1: { return 3 } default: return 4 } `
	src := "let x = 0, y = 0, z = 0; " + strings.Repeat(chunk, (5<<20)/len(chunk))
	start := time.Now()
	p, err := Transform(src)
	elapsed := time.Since(start)
	require.NoError(t, err)
	t.Logf("transformed %d bytes in %v", len(src), elapsed)
	assert.Less(t, elapsed, 30*time.Second)
	assert.NotContains(t, p.JS, "throw")
}

func TestNamespaceExportsAreNotModuleSyntax(t *testing.T) {
	// Node runs this and gives 1. The export belongs to the
	// namespace, so it needs no module system, with top-level await and
	// return or without.
	assert.Equal(t, "var J;\n((J2) => {\n  async function run() {\n    return 1;\n  }\n  J2.run = run;\n})(J || (J = {}));\nreturn await J.run();\n",
		body(t, "namespace J { export async function run(){return 1} } return await J.run()"))
	assert.Contains(t, body(t, "namespace K {\n  export const a = 1, b = 2;\n  export namespace L { export enum E { X } }\n}\nreturn K.a + K.L.E.X"), "return K.a + 0 /* X */;\n")
	// A top-level export after a namespace is still refused.
	_, err := Transform("namespace N { export const a = 1 }\nexport const b = N.a;\n")
	assertSyntaxError(t, err, 2, 1, exportMessage)
}
