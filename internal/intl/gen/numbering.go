package main

import (
	"slices"
	"strings"
)

// The numbering systems a program can ask for with -u-nu- or the
// numberingSystem option. ICU takes each symbol from the locale's data for
// the system, then from root's, then from the locale's latn symbols; each
// pattern from the locale's data for the system, then root's, then latn.
// CLDR's JSON carries a locale's data only for the systems the locale
// lists as default or native, and root's only for latn, so the rest of
// what ICU 78 has is here, checked against Node 20's output.

// rootNumbering is ICU root's data for arab and arabext, which every
// locale without its own falls back to: symbols, and for arab the percent
// and currency patterns ("١٬٢٣٤٫٥٠ €" in any language).
var rootNumbering = obj{
	"arab": obj{
		"symbols": obj{
			"decimal": "٫", "group": "٬", "list": "؛", "percentSign": "٪\u061c",
			"plusSign": "\u061c+", "minusSign": "\u061c-", "exponential": "اس",
			"superscriptingExponent": "×", "perMille": "؉", "infinity": "∞", "nan": "NaN",
			"approximatelySign": "~",
		},
		"percent":  obj{"standard": "#,##0%"},
		"currency": obj{"standard": "#,##0.00\u00a0¤", "accounting": "#,##0.00\u00a0¤"},
	},
	"arabext": obj{
		"symbols": obj{
			"decimal": "٫", "group": "٬", "list": "؛", "percentSign": "٪",
			"plusSign": "\u200e+\u200e", "minusSign": "\u200e-\u200e", "exponential": "×۱۰^",
			"superscriptingExponent": "×", "perMille": "؉", "infinity": "∞", "nan": "NaN",
			"approximatelySign": "~",
		},
	},
}

// icuNumbering is the data ICU has for a language and a system that
// language does not list, which CLDR's JSON therefore leaves out: symbols,
// and patterns where they differ from root's ("latnPatterns": the
// language's latn patterns). A locale inherits its language's.
var icuNumbering = map[string]map[string]obj{
	"ar": {"arabext": {"symbols": obj{"nan": "ليس\u00a0رقمًا"}}},
	"eu": {"arab": {"symbols": obj{"minusSign": "-", "plusSign": "+"}}},
	"fa": {"arab": {
		"symbols":  obj{"exponential": "E", "nan": "ناعدد", "percentSign": "٪"},
		"currency": obj{"standard": "\u200e¤#,##0.00", "standard-alphaNextToNumber": "\u200e¤\u00a0#,##0.00", "accounting": "\u200e¤#,##0.00"},
	}},
	"fr": {"arab": {"symbols": obj{"plusSign": "\u200f+"}}},
	"ko": {"arab": {"symbols": obj{"minusSign": "\u200f-", "plusSign": "\u200f+"}}},
	"ms": {"arabext": {"symbols": obj{"decimal": "."}}},
	"nl": {"arab": {"percent": obj{"standard": "#,##0\u00a0%"}}},
	"pa": {
		"arab":    {"symbols": obj{"decimal": ".", "group": ",", "minusSign": "-", "plusSign": "+", "exponential": "E", "percentSign": "%"}, "latnPatterns": true},
		"arabext": {"symbols": obj{"group": ",", "minusSign": "-", "plusSign": "+"}},
	},
	"sv": {
		"arab":    {"symbols": obj{"group": "\u00a0", "minusSign": "\u061c−", "exponential": "×۱۰^"}},
		"arabext": {"symbols": obj{"decimal": ",", "group": "\u00a0", "minusSign": "\u200e−\u200e"}},
	},
	"ur": {"arab": {"symbols": obj{"decimal": "،", "group": ",", "plusSign": "+", "exponential": "E"}}},
	"uz": {
		"arab":    {"symbols": obj{"exponential": "^", "approximatelySign": "≈"}},
		"arabext": {"symbols": obj{"minusSign": "-", "plusSign": "+", "nan": "son\u00a0emas"}},
	},
	"zh":      {"arab": {"latnPatterns": true}},
	"zh-Hant": {"arab": {"symbols": obj{"minusSign": "-", "nan": "非數值"}}, "arabext": {"symbols": obj{"plusSign": "+\u200e", "nan": "非數值"}}},
}

// refusedNumbering is, by language, the systems coderun refuses because
// ICU 78 formats them with data CLDR's JSON does not have, and Node's
// output could not be matched: Azerbaijani's arab and arabext symbols are
// broken in ICU (they hold the words "standart onluq kəsr"); for
// Norwegian every system but latn takes currency and percent patterns
// that are not CLDR's ("−€ ١ ٢٣٤,٥٠"), and for Bosnian every one but latn
// and arab a percent pattern that is not ("50 %").
func refusedNumbering(numeric []string) obj {
	except := func(keep ...string) []string {
		var out []string
		for _, ns := range numeric {
			if !slices.Contains(keep, ns) {
				out = append(out, ns)
			}
		}
		return out
	}
	return obj{
		"az": []string{"arab", "arabext"},
		"nb": except("latn"),
		"nn": except("latn"),
		"bs": except("latn", "arab"),
	}
}

// numberingSystems is a locale's data for the systems other than its
// default: for each system CLDR's JSON has for it, its symbols and
// patterns, with the data ICU adds (icuNumbering) merged in.
func (r *reader) numberingSystems(loc, defaultNS string, numbers obj) obj {
	systems := obj{}
	for key := range numbers {
		ns, ok := strings.CutPrefix(key, "symbols-numberSystem-")
		if !ok || ns == defaultNS {
			continue
		}
		systems[ns] = obj{
			"symbols":  numbers[key],
			"decimal":  numbers["decimalFormats-numberSystem-"+ns],
			"percent":  numbers["percentFormats-numberSystem-"+ns],
			"currency": numbers["currencyFormats-numberSystem-"+ns],
			"range":    r.at(numbers, "miscPatterns-numberSystem-"+ns)["range"],
		}
	}
	// The nearest locale's data wins: fr-CA takes fr's.
	for name := loc; name != ""; name = parentLocale(r, name) {
		for ns, extra := range icuNumbering[name] {
			sys, _ := systems[ns].(obj)
			if sys == nil {
				sys = obj{"symbols": obj{}}
				systems[ns] = sys
			}
			syms := sys["symbols"].(obj)
			more, _ := extra["symbols"].(obj)
			for k, v := range more {
				if _, ok := syms[k]; !ok {
					syms[k] = v
				}
			}
			if extra["latnPatterns"] == true {
				extra = obj{
					"decimal":  numbers["decimalFormats-numberSystem-latn"],
					"percent":  numbers["percentFormats-numberSystem-latn"],
					"currency": numbers["currencyFormats-numberSystem-latn"],
				}
			}
			for _, k := range []string{"decimal", "percent", "currency"} {
				if _, ok := sys[k]; !ok && extra[k] != nil {
					sys[k] = extra[k]
				}
			}
		}
	}
	return systems
}

// parentLocale is CLDR's parent of a locale name, or "" after a language.
func parentLocale(r *reader, name string) string {
	if r.parents == nil {
		r.parents = r.at(r.file("cldr-core/supplemental/parentLocales.json"), "supplemental", "parentLocales", "parentLocale")
	}
	if p, ok := r.parents[name].(string); ok {
		if p == "und" || p == "root" {
			return ""
		}
		return p
	}
	i := strings.LastIndexByte(name, '-')
	if i < 0 {
		return ""
	}
	return name[:i]
}
