package tsx

import (
	"unicode"
	"unicode/utf8"
)

// lineStarts returns the byte offset at which each line of text begins,
// splitting on every ECMAScript line terminator (LF, CR, CRLF, U+2028,
// U+2029). This is the convention both esbuild (for source map lines and
// diagnostics) and QuickJS use, so positions computed with it agree with
// the ones they report.
func lineStarts(text string) []int {
	starts := []int{0}
	for i := 0; i < len(text); i++ {
		switch text[i] {
		case '\n':
			starts = append(starts, i+1)
		case '\r':
			if i+1 < len(text) && text[i+1] == '\n' {
				i++
			}
			starts = append(starts, i+1)
		case 0xE2:
			// U+2028 and U+2029 are encoded as E2 80 A8 and E2 80 A9.
			if i+2 < len(text) && text[i+1] == 0x80 && (text[i+2] == 0xA8 || text[i+2] == 0xA9) {
				i += 2
				starts = append(starts, i+1)
			}
		}
	}
	return starts
}

// lineBounds returns the byte range [start, end) of line index line
// (0-based) of text, excluding its terminator. ok is false when the line
// does not exist.
func lineBounds(text string, starts []int, line int) (start, end int, ok bool) {
	if line < 0 || line >= len(starts) {
		return 0, 0, false
	}
	start = starts[line]
	end = len(text)
	if line+1 < len(starts) {
		end = starts[line+1]
	}
	if line+1 < len(starts) {
		// Every line but the last ends in a terminator: \n, \r, \r\n or
		// the three-byte U+2028/U+2029.
		switch text[end-1] {
		case '\n':
			end--
			if end > start && text[end-1] == '\r' {
				end--
			}
		case '\r':
			end--
		default:
			end -= 3
		}
	}
	return start, end, true
}

// utf16Len returns how many UTF-16 code units s occupies, which is how
// JavaScript (and the source map format) measures columns. Invalid bytes
// count as one unit each, matching how they decode to U+FFFD.
func utf16Len(s string) int {
	n := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			n++
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r >= 0x10000 {
			n += 2
		} else {
			n++
		}
		i += size
	}
	return n
}

// byteOffsetOfUTF16 returns the byte offset within s of UTF-16 column col,
// clamped to len(s). A column that falls inside a surrogate pair resolves
// to the start of that character.
func byteOffsetOfUTF16(s string, col int) int {
	n := 0
	for i := 0; i < len(s); {
		if n >= col {
			return i
		}
		c := s[i]
		if c < utf8.RuneSelf {
			n++
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		w := 1
		if r >= 0x10000 {
			w = 2
		}
		if n+w > col {
			return i
		}
		n += w
		i += size
	}
	return len(s)
}

// isJSSpace reports whether a non-ASCII rune is JavaScript whitespace or a
// line terminator, i.e. something the tokenizer skips between tokens.
func isJSSpace(r rune) bool {
	return r == '\uFEFF' || r == '\u2028' || r == '\u2029' || unicode.Is(unicode.Zs, r)
}

// colCursor converts between byte offsets and UTF-16 columns on the lines
// of text. Conversions are incremental when a line is visited left to
// right, which keeps callers linear even on a minified program whose
// thousands of statements share one enormous line.
type colCursor struct {
	text      string
	lineStart int // start of the line the cursor is on, or -1
	off       int // byte offset of the cursor
	col       int // UTF-16 column of the cursor
}

// newColCursor returns a cursor over text, on no line yet.
func newColCursor(text string) *colCursor { return &colCursor{text: text, lineStart: -1} }

// moveTo prepares the cursor for a conversion on the line that starts at
// lineStart: it stays put if it is on that line and usable (not past the
// target, which the caller tells it through usable), and otherwise goes
// back to the line's start.
func (c *colCursor) moveTo(lineStart int, usable bool) {
	if c.lineStart != lineStart || !usable {
		c.lineStart, c.off, c.col = lineStart, lineStart, 0
	}
}

// column returns the UTF-16 column of byte offset off on the line that
// starts at lineStart.
func (c *colCursor) column(lineStart, off int) int {
	c.moveTo(lineStart, c.off <= off)
	c.col += utf16Len(c.text[c.off:off])
	c.off = off
	return c.col
}

// offset returns the byte offset of UTF-16 column col on the line that
// spans [lineStart, lineEnd), clamped to the line's end.
func (c *colCursor) offset(lineStart, lineEnd, col int) int {
	c.moveTo(lineStart, c.col <= col && c.off <= lineEnd)
	next := c.off + byteOffsetOfUTF16(c.text[c.off:lineEnd], col-c.col)
	c.col += utf16Len(c.text[c.off:next])
	c.off = next
	return next
}
