package intl

import "strings"

// numberPattern is a CLDR number pattern ("#,##0.00 ¤;(#,##0.00 ¤)")
// taken apart: affixes of the positive and negative forms, grouping sizes
// and the count of zeros (which compact patterns use for the magnitude).
type numberPattern struct {
	posPrefix, posSuffix string
	negPrefix, negSuffix string // with '-' where the minus sign goes
	primary, secondary   int    // grouping sizes; 0 for none
	zeros                int    // '0's in the number part
	minFrac, maxFrac     int    // fraction digits the pattern shows
}

// parseNumberPattern reads a CLDR pattern. A pattern without a negative
// form gets '-' before its positive prefix, as CLDR specifies. The run
// keeps the parses of the patterns its locales use: formatting a number
// again then parses nothing.
func (d *runData) parseNumberPattern(p string) numberPattern {
	if np, ok := d.patterns[p]; ok {
		return np
	}
	np := parseNumberPatternText(p)
	remember(d.patterns, p, np)
	return np
}

func parseNumberPatternText(p string) numberPattern {
	pos, neg, hasNeg := cutUnquoted(p, ';')
	var np numberPattern
	var number string
	np.posPrefix, number, np.posSuffix = splitAffixes(pos)
	if hasNeg {
		np.negPrefix, _, np.negSuffix = splitAffixes(neg)
	} else {
		np.negPrefix, np.negSuffix = "-"+np.posPrefix, np.posSuffix
	}
	intPart, frac, _ := strings.Cut(number, ".")
	groups := strings.Split(intPart, ",")
	if len(groups) > 1 {
		np.primary = len(groups[len(groups)-1])
		np.secondary = np.primary
		if len(groups) > 2 {
			np.secondary = len(groups[len(groups)-2])
		}
	}
	np.zeros = strings.Count(intPart, "0")
	np.minFrac = strings.Count(frac, "0")
	np.maxFrac = np.minFrac + strings.Count(frac, "#")
	return np
}

// cutUnquoted is strings.Cut on the first sep outside quotes.
func cutUnquoted(s string, sep byte) (before, after string, found bool) {
	quoted := false
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '\'':
			quoted = !quoted
		case s[i] == sep && !quoted:
			return s[:i], s[i+1:], true
		}
	}
	return s, "", false
}

// splitAffixes splits one form of a pattern into prefix, number part and
// suffix; quotes stay in the affixes, for expandAffix.
func splitAffixes(s string) (prefix, number, suffix string) {
	start, end := -1, -1
	quoted := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '\'' {
			quoted = !quoted
			continue
		}
		if !quoted && strings.IndexByte("#0,.@", c) >= 0 {
			if start < 0 {
				start = i
			}
			end = i + 1
		}
	}
	if start < 0 {
		return s, "", ""
	}
	return s[:start], s[start:end], s[end:]
}

// affixPart is one piece of an expanded affix: a literal or a symbol the
// formatter fills in.
type affixPart struct {
	kind string // "literal", "minusSign", "plusSign", "percentSign", "permille", "currency"
	text string
	n    int // for currency: how many ¤
}

// expandAffix splits an affix into literals and symbols, unquoting. The
// result is shared: callers do not modify it.
func (d *runData) expandAffix(a string) []affixPart {
	if parts, ok := d.affixes[a]; ok {
		return parts
	}
	parts := expandAffixText(a)
	remember(d.affixes, a, parts)
	return parts
}

func expandAffixText(a string) []affixPart {
	var out []affixPart
	var lit strings.Builder
	flush := func() {
		if lit.Len() > 0 {
			out = append(out, affixPart{kind: "literal", text: lit.String()})
			lit.Reset()
		}
	}
	quoted := false
	rs := []rune(a)
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		if r == '\'' {
			if i+1 < len(rs) && rs[i+1] == '\'' {
				lit.WriteRune('\'')
				i++
				continue
			}
			quoted = !quoted
			continue
		}
		if quoted {
			lit.WriteRune(r)
			continue
		}
		switch r {
		case '-':
			flush()
			out = append(out, affixPart{kind: "minusSign"})
		case '+':
			flush()
			out = append(out, affixPart{kind: "plusSign"})
		case '%':
			flush()
			out = append(out, affixPart{kind: "percentSign"})
		case '‰':
			flush()
			out = append(out, affixPart{kind: "permille"})
		case '¤':
			flush()
			n := 1
			for i+1 < len(rs) && rs[i+1] == '¤' {
				n++
				i++
			}
			out = append(out, affixPart{kind: "currency", n: n})
		default:
			lit.WriteRune(r)
		}
	}
	flush()
	return out
}
