package intl

import (
	"strings"

	"golang.org/x/text/language"
)

// defaultLocale is the locale of a program that names none: Node's, with
// no LANG set, as on the machines models learned from.
const defaultLocale = "en-US"

// locale is a requested locale resolved against the data coderun carries.
type locale struct {
	tag  string      // the canonical requested tag, extensions dropped: what resolvedOptions reports
	data *localeData // the data of the CLDR locale that formats it (zh-Hant for zh-TW)
	lang string      // the language subtag, which plural rules are keyed by
	ext  map[string]string
	run  *runData // where the formatters cache what they derive from data
}

// resolveLocale picks the first of requested that coderun has data for,
// as Intl's lookup does, or the default locale. An ill-formed tag is a
// RangeError, as in every engine.
func resolveLocale(run *runData, requested []string) (locale, error) {
	t, name, err := resolve(requested)
	if err != nil {
		return locale{}, err
	}
	return newLocale(run, t, name), nil
}

// resolveTag is the tag resolveLocale reports, for the formatters that
// read no locale data: it decodes none.
func resolveTag(requested []string) (string, error) {
	t, _, err := resolve(requested)
	return strings.Join(tagWithoutExtensions(t), "-"), err
}

// resolve is resolveLocale's choice: the tag and its CLDR locale's name.
func resolve(requested []string) (language.Tag, string, error) {
	tags, err := canonicalLocales(requested)
	if err != nil {
		return language.Tag{}, "", err
	}
	for _, tag := range append(tags, defaultLocale) {
		if t, err := language.Parse(tag); err == nil {
			if name, ok := cldrLocale(t); ok {
				return t, name, nil
			}
		}
	}
	panic("no data for the default locale " + defaultLocale)
}

// canonicalLocales is Intl.getCanonicalLocales: each tag checked for
// well-formedness and canonicalized, duplicates dropped, order kept. A
// well-formed tag of a language nobody knows ("zz-ZZ") is kept, as in V8.
func canonicalLocales(requested []string) ([]string, error) {
	out := make([]string, 0, len(requested))
	seen := map[string]bool{}
	for _, r := range requested {
		s, err := canonicalTag(r)
		if err != nil {
			return nil, err
		}
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out, nil
}

// canonicalTag canonicalizes one BCP 47 tag with golang.org/x/text, or,
// for well-formed subtags x/text does not know, by case alone.
func canonicalTag(r string) (string, error) {
	if len(r) > maxTagBytes {
		return "", tagTooLong(len(r))
	}
	if strings.HasSuffix(r, "-") {
		return "", rangeError("Invalid language tag: " + strings.ToLower(r))
	}
	if !wellFormed(r) {
		return "", rangeError("Incorrect locale information provided")
	}
	r = applyLanguageAliases(r)
	if t, err := language.Parse(r); err == nil {
		return dropTrueValues(t.String()), nil
	}
	parts := strings.Split(strings.ToLower(r), "-")
	for i := 1; i < len(parts); i++ {
		if len(parts[i-1]) == 1 {
			break // extensions stay lower case
		}
		switch {
		case len(parts[i]) == 4 && isAlpha(parts[i]):
			parts[i] = strings.ToUpper(parts[i][:1]) + parts[i][1:]
		case len(parts[i]) == 2:
			parts[i] = strings.ToUpper(parts[i])
		}
	}
	return strings.Join(parts, "-"), nil
}

// dropTrueValues removes the value "true" of Unicode extension keys, as
// canonical form does: en-u-kn-true is en-u-kn.
func dropTrueValues(tag string) string {
	i := strings.Index(tag, "-u-")
	if i < 0 {
		return tag
	}
	parts := strings.Split(tag[i+3:], "-")
	out := parts[:0]
	for j, p := range parts {
		if p == "true" && j > 0 && len(parts[j-1]) == 2 {
			continue
		}
		out = append(out, p)
	}
	return tag[:i+3] + strings.Join(out, "-")
}

// wellFormed checks the shape of a BCP 47 language tag as ECMA-402's
// IsStructurallyValidLanguageTag does (a Unicode locale identifier): a
// language of 2-3 or 5-8 letters, then script, region, variants and
// extensions. Private-use and grandfathered tags ("x-…", "i-…") are not
// locale identifiers.
func wellFormed(tag string) bool {
	parts := strings.Split(tag, "-")
	lang := parts[0]
	if !isAlpha(lang) || !(len(lang) >= 2 && len(lang) <= 3 || len(lang) >= 5 && len(lang) <= 8) {
		return false
	}
	i := 1
	if i < len(parts) && len(parts[i]) == 4 && isAlpha(parts[i]) {
		i++
	}
	if i < len(parts) && (len(parts[i]) == 2 && isAlpha(parts[i]) || len(parts[i]) == 3 && isDigits(parts[i])) {
		i++
	}
	for i < len(parts) && (len(parts[i]) >= 5 && len(parts[i]) <= 8 && isAlnum(parts[i]) || len(parts[i]) == 4 && parts[i][0] >= '0' && parts[i][0] <= '9' && isAlnum(parts[i])) {
		i++
	}
	for i < len(parts) {
		if len(parts[i]) != 1 || !isAlnum(parts[i]) {
			return false
		}
		i++
		n := 0
		for i < len(parts) && len(parts[i]) >= 2 && len(parts[i]) <= 8 && isAlnum(parts[i]) {
			i++
			n++
		}
		if n == 0 {
			return false
		}
	}
	return true
}

func isAlpha(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i] | 0x20; c < 'a' || c > 'z' {
			return false
		}
	}
	return s != ""
}

