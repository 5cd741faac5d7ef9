package intl

import (
	"strings"
	"unicode"

	"golang.org/x/text/collate"
	"golang.org/x/text/language"
)

// Script reordering, which golang.org/x/text/collate does not implement
// (its Reorder option panics). In CLDR, and so in ICU and Node, the
// standard collation of most languages written in a script other than
// Latin puts that script's letters first: Russian sorts "арбуз" before
// "apple", Greek "άλφα" before it, Japanese puts Latin, kana and kanji
// before the other scripts. Reordering moves whole script groups: the
// letters of the listed scripts come right after spaces, punctuation,
// symbols and digits, which stay first, in the order listed; the other
// scripts follow in their root order. Nothing changes inside a group, or
// at the secondary and tertiary levels.
//
// So two strings whose primary weights first differ in the same group, or
// not at all, keep x/text's order; where the first differing primaries
// fall in two groups, the reordered ranks of the groups decide.

// reorderCodes is each locale's reorder list, keyed by language, or by
// language and script where a script of the language orders its own way.
// Each list is the one Node 20 (ICU 78) applies, checked by sorting a
// letter of every script in each carried locale (reorder_test.go). The
// codes are ICU's script groups: Kana holds hiragana and katakana.
var reorderCodes = map[string][]string{
	"am": {"Ethi"},
	"ar": {"Arab"}, "fa": {"Arab"}, "ur": {"Arab"},
	"az": {"Latn", "Cyrl"}, "bs": {"Latn", "Cyrl"}, "hr": {"Latn", "Cyrl"}, "sr-Latn": {"Latn", "Cyrl"},
	"bs-Cyrl": {"Cyrl"},
	"be":      {"Cyrl"}, "bg": {"Cyrl"}, "kk": {"Cyrl"}, "mk": {"Cyrl"}, "ru": {"Cyrl"}, "sr": {"Cyrl"}, "uk": {"Cyrl"},
	"el": {"Grek"},
	"he": {"Hebr"},
	"hy": {"Armn"},
	"ka": {"Geor"},
	"th": {"Thai"},
	"hi": {"Deva", "Beng", "Guru", "Gujr", "Orya", "Taml", "Telu", "Knda", "Mlym", "Sinh"},
	"mr": {"Deva", "Beng", "Guru", "Gujr", "Orya", "Taml", "Telu", "Knda", "Mlym", "Sinh"},
	"bn": {"Beng", "Deva", "Guru", "Gujr", "Orya", "Taml", "Telu", "Knda", "Mlym", "Sinh"},
	"gu": {"Gujr", "Deva", "Beng", "Guru", "Orya", "Taml", "Telu", "Knda", "Mlym", "Sinh"},
	"pa": {"Guru", "Deva", "Beng", "Gujr", "Orya", "Taml", "Telu", "Knda", "Mlym", "Sinh", "Arab"},
	"kn": {"Knda", "Deva", "Beng", "Guru", "Gujr", "Orya", "Taml", "Telu", "Mlym", "Sinh"},
	"ta": {"Taml", "Deva", "Beng", "Guru", "Gujr", "Orya", "Telu", "Knda", "Mlym", "Sinh"},
	"te": {"Telu", "Deva", "Beng", "Guru", "Gujr", "Orya", "Taml", "Knda", "Mlym", "Sinh"},
	// Malayalam's list is CLDR's own, Latin second.
	"ml":      {"Mlym", "Latn", "Deva", "Arab", "Taml", "Knda", "Telu", "Beng", "Guru", "Gujr", "Orya", "Sinh"},
	"ja":      {"Latn", "Kana", "Hani"},
	"ko":      {"Hang", "Hani"},
	"zh":      {"Hani"},
	"zh-Hant": {"Hani", "Bopo"},
}

// groupScripts are the Unicode scripts of each group in reorderCodes.
var groupScripts = map[string][]string{
	"Latn": {"Latin"}, "Grek": {"Greek"}, "Cyrl": {"Cyrillic"}, "Arab": {"Arabic"},
	"Hebr": {"Hebrew"}, "Armn": {"Armenian"}, "Geor": {"Georgian"}, "Ethi": {"Ethiopic"},
	"Thai": {"Thai"}, "Deva": {"Devanagari"}, "Beng": {"Bengali"}, "Guru": {"Gurmukhi"},
	"Gujr": {"Gujarati"}, "Orya": {"Oriya"}, "Taml": {"Tamil"}, "Telu": {"Telugu"},
	"Knda": {"Kannada"}, "Mlym": {"Malayalam"}, "Sinh": {"Sinhala"}, "Hang": {"Hangul"},
	"Bopo": {"Bopomofo"}, "Kana": {"Hiragana", "Katakana"}, "Hani": {"Han"},
}

// The primary weights x/text gives Han characters: implicit ones (the code
// point plus an offset, below its weights of unassigned code points), and
// from 0x160000 on, the weights of the characters a tailoring places after
// everything else, which in Chinese and Japanese are the ideographs.
const (
	hanImplicitFirst = 0x10000 + 0x3400
	hanImplicitEnd   = 0x50000
	tailoredLast     = 0x160000
)

// reorderFor is the reorder list of a locale, nil for the root order.
func reorderFor(loc locale) []string {
	script, _ := language.Make(loc.tag).Script()
	if r, ok := reorderCodes[loc.lang+"-"+script.String()]; ok {
		return r
	}
	return reorderCodes[loc.lang]
}

// weightRange is the primary weights of a script group's letters.
type weightRange struct{ lo, hi int }

