package intl

import (
	"math/rand"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/rivo/uniseg"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// window is the prelude's segmentWindow.
const window = 16384

// segmentInWindows segments text as the prelude does: a window at a time,
// each starting at the last boundary the host answered, never ending
// inside a surrogate pair. It returns the segments' ends in code units.
func segmentInWindows(t *testing.T, sg *segmenter, text string) []int {
	t.Helper()
	units := utf16.Encode([]rune(text))
	var ends []int
	start := 0
	for start < len(units) {
		end := min(len(units), start+window)
		if end < len(units) && utf16.IsSurrogate(rune(units[end-1])) && units[end-1] < 0xdc00 {
			end--
		}
		got, err := sg.next(string(utf16.Decode(units[start:end])), end == len(units))
		require.NoError(t, err)
		require.NotEmpty(t, got.Ends, "no progress at %d", start)
		if sg.Granularity == "word" {
			require.Len(t, got.WordLike, len(got.Ends))
		}
		for _, e := range got.Ends {
			ends = append(ends, start+e)
		}
		start = ends[len(ends)-1]
	}
	return ends
}

// segmentWhole is the reference: the whole text segmented at once.
func segmentWhole(granularity, text string) []int {
	var ends []int
	pos, state := 0, -1
	for rest := text; rest != ""; {
		var seg string
		switch granularity {
		case "word":
			seg, rest, state = uniseg.FirstWordInString(rest, state)
		case "sentence":
			seg, rest, state = uniseg.FirstSentenceInString(rest, state)
		default:
			seg, rest, _, state = uniseg.FirstGraphemeClusterInString(rest, state)
		}
		pos += utf16Len(seg)
		ends = append(ends, pos)
	}
	return ends
}

// The host segments a long input a window at a time, so its work and
// memory per call stay bounded; the boundaries are those of segmenting
// the input at once, across every window's edge.
func TestSegmentInWindowsMatchesWhole(t *testing.T) {
	pieces := []string{
		"The quick brown fox can't jump 3.14 metres. ", "Mr. Smith went to Washington. ", "Really?! Yes.\r\n",
		"👩‍👩‍👧‍👦", "🇫🇷🇩🇪", "e\u0301\u0302", "Ελληνικά κείμενα. ", "Привет, мир! ", "한국어 문장입니다. ",
		"x\u200dy", "1,234.56", "  ", "\t", "(quoted.) ", "e.g. this", "done.\u2029",
	}
	r := rand.New(rand.NewSource(1))
	var b strings.Builder
	for b.Len() < 200_000 {
		b.WriteString(pieces[r.Intn(len(pieces))])
	}
	text := b.String()
	for _, g := range []string{"grapheme", "word", "sentence"} {
		sg := &segmenter{Locale: "en", Granularity: g}
		assert.Equal(t, segmentWhole(g, text), segmentInWindows(t, sg, text), g)
	}
}

// A segment longer than a window (a word of 40,000 letters) is split
// where the window ends: the price of bounded work per call.
func TestSegmentLongerThanAWindowIsSplit(t *testing.T) {
	sg := &segmenter{Locale: "en", Granularity: "word"}
	ends := segmentInWindows(t, sg, strings.Repeat("a", 40_000))
	assert.Equal(t, []int{window, 2 * window, 40_000}, ends)
}