func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

func isAlnum(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= '0' && c <= '9' || c|0x20 >= 'a' && c|0x20 <= 'z') {
			return false
		}
	}
	return s != ""
}

// lookup finds the CLDR locale for a canonical tag (see [cldrName]), with
// its data: the process's shared copy or the run's.
func lookup(run *runData, tag string) (locale, bool) {
	t, err := language.Parse(tag)
	if err != nil {
		return locale{}, false
	}
	name, ok := cldrLocale(t)
	if !ok {
		return locale{}, false
	}
	return newLocale(run, t, name), true
}

// newLocale is tag t formatted by CLDR locale name.
func newLocale(run *runData, t language.Tag, name string) locale {
	ext := map[string]string{}
	for _, e := range t.Extensions() {
		if e.Type() != 'u' {
			continue
		}
		fields := strings.Split(e.String(), "-")[1:]
		for i := 0; i < len(fields); i++ {
			if len(fields[i]) == 2 {
				// A value is every subtag up to the next key: ca's
				// "islamic-civil", or nu's "thai-latn", which is no
				// numbering system.
				key, val := fields[i], []string{}
				for i+1 < len(fields) && len(fields[i+1]) > 2 {
					val = append(val, fields[i+1])
					i++
				}
				if len(val) == 0 {
					val = append(val, "true")
				}
				ext[key] = strings.Join(val, "-")
			}
		}
	}
	base, _, _ := t.Raw()
	reported := strings.Join(tagWithoutExtensions(t), "-")
	return locale{tag: reported, data: run.load(name), lang: base.String(), ext: ext, run: run}
}

// cldrName is the CLDR locale that formats a canonical tag: the tag
// itself, else its CLDR parent or truncation, with the script a region
// implies put in first (zh-TW is Traditional Chinese, so zh-Hant, not
// zh). It decodes nothing.
func cldrName(tag string) (string, bool) {
	t, err := language.Parse(tag)
	if err != nil {
		return "", false
	}
	return cldrLocale(t)
}

func cldrLocale(t language.Tag) (string, bool) {
	base, script, region := t.Raw()
	lang := base.String()
	bare, _ := language.Make(lang).Script()
	if s, conf := t.Script(); conf != language.No && s != bare && script.String() == "Zzzz" {
		script = s
	}
	parts := []string{lang}
	if script.String() != "Zzzz" && script != bare {
		parts = append(parts, script.String())
	}
	if region.String() != "ZZ" {
		parts = append(parts, region.String())
	}
	name := strings.Join(parts, "-")
	sup := supp()
	for name != "" {
		if available[name] {
			return name, true
		}
		if p, ok := sup.ParentLocales[name]; ok && p != "und" {
			name = p
			continue
		}
		i := strings.LastIndexByte(name, '-')
		if i < 0 {
			break
		}
		name = name[:i]
	}
	return "", false
}

// tagWithoutExtensions is the tag's language, script, region and
// variants, as written.
func tagWithoutExtensions(t language.Tag) []string {
	s := t.String()
	var out []string
	for _, p := range strings.Split(s, "-") {
		if len(p) == 1 { // an extension's singleton: the rest is extensions
			break
		}
		out = append(out, p)
	}
	return out
}
