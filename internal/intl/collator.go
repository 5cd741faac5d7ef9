package intl

import (
	"strings"

	"golang.org/x/text/collate"
	"golang.org/x/text/language"
)

// collator is a resolved Intl.Collator over golang.org/x/text/collate,
// which implements the Unicode Collation Algorithm with CLDR's root order
// and the tailorings of each language, as ICU does.
type collator struct {
	c *collate.Collator
	// For case (casefirst.go): the same collator at the secondary and
	// the tertiary level.
	secondary, tertiaryColl *collate.Collator
	turkic                  bool // Turkish and Azeri case letters their own way (i and İ)
	// The locale's script reordering (reorder.go), nil for none.
	reorder *reorderer
	run     *runData // keeps which characters are punctuation (punctuation.go)

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

// defaultCaseFirst are the languages whose CLDR collation sorts upper case
// first ([caseFirst upper] in their tailoring), which V8 reports.
var defaultCaseFirst = map[string]string{"da": "upper", "mt": "upper"}

// collationLocales are the locales with a region or script that have
// collation data of their own in ICU; for every other locale, V8 reports
// the language alone (de-DE's collator is "de").
var collationLocales = map[string]bool{
	"en-US": true, "fr-CA": true, "de-AT": true, "ar-SA": true, "nb-NO": true,
	"sr-Latn": true, "sr-RS": true, "zh-CN": true, "zh-TW": true, "zh-HK": true, "zh-SG": true,
}

func newCollator(run *runData, locales []string, o collatorOptions) (*collator, error) {
	loc, err := resolveLocale(run, locales)
	if err != nil {
		return nil, err
	}
	reported := loc.tag
	if !collationLocales[reported] {
		reported = loc.lang
	}
	c := &collator{Locale: reported, Collation: "default"}
	// The -u- keys V8 keeps in the locale it reports: co when no option
	// overrides it, kf and kn whenever their values are valid, whatever
	// the options say.
	var kept []string
	if co := loc.ext["co"]; co != "" && o.Collation == nil {
		c.Collation = co
		kept = append(kept, "co-"+co)
	}
	caseFirst := defaultCaseFirst[loc.lang]
	if caseFirst == "" {
		caseFirst = "false"
	}
	switch kf := loc.ext["kf"]; kf {
	case "upper", "lower", "false":
		caseFirst = kf
		kept = append(kept, "kf-"+kf)
	}
	switch kn := loc.ext["kn"]; kn {
	case "true":
		kept = append(kept, "kn")
	case "false":
		kept = append(kept, "kn-false")
	}
	if len(kept) > 0 {
		c.Locale += "-u-" + strings.Join(kept, "-")
	}
	if c.Usage, err = option(o.Usage, "Intl.Collator", "usage", "sort", "sort", "search"); err != nil {
		return nil, err
	}
	if c.Usage == "search" && searchTailored[loc.lang] {
		return nil, rangeError("Intl.Collator usage \"search\" is not supported for " + loc.lang +
			" in the coderun sandbox: ICU's search rules for it are not carried; use usage \"sort\" with sensitivity \"base\"")
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
	if c.CaseFirst, err = option(o.CaseFirst, "Intl.Collator", "caseFirst", caseFirst, "upper", "lower", "false"); err != nil {
		return nil, err
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

// searchTailored are the carried languages whose ICU search collation
// has rules of its own (ё and е alike, kana alike, Han order, Thai
// punctuation, Danish case), which coderun does not carry; measured
// against Node 20. Elsewhere search collation is the sort collation
// without script reordering, which coderun matches.
var searchTailored = map[string]bool{"be": true, "kk": true, "ja": true, "ko": true, "zh": true, "th": true, "da": true}

// build makes the x/text collators of the resolved options.
func (c *collator) build(loc locale) error {
	strength := ""
	switch c.Sensitivity {
	case "base":
		strength = "ks-level1"
	case "accent":
		strength = "ks-level2"
	case "case":
		strength = "ks-level1" // and the case level after it (casefirst.go)
	}
	c.c, c.run = c.newCollate(loc, strength), loc.run
	// ICU's search collations do not reorder scripts.
	if codes := reorderFor(loc); codes != nil && c.Usage != "search" {
		c.reorder = loc.run.newReorderer(c.collateTag(loc, ""), codes)
	}
	if c.Sensitivity == "case" || c.Sensitivity == "variant" && c.CaseFirst != "false" {
		// Case: the case level, or the tertiary level with case first
		// (casefirst.go), which x/text's collator does not have.
		c.secondary = c.newCollate(loc, "ks-level2")
		c.tertiaryColl = c.newCollate(loc, "")
		c.turkic = loc.lang == "tr" || loc.lang == "az"
	}
	return nil
}

// newCollate makes an x/text collator of the locale and the resolved
// options, given to it as the Unicode extension keys it reads: ks
// (strength), kn (numeric), co (German phonebook order). ignorePunctuation
// is not given as ka-shifted: see withoutVariable.
func (c *collator) newCollate(loc locale, strength string) *collate.Collator {
	tag, err := language.Parse(c.collateTag(loc, strength))
	if err != nil {
		tag = language.Make(loc.lang)
	}
	return collate.New(tag, collate.OptionsFromTag(tag))
}

// collateTag is the tag newCollate gives x/text.
func (c *collator) collateTag(loc locale, strength string) string {
	keys := []string{}
	if c.Collation == "phonebk" {
		keys = append(keys, "co-phonebk")
	}
	if strength != "" {
		keys = append(keys, strength)
	}
	if c.Numeric {
		keys = append(keys, "kn-true")
	}
	text := strings.Join(tagWithoutExtensionsText(loc.tag), "-")
	if len(keys) > 0 {
		text += "-u-" + strings.Join(keys, "-")
	}
	return text
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
	if c.IgnorePunctuation {
		a, b = c.run.withoutVariable(a), c.run.withoutVariable(b)
	}
	if c.reorder != nil {
		if r, ok := c.reorder.compare(a, b); ok {
			return r
		}
	}
	r := c.c.CompareString(a, b)
	switch {
	case r == 0 && c.Sensitivity == "case":
		return c.caseLevel(a, b)
	case r != 0 && c.Sensitivity == "variant" && c.CaseFirst != "false":
		return c.caseFirst(a, b, r)
	}
	return r
}
