package intl

import (
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/cases"
	"golang.org/x/text/language"
	"golang.org/x/text/unicode/norm"
)

// listFormat is a resolved Intl.ListFormat.
type listFormat struct {
	loc      locale
	Locale   string `json:"locale"`
	Type     string `json:"type"`
	Style    string `json:"style"`
	patterns map[string]string
}

type listOptions struct {
	LocaleMatcher *string `json:"localeMatcher"`
	Type          *string `json:"type"`
	Style         *string `json:"style"`
}

func newListFormat(run *runData, locales []string, o listOptions) (*listFormat, error) {
	loc, err := resolveLocale(run, locales)
	if err != nil {
		return nil, err
	}
	lf := &listFormat{loc: loc, Locale: loc.tag}
	if _, err := option(o.LocaleMatcher, "Intl.ListFormat", "localeMatcher", "best fit", "lookup", "best fit"); err != nil {
		return nil, err
	}
	if lf.Type, err = option(o.Type, "Intl.ListFormat", "type", "conjunction", "conjunction", "disjunction", "unit"); err != nil {
		return nil, err
	}
	if lf.Style, err = option(o.Style, "Intl.ListFormat", "style", "long", "long", "short", "narrow"); err != nil {
		return nil, err
	}
	lf.resolve()
	return lf, nil
}

func (lf *listFormat) resolve() {
	key := "listPattern-type-" + map[string]string{"conjunction": "standard", "disjunction": "or", "unit": "unit"}[lf.Type]
	if lf.Style != "long" {
		key += "-" + lf.Style
	}
	lf.patterns = lf.loc.data.Lists[key]
}

// format joins items with the locale's patterns: "{0} and {1}" for two,
// start, middle and end patterns for more.
func (lf *listFormat) format(items []string) []part {
	elem := func(s string) []part { return []part{{Type: "element", Value: s}} }
	switch len(items) {
	case 0:
		return nil
	case 1:
		return elem(items[0])
	case 2:
		return fillPattern(lf.sounded(lf.patterns["2"], items[1]), elem(items[0]), elem(items[1]))
	}
	n := len(items)
	tail := fillPattern(lf.sounded(lf.patterns["end"], items[n-1]), elem(items[n-2]), elem(items[n-1]))
	for i := n - 3; i >= 1; i-- {
		tail = fillPattern(lf.patterns["middle"], elem(items[i]), tail)
	}
	return fillPattern(lf.patterns["start"], elem(items[0]), tail)
}

// sounded adjusts the last joining word to the item after it, as ICU
// does: Spanish "y" becomes "e" before an /i/ sound and "o" becomes "u"
// before an /o/ sound; Hebrew "ו" takes a hyphen before a non-Hebrew word.
func (lf *listFormat) sounded(pattern, next string) string {
	lower := strings.ToLower(next)
	switch lf.loc.lang {
	case "es":
		iSound := (strings.HasPrefix(lower, "i") || strings.HasPrefix(lower, "hi")) &&
			!strings.HasPrefix(lower, "hia") && !strings.HasPrefix(lower, "hie") &&
			!strings.HasPrefix(lower, "hio") && !strings.HasPrefix(lower, "hiu")
		if iSound && strings.Contains(pattern, " y {1}") {
			return strings.Replace(pattern, " y {1}", " e {1}", 1)
		}
		if startsWithOSound(lower) && strings.Contains(pattern, " o {1}") {
			return strings.Replace(pattern, " o {1}", " u {1}", 1)
		}
	case "he":
		r, _ := utf8.DecodeRuneInString(next)
		if next != "" && !unicode.Is(unicode.Hebrew, r) && strings.Contains(pattern, "ו{1}") {
			return strings.Replace(pattern, "ו{1}", "ו-{1}", 1)
		}
	}
	return pattern
}

// startsWithOSound: "o", "ho", or a number read starting with "o": 8...,
// and 11 alone or followed by groups of three digits (once, once mil).
func startsWithOSound(s string) bool {
	if strings.HasPrefix(s, "o") || strings.HasPrefix(s, "ho") || strings.HasPrefix(s, "8") {
		return true
	}
	if rest, ok := strings.CutPrefix(s, "11"); ok {
		digits := len(rest) - len(strings.TrimLeft(rest, "0123456789"))
		return digits%3 == 0
	}
	return false
}

