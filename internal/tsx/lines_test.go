package tsx

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestLineStarts(t *testing.T) {
	assert.Equal(t, []int{0}, lineStarts(""))
	assert.Equal(t, []int{0, 2}, lineStarts("a\n"))
	assert.Equal(t, []int{0, 2, 5, 7, 11, 15}, lineStarts("a\nb\r\nc\rd\u2028e\u2029f"))
	// A lone E2 byte sequence that is not LS/PS is not a line break.
	assert.Equal(t, []int{0}, lineStarts("x\u2027y"))
}

func TestLineBounds(t *testing.T) {
	text := "a\nbb\r\nccc\rd\u2028e"
	starts := lineStarts(text)
	want := []string{"a", "bb", "ccc", "d", "e"}
	for i, w := range want {
		s, e, ok := lineBounds(text, starts, i)
		assert.True(t, ok)
		assert.Equal(t, w, text[s:e], "line %d", i)
	}
	_, _, ok := lineBounds(text, starts, len(want))
	assert.False(t, ok)
	_, _, ok = lineBounds(text, starts, -1)
	assert.False(t, ok)

	// An empty last line after a final newline.
	text = "x\n"
	s, e, ok := lineBounds(text, lineStarts(text), 1)
	assert.True(t, ok)
	assert.Equal(t, 2, s)
	assert.Equal(t, 2, e)
}

func TestUTF16Conversions(t *testing.T) {
	s := "aé😀b" // bytes: 1, 2, 4, 1; UTF-16 units: 1, 1, 2, 1
	assert.Equal(t, 5, utf16Len(s))
	assert.Equal(t, 1, utf16Len("\xff"), "an invalid byte counts as one unit")

	assert.Equal(t, 0, byteOffsetOfUTF16(s, 0))
	assert.Equal(t, 1, byteOffsetOfUTF16(s, 1))
	assert.Equal(t, 3, byteOffsetOfUTF16(s, 2))
	assert.Equal(t, 3, byteOffsetOfUTF16(s, 3), "inside a surrogate pair: the character's start")
	assert.Equal(t, 7, byteOffsetOfUTF16(s, 4))
	assert.Equal(t, 8, byteOffsetOfUTF16(s, 5))
	assert.Equal(t, 8, byteOffsetOfUTF16(s, 99), "clamped")
}

func TestColCursor(t *testing.T) {
	text := "xx\naé😀b\ncc"
	c := newColCursor(text)
	// Forward along line 1 (starting at byte 3), then backwards, then
	// another line: each answer must equal the direct computation.
	for _, off := range []int{3, 4, 6, 10, 11, 6, 3} {
		assert.Equal(t, utf16Len(text[3:off]), c.column(3, off), "offset %d", off)
	}
	for _, col := range []int{0, 2, 4, 5, 1, 9} {
		assert.Equal(t, 3+byteOffsetOfUTF16(text[3:11], col), c.offset(3, 11, col), "column %d", col)
	}
	assert.Equal(t, 13, c.offset(12, 14, 1))
	assert.Equal(t, 1, c.column(0, 1))
}
