package intl

import (
	"strings"
	"unicode"

	"golang.org/x/text/collate"
	"golang.org/x/text/language"
	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"
)

// collator is a resolved Intl.Collator over golang.org/x/text/collate,
// which implements the Unicode Collation Algorithm with CLDR's root order
// and the tailorings of each language, as ICU does.
type collator struct {
	c *collate.Collator

	Locale            string `json:"locale"`
	Usage             string `json:"usage"`
	Sensitivity       string `json:"sensitivity"`
	IgnorePunctuation bool   `json:"ignorePunctuation"`
	Collation         string `json:"collation"`
	Numeric           bool   `json:"numeric"`
	CaseFirst         string `json:"caseFirst"`
}

type collatorOptions struct {
	LocaleMatcher     *string `json:"localeMatcher"`
	Usage             *string `json:"usage"`
	Sensitivity       *string `json:"sensitivity"`
	IgnorePunctuation *bool   `json:"ignorePunctuation"`
	Numeric           *bool   `json:"numeric"`
	CaseFirst         *string `json:"caseFirst"`
	Collation         *string `json:"collation"`
}

// collationLocales are the locales with a region or script that have
// collation data of their own in ICU; for every other locale, V8 reports
// the language alone (de-DE's collator is "de").
var collationLocales = map[string]bool{
	"en-US": true, "fr-CA": true, "de-AT": true, "ar-SA": true, "nb-NO": true,
	"sr-Latn": true, "sr-RS": true, "zh-CN": true, "zh-TW": true, "zh-HK": true, "zh-SG": true,
}

func newCollator(locales []string, o collatorOptions) (*collator, error) {
	loc, err := resolveLocale(locales)
	if err != nil {
		return nil, err
	}
	reported := loc.tag
	if !collationLocales[reported] {
		reported = loc.lang
	}
	c := &collator{Locale: reported, Collation: "default"}
	if co := loc.ext["co"]; co != "" && o.Collation == nil {
		c.Collation = co
		c.Locale += "-u-co-" + co
	}
	if c.Usage, err = option(o.Usage, "Intl.Collator", "usage", "sort", "sort", "search"); err != nil {
		return nil, err
	}
	if _, err := option(o.LocaleMatcher, "Intl.Collator", "localeMatcher", "best fit", "lookup", "best fit"); err != nil {
		return nil, err
	}
	if o.Collation != nil && *o.Collation != "default" {
		c.Collation = *o.Collation
	}
	if c.Collation != "default" && !(c.Collation == "phonebk" && loc.lang == "de") {
		return nil, rangeError("Intl.Collator collation " + c.Collation + " is not supported in the coderun sandbox")
	}
	c.Numeric = loc.ext["kn"] == "true"
	if o.Numeric != nil {
		c.Numeric = *o.Numeric
	}
	if c.CaseFirst, err = option(o.CaseFirst, "Intl.Collator", "caseFirst", "false", "upper", "lower", "false"); err != nil {
		return nil, err
	}
	if c.CaseFirst == "upper" {
		// x/text's collator has no case-first setting; sorting lower
		// case first instead would be a silent wrong answer.
		return nil, rangeError("Intl.Collator caseFirst \"upper\" is not supported in the coderun sandbox")
	}
	if c.Sensitivity, err = option(o.Sensitivity, "Intl.Collator", "sensitivity", "variant", "base", "accent", "case", "variant"); err != nil {
		return nil, err
	}
	c.IgnorePunctuation = loc.lang == "th"
	if o.IgnorePunctuation != nil {
		c.IgnorePunctuation = *o.IgnorePunctuation
	}
	return c, c.build(loc)
}

// build makes the x/text collator of the resolved options, given to it
// as the Unicode extension keys it reads: ks (strength), kc (case level),
// ka (shifted punctuation), kn (numeric), co (German phonebook order).
func (c *collator) build(loc locale) error {
	keys := []string{}
	if c.Collation == "phonebk" {
		keys = append(keys, "co-phonebk")
	}
	if c.IgnorePunctuation {
		keys = append(keys, "ka-shifted")
	}
	switch c.Sensitivity {
	case "base":
		keys = append(keys, "ks-level1")
	case "accent":
		keys = append(keys, "ks-level2")
	case "case":
		keys = append(keys, "ks-level1") // and caseOrder after it
	}
	if c.Numeric {
		keys = append(keys, "kn-true")
	}
	base := strings.Join(tagWithoutExtensionsText(loc.tag), "-")
	text := base
	if len(keys) > 0 {
		text += "-u-" + strings.Join(keys, "-")
	}
	tag, err := language.Parse(text)
	if err != nil {
		tag = language.Make(loc.lang)
	}
	c.c = collate.New(tag, collate.OptionsFromTag(tag))
	return nil
}

func tagWithoutExtensionsText(tag string) []string {
	var out []string
	for _, p := range strings.Split(tag, "-") {
		if len(p) == 1 {
			break
		}
		out = append(out, p)
	}
	return out
}

// compare is Collator.prototype.compare. A collate.Collator keeps scratch
// buffers, so it is not safe for concurrent use: the caller serializes.
func (c *collator) compare(a, b string) int {
	r := c.c.CompareString(a, b)
	if r == 0 && c.Sensitivity == "case" {
		return caseOrder(a, b)
	}
	return r
}

// caseOrder is ICU's case level for strings equal at the base level:
// x/text's collator has no case level of its own (its kc key also counts
// accents). Accents are set aside; where the letters then match, the first
// one in lower case where the other is upper sorts first.
func caseOrder(a, b string) int {
	strip := transform.Chain(norm.NFD, runes.Remove(runes.In(unicode.Mn)))
	sa, _, errA := transform.String(strip, a)
	sb, _, errB := transform.String(strip, b)
	if errA != nil || errB != nil {
		return 0
	}
	ra, rb := []rune(sa), []rune(sb)
	if len(ra) != len(rb) {
		return 0 // different letters (ß, ss): no case difference to order
	}
	for i := range ra {
		if unicode.ToLower(ra[i]) != unicode.ToLower(rb[i]) {
			return 0
		}
		la, lb := unicode.IsLower(ra[i]), unicode.IsLower(rb[i])
		if la != lb {
			if la {
				return -1
			}
			return 1
		}
	}
	return 0
}