// fillPattern puts a and b into "{0}…{1}", the rest as literals.
func fillPattern(p string, a, b []part) []part {
	var out []part
	for p != "" {
		i := strings.IndexByte(p, '{')
		if i < 0 || i+2 >= len(p) {
			out = append(out, part{Type: "literal", Value: p})
			break
		}
		if i > 0 {
			out = append(out, part{Type: "literal", Value: p[:i]})
		}
		if p[i+1] == '0' {
			out = append(out, a...)
		} else {
			out = append(out, b...)
		}
		p = p[i+3:]
	}
	return out
}

// relativeTimeFormat is a resolved Intl.RelativeTimeFormat.
type relativeTimeFormat struct {
	loc             locale
	Locale          string `json:"locale"`
	Style           string `json:"style"`
	Numeric         string `json:"numeric"`
	NumberingSystem string `json:"numberingSystem"`
}

type relativeOptions struct {
	LocaleMatcher   *string `json:"localeMatcher"`
	NumberingSystem *string `json:"numberingSystem"`
	Style           *string `json:"style"`
	Numeric         *string `json:"numeric"`
}

func newRelativeTimeFormat(run *runData, locales []string, o relativeOptions) (*relativeTimeFormat, error) {
	loc, err := resolveLocale(run, locales)
	if err != nil {
		return nil, err
	}
	rf := &relativeTimeFormat{loc: loc, Locale: loc.tag, NumberingSystem: loc.data.Numbers.NumberingSystem}
	if _, err := option(o.LocaleMatcher, "Intl.RelativeTimeFormat", "localeMatcher", "best fit", "lookup", "best fit"); err != nil {
		return nil, err
	}
	ns, keep, err := resolveNumbering(loc, o.NumberingSystem)
	if err != nil {
		return nil, err
	}
	rf.NumberingSystem = ns
	if keep {
		rf.Locale += "-u-nu-" + ns
	}
	if rf.Style, err = option(o.Style, "Intl.RelativeTimeFormat", "style", "long", "long", "short", "narrow"); err != nil {
		return nil, err
	}
	if rf.Numeric, err = option(o.Numeric, "Intl.RelativeTimeFormat", "numeric", "always", "always", "auto"); err != nil {
		return nil, err
	}
	return rf, nil
}

var relativeUnits = map[string]string{
	"second": "second", "seconds": "second", "minute": "minute", "minutes": "minute",
	"hour": "hour", "hours": "hour", "day": "day", "days": "day", "week": "week", "weeks": "week",
	"month": "month", "months": "month", "quarter": "quarter", "quarters": "quarter", "year": "year", "years": "year",
}

// format is RelativeTimeFormat.prototype.format(value, unit); value is
// JavaScript's String() of the number.
func (rf *relativeTimeFormat) format(value, unit string) ([]part, error) {
	u, ok := relativeUnits[unit]
	if !ok {
		return nil, rangeError("Invalid unit argument for Intl.RelativeTimeFormat.prototype.format() '" + unit + "'")
	}
	if value == "NaN" || strings.HasSuffix(value, "Infinity") {
		return nil, rangeError("Invalid number value")
	}
	field := u
	if rf.Style != "long" {
		field += "-" + rf.Style
	}
	data := rf.loc.data.Relative.get()[field]
	neg := strings.HasPrefix(value, "-")
	if rf.Numeric == "auto" {
		if f, err := strconv.ParseFloat(value, 64); err == nil && f == float64(int(f)) && f >= -2 && f <= 2 {
			key := "relative-type-" + strconv.Itoa(int(f))
			if neg && f == 0 {
				key = "relative-type-0"
			}
			if s, ok := data[key].(string); ok {
				return []part{{Type: "literal", Value: s}}, nil
			}
		}
	}
	nf, err := newNumberFormat(rf.loc.run, []string{rf.Locale}, numberOptions{NumberingSystem: &rf.NumberingSystem})
	if err != nil {
		return nil, err
	}
	abs := strings.TrimPrefix(value, "-")
	num, err := nf.format(abs)
	if err != nil {
		return nil, err
	}
	d, _ := parseDecimal(abs)
	r, minFrac := nf.round(d)
	category := rf.loc.run.plurals(rf.loc.lang, false).category(operandsOf(r, minFrac))
	tense := "relativeTime-type-future"
	if neg {
		tense = "relativeTime-type-past"
	}
	patterns, _ := data[tense].(map[string]any)
	pattern, _ := patterns["relativeTimePattern-count-"+category].(string)
	if pattern == "" {
		pattern, _ = patterns["relativeTimePattern-count-other"].(string)
	}
	var out []part
	before, after, _ := strings.Cut(pattern, "{0}")
	if before != "" {
		out = append(out, part{Type: "literal", Value: before})
	}
	for _, p := range num {
		out = append(out, part{Type: p.Type, Value: p.Value, Unit: u})
	}
	if after != "" {
		out = append(out, part{Type: "literal", Value: after})
	}
	return out, nil
}

