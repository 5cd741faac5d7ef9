package intl

import (
	"unicode"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/rivo/uniseg"
)

// segmenter is a resolved Intl.Segmenter over github.com/rivo/uniseg,
// which implements Unicode's text segmentation (UAX #29), the rules ICU
// follows too. ICU also breaks words of Chinese, Japanese, Thai and the
// like with dictionaries, which coderun does not carry: word segmentation
// of such text is refused rather than given wrong.
type segmenter struct {
	Locale      string `json:"locale"`
	Granularity string `json:"granularity"`
}

type segmenterOptions struct {
	LocaleMatcher *string `json:"localeMatcher"`
	Granularity   *string `json:"granularity"`
}

func newSegmenter(locales []string, o segmenterOptions) (*segmenter, error) {
	loc, err := resolveLocale(locales)
	if err != nil {
		return nil, err
	}
	g, err := option(o.Granularity, "Intl.Segmenter", "granularity", "grapheme", "grapheme", "word", "sentence")
	if err != nil {
		return nil, err
	}
	if _, err := option(o.LocaleMatcher, "Intl.Segmenter", "localeMatcher", "best fit", "lookup", "best fit"); err != nil {
		return nil, err
	}
	return &segmenter{Locale: loc.tag, Granularity: g}, nil
}

// segments is the answer to a segment(string) call: the segments' start
// offsets in UTF-16 code units, the string's length last, and for words
// whether each is word-like.
type segments struct {
	Bounds   []int  `json:"b"`
	WordLike []bool `json:"w,omitempty"`
}

// dictionaryScripts are the scripts ICU breaks into words with
// dictionaries.
var dictionaryScripts = []*unicode.RangeTable{
	unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Thai, unicode.Lao, unicode.Khmer, unicode.Myanmar,
}

func (s *segmenter) split(text string) (segments, error) {
	if s.Granularity == "word" {
		for _, r := range text {
			if unicode.In(r, dictionaryScripts...) {
				return segments{}, rangeError("Intl.Segmenter word granularity for Chinese, Japanese, Thai, Lao, Khmer or Burmese text is not supported in the coderun sandbox (it needs ICU's dictionaries)")
			}
		}
	}
	out := segments{Bounds: []int{}}
	pos := 0 // in UTF-16 code units
	state := -1
	rest := text
	for rest != "" {
		var seg string
		switch s.Granularity {
		case "word":
			seg, rest, state = uniseg.FirstWordInString(rest, state)
			out.WordLike = append(out.WordLike, wordLike(seg))
		case "sentence":
			seg, rest, state = uniseg.FirstSentenceInString(rest, state)
		default:
			seg, rest, _, state = uniseg.FirstGraphemeClusterInString(rest, state)
		}
		out.Bounds = append(out.Bounds, pos)
		pos += utf16Len(seg)
	}
	out.Bounds = append(out.Bounds, pos)
	return out, nil
}

// wordLike is ICU's notion: a segment with a letter or a number in it.
func wordLike(seg string) bool {
	for _, r := range seg {
		if unicode.IsLetter(r) || unicode.IsNumber(r) {
			return true
		}
	}
	return false
}

func utf16Len(s string) int {
	n := 0
	for len(s) > 0 {
		r, size := utf8.DecodeRuneInString(s)
		n += utf16.RuneLen(r)
		s = s[size:]
	}
	return n
}