// reorderer orders two strings' first primary difference by script group.
type reorderer struct {
	primary *collate.Collator // the locale's collator at the primary level
	buf     collate.Buffer
	first   int           // the weight of "a", the first letter: below it, the special groups
	groups  []weightRange // of each listed group, in order
	han     int           // the index of Hani in groups, or -1
}

// reorderTable is the group weight ranges of an x/text tailoring. Probing
// every letter of the scripts takes a millisecond, so the run keeps the
// table of each tailoring it used, keyed by its tag.
type reorderTable struct {
	first  int
	ranges map[string]weightRange
}

// newReorderer makes the reorderer of a collator whose x/text tag (without
// strength) is tag and whose reorder list is codes.
func (d *runData) newReorderer(tag string, codes []string) *reorderer {
	t, err := language.Parse(tag)
	if err != nil {
		return nil
	}
	opts := []collate.Option{collate.OptionsFromTag(t), collate.IgnoreCase, collate.IgnoreDiacritics, collate.IgnoreWidth}
	r := &reorderer{primary: collate.New(t, opts...), han: -1}
	table := d.groupTable(tag, r.primary)
	r.first = table.first
	for i, code := range codes {
		if code == "Hani" {
			r.han = i
		}
		r.groups = append(r.groups, table.ranges[code])
	}
	return r
}

// groupTable is the weight ranges of every group under a tailoring, found
// by weighing each letter of the groups' scripts.
func (d *runData) groupTable(tag string, c *collate.Collator) *reorderTable {
	// Numeric ordering changes digits only: the tailoring is the key.
	key := strings.Replace(tag, "-kn-true", "", 1)
	if t, ok := d.reorder[key]; ok {
		return t
	}
	var buf collate.Buffer
	weigh := func(r rune) int {
		buf.Reset()
		p := primaries(c.KeyFromString(&buf, string(r)))
		if len(p) == 0 {
			return 0
		}
		return p[0]
	}
	t := &reorderTable{ranges: map[string]weightRange{}}
	// Latin is the first script in the root order: below its first
	// letter are the special groups.
	t.first = weigh('a')
	for code, scripts := range groupScripts {
		if code == "Hani" {
			continue // weighed by range: see rank
		}
		wr := weightRange{lo: -1}
		for _, s := range scripts {
			forEachRune(unicode.Scripts[s], func(r rune) {
				// Letters only: a script's digits and signs weigh
				// as the common ones do. Hangul syllables are
				// sequences of jamo, which are weighed.
				if !unicode.IsLetter(r) || r >= 0xAC00 && r <= 0xD7A3 {
					return
				}
				w := weigh(r)
				if w < t.first || w >= hanImplicitFirst {
					// No weight; a modifier letter that weighs
					// as a symbol (ゝ, ๆ); or an implicit weight:
					// a letter newer than x/text's tables, which
					// sorts after every script.
					return
				}
				if wr.lo < 0 || w < wr.lo {
					wr.lo = w
				}
				if w > wr.hi {
					wr.hi = w
				}
			})
		}
		t.ranges[code] = wr
	}
	remember(d.reorder, key, t)
	return t
}

func forEachRune(tab *unicode.RangeTable, f func(rune)) {
	for _, r := range tab.R16 {
		for c := rune(r.Lo); c <= rune(r.Hi); c += rune(r.Stride) {
			f(c)
		}
	}
	for _, r := range tab.R32 {
		for c := rune(r.Lo); c <= rune(r.Hi); c += rune(r.Stride) {
			f(c)
		}
	}
}

// primaries decodes the primary weights at the start of an x/text sort
// key, which it writes as two bytes, or three with the top bit set, up to
// the level separator (two zero bytes) or the key's end.
func primaries(key []byte) []int {
	var out []int
	for i := 0; i+1 < len(key); {
		switch {
		case key[i] == 0 && key[i+1] == 0:
			return out
		case key[i]&0x80 != 0 && i+2 < len(key):
			out = append(out, int(key[i]&0x7f)<<16|int(key[i+1])<<8|int(key[i+2]))
			i += 3
		default:
			out = append(out, int(key[i])<<8|int(key[i+1]))
			i += 2
		}
	}
	return out
}

// rank is the position of a primary weight's group in the reordered
// order: 0 for spaces, punctuation, symbols and digits, 1 + its index for
// a listed group, and after them every other script.
func (r *reorderer) rank(w int) int {
	if w < r.first {
		return 0
	}
	for i, g := range r.groups {
		if i == r.han {
			if w >= hanImplicitFirst && w < hanImplicitEnd || w >= tailoredLast {
				return 1 + i
			}
			continue
		}
		if w >= g.lo && w <= g.hi {
			return 1 + i
		}
	}
	return 1 + len(r.groups)
}

// compare orders a and b by the reordered groups when their first primary
// difference is between two groups that reordering ranks; ok is false
// when it is not, and x/text's order stands.
func (r *reorderer) compare(a, b string) (int, bool) {
	if isASCII(a) && isASCII(b) {
		// Latin letters, digits and punctuation: no two groups
		// reordering swaps.
		return 0, false
	}
	r.buf.Reset()
	pa := primaries(r.primary.KeyFromString(&r.buf, a))
	pb := primaries(r.primary.KeyFromString(&r.buf, b))
	for i := 0; i < len(pa) && i < len(pb); i++ {
		if pa[i] == pb[i] {
			continue
		}
		ra, rb := r.rank(pa[i]), r.rank(pb[i])
		if ra != rb {
			return sign(ra - rb), true
		}
		return 0, false
	}
	return 0, false
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}
