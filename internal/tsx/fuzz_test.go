package tsx

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"
)

var fuzzSeeds = []string{
	"",
	"return 1",
	"const x = await Promise.resolve(5);\nreturn x * 2;\n",
	"enum E { A, B }\nnamespace N { export const v = 7; }\nconst r = await Promise.resolve(N.v);\nif (r) return [E.B, r]\nreturn 0\n",
	"await 0\nif (a) return;\nelse if (b) { return }\nelse return\nreturn /* c */ ;",
	"await 0;\nfunction f() {}\n/return/.test(\"x\");\nreturn 1;",
	"await 0;\nouter: { return 1 }\n",
	"import fs from \"fs\";\nexport const x = 1;\n",
	"const t = `a${`b${1}`}\nexport default 1`;",
	"class C { @dec m() { return 1 } }",
	"const s = \"é😀\"; let = ;",
	"#!/usr/bin/env node\nreturn 1",
	"\u2028let x = 1;\r\nreturn x",
	"let a = \"\xff\";",
	"let a = 1;\x00",
	"switch (x) { case 1: { return } default: return 2 }",
	"return " + strings.Repeat("[", 600) + strings.Repeat("]", 600),
	"namespace J { export async function run(){return 1} } return await J.run()",
}

// FuzzTransform checks that Transform never panics and that what it
// returns is coherent: either a *SyntaxError with a sensible position, or
// a Program whose JS honours the wrapper contract, parses, and whose
// positions all map without panicking to positions inside the program.
func FuzzTransform(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		p, err := Transform(src)
		if err != nil {
			var le *LimitError
			if errors.As(err, &le) {
				if le.Line < 1 || le.Column < 1 || le.Message == "" {
					t.Fatalf("bad LimitError %+v for %q", le, src)
				}
				return
			}
			var se *SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("non-syntax error %v for %q", err, src)
			}
			if se.Line < 1 || se.Column < 1 || se.Message == "" {
				t.Fatalf("bad SyntaxError %+v for %q", se, src)
			}
			return
		}
		if !strings.HasPrefix(p.JS, wrapperPrefix) || !strings.HasSuffix(p.JS, wrapperSuffix) {
			t.Fatalf("wrapper missing: %q", p.JS)
		}
		if !utf8.ValidString(p.JS) || strings.IndexByte(p.JS, 0) >= 0 {
			t.Fatalf("JS is not NUL-free UTF-8: %q", p.JS)
		}
		assertValidScript(t, p.JS)

		srcLines := len(lineStarts(src))
		jsLines := strings.Count(p.JS, "\n") + 1
		var stack strings.Builder
		for l := 0; l <= jsLines+1; l++ {
			for _, c := range []int{0, 1, 2, 5, 40, 1000} {
				fmt.Fprintf(&stack, "at (program.ts:%d:%d)\n", l, c)
				if line, col, ok := p.MapPosition(l, c); ok && (line < 1 || line > srcLines || col < 1) {
					t.Fatalf("%d:%d mapped to %d:%d, outside the %d-line program %q", l, c, line, col, srcLines, src)
				}
			}
		}
		p.MapStack(stack.String())
	})
}

// FuzzMapStack feeds arbitrary text to MapStack.
func FuzzMapStack(f *testing.F) {
	p, err := Transform("const x: number = 1;\nawait 0;\nif (x) return 'é';\n    throw new Error(\"boom\");\n")
	if err != nil {
		f.Fatal(err)
	}
	for _, s := range []string{
		"    at <anonymous> (program.ts:6:11)\n",
		"program.ts:5:1 program.ts:5:99999 program.ts:",
		"xprogram.ts:5:1",
		"program.ts:5:1program.ts:5:1",
		"program.ts:-1:2",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out := p.MapStack(s)
		if !strings.Contains(s, FileName+":") && out != s {
			t.Fatalf("changed text without positions: %q -> %q", s, out)
		}
	})
}
