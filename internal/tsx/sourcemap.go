package tsx

import (
	"errors"
	"sort"
)

// segment is one decoded source map mapping: generated column genCol on
// its line corresponds to srcLine:srcCol in the source esbuild was given.
// All values are 0-based; columns count UTF-16 code units, as the source
// map format specifies. int32 keeps a multi-megabyte program's map small.
type segment struct {
	genCol  int32
	srcLine int32
	srcCol  int32
}

// sourceMap is a decoded "mappings" string. segs holds every segment in
// generated order; the segments of generated line i are
// segs[lineStart[i]:lineStart[i+1]].
type sourceMap struct {
	segs      []segment
	lineStart []int32
}

// lineCount returns the number of generated lines the map describes.
func (m *sourceMap) lineCount() int { return len(m.lineStart) - 1 }

// line returns the segments of generated line i (0-based), sorted by
// generated column; nil if the line has none or does not exist.
func (m *sourceMap) line(i int) []segment {
	if i < 0 || i >= m.lineCount() {
		return nil
	}
	return m.segs[m.lineStart[i]:m.lineStart[i+1]]
}

// errBadMappings reports a "mappings" string that is not valid VLQ; it can
// only come from a bug, since esbuild produces the string.
var errBadMappings = errors.New("tsx: malformed source map mappings")

// base64Value maps a base64 character to its 6-bit value, or -1.
var base64Value = func() [256]int8 {
	var t [256]int8
	for i := range t {
		t[i] = -1
	}
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
	for i := 0; i < len(alphabet); i++ {
		t[alphabet[i]] = int8(i)
	}
	return t
}()

// decodeMappings decodes a source map v3 "mappings" string. Only the first
// source is meaningful here (esbuild's transform has exactly one), so the
// source index and name fields are parsed but not kept. Segments without a
// source position (one field) carry no information for us and are dropped.
func decodeMappings(mappings string) (*sourceMap, error) {
	m := &sourceMap{
		// A rough guess at the segment count (each is about 4-8 characters)
		// avoids repeated growth on big programs.
		segs:      make([]segment, 0, len(mappings)/5),
		lineStart: []int32{0},
	}
	var genCol, srcIndex, srcLine, srcCol, name int32
	var fields [5]int32
	i := 0
	for i < len(mappings) {
		switch mappings[i] {
		case ';':
			m.lineStart = append(m.lineStart, int32(len(m.segs)))
			genCol = 0
			i++
			continue
		case ',':
			i++
			continue
		}
		n := 0
		for i < len(mappings) && mappings[i] != ',' && mappings[i] != ';' {
			if n == len(fields) {
				return nil, errBadMappings
			}
			v, next, ok := decodeVLQ(mappings, i)
			if !ok {
				return nil, errBadMappings
			}
			fields[n] = v
			n++
			i = next
		}
		switch n {
		case 1:
			genCol += fields[0]
		case 4, 5:
			genCol += fields[0]
			srcIndex += fields[1]
			srcLine += fields[2]
			srcCol += fields[3]
			if n == 5 {
				name += fields[4]
			}
			if genCol < 0 || srcLine < 0 || srcCol < 0 {
				return nil, errBadMappings
			}
			m.segs = append(m.segs, segment{genCol: genCol, srcLine: srcLine, srcCol: srcCol})
		default:
			return nil, errBadMappings
		}
	}
	m.lineStart = append(m.lineStart, int32(len(m.segs)))
	_ = srcIndex
	_ = name

	// The spec does not promise sorted segments within a line, and lookups
	// binary-search, so make sure (esbuild emits them sorted; this is cheap
	// when they already are).
	for l := 0; l < m.lineCount(); l++ {
		segs := m.line(l)
		if !sort.SliceIsSorted(segs, func(a, b int) bool { return segs[a].genCol < segs[b].genCol }) {
			sort.SliceStable(segs, func(a, b int) bool { return segs[a].genCol < segs[b].genCol })
		}
	}
	return m, nil
}

// decodeVLQ decodes one base64 VLQ value starting at s[i] and returns it
// with the index just past it. Values beyond 31 bits are rejected rather
// than silently wrapped.
func decodeVLQ(s string, i int) (value int32, next int, ok bool) {
	var result uint64
	shift := uint(0)
	for {
		if i >= len(s) {
			return 0, i, false
		}
		d := base64Value[s[i]]
		if d < 0 {
			return 0, i, false
		}
		i++
		result |= uint64(d&31) << shift
		if d&32 == 0 {
			break
		}
		shift += 5
		if shift > 31 {
			return 0, i, false
		}
	}
	negative := result&1 == 1
	result >>= 1
	if result > 1<<31-1 {
		return 0, i, false
	}
	v := int32(result)
	if negative {
		v = -v
	}
	return v, i, true
}

// lookup finds the source position for generated line genLine and UTF-16
// column genCol (both 0-based); indent is the width of the line's leading
// whitespace.
//
// It uses the last segment at or before genCol and carries the remaining
// distance over to the source column, because engines point into the
// middle of tokens esbuild copied verbatim (QuickJS reports, for example,
// the column of "Error" in "new Error()"). The carried distance is capped so
// it never reaches the next segment's token when that follows on the same
// source line, which keeps it honest where esbuild reformatted the code in
// between.
//
// esbuild records a statement's mapping before printing its indentation,
// so segments inside the leading whitespace are treated as sitting at the
// first real character; otherwise the indentation would be counted as
// distance. For the same reason a column inside the indentation (QuickJS
// reports column 1 for some frames, such as methods of classes with
// fields) resolves to the line's first real token, so the line is right.
func (m *sourceMap) lookup(genLine, genCol, indent int) (srcLine, srcCol int, ok bool) {
	segs := m.line(genLine)
	if len(segs) == 0 {
		return 0, 0, false
	}
	at := func(s segment) int { return max(int(s.genCol), indent) }
	genCol = max(genCol, indent)
	// Index of the first segment after genCol.
	k := sort.Search(len(segs), func(i int) bool { return at(segs[i]) > genCol })
	if k == 0 {
		return int(segs[0].srcLine), int(segs[0].srcCol), true
	}
	s := segs[k-1]
	col := int(s.srcCol) + (genCol - at(s))
	if k < len(segs) {
		if next := segs[k]; next.srcLine == s.srcLine && next.srcCol > s.srcCol && col >= int(next.srcCol) {
			col = int(next.srcCol) - 1
		}
	}
	return int(s.srcLine), col, true
}
