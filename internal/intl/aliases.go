package intl

import "strings"

// CLDR's language aliases, which ICU applies when it canonicalizes a tag
// and golang.org/x/text's tables lack or apply otherwise: the sign
// languages named by a region (sgn-GR is gss), deprecated codes (mo is ro,
// not x/text's ro-MD; cmn is zh) and variants that name a language
// (hy-arevmda is hyw).

// applyLanguageAliases rewrites a well-formed tag's language, script,
// region and variants by CLDR's language aliases; the extensions stay.
func applyLanguageAliases(tag string) string {
	parts := strings.Split(strings.ToLower(tag), "-")
	n := len(parts)
	for i := 1; i < len(parts); i++ {
		if len(parts[i]) == 1 {
			n = i
			break
		}
	}
	lang, script, region := parts[0], "", ""
	i := 1
	if i < n && len(parts[i]) == 4 && isAlpha(parts[i]) {
		script = parts[i]
		i++
	}
	if i < n && (len(parts[i]) == 2 || len(parts[i]) == 3 && isDigits(parts[i])) {
		region = parts[i]
		i++
	}
	variants := parts[i:n]
	aliases := supp().LanguageAliases
	changed := false
	if rep, ok := aliases[lang+"-"+region]; ok && region != "" {
		lang, region, changed = rep, "", true
	}
	if rep, ok := aliases["und-"+strings.Join(variants, "-")]; ok && len(variants) > 1 {
		// und-hepburn-heploc is und-alalc97.
		variants, changed = strings.Split(rep, "-")[1:], true
	}
	var kept []string
	for _, v := range variants {
		if rep, ok := aliases[lang+"-"+v]; ok {
			lang, changed = rep, true
			continue
		}
		if rep, ok := aliases["und-"+v]; ok && rep == "und" {
			changed = true
			continue
		}
		kept = append(kept, v)
	}
	if rep, ok := aliases[lang]; ok {
		lang, changed = rep, true
	}
	if !changed {
		return tag
	}
	// A replacement may bring a script or region ("sh" is "sr-Latn"); the
	// tag's own win.
	repParts := strings.Split(lang, "-")
	lang = repParts[0]
	for _, p := range repParts[1:] {
		switch {
		case len(p) == 4 && script == "":
			script = p
		case len(p) != 4 && region == "":
			region = p
		}
	}
	out := []string{lang}
	for _, p := range []string{script, region} {
		if p != "" {
			out = append(out, p)
		}
	}
	out = append(append(out, kept...), parts[n:]...)
	return strings.Join(out, "-")
}
