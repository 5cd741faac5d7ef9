package tsx

import (
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/evanw/esbuild/pkg/api"
)

// esbuild refuses a top-level return once anything (here: top-level await)
// makes it treat the file as an ECMAScript module, and it refuses
// namespaces inside function bodies, so neither "wrap, then transform" nor
// plain "transform, then wrap" handles a program using all three. The way
// out: swap each top-level return for a same-grammar placeholder ("throw",
// which like "return" is a restricted production taking an expression on
// the same line), transform, find the placeholders in the output through
// the source map and turn them back into returns, which are legal there
// because the output ends up inside an async function. esbuild itself
// reports the position of every return it refuses, so the set of returns
// to replace is always complete; findTopLevelReturns only guesses it in
// advance to keep that reporting cheap.
const topLevelReturnMessage = "Top-level return cannot be used inside an ECMAScript module"

// Placeholder texts. A return with a value becomes "throw " (same length,
// so nothing on the line moves). A bare return needs an operand; "throw 0"
// gets a ";" too when the return ended at a line break, because ASI does
// not end a throw statement there the way it ends a return.
const (
	placeholderValued  = "throw "
	placeholderBare    = "throw 0"
	placeholderBareASI = "throw 0;"
	returnKeyword      = "return"
)

// sourceEdit records one placeholder substitution. Edits never span lines,
// so only columns move. Columns are UTF-16 code units, as in source maps.
type sourceEdit struct {
	off     int // byte offset of the "return" keyword in the user's text
	line    int // 0-based line, the same before and after editing
	col     int // column where the placeholder starts in the edited text
	userCol int // column of the "return" keyword in the user's text
	newLen  int // length of the placeholder (the keyword is len(returnKeyword))
	bare    bool
	found   bool // set once the placeholder was located in esbuild's output
}

// shiftAfter is how far text after this edit moved on its line, counting
// the edits before it on the same line.
func (ed *sourceEdit) shiftAfter() int { return ed.col + ed.newLen - (ed.userCol + len(returnKeyword)) }

// sourceEdits is the set of placeholder substitutions made before the
// final esbuild pass. A nil *sourceEdits means the text was not edited.
type sourceEdits struct {
	byLine map[int][]*sourceEdit // sorted by col
	all    []*sourceEdit
}

// toUser converts a column on line (both 0-based) of the edited text into
// the corresponding column of the user's text. A column inside a
// placeholder resolves to the start of the return keyword it replaced.
// It binary-searches, since a minified program can have thousands of
// edits on its one line.
func (e *sourceEdits) toUser(line, col int) int {
	if e == nil {
		return col
	}
	eds := e.byLine[line]
	k := sort.Search(len(eds), func(i int) bool { return eds[i].col > col }) - 1
	if k < 0 {
		return col
	}
	ed := eds[k]
	if col < ed.col+ed.newLen {
		return ed.userCol
	}
	return col - ed.shiftAfter()
}

// isTopLevelReturnError reports whether msg is esbuild's complaint about a
// top-level return in a module, which a placeholder fixes.
func isTopLevelReturnError(msg api.Message) bool {
	return msg.Text == topLevelReturnMessage && msg.Location != nil
}

// replaceReturns replaces the return keywords at the given byte offsets of
// src (sorted, each the start of "return") with placeholders. starts are
// src's line starts.
func replaceReturns(src string, starts []int, offsets []int) (edited string, edits *sourceEdits) {
	edits = &sourceEdits{byLine: map[int][]*sourceEdit{}}
	var b strings.Builder
	b.Grow(len(src) + 2*len(offsets))
	prev := 0
	cur := newColCursor(src)
	for _, off := range offsets {
		line := sort.Search(len(starts), func(l int) bool { return starts[l] > off }) - 1
		userCol := cur.column(starts[line], off)
		shift := 0
		if eds := edits.byLine[line]; len(eds) > 0 {
			shift = eds[len(eds)-1].shiftAfter()
		}
		text := placeholderValued
		bare := false
		switch returnFollower(src, off+len(returnKeyword)) {
		case followEnd:
			text, bare = placeholderBare, true
		case followLineBreak:
			text, bare = placeholderBareASI, true
		}
		ed := &sourceEdit{off: off, line: line, col: userCol + shift, userCol: userCol, newLen: len(text), bare: bare}
		edits.byLine[line] = append(edits.byLine[line], ed)
		edits.all = append(edits.all, ed)

		b.WriteString(src[prev:off])
		b.WriteString(text)
		prev = off + len(returnKeyword)
	}
	b.WriteString(src[prev:])
	return b.String(), edits
}

// userOffset converts an esbuild diagnostic position in the edited text
// into a byte offset in the user's text src (with line starts starts).
func userOffset(src string, starts []int, loc *api.Location, edits *sourceEdits) (int, bool) {
	line := loc.Line - 1
	if line < 0 || line >= len(starts) || loc.Column < 0 || loc.Column > len(loc.LineText) {
		return 0, false
	}
	col := edits.toUser(line, utf16Len(loc.LineText[:loc.Column]))
	start, end, _ := lineBounds(src, starts, line)
	return start + byteOffsetOfUTF16(src[start:end], col), true
}