// pluralRules is a resolved Intl.PluralRules. Its fields are what Node 20's
// V8 reports: the digits it rounds to (significant digits where it has
// them, else fraction digits), not the rounding options of newer V8s.
type pluralRules struct {
	nf                       *numberFormat
	Locale                   string   `json:"locale"`
	Type                     string   `json:"type"`
	MinimumIntegerDigits     int      `json:"minimumIntegerDigits"`
	MinimumFractionDigits    *int     `json:"minimumFractionDigits,omitempty"`
	MaximumFractionDigits    *int     `json:"maximumFractionDigits,omitempty"`
	MinimumSignificantDigits *int     `json:"minimumSignificantDigits,omitempty"`
	MaximumSignificantDigits *int     `json:"maximumSignificantDigits,omitempty"`
	PluralCategories         []string `json:"pluralCategories"`
}

type pluralOptions struct {
	numberOptions
	Type *string `json:"type"`
}

func newPluralRules(run *runData, locales []string, o pluralOptions) (*pluralRules, error) {
	typ, err := option(o.Type, "Intl.PluralRules", "type", "cardinal", "cardinal", "ordinal")
	if err != nil {
		return nil, err
	}
	// PluralRules rounds as a decimal NumberFormat does, with the digit
	// options and roundingPriority: Node 20's V8 does not read
	// roundingIncrement, roundingMode or trailingZeroDisplay here.
	latn := "latn"
	nopts := numberOptions{
		LocaleMatcher: o.LocaleMatcher, MinimumIntegerDigits: o.MinimumIntegerDigits,
		MinimumFractionDigits: o.MinimumFractionDigits, MaximumFractionDigits: o.MaximumFractionDigits,
		MinimumSignificantDigits: o.MinimumSignificantDigits, MaximumSignificantDigits: o.MaximumSignificantDigits,
		RoundingPriority: o.RoundingPriority,
		// Plural rules have no numbering system: latn keeps -u-nu- out
		// of the reported locale and never refuses.
		NumberingSystem: &latn,
	}
	nf, err := newNumberFormat(run, locales, nopts)
	if err != nil {
		return nil, err
	}
	pr := &pluralRules{nf: nf, Locale: nf.Locale, Type: typ, MinimumIntegerDigits: nf.MinimumIntegerDigits,
		MinimumSignificantDigits: nf.MinimumSignificantDigits, MaximumSignificantDigits: nf.MaximumSignificantDigits}
	if pr.MinimumSignificantDigits == nil {
		pr.MinimumFractionDigits, pr.MaximumFractionDigits = nf.MinimumFractionDigits, nf.MaximumFractionDigits
	}
	// ICU keeps plural rules per language, and per locale where they
	// differ (pt-PT): V8 reports that locale, and the categories sorted,
	// "other" last.
	pr.Locale = pr.rulesLocale()
	var cats []string
	for _, c := range pr.rules().order {
		if c != "other" {
			cats = append(cats, c)
		}
	}
	sort.Strings(cats)
	pr.PluralCategories = append(cats, "other")
	return pr, nil
}

// rulesLocale is the CLDR plural rules' locale for the formatter's.
func (pr *pluralRules) rulesLocale() string {
	table := supp().Plurals
	if pr.Type == "ordinal" {
		table = supp().Ordinals
	}
	if _, ok := table[pr.nf.Locale]; ok {
		return pr.nf.Locale
	}
	return pr.nf.loc.lang
}

func (pr *pluralRules) rules() *pluralSet {
	return pr.nf.loc.run.plurals(pr.rulesLocale(), pr.Type == "ordinal")
}

// selectCategory is PluralRules.prototype.select.
func (pr *pluralRules) selectCategory(x string) string {
	d, ok := parseDecimal(strings.TrimPrefix(x, "-"))
	if !ok {
		return "other"
	}
	r, minFrac := pr.nf.round(d)
	return pr.rules().category(operandsOf(r, minFrac))
}

// selectRange is PluralRules.prototype.selectRange: the category CLDR's
// plural ranges give the categories of the two ends.
func (pr *pluralRules) selectRange(x, y string) string {
	return pluralRange(pr.nf.loc.lang, pr.selectCategory(x), pr.selectCategory(y))
}

