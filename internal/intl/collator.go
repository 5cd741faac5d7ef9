package intl

import (
	"golang.org/x/text/collate"
	"golang.org/x/text/language"
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

func collPick(v *string, name, fallback string, allowed ...string) (string, error) {
	if v == nil {
		return fallback, nil
	}
	for _, a := range allowed {
		if *v == a {
			return a, nil
		}
	}
	return "", rangeError("Value " + *v + " out of range for Intl.Collator options property " + name)
}

func newCollator(locales []string, o collatorOptions) (*collator, error) {
	loc, err := resolveLocale(locales)
	if err != nil {
		return nil, err
	}
	c := &collator{Locale: loc.tag, Collation: "default"}
	if c.Usage, err = collPick(o.Usage, "usage", "sort", "sort", "search"); err != nil {
		return nil, err
	}
	if _, err := collPick(o.LocaleMatcher, "localeMatcher", "best fit", "lookup", "best fit"); err != nil {
		return nil, err
	}
	if o.Collation != nil && *o.Collation != "default" {
		return nil, rangeError("Intl.Collator collation " + *o.Collation + " is not supported in the coderun sandbox")
	}
	c.Numeric = loc.ext["kn"] == "true"
	if o.Numeric != nil {
		c.Numeric = *o.Numeric
	}
	if c.CaseFirst, err = collPick(o.CaseFirst, "caseFirst", "false", "upper", "lower", "false"); err != nil {
		return nil, err
	}
	if c.CaseFirst == "upper" {
		// x/text's collator has no case-first setting; sorting lower
		// case first instead would be a silent wrong answer.
		return nil, rangeError("Intl.Collator caseFirst \"upper\" is not supported in the coderun sandbox")
	}
	if c.Sensitivity, err = collPick(o.Sensitivity, "sensitivity", "variant", "base", "accent", "case", "variant"); err != nil {
		return nil, err
	}
	c.IgnorePunctuation = loc.lang == "th"
	if o.IgnorePunctuation != nil {
		c.IgnorePunctuation = *o.IgnorePunctuation
	}
	return c, c.build(loc)
}

// build makes the x/text collator of the resolved options.
func (c *collator) build(loc locale) error {
	tagText := loc.tag
	if c.IgnorePunctuation {
		tagText += "-u-ka-shifted"
	}
	tag, err := language.Parse(tagText)
	if err != nil {
		tag = language.Make(loc.lang)
	}
	opts := []collate.Option{collate.OptionsFromTag(tag)}
	switch c.Sensitivity {
	case "base":
		opts = append(opts, collate.IgnoreCase, collate.IgnoreDiacritics)
	case "accent":
		opts = append(opts, collate.IgnoreCase)
	case "case":
		opts = append(opts, collate.IgnoreDiacritics)
	}
	if c.Numeric {
		opts = append(opts, collate.Numeric)
	}
	c.c = collate.New(tag, opts...)
	return nil
}

// compare is Collator.prototype.compare. A collate.Collator keeps scratch
// buffers, so it is not safe for concurrent use: the caller serializes.
func (c *collator) compare(a, b string) int {
	return c.c.CompareString(a, b)
}
