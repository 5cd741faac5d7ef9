package intl

import (
	"strings"
	"unicode/utf8"
)

// NumberFormat's formatRange, as ICU's NumberRangeFormatter does it with
// the settings V8 gives it: ends that format the same are one number with
// the approximately sign ("~$3"); otherwise both go into the locale's
// range pattern ("{0}–{1}"), and an affix both ends share is written once
// around the range ("3–5 km") when ICU's heuristic collapses it.

// sourcePart is a part of formatRangeToParts: which end it belongs to, or
// "shared".
type sourcePart struct {
	Type   string `json:"type"`
	Value  string `json:"value"`
	Source string `json:"source"`
}

// formatRange formats the range from x to y (String() of each end, as
// format takes it).
func (nf *numberFormat) formatRange(x, y string) ([]sourcePart, error) {
	nf = nf.forRange()
	a, err := nf.layers(x, false)
	if err != nil {
		return nil, err
	}
	b, err := nf.layers(y, false)
	if err != nil {
		return nil, err
	}
	midSame := samePartList(a.midPre, b.midPre) && samePartList(a.midSuf, b.midSuf)
	outerSame := a.outerPlural && b.outerPlural ||
		samePartList(a.outerPre, b.outerPre) && samePartList(a.outerSuf, b.outerSuf)
	if midSame && outerSame && a.value == b.value {
		approx, err := nf.layers(x, true)
		if err != nil {
			return nil, err
		}
		return withSource(approx.parts(), "shared"), nil
	}

	// An outer affix (a unit, a currency name) collapses when both ends
	// share it; the pattern's affixes only when the outer one did and
	// they are more than one character: "3–5 %" but "$3 – $5".
	collapseOuter := outerSame
	collapseMid := collapseOuter && midSame && codePoints(a.midPre)+codePoints(a.midSuf) > 1
	if collapseOuter && a.outerPlural {
		// The unit's plural form is the range's, from CLDR's plural ranges.
		a.outerPre, a.outerSuf = nf.outer(pluralRange(nf.loc.lang, a.category, b.category))
	}

	// The range pattern's text between the ends gets spaces when an end
	// keeps affixes of its own ("$3 – $5", "3E3 – 5E3").
	pattern := nf.loc.data.Numbers.Range
	if pattern == "" {
		pattern = "{0}–{1}"
	}
	before, rest, _ := strings.Cut(pattern, "{0}")
	infix, after, _ := strings.Cut(rest, "{1}")
	repeated := a.scientific ||
		!collapseMid && codePoints(a.midPre)+codePoints(a.midSuf) > 0 ||
		!collapseOuter && codePoints(a.outerPre)+codePoints(a.outerSuf) > 0
	if repeated {
		if r, _ := utf8.DecodeRuneInString(infix); !patternSpace(r) {
			infix = " " + infix
		}
		if r, _ := utf8.DecodeLastRuneInString(infix); !patternSpace(r) {
			infix += " "
		}
	}

	var out []sourcePart
	add := func(ps []part, source string) {
		for _, p := range ps {
			if p.Value == "" {
				continue
			}
			if n := len(out); n > 0 && p.Type == "literal" && out[n-1].Type == "literal" && out[n-1].Source == source {
				out[n-1].Value += p.Value
				continue
			}
			out = append(out, sourcePart{Type: p.Type, Value: p.Value, Source: source})
		}
	}
	end := func(l *numberLayers, source string) {
		if !collapseOuter {
			add(l.outerPre, source)
		}
		if !collapseMid {
			add(l.midPre, source)
		}
		add(l.number, source)
		if !collapseMid {
			add(l.midSuf, source)
		}
		if !collapseOuter {
			add(l.outerSuf, source)
		}
	}
	add([]part{{Type: "literal", Value: before}}, "shared")
	if collapseOuter {
		add(a.outerPre, "shared")
	}
	if collapseMid {
		add(a.midPre, "shared")
	}
	end(a, "startRange")
	add([]part{{Type: "literal", Value: infix}}, "shared")
	end(b, "endRange")
	if collapseMid {
		add(a.midSuf, "shared")
	}
	if collapseOuter {
		add(a.outerSuf, "shared")
	}
	add([]part{{Type: "literal", Value: after}}, "shared")
	return out, nil
}

// withSource marks every part as from one source.
func withSource(ps []part, source string) []sourcePart {
	out := make([]sourcePart, len(ps))
	for i, p := range ps {
		out[i] = sourcePart{Type: p.Type, Value: p.Value, Source: source}
	}
	return out
}

func samePartList(a, b []part) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func codePoints(ps []part) int {
	n := 0
	for _, p := range ps {
		n += utf8.RuneCountInString(p.Value)
	}
	return n
}

// patternSpace is Unicode's Pattern_White_Space, which ICU tests the range
// pattern's text with (a no-break space is not one).
func patternSpace(r rune) bool {
	switch r {
	case '\t', '\n', '\v', '\f', '\r', ' ', 0x85, 0x200e, 0x200f, 0x2028, 0x2029:
		return true
	}
	return false
}

func joinSourceParts(ps []sourcePart) string {
	var b strings.Builder
	for _, p := range ps {
		b.WriteString(p.Value)
	}
	return b.String()
}
