package intl

import (
	"sort"
	"strings"
)

// skeleton is a date pattern's fields without their order or literals:
// each pattern letter's width. formatRange matches it against the
// skeletons CLDR keys interval formats by, as ICU compares them.
type skeleton map[byte]int

// parseSkeleton reads a skeleton ("yMMMd") or pattern's letters.
func parseSkeleton(s string) skeleton {
	sk := skeleton{}
	for _, f := range splitPattern(s) {
		if f.field {
			sk[f.text[0]] += len(f.text)
		}
	}
	return sk
}

func (sk skeleton) empty() bool { return len(sk) == 0 }

func (sk skeleton) clone() skeleton {
	out := make(skeleton, len(sk))
	for c, n := range sk {
		out[c] = n
	}
	return out
}

// with is a copy with a letter added at width n, if it is absent.
func (sk skeleton) with(c byte, n int) skeleton {
	out := sk.clone()
	if out[c] == 0 {
		out[c] = n
	}
	return out
}

func (sk skeleton) union(other skeleton) skeleton {
	out := sk.clone()
	for c, n := range other {
		out[c] = n
	}
	return out
}

// skeletonOrder is the canonical order of skeleton letters.
const skeletonOrder = "GyMLEcedabBhHKkmsSzvO"

// String writes the skeleton in canonical order.
func (sk skeleton) String() string {
	var b strings.Builder
	for i := 0; i < len(skeletonOrder); i++ {
		c := skeletonOrder[i]
		b.WriteString(strings.Repeat(string(c), sk[c]))
	}
	return b.String()
}

// fields is the skeleton as the pattern generator takes it: AM/PM is
// implied by a 12-hour hour, and an abbreviated weekday, era or zone is
// one letter wide.
func (sk skeleton) fields() []skeletonField {
	var out []skeletonField
	for i := 0; i < len(skeletonOrder); i++ {
		c := skeletonOrder[i]
		n := sk[c]
		switch c {
		case 'L', 'c', 'e', 'a', 'b':
			continue
		case 'M':
			n = max(n, sk['L'])
		case 'E':
			n = max(n, sk['c'], sk['e'])
		}
		switch {
		case n == 0:
			continue
		case (c == 'E' || c == 'G' || c == 'z') && n <= 3:
			n = 1
		}
		out = append(out, skeletonField{c, n})
	}
	return out
}

// letterUnion is the letters of a and b, sorted.
func letterUnion(a, b skeleton) []byte {
	seen := map[byte]bool{}
	var out []byte
	for _, m := range []skeleton{a, b} {
		for c := range m {
			if !seen[c] {
				seen[c] = true
				out = append(out, c)
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

// patternSkeleton is the skeleton of the formatter's pattern, as V8 gives
// it to ICU's interval formatter, split into its date and time fields.
func (df *dateTimeFormat) patternSkeleton() (date, time skeleton) {
	date, time = skeleton{}, skeleton{}
	for _, f := range splitPattern(df.pattern) {
		if !f.field {
			continue
		}
		// A stand-alone month or weekday (L, c) stays as it is: ICU
		// finds no interval format for it and falls back to the whole
		// pattern ("January – February", not "January 2024 – February
		// 2025").
		c, n := f.text[0], len(f.text)
		switch {
		case strings.IndexByte("GyMLEced", c) >= 0:
			date[c] += n
		case strings.IndexByte("abBhHKkmsSzv", c) >= 0:
			time[c] += n
		}
	}
	return date, time
}

// normalizeDate is ICU's normalized date skeleton: one M for a numeric
// month, one E for an abbreviated weekday, one d.
func normalizeDate(sk skeleton) skeleton {
	out := sk.clone()
	if n := out['M']; n > 0 && n < 3 {
		out['M'] = 1
	}
	if n := out['E']; n > 0 && n <= 3 {
		out['E'] = 1
	}
	if out['d'] > 0 {
		out['d'] = 1
	}
	return out
}

// normalizeTime is ICU's normalized time skeleton: one hour letter (H
// before h), one m, z and v, no AM/PM.
func normalizeTime(sk skeleton) skeleton {
	out := skeleton{}
	for c, n := range sk {
		switch c {
		case 'a', 'h', 'H':
		case 'm', 'z', 'v':
			out[c] = 1
		default:
			out[c] = n
		}
	}
	switch {
	case sk['H'] > 0:
		out['H'] = 1
	case sk['h'] > 0:
		out['h'] = 1
	}
	return out
}
