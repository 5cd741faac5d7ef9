package intl

import (
	"bytes"
	"strings"
	"unicode"

	"golang.org/x/text/collate"
	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"
)

// Case in collation: Collator's sensitivity "case" (ICU's case level) and
// caseFirst "upper" or "lower" (-u-kf-, and Danish's default upper), which
// golang.org/x/text/collate does not implement.
//
// ICU gives each collation element a case (lower, mixed or upper: "aa",
// "Aa" and "AA" are one element in Danish). With caseFirst, it compares
// that case before the rest of an element's tertiary weight, upper or
// lower first; the case level compares the elements' cases alone, after
// the primary level. Nothing changes at the primary and secondary levels.
// x/text's elements carry no case, so for two strings it orders the same
// up to the secondary level, casefirst.go reads the tertiary weights from
// x/text's sort keys and finds each element's case by comparing its
// weight with the same element's in the string lower-cased and
// upper-cased: equal to the upper-cased one only, it is upper; to the
// lower-cased one (or to both: a digit), lower; to neither, mixed.

// caseClass is an element's case, in lower-first order.
type caseClass int

const (
	caseLower caseClass = iota
	caseMixed
	caseUpper
)

// caseFirst orders a and b, which x/text orders as r (not 0) with case as
// an ordinary tertiary difference, with the collator's case first.
func (c *collator) caseFirst(a, b string, r int) int {
	if c.secondary.CompareString(a, b) != 0 {
		return r // they differ before the tertiary level, where case is
	}
	wa, ca, okA := c.tertiaryCases(a)
	wb, cb, okB := c.tertiaryCases(b)
	if !okA || !okB || len(wa) != len(wb) {
		return r
	}
	for i := range wa {
		switch {
		case ca[i] != cb[i]:
			return c.caseSign(ca[i], cb[i])
		case wa[i] != wb[i]:
			return sign(int(wa[i]) - int(wb[i]))
		}
	}
	return r
}

// caseLevel orders a and b, equal at the primary level, by ICU's case
// level: the first element whose case differs.
func (c *collator) caseLevel(a, b string) int {
	// Only elements with a primary weight have a case there: the
	// combining marks are set aside (ö is o, İ is I).
	_, ca, okA := c.tertiaryCases(withoutMarks(a))
	_, cb, okB := c.tertiaryCases(withoutMarks(b))
	if !okA || !okB {
		return 0
	}
	for i := 0; i < len(ca) && i < len(cb); i++ {
		if ca[i] != cb[i] {
			return c.caseSign(ca[i], cb[i])
		}
	}
	return 0
}

// withoutMarks is s decomposed, without its nonspacing marks.
func withoutMarks(s string) string {
	out, _, err := transform.String(transform.Chain(norm.NFD, runes.Remove(runes.In(unicode.Mn))), s)
	if err != nil {
		return s
	}
	return out
}

// caseSign orders two different cases: lower first unless the collator
// sorts upper case first.
func (c *collator) caseSign(x, y caseClass) int {
	r := sign(int(x) - int(y))
	if c.CaseFirst == "upper" {
		r = -r
	}
	return r
}

func sign(n int) int {
	switch {
	case n < 0:
		return -1
	case n > 0:
		return 1
	}
	return 0
}

// tertiaryCases is the tertiary weight and case of each of s's collation
// elements; false when lower- or upper-casing s changes its number of
// elements, and the cases cannot be told.
func (c *collator) tertiaryCases(s string) ([]byte, []caseClass, bool) {
	lower, upper := strings.ToLower, strings.ToUpper
	if c.turkic {
		lower = func(s string) string { return strings.ToLowerSpecial(unicode.TurkishCase, s) }
		upper = func(s string) string { return strings.ToUpperSpecial(unicode.TurkishCase, s) }
	}
	w := c.tertiary(s)
	wl, wu := c.tertiary(lower(s)), c.tertiary(upper(s))
	if len(wl) != len(w) || len(wu) != len(w) {
		return nil, nil, false
	}
	cases := make([]caseClass, len(w))
	for i, t := range w {
		switch {
		case t == wu[i] && t != wl[i]:
			cases[i] = caseUpper
		case t == wl[i]:
			cases[i] = caseLower
		default:
			cases[i] = caseMixed
		}
	}
	return w, cases, true
}

// tertiary is the tertiary weights of s, one byte per collation element:
// the end of the sort key of x/text's tertiary-level collator, after the
// last level separator (two zero bytes), since no tertiary weight is zero.
func (c *collator) tertiary(s string) []byte {
	var buf collate.Buffer
	key := c.tertiaryColl.KeyFromString(&buf, s)
	i := bytes.LastIndex(key, []byte{0, 0})
	if i < 0 {
		return nil
	}
	return append([]byte(nil), key[i+2:]...)
}