// What follows a return keyword decides its placeholder.
type follower int

const (
	followValue     follower = iota // an operand on the same line
	followEnd                       // ";", "}" or end of input: a bare return
	followLineBreak                 // a line break: a bare return ended by ASI
)

// returnFollower classifies the text after a return keyword at src[i:],
// skipping spaces and comments the way the JavaScript grammar does.
func returnFollower(src string, i int) follower {
	for i < len(src) {
		c := src[i]
		switch {
		case c == ' ' || c == '\t' || c == '\v' || c == '\f':
			i++
		case c == '\n' || c == '\r':
			return followLineBreak
		case c == ';' || c == '}':
			return followEnd
		case c == '/' && i+1 < len(src) && src[i+1] == '/':
			return followLineBreak
		case c == '/' && i+1 < len(src) && src[i+1] == '*':
			end := strings.Index(src[i+2:], "*/")
			if end < 0 {
				// Unterminated comment: esbuild will report it.
				return followLineBreak
			}
			comment := src[i+2 : i+2+end]
			if strings.ContainsAny(comment, "\n\r\u2028\u2029") {
				return followLineBreak
			}
			i += 2 + end + 2
		case c >= utf8.RuneSelf:
			r, size := utf8.DecodeRuneInString(src[i:])
			switch {
			case r == '\u2028' || r == '\u2029':
				return followLineBreak
			case isJSSpace(r):
				i += size
			default:
				return followValue
			}
		default:
			return followValue
		}
	}
	return followEnd
}

// restoreReturns turns the placeholders back into return statements in
// esbuild's output code, using the decoded source map m to find them, and
// updates m's generated columns for the characters that moved. It returns
// the user offsets of any placeholder it cannot find, which means the
// replaced text was not a return statement (or a throw is left where the
// user wrote a return); the caller must not use the code then.
func restoreReturns(code string, m *sourceMap, edits *sourceEdits) (restored string, lost []int) {
	type key struct{ line, col int32 }
	byPos := make(map[key]*sourceEdit, len(edits.all))
	for _, ed := range edits.all {
		byPos[key{int32(ed.line), int32(ed.col)}] = ed
	}

	type replacement struct {
		col   int32 // generated UTF-16 column of the placeholder
		delta int32 // how much later columns on the line move
	}
	starts := lineStarts(code)
	cur := newColCursor(code)
	var b strings.Builder
	b.Grow(len(code) + len(edits.all))
	prev := 0
	var reps []replacement
	for l := 0; l < m.lineCount() && l < len(starts); l++ {
		segs := m.line(l)
		lineStart, lineEnd, _ := lineBounds(code, starts, l)
		reps = reps[:0]
		for _, s := range segs {
			ed := byPos[key{s.srcLine, s.srcCol}]
			if ed == nil {
				continue
			}
			// esbuild records a statement's mapping before printing its
			// indentation (or the space after "if (...)"), so the keyword
			// may follow a few blanks.
			at := cur.offset(lineStart, lineEnd, int(s.genCol))
			blanks := 0
			for at+blanks < lineEnd && (code[at+blanks] == ' ' || code[at+blanks] == '\t') {
				blanks++
			}
			at += blanks
			repCol := s.genCol + int32(blanks)
			if len(reps) > 0 && reps[len(reps)-1].col == repCol {
				continue // several segments for one statement
			}
			rest := code[at:lineEnd]
			old := "throw"
			if ed.bare {
				old = "throw 0"
			}
			if !strings.HasPrefix(rest, old) || (len(rest) > len(old) && isIdentByte(rest[len(old)])) {
				continue // another token mapped to the same spot
			}
			b.WriteString(code[prev:at])
			b.WriteString(returnKeyword)
			prev = at + len(old)
			reps = append(reps, replacement{col: repCol, delta: int32(len(returnKeyword) - len(old))})
			ed.found = true
		}
		// Segments after a replaced keyword move with the text; ones at
		// or before it (including the statement's own) stay. Both lists
		// are sorted by column, so one merge pass does it.
		shift, r := int32(0), 0
		for si := range segs {
			for r < len(reps) && reps[r].col < segs[si].genCol {
				shift += reps[r].delta
				r++
			}
			segs[si].genCol += shift
		}
	}
	b.WriteString(code[prev:])
	for _, ed := range edits.all {
		if !ed.found {
			lost = append(lost, ed.off)
		}
	}
	if lost != nil {
		return "", lost
	}
	return b.String(), nil
}

// isIdentByte reports whether c can continue an ASCII identifier or number.
func isIdentByte(c byte) bool {
	return c == '_' || c == '$' || c == '.' || ('0' <= c && c <= '9') || ('a' <= c && c <= 'z') || ('A' <= c && c <= 'Z') || c >= utf8.RuneSelf
}
