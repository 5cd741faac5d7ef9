package tsx

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// marked finds the offsets of the return keywords a test marks with "⏎"
// right before them, and returns the source without the marks.
func marked(s string) (string, []int) {
	var offs []int
	var b strings.Builder
	for {
		i := strings.Index(s, "⏎")
		if i < 0 {
			b.WriteString(s)
			return b.String(), offs
		}
		b.WriteString(s[:i])
		offs = append(offs, b.Len())
		s = s[i+len("⏎"):]
	}
}

func TestFindTopLevelReturns(t *testing.T) {
	cases := []string{
		"⏎return 1",
		"if (a) ⏎return; else { ⏎return 2 }",
		"for (;;) { while (x) { ⏎return } }",
		"for await (const x of y) { ⏎return x }",
		"try { ⏎return 1 } catch (e) { ⏎return 2 } finally { ⏎return 3 }",
		"do { ⏎return } while (0)",
		"switch (x) { case 1: ⏎return 1; case 2: { ⏎return 2 } default: { ⏎return 3 } }",
		"{ { ⏎return } }",
		"label: ⏎return", // a labelled statement outside braces is still seen
		// Not top-level: functions, arrows, methods, classes, objects,
		// namespaces, static blocks, template substitutions.
		"function f() { return 1 } ⏎return 2",
		"const f = () => { return 1 }; ⏎return f",
		"const f = async (a: number): Promise<number> => { return a }",
		"function f(): number { return 1 }",
		"class C { m() { return 1 } static { return } get x() { return 2 } }",
		"const o = { m() { return 1 }, return: 2, ['return']: 3 }; o.return; o?.return",
		"namespace N { return 1 }",
		"const t = `${(() => { return 1 })()} return`;",
		"const s = 'return'; const d = \"return\"; // return\n/* return */",
		"x = a / b / c; ⏎return",
		"if (x) /return/.test(s); ⏎return",
		"const r = /[/]return/; ⏎return",
		"const n = 1.5e3 / 2; ⏎return n",
		"#!/usr/bin/env node return\n⏎return",
		"type T = { return: number }; interface I { return?: string }",
		"const café = 1; ⏎return café",
		"outer: { return }", // missed (label before "{"); esbuild reports it
	}
	for _, c := range cases {
		src, want := marked(c)
		assert.Equal(t, want, findTopLevelReturns(src), "%s", c)
	}
}

func TestFindTopLevelReturnsNeverPanics(t *testing.T) {
	// Broken input: unterminated strings, templates, comments, regexps and
	// unbalanced brackets.
	for _, src := range []string{"`${", "`${`${", "'", "\"\\", "/*", "/", "/[", "/\\", "}}}))]]", "({[", "return", "a?.", "`\\", "\\"} {
		assert.NotPanics(t, func() { findTopLevelReturns(src) }, "%q", src)
	}
}

func TestReturnFollower(t *testing.T) {
	cases := []struct {
		after string
		want  follower
	}{
		{" x", followValue},
		{"(x)", followValue},
		{";", followEnd},
		{" }", followEnd},
		{"", followEnd},
		{"   ", followEnd},
		{"\nx", followLineBreak},
		{"\r\nx", followLineBreak},
		{" // c\nx", followLineBreak},
		{" /* c */ x", followValue},
		{" /* c */ ;", followEnd},
		{" /* c\n */ x", followLineBreak},
		{" /* unterminated", followLineBreak},
		{"\u00a0\ufeffx", followValue},
		{"\u2028x", followLineBreak},
		{"é", followValue},
	}
	for _, c := range cases {
		src := "return" + c.after
		assert.Equal(t, c.want, returnFollower(src, len("return")), "%q", src)
	}
}

func TestReplaceReturnsAndToUser(t *testing.T) {
	src := "é; return; return x; return\nreturn }"
	starts := lineStarts(src)
	var offs []int
	for i := strings.Index(src, "return"); i >= 0; {
		offs = append(offs, i)
		j := strings.Index(src[i+1:], "return")
		if j < 0 {
			break
		}
		i += 1 + j
	}
	edited, edits := replaceReturns(src, starts, offs)
	assert.Equal(t, "é; throw 0; throw  x; throw 0;\nthrow 0 }", edited)

	// Columns are UTF-16 ("é" is one unit, two bytes).
	// User line 0: "é; return; return x; return": returns at 3, 11, 21.
	// Edited line 0: "é; throw 0; throw  x; throw 0;": at 3, 12, 22.
	cases := []struct{ line, col, want int }{
		{0, 0, 0},
		{0, 3, 3},   // placeholder start
		{0, 9, 3},   // inside "throw 0"
		{0, 10, 9},  // the ";" after it
		{0, 12, 11}, // second placeholder
		{0, 19, 18}, // "x"
		{0, 22, 21}, // third placeholder
		{0, 29, 21}, // its added ";"
		{1, 0, 0},
		{1, 8, 7}, // "}"
		{2, 5, 5}, // a line without edits
	}
	for _, c := range cases {
		assert.Equal(t, c.want, edits.toUser(c.line, c.col), "%d:%d", c.line, c.col)
	}
	var none *sourceEdits
	assert.Equal(t, 7, none.toUser(3, 7))
}
