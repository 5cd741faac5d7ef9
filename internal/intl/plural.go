package intl

import (
	"strconv"
	"strings"
)

// Plural rules are evaluated from CLDR 48's rule text. golang.org/x/text
// has plural rules too, but from CLDR 32, and several languages' rules
// changed since (French's "many", for one); Node follows CLDR 48, so this
// small evaluator reads the same data the other formatters do.

// pluralCategories lists the categories in CLDR's order.
var pluralCategories = []string{"zero", "one", "two", "few", "many", "other"}

// operands are CLDR's plural operands of a formatted number.
type operands struct {
	n    decimal // absolute value
	i    string  // integer digits
	v, w int     // visible fraction digits, with and without trailing zeros
	f, t string  // the same as integers
}

// operandsOf takes the operands of d as it is shown with minFrac
// fraction digits at least (trailing zeros are visible digits).
func operandsOf(d decimal, minFrac int) operands {
	d.neg = false
	frac := d.fracDigits()
	shown := frac
	if len(shown) < minFrac {
		shown += strings.Repeat("0", minFrac-len(shown))
	}
	o := operands{n: d, i: d.intDigits(), v: len(shown), w: len(frac), f: shown, t: frac}
	if o.i == "" {
		o.i = "0"
	}
	return o
}

// pluralRule is one compiled category condition.
type pluralRule func(o operands) bool

type pluralSet struct {
	order []string // categories present, in CLDR order, "other" last
	rules map[string]pluralRule
}

// pluralKey names a language's cardinal or ordinal rules in the run's
// cache.
type pluralKey struct {
	lang    string
	ordinal bool
}

// plurals returns the rules of lang's cardinal or ordinal type; a language
// CLDR has no rules for has only "other".
func (d *runData) plurals(lang string, ordinal bool) *pluralSet {
	key := pluralKey{lang, ordinal}
	table := supp().Plurals
	if ordinal {
		table = supp().Ordinals
	}
	if p, ok := d.pluralSets[key]; ok {
		return p
	}
	src := table[lang]
	set := &pluralSet{rules: map[string]pluralRule{}}
	for _, cat := range pluralCategories {
		text, ok := src["pluralRule-count-"+cat]
		if !ok && cat != "other" {
			continue
		}
		set.order = append(set.order, cat)
		if cat != "other" {
			cond, _, _ := strings.Cut(text, "@")
			set.rules[cat] = compileCondition(cond)
		}
	}
	remember(d.pluralSets, key, set)
	return set
}

// category is the plural category of o.
func (s *pluralSet) category(o operands) string {
	for _, cat := range s.order {
		if r, ok := s.rules[cat]; ok && r(o) {
			return cat
		}
	}
	return "other"
}

// compileCondition compiles "i = 1 and v = 0 or n % 10 = 2..4". The data
// is CLDR's and fixed at build time; TestPluralRulesCompile checks all of
// it compiles.
func compileCondition(text string) pluralRule {
	var ors []pluralRule
	for _, orPart := range strings.Split(text, " or ") {
		var ands []pluralRule
		for _, rel := range strings.Split(orPart, " and ") {
			ands = append(ands, compileRelation(strings.TrimSpace(rel)))
		}
		ors = append(ors, func(o operands) bool {
			for _, a := range ands {
				if !a(o) {
					return false
				}
			}
			return true
		})
	}
	return func(o operands) bool {
		for _, r := range ors {
			if r(o) {
				return true
			}
		}
		return false
	}
}

// compileRelation compiles "n % 100 != 11..19,25".
func compileRelation(rel string) pluralRule {
	negate := false
	lhs, rhs, ok := strings.Cut(rel, "!=")
	if ok {
		negate = true
	} else {
		lhs, rhs, _ = strings.Cut(rel, "=")
	}
	lhs = strings.TrimSpace(lhs)
	operand, modText, hasMod := strings.Cut(lhs, "%")
	operand = strings.TrimSpace(operand)
	mod := uint64(0)
	if hasMod {
		mod, _ = strconv.ParseUint(strings.TrimSpace(modText), 10, 64)
	}
	type span struct{ lo, hi uint64 }
	var spans []span
	for _, item := range strings.Split(strings.TrimSpace(rhs), ",") {
		lo, hi, isRange := strings.Cut(item, "..")
		l, _ := strconv.ParseUint(strings.TrimSpace(lo), 10, 64)
		h := l
		if isRange {
			h, _ = strconv.ParseUint(strings.TrimSpace(hi), 10, 64)
		}
		spans = append(spans, span{l, h})
	}
	return func(o operands) bool {
		val, integral := operandValue(o, operand, mod)
		in := false
		if integral {
			for _, s := range spans {
				if val >= s.lo && val <= s.hi {
					in = true
					break
				}
			}
		}
		return in != negate
	}
}

// operandValue is the operand named (mod m when m > 0), and whether it is
// an integer; values past any rule's numbers saturate.
func operandValue(o operands, name string, m uint64) (uint64, bool) {
	var digits string
	switch name {
	case "n":
		if o.w > 0 {
			return 0, false // n has a fraction: it equals no integer
		}
		digits = o.i
	case "i":
		digits = o.i
	case "v":
		return reduce(uint64(o.v), m), true
	case "w":
		return reduce(uint64(o.w), m), true
	case "f":
		digits = o.f
	case "t":
		digits = o.t
	default: // c and e, the compact exponent: coderun's compact notation keeps them 0
		return 0, true
	}
	var v uint64
	for i := 0; i < len(digits); i++ {
		d := uint64(digits[i] - '0')
		if m > 0 {
			v = (v*10 + d) % m
		} else if v < 1e15 {
			v = v*10 + d
		}
	}
	return v, true
}

func reduce(v, m uint64) uint64 {
	if m > 0 {
		return v % m
	}
	return v
}

// pluralRange is the plural category of a range whose ends have the
// categories start and end, from CLDR's plural ranges for lang; like ICU,
// "other" where CLDR lists no such pair.
func pluralRange(lang, start, end string) string {
	if c := supp().PluralRanges[lang]["pluralRange-start-"+start+"-end-"+end]; c != "" {
		return c
	}
	return "other"
}
