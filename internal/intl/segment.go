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
	tag, err := resolveTag(locales)
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
	return &segmenter{Locale: tag, Granularity: g}, nil
}

// segments is the answer to a seg.next call: the ends of the segments
// found, in UTF-16 code units from the window's start, and for words
// whether each is word-like.
type segments struct {
	Ends     []int  `json:"b"`
	WordLike []bool `json:"w,omitempty"`
}

// lookahead is how far past a boundary, in code units, a word or sentence
// rule of UAX #29 may need to see to place it (one letter after a
// MidLetter, a lower-case letter after a period and its spaces). A window
// with more input after it keeps only the boundaries at least this far
// from its end; the next window starts at the last of them and finds the
// rest again with what follows.
const lookahead = 256

// dictionaryScripts are the scripts ICU breaks into words with
// dictionaries.
var dictionaryScripts = []*unicode.RangeTable{
	unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Thai, unicode.Lao, unicode.Khmer, unicode.Myanmar,
}

// next segments a window of the input that starts at a segment
// boundary. When more input follows the window (final false), the
// segments that end too near its end to be sure of are left out: a
// grapheme boundary depends on the next character only, a word or sentence
// boundary on up to lookahead more. At least one segment is always
// answered, so a segment longer than the window is split where the window
// ends; the prelude's window is 16,384 code units.
func (s *segmenter) next(text string, final bool) (segments, error) {
	if s.Granularity == "word" {
		for _, r := range text {
			if unicode.In(r, dictionaryScripts...) {
				return segments{}, rangeError("Intl.Segmenter word granularity for Chinese, Japanese, Thai, Lao, Khmer or Burmese text is not supported in the coderun sandbox (it needs ICU's dictionaries)")
			}
		}
	}
	total := utf16Len(text)
	sure := total // the ends up to here are kept
	if !final {
		sure = total - 1
		if s.Granularity != "grapheme" {
			sure = total - lookahead
		}
	}
	out := segments{Ends: []int{}}
	pos := 0 // in UTF-16 code units
	state := -1
	rest := text
	for rest != "" {
		var seg string
		switch s.Granularity {
		case "word":
			seg, rest, state = uniseg.FirstWordInString(rest, state)
		case "sentence":
			seg, rest, state = uniseg.FirstSentenceInString(rest, state)
		default:
			seg, rest, _, state = uniseg.FirstGraphemeClusterInString(rest, state)
		}
		pos += utf16Len(seg)
		if pos > sure && len(out.Ends) > 0 {
			break
		}
		out.Ends = append(out.Ends, pos)
		if s.Granularity == "word" {
			out.WordLike = append(out.WordLike, wordLike(seg))
		}
		if pos > sure {
			break
		}
	}
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
