package tsx

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestDecodeVLQ(t *testing.T) {
	cases := []struct {
		in   string
		want int32
	}{
		{"A", 0}, {"C", 1}, {"D", -1}, {"gB", 16}, {"2H", 123}, {"3H", -123},
		{"+/////D", 1<<31 - 1},
	}
	for _, c := range cases {
		v, next, ok := decodeVLQ(c.in, 0)
		require.True(t, ok, c.in)
		assert.Equal(t, c.want, v, c.in)
		assert.Equal(t, len(c.in), next, c.in)
	}
	for _, bad := range []string{"", "g", "!", "ggggggggB", "+/////H"} {
		_, _, ok := decodeVLQ(bad, 0)
		assert.False(t, ok, "%q", bad)
	}
}

func TestDecodeMappings(t *testing.T) {
	// Line 0: col 0 -> 0:0, col 4 -> 0:4 (with a name); line 1 empty;
	// line 2: a one-field segment (dropped), then col 2 -> 1:0.
	m, err := decodeMappings("AAAA,IAAIA;;C,CACJ")
	require.NoError(t, err)
	require.Equal(t, 3, m.lineCount())
	assert.Equal(t, []segment{{0, 0, 0}, {4, 0, 4}}, m.line(0))
	assert.Empty(t, m.line(1))
	assert.Equal(t, []segment{{2, 1, 0}}, m.line(2))
	assert.Nil(t, m.line(3))
	assert.Nil(t, m.line(-1))

	m, err = decodeMappings("")
	require.NoError(t, err)
	assert.Equal(t, 1, m.lineCount())

	// Segments out of order within a line are sorted.
	m, err = decodeMappings("IAAA,HAAC")
	require.NoError(t, err)
	assert.Equal(t, []segment{{1, 0, 1}, {4, 0, 0}}, m.line(0))

	for _, bad := range []string{"AA", "AAAAAA", "A!AA", "DAAA", "AADA", "AAAD", "g"} {
		_, err := decodeMappings(bad)
		assert.ErrorIs(t, err, errBadMappings, "%q", bad)
	}
}

func TestLookup(t *testing.T) {
	// Generated line 0: "  foo(a, b);" with esbuild's statement mapping at
	// column 0 (before the indentation), then "foo" at 2 and "b" at 9.
	// In the source the call was "foo(a,  b)" at 5:3, with "b" at 5:11.
	m := &sourceMap{
		segs:      []segment{{0, 5, 3}, {2, 5, 3}, {9, 5, 11}, {0, 7, 0}},
		lineStart: []int32{0, 3, 3, 4},
	}
	cases := []struct {
		genCol, indent  int
		srcLine, srcCol int
		ok              bool
		why             string
	}{
		{2, 2, 5, 3, true, "foo"},
		{6, 2, 5, 7, true, "a: carried distance"},
		{8, 2, 5, 9, true, "space before b: carried, not capped"},
		{9, 2, 5, 11, true, "b"},
		{0, 2, 5, 3, true, "inside the indentation: the first real token"},
		{40, 2, 5, 42, true, "past the last segment: carried"},
	}
	for _, c := range cases {
		l, col, ok := m.lookup(0, c.genCol, c.indent)
		assert.Equal(t, c.ok, ok, c.why)
		assert.Equal(t, [2]int{c.srcLine, c.srcCol}, [2]int{l, col}, c.why)
	}

	// The carried distance stops short of the next mapped token.
	m = &sourceMap{segs: []segment{{0, 0, 0}, {10, 0, 3}}, lineStart: []int32{0, 2}}
	l, col, ok := m.lookup(0, 8, 0)
	assert.True(t, ok)
	assert.Equal(t, [2]int{0, 2}, [2]int{l, col})

	_, _, ok = (&sourceMap{lineStart: []int32{0, 0}}).lookup(0, 0, 0)
	assert.False(t, ok, "a line without segments")
	_, _, ok = m.lookup(5, 0, 0)
	assert.False(t, ok, "a line past the end")
}
