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
	data *localeData // the CLDR locale whose data formats it
	lang string      // the language subtag, which plural rules are keyed by
	ext  map[string]string
}

// resolveLocale picks the first of requested that coderun has data for,
// as Intl's lookup does, or the default locale. An ill-formed tag is a
// RangeError, as in every engine.
func resolveLocale(requested []string) (locale, error) {
	tags, err := canonicalLocales(requested)
	if err != nil {
		return locale{}, err
	}
	for _, t := range tags {
		if l, ok := lookup(t); ok {
			return l, nil
		}
	}
	l, _ := lookup(defaultLocale)
	return l, nil
}

// canonicalLocales is Intl.getCanonicalLocales: each tag canonicalized,
// duplicates dropped, order kept.
func canonicalLocales(requested []string) ([]string, error) {
	out := make([]string, 0, len(requested))
	seen := map[string]bool{}
	for _, r := range requested {
		t, err := language.Parse(r)
		if err != nil || r == "" || strings.ContainsAny(r, " _") {
			return nil, rangeError("Incorrect locale information provided")
		}
		s := t.String()
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out, nil
}

// lookup finds the CLDR locale for a canonical tag: the tag itself, else
// its CLDR parent or truncation, with the script a region implies put in
// first (zh-TW is Traditional Chinese, so zh-Hant, not zh).
func lookup(tag string) (locale, bool) {
	t, err := language.Parse(tag)
	if err != nil {
		return locale{}, false
	}
	ext := map[string]string{}
	for _, e := range t.Extensions() {
		if e.Type() != 'u' {
			continue
		}
		fields := strings.Split(e.String(), "-")[1:]
		for i := 0; i < len(fields); i++ {
			if len(fields[i]) == 2 {
				key, val := fields[i], "true"
				if i+1 < len(fields) && len(fields[i+1]) > 2 {
					val = fields[i+1]
					i++
				}
				ext[key] = val
			}
		}
	}
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
			break
		}
		if p, ok := sup.ParentLocales[name]; ok && p != "und" {
			name = p
			continue
		}
		i := strings.LastIndexByte(name, '-')
		if i < 0 {
			name = ""
			break
		}
		name = name[:i]
	}
	if name == "" {
		return locale{}, false
	}
	reported := strings.Join(tagWithoutExtensions(t), "-")
	return locale{tag: reported, data: load(name), lang: lang, ext: ext}, true
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