// changeCase is toLocaleUpperCase and toLocaleLowerCase for the languages
// with case rules of their own (Turkish and Azeri dotted and dotless i,
// Lithuanian dots, Greek accents in capitals), from golang.org/x/text/cases
// (see greekUpper). For every other language it returns nil: the guest's
// built-in mapping is the same, and faster.
func changeCase(locales []string, s string, upper bool) (*string, error) {
	tags, err := canonicalLocales(locales)
	if err != nil || len(tags) == 0 {
		return nil, err
	}
	tag := language.Make(tags[0])
	base, _ := tag.Base()
	switch base.String() {
	case "tr", "az":
	case "lt":
		if upper {
			out := lithuanianUpper(s)
			return &out, nil
		}
	case "el":
		if !upper {
			return nil, nil // Greek lower-casing is the default one
		}
		out := greekUpper(s)
		return &out, nil
	default:
		return nil, nil
	}
	var out string
	if upper {
		out = cases.Upper(tag).String(s)
	} else {
		out = cases.Lower(tag).String(s)
	}
	return &out, nil
}

// greekUpper is ICU's Greek upper-casing, which x/text's does not fully
// follow: capitals carry no accents and no breathings (ά → Α, ἄ → Α); a
// diaeresis stays (ϊ → Ϊ), and one is added where a dropped accent kept a
// vowel pair apart (άι → ΑΪ, άυ → ΑΫ); a ypogegrammeni becomes a capital
// iota after its letter (ᾳ → ΑΙ); and the one-letter word ή keeps its
// accent, since without it "or" would read as the article. Everything
// else is upper-cased as in the root locale.
func greekUpper(s string) string {
	d := []rune(norm.NFD.String(s))
	var b strings.Builder
	prevAccentedVowel := false
	for i := 0; i < len(d); {
		j := i + 1
		for j < len(d) && unicode.Is(unicode.Mn, d[j]) {
			j++
		}
		base, marks := d[i], d[i+1:j]
		if !unicode.Is(unicode.Greek, base) || !unicode.IsLetter(base) {
			b.WriteString(cases.Upper(language.Und).String(string(d[i:j])))
			prevAccentedVowel = false
			i = j
			continue
		}
		var accent, diaeresis, ypogegrammeni bool
		var other []rune
		for _, m := range marks {
			switch m {
			case '\u0301', '\u0300', '\u0342', '\u0313', '\u0314':
				accent = accent || m != '\u0313' && m != '\u0314'
			case '\u0308':
				diaeresis = true
			case '\u0345':
				ypogegrammeni = true
			default:
				other = append(other, m)
			}
		}
		up := unicode.ToUpper(base)
		if (up == 'Ι' || up == 'Υ') && !accent && prevAccentedVowel {
			diaeresis = true
		}
		b.WriteRune(up)
		b.WriteString(string(other))
		if diaeresis {
			b.WriteRune('\u0308')
		}
		if up == 'Η' && accent && loneLetter(d, i, j) {
			b.WriteRune('\u0301')
		}
		if ypogegrammeni {
			b.WriteRune('Ι')
		}
		prevAccentedVowel = accent && !diaeresis && strings.ContainsRune("ΑΕΗΙΟΥΩ", up)
		i = j
	}
	return norm.NFC.String(b.String())
}

// loneLetter reports whether the letter d[i] (with its marks up to j) is a
// word of its own.
func loneLetter(d []rune, i, j int) bool {
	return (i == 0 || !unicode.IsLetter(d[i-1]) && !unicode.Is(unicode.Mn, d[i-1])) &&
		(j == len(d) || !unicode.IsLetter(d[j]))
}

// lithuanianUpper is ICU's Lithuanian upper-casing. Lithuanian writes a
// dot above on i and j (soft-dotted letters) when they carry another
// accent, so upper-casing drops a U+0307 that follows a soft-dotted letter
// (with only marks of other classes between), and leaves everything else
// as written: x/text's also composes what remains (I and a combining grave
// become Ì), which ICU does not. Each other rune gets its full upper-case
// mapping (ß → SS).
func lithuanianUpper(s string) string {
	var b strings.Builder
	afterSoftDotted := false
	for _, r := range s {
		if r == '\u0307' && afterSoftDotted {
			afterSoftDotted = false
			continue
		}
		switch ccc := norm.NFD.PropertiesString(string(r)).CCC(); {
		case unicode.Is(unicode.Soft_Dotted, r):
			afterSoftDotted = true
		case ccc == 0 || ccc == 230:
			afterSoftDotted = false
		}
		b.WriteString(cases.Upper(language.Und).String(string(r)))
	}
	return b.String()
}
