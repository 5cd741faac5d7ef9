package tsx

import (
	"strings"
	"unicode/utf8"
)

// emptyExport is how esbuild prints `export {}`.
const emptyExport = "export {};"

// Message texts for module syntax, which coderun cannot run: a program is
// one file evaluated as a script, with nothing to import from or export to.
const (
	importMessage = "import statements are not supported: a program is a single file with no module system (only \"import type\" is allowed)"
	exportMessage = "export statements are not supported: a program is a single file with no module system; use return to produce a result"
)

// checkNoModuleSyntax rejects import and export statements that survived
// type erasure; code is esbuild's output and m its decoded source map. It
// returns code with every `export {}` blanked out: TypeScript asks for
// that empty export to allow top-level await, so programs carry it, and it
// does nothing, so it is dropped rather than rejected.
//
// esbuild prints each top-level statement at column 0 of a fresh line,
// unindented, with a mapping at that column (import and export can only appear at top
// level). The only other text that can start a line is the continuation
// of a multi-line template literal, and esbuild maps that to where the
// previous line's last mapping pointed, which a statement never does. So
// the top-level statements are found without a JavaScript tokenizer of our
// own. A statement is rejected if the output starts with import or
// export, or if the source it maps to does: the source catches forms
// esbuild rewrites, such as `import x = require("y")` becoming a const
// declaration, and the output catches `export const`, which esbuild maps
// to the "const" rather than to the "export".
func checkNoModuleSyntax(src, code string, m *sourceMap, edits *sourceEdits) (string, *SyntaxError) {
	srcStarts := lineStarts(src)
	codeStarts := lineStarts(code)
	cur := newColCursor(src)
	last := segment{srcLine: -1}
	for l := 0; l < m.lineCount() && l < len(codeStarts); l++ {
		segs := m.line(l)
		if len(segs) == 0 {
			continue
		}
		prev := last
		last = segs[len(segs)-1]
		// A line that continues a multi-line token (a template literal)
		// starts with a copy of the previous mapping; a statement's own
		// mapping always points somewhere new.
		if segs[0].genCol != 0 || (segs[0].srcLine == prev.srcLine && segs[0].srcCol == prev.srcCol) {
			continue
		}
		line := int(segs[0].srcLine)
		col := edits.toUser(line, int(segs[0].srcCol))
		start, end, ok := lineBounds(src, srcStarts, line)
		if !ok {
			continue
		}
		srcLine := src[start:end]
		off := cur.offset(start, end, col) - start
		genStart, genEnd, _ := lineBounds(code, codeStarts, l)
		gen := code[genStart:genEnd]
		if gen != "" && (gen[0] == ' ' || gen[0] == '\t') {
			// esbuild indents every nested statement, such as the
			// members of a namespace, whose exports are the namespace's
			// own and need no module system.
			continue
		}

		var msg string
		switch {
		case gen == emptyExport:
			// Same length, so no column moves.
			code = code[:genStart] + strings.Repeat(" ", len(emptyExport)) + code[genEnd:]
			continue
		case isImportStatement(srcLine, off) || isImportStatement(gen, 0):
			msg = importMessage
		case hasKeyword(srcLine, off, "export"):
			msg = exportMessage
		case hasKeyword(gen, 0, "export"):
			msg = exportMessage
			// Point at the export keyword, not at what esbuild mapped.
			if k := strings.LastIndex(srcLine[:off], "export"); k >= 0 {
				col = utf16Len(srcLine[:k])
			}
		default:
			continue
		}
		return "", &SyntaxError{Line: line + 1, Column: col + 1, Message: msg}
	}
	return code, nil
}

// isImportStatement reports whether src[off:] starts an import statement
// that needs a module system. import(...) and import.meta are expressions,
// and `import A = B.C` is TypeScript's namespace alias, which needs no
// modules; `import A = require("m")` does.
func isImportStatement(src string, off int) bool {
	if !hasKeyword(src, off, "import") {
		return false
	}
	i := skipSpaceAndComments(src, off+len("import"))
	if i < len(src) && (src[i] == '(' || src[i] == '.') {
		return false
	}
	// `import Name =` (optionally preceded by "type", which is erased and
	// so never reaches here) is an import-equals declaration.
	j := i
	for j < len(src) && isIdentByte(src[j]) && src[j] != '.' {
		j++
	}
	if j == i {
		return true
	}
	k := skipSpaceAndComments(src, j)
	if k >= len(src) || src[k] != '=' || (k+1 < len(src) && (src[k+1] == '=' || src[k+1] == '>')) {
		return true
	}
	k = skipSpaceAndComments(src, k+1)
	if !hasKeyword(src, k, "require") {
		return false
	}
	k = skipSpaceAndComments(src, k+len("require"))
	return k < len(src) && src[k] == '('
}

// hasKeyword reports whether src[off:] starts with the word kw, not merely
// with an identifier that begins with it.
func hasKeyword(src string, off int, kw string) bool {
	if off < 0 || !strings.HasPrefix(src[min(off, len(src)):], kw) {
		return false
	}
	next := off + len(kw)
	return next >= len(src) || !isIdentByte(src[next]) || src[next] == '.'
}

// skipSpaceAndComments returns the index of the first byte at or after i
// that is not whitespace, a line terminator or part of a comment.
func skipSpaceAndComments(src string, i int) int {
	for i < len(src) {
		c := src[i]
		switch {
		case c == ' ' || c == '\t' || c == '\v' || c == '\f' || c == '\n' || c == '\r':
			i++
		case c == '/' && i+1 < len(src) && src[i+1] == '/':
			for i < len(src) && src[i] != '\n' && src[i] != '\r' {
				i++
			}
		case c == '/' && i+1 < len(src) && src[i+1] == '*':
			end := strings.Index(src[i+2:], "*/")
			if end < 0 {
				return len(src)
			}
			i += 2 + end + 2
		case c >= utf8.RuneSelf:
			r, size := utf8.DecodeRuneInString(src[i:])
			if !isJSSpace(r) {
				return i
			}
			i += size
		default:
			return i
		}
	}
	return i
}
