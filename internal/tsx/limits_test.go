package tsx

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestLimitsRefuseHostileShapes(t *testing.T) {
	r := strings.Repeat
	cases := []struct {
		name, src string
		line, col int
		msg       string
	}{
		{"arrays", "return " + r("[", 300000) + r("]", 300000), 1, 508, "nests brackets and operators 501 levels deep"},
		{"braces", r("{", 10000), 1, 501, "the limit is 500: flatten"},
		{"arrow calls", "return " + r("(()=>", 16000) + "1" + r(")", 16000), 1, 1258, "501 levels deep"},
		{"bare arrows", r("x=>", 600) + "1", 1, 1502, "501 levels deep"},
		{"prefix operators", r("!", 600) + "1", 1, 501, "501 levels deep"},
		{"typeof chain", r("typeof ", 600) + "1", 1, 3501, "501 levels deep"},
		{"conditionals over lines", "x = " + r("a ? 1 :\n", 600) + "1", 500, 3, "501 levels deep"},
		{"assignments over lines", r("a =\n", 600) + "1", 501, 3, "501 levels deep"},
		{"if heads", r("if (a)\n", 600) + "x", 500, 4, "501 levels deep"},
		{"template substitutions", "return " + r("`${", 600) + "1" + r("}`", 600), 1, 1507, "501 levels deep"},
		{"type arguments", "let x: " + r("A<", 600) + "B" + r(">", 600), 1, 1007, "501 levels deep"},
		{"mixed kinds", "return " + r("[(a = {b: `${!", 100), 1, 1174, "501 levels deep"},
		{"else-if chain", "if(a)x;" + r("else if(a)x;", 6000), 1, 60008, "more than 5000 else branches in one block"},
		{"comma operator", "x = (" + r("a,", 2000) + "a)", 1, 2007, "more than 1000 comma-separated items"},
		{"comma chain in a function body", "function f(): T {" + r("a,", 2000) + "a}", 1, 2019, "more than 1000 comma-separated items"},
		{"comma chain in a labelled block", "l: {" + r("a,", 2000) + "a}", 1, 2006, "more than 1000 comma-separated items"},
		{"string folding", "return " + r("'a'+", 30000) + "'a'", 1, 26760, "joins string literals with +"},
		{"parenthesized string folding", "return 'x'" + r("+('aaaaaaaaaaaaaaaa')", 20000), 1, 0, "joins string literals with +"},
		{"complexity", r("{{{{{{{{{{}}}}}}}}}}\n", 40000), 36364, 8, "nesting complexity passed 2000000"},
		// Where the scanner takes a division for a regular expression, or
		// the other way round, it skips code as text; the text is scanned
		// again for nesting.
		{"code the scanner takes for template text", "function f() {}\n/`/; x = " + r("[", 600) + r("]", 600) + ";\n`", 2, 510, "501 levels deep"},
		{"code the scanner takes for a regular expression", "let a = 1, b = 2;\nx = a++ / " + r("[", 600) + r("]", 600) + " / b", 2, 509, "501 levels deep"},
		{"code the scanner takes for a comment", "function f() {}\n/[/*]/; x = " + r("(", 600) + "1" + r(")", 600) + "; /*/", 2, 512, "501 levels deep"},
		{"enum doubling", enumDoubling(24), 1, 1, "enums build string members from other members"},
		{"enum inlining", "enum L { A = '" + r("x", 100000) + "' }\n" + r("L.A;", 1000), 1, 1, "copying the values into every use"},
		{"tokens", "x = " + r("a+", 2000000) + "a", 1, 0, "more than 4000000 tokens"},
		{"nested functions, sequentially", r(r("function f(){", 20)+r("}", 20)+"\n", 2000), 0, 0, "nesting complexity"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Transform(c.src)
			var le *LimitError
			require.True(t, errors.As(err, &le), "want *LimitError, got %T: %v", err, err)
			assert.Contains(t, le.Message, c.msg)
			if c.line > 0 {
				assert.Equal(t, c.line, le.Line, "line")
			}
			if c.col > 0 {
				assert.Equal(t, c.col, le.Column, "column")
			}
			assert.Equal(t, fmt.Sprintf("program.ts:%d:%d: %s", le.Line, le.Column, le.Message), le.Error())
		})
	}
}

func TestLimitsAdmitOrdinaryPrograms(t *testing.T) {
	r := strings.Repeat
	for _, src := range []string{
		"return " + r("[", 400) + r("]", 400),
		"const f = (a: number) => (b: number) => (c: number) => a + b + c;\nreturn f(1)(2)(3)",
		// Semicolon-less code: a new statement on a new line starts over.
		r("x = !a ? b : c\ny = -d\n", 2000),
		r("let a = 1, b = 2, c = 3;\n", 3000),
		"if (a) x = 1;\n" + r("else if (a) x = 1;\n", 1000),
		"return [" + r("1, ", 100000) + "1]",
		"const o = {" + r("k: 'v', ", 15000) + "}",
		"return " + r("'line of text\\n' + ", 500) + "''",
		"x = a ? b : c ? d : e ? f : g;\n" + r("if (a < b && c <= d && e >= f && g == h) {}\n", 2000),
		// Text is scanned again for brackets only: HTML and prose are
		// full of <, =, ? and :.
		"el.innerHTML = '" + r(`<li class="chapter-item"><a href="x.html">Is it? Yes: <b>1.</b></a></li>`, 2000) + "'",
		"/* " + r("Note: (see below) a < b, c = d? ", 3000) + " */",
		enumDoubling(10),
		"enum Color { Red = 'RED', Green = 'GREEN' }\n" + r("x = Color.Red;\n", 10000),
		"enum S { A = 'x', B = `${A}-y`, C = B + '!' }",
		"enum N { A0 = 0" + r(", A = A + 1", 200) + " }",
		"enum E { A = 1 << 0, B = 1 << 1, AB = A | B }\nnamespace N { export const x: Array<Map<string, Set<number>>> = []; }",
	} {
		assert.Nil(t, checkLimits(src), "%.80q", src)
	}
}

// enumDoubling is an enum whose n members each double the one before:
// esbuild computes them all at transform time.
func enumDoubling(n int) string {
	var b strings.Builder
	b.WriteString("enum E { A0 = 'a'")
	for i := 1; i < n; i++ {
		fmt.Fprintf(&b, ", A%d = A%d + A%d", i, i-1, i-1)
	}
	fmt.Fprintf(&b, " }\nreturn E.A%d", n-1)
	return b.String()
}

func TestIsAssignment(t *testing.T) {
	for src, want := range map[string]bool{
		"a = b": true, "a += b": true, "a **= b": true, "a <<= b": true, "a >>>= b": true, "a ??= b": true,
		"a == b": false, "a === b": false, "a != b": false, "a <= b": false, "a >= b": false,
	} {
		at := strings.IndexByte(src, '=')
		assert.Equal(t, want, isAssignment(src, at), src)
	}
}
