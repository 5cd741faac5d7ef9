package intl

import (
	"strings"
)

// displayNames is a resolved Intl.DisplayNames, naming languages,
// regions, scripts and currencies from CLDR's locale display names.
type displayNames struct {
	loc             locale
	Locale          string `json:"locale"`
	Style           string `json:"style"`
	Type            string `json:"type"`
	Fallback        string `json:"fallback"`
	LanguageDisplay string `json:"languageDisplay,omitempty"`
}

type displayNamesOptions struct {
	LocaleMatcher   *string `json:"localeMatcher"`
	Style           *string `json:"style"`
	Type            *string `json:"type"`
	Fallback        *string `json:"fallback"`
	LanguageDisplay *string `json:"languageDisplay"`
}

func newDisplayNames(run *runData, locales []string, o displayNamesOptions) (*displayNames, error) {
	loc, err := resolveLocale(run, locales)
	if err != nil {
		return nil, err
	}
	dn := &displayNames{loc: loc, Locale: loc.tag}
	if _, err := option(o.LocaleMatcher, "Intl.DisplayNames", "localeMatcher", "best fit", "lookup", "best fit"); err != nil {
		return nil, err
	}
	if dn.Style, err = option(o.Style, "Intl.DisplayNames", "style", "long", "long", "short", "narrow"); err != nil {
		return nil, err
	}
	if o.Type == nil {
		return nil, typeError("invalid_argument")
	}
	if dn.Type, err = option(o.Type, "Intl.DisplayNames", "type", "", "language", "region", "script", "currency", "calendar", "dateTimeField"); err != nil {
		return nil, err
	}
	if dn.Type == "calendar" || dn.Type == "dateTimeField" {
		return nil, rangeError("Intl.DisplayNames type \"" + dn.Type + "\" is not supported in the coderun sandbox")
	}
	if dn.Fallback, err = option(o.Fallback, "Intl.DisplayNames", "fallback", "code", "code", "none"); err != nil {
		return nil, err
	}
	display, err := option(o.LanguageDisplay, "Intl.DisplayNames", "languageDisplay", "dialect", "dialect", "standard")
	if err != nil {
		return nil, err
	}
	if dn.Type == "language" {
		dn.LanguageDisplay = display
	}
	return dn, nil
}

// of is DisplayNames.prototype.of: the name, the code itself (fallback
// "code") or nil (fallback "none") when CLDR has no name.
func (dn *displayNames) of(code string) (*string, error) {
	invalid := rangeError("invalid_argument")
	var name string
	switch dn.Type {
	case "region":
		if !(len(code) == 2 && isAlpha(code) || len(code) == 3 && isDigits(code)) {
			return nil, invalid
		}
		name = dn.named(dn.loc.data.Names.get().Territories, code)
	case "script":
		if len(code) != 4 || !isAlpha(code) {
			return nil, invalid
		}
		name = dn.named(dn.loc.data.Names.get().Scripts, code)
	case "currency":
		if len(code) != 3 || !isAlpha(code) {
			return nil, invalid
		}
		name = dn.loc.data.Numbers.Currencies.get()[strings.ToUpper(code)]["displayName"]
	case "language":
		if !wellFormed(code) || strings.Contains(code, "-u-") || strings.Contains(code, "-x-") {
			return nil, invalid
		}
		name = dn.language(code)
	}
	if name == "" {
		if dn.Fallback == "none" {
			return nil, nil
		}
		name = code
	}
	return &name, nil
}

// named looks a code up, short styles preferring CLDR's short form.
func (dn *displayNames) named(table map[string]string, code string) string {
	if dn.Style != "long" {
		if s := table[code+"-alt-short"]; s != "" {
			return s
		}
	}
	return table[code]
}

// language names a language tag as ICU does: a dialect's own name where
// CLDR has one ("American English") for a tag of language and region or
// of language and script, else the language's name with its script and
// region in parentheses ("Chinese (Traditional, Taiwan)").
func (dn *displayNames) language(code string) string {
	parts := strings.Split(code, "-")
	lang := strings.ToLower(parts[0])
	var script, region string
	for _, p := range parts[1:] {
		switch {
		case len(p) == 4 && isAlpha(p) && script == "" && region == "":
			script = strings.ToUpper(p[:1]) + strings.ToLower(p[1:])
		case (len(p) == 2 && isAlpha(p) || len(p) == 3 && isDigits(p)) && region == "":
			region = strings.ToUpper(p)
		}
	}
	names := dn.loc.data.Names.get()
	if dn.LanguageDisplay == "dialect" && (script == "") != (region == "") {
		if s := dn.named(names.Languages, lang+"-"+script+region); s != "" {
			return s
		}
	}
	base := dn.named(names.Languages, lang)
	if base == "" {
		return ""
	}
	var extras []string
	if script != "" {
		s := names.Scripts[script]
		if s == "" {
			s = script
		}
		extras = append(extras, s)
	}
	if region != "" {
		r := dn.named(names.Territories, region)
		if r == "" {
			r = region
		}
		extras = append(extras, r)
	}
	if len(extras) == 0 {
		return base
	}
	joined := extras[0]
	sep := names.Patterns["localeSeparator"]
	for _, e := range extras[1:] {
		joined = strings.NewReplacer("{0}", joined, "{1}", e).Replace(sep)
	}
	return strings.NewReplacer("{0}", base, "{1}", joined).Replace(names.Patterns["localePattern"])
}
