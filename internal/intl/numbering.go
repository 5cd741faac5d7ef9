package intl

import (
	"slices"
	"strings"
)

// Numbering systems: -u-nu- and the numberingSystem option of
// NumberFormat, DateTimeFormat and RelativeTimeFormat.

// resolveNumbering picks the numbering system as V8 does, and says whether
// the locale's -u-nu- keeps its place in the reported locale. The option,
// when given, must be well formed (else a RangeError), and replaces the
// extension's value; a value that is not one of the numeric systems
// (roman, hans: algorithmic ones, or a name nobody knows) silently gives
// the locale's default, and the reported locale drops -u-nu-. The
// extension is kept when its system is used and the option, if any, names
// the same.
func resolveNumbering(loc locale, opt *string) (ns string, keep bool, err error) {
	ext := loc.ext["nu"]
	want := ext
	if opt != nil {
		if !wellFormedType(*opt) {
			return "", false, rangeError("Invalid numberingSystem : " + *opt)
		}
		want = *opt
	}
	ns = loc.data.Numbers.NumberingSystem
	if _, numeric := supp().NumberingDigits[want]; numeric {
		ns = want
		keep = want == ext
	}
	if slices.Contains(supp().RefusedNumbering[loc.lang], ns) {
		return "", false, rangeError("numbering system " + ns + " for language " + loc.lang + " is not supported in the coderun sandbox (coderun does not carry ICU's data for it)")
	}
	return ns, keep, nil
}

// withNumbering is the locale formatting with numbering system ns: its
// number data for ns in place of its default system's.
func (l locale) withNumbering(ns string) locale {
	if ns == "" || ns == l.data.Numbers.NumberingSystem {
		return l
	}
	key := numberingKey{l.data, ns}
	if d, ok := l.run.numbering[key]; ok {
		l.data = d
		return l
	}
	d := *l.data
	d.Numbers = l.data.Numbers.forSystem(ns)
	remember(l.run.numbering, key, &d)
	l.data = &d
	return l
}

// numberingKey names a locale's data for one numbering system in the
// run's cache.
type numberingKey struct {
	data *localeData
	ns   string
}

// forSystem is the number data for system ns, as ICU resolves it: each
// symbol from the locale's data for ns, else root's for ns, else the
// locale's latn; each pattern likewise. Grouping and the currencies'
// names do not depend on the system.
func (n numberData) forSystem(ns string) numberData {
	latn := n
	if n.NumberingSystem != "latn" {
		if sys := n.Systems["latn"]; sys != nil {
			latn = sys.over(n)
		}
	}
	out := latn
	out.NumberingSystem = ns
	if root := supp().RootNumbering[ns]; root != nil {
		out = root.over(out)
	}
	if own := n.Systems[ns]; own != nil {
		out = own.over(out)
	}
	return out
}

// over is base with s's symbols and patterns in place of base's where s
// has them.
func (s *systemData) over(base numberData) numberData {
	out := base
	if len(s.Symbols) > 0 {
		out.Symbols = make(map[string]string, len(base.Symbols))
		for k, v := range base.Symbols {
			out.Symbols[k] = v
		}
		for k, v := range s.Symbols {
			out.Symbols[k] = v
		}
	}
	if s.Decimal != nil {
		out.Decimal = *s.Decimal
	}
	if s.Percent != nil {
		out.Percent.Standard = s.Percent.Standard
	}
	if s.Currency != nil {
		// The system's currency patterns replace the base's, variants
		// (alphaNextToNumber) and compact ones included where it has
		// them; the patterns by plural category that put a currency's
		// name around the number are the language's, whatever the system.
		out.Currency = map[string]any{}
		for k, v := range base.Currency {
			if !strings.Contains(k, "alphaNextToNumber") {
				out.Currency[k] = v
			}
		}
		for k, v := range s.Currency {
			out.Currency[k] = v
		}
	}
	if s.Range != "" {
		out.Range = s.Range
	}
	return out
}

// forRange is the formatter formatRange uses. V8 hands ICU's range
// formatter the locale without the numberingSystem option when the
// option asked for latn, so a locale whose default is another system
// writes its ranges in that system's digits: fa with numberingSystem
// "latn" formats 3 as "3" but the range from 3 to 5 as "۳–۵".
func (nf *numberFormat) forRange() *numberFormat {
	if nf.NumberingSystem != "latn" || strings.Contains(nf.Locale, "-u-nu-latn") {
		return nf
	}
	loc := mustLookup(nf.loc.run, nf.Locale)
	def := loc.data.Numbers.NumberingSystem
	if def == "latn" {
		return nf
	}
	r := *nf
	r.NumberingSystem, r.loc = def, loc
	return &r
}
