package intl

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// numberFormat is a resolved Intl.NumberFormat: what resolvedOptions
// reports, plus the locale it formats with.
type numberFormat struct {
	loc locale
	// The options, as resolvedOptions reports them, in V8's order.
	Locale                   string `json:"locale"`
	NumberingSystem          string `json:"numberingSystem"`
	Style                    string `json:"style"`
	Currency                 string `json:"currency,omitempty"`
	CurrencyDisplay          string `json:"currencyDisplay,omitempty"`
	CurrencySign             string `json:"currencySign,omitempty"`
	Unit                     string `json:"unit,omitempty"`
	UnitDisplay              string `json:"unitDisplay,omitempty"`
	MinimumIntegerDigits     int    `json:"minimumIntegerDigits"`
	MinimumFractionDigits    *int   `json:"minimumFractionDigits,omitempty"`
	MaximumFractionDigits    *int   `json:"maximumFractionDigits,omitempty"`
	MinimumSignificantDigits *int   `json:"minimumSignificantDigits,omitempty"`
	MaximumSignificantDigits *int   `json:"maximumSignificantDigits,omitempty"`
	UseGrouping              any    `json:"useGrouping"` // "auto", "always", "min2" or false
	Notation                 string `json:"notation"`
	CompactDisplay           string `json:"compactDisplay,omitempty"`
	SignDisplay              string `json:"signDisplay"`
	RoundingMode             string `json:"roundingMode"`
	RoundingIncrement        int    `json:"roundingIncrement"`
	TrailingZeroDisplay      string `json:"trailingZeroDisplay"`
	RoundingPriority         string `json:"roundingPriority"`
}

// numberOptions are the options a program passed, read by the guest with
// the types ECMA-402 gives them (strings, numbers or absent).
type numberOptions struct {
	LocaleMatcher            *string  `json:"localeMatcher"`
	NumberingSystem          *string  `json:"numberingSystem"`
	Style                    *string  `json:"style"`
	Currency                 *string  `json:"currency"`
	CurrencyDisplay          *string  `json:"currencyDisplay"`
	CurrencySign             *string  `json:"currencySign"`
	Unit                     *string  `json:"unit"`
	UnitDisplay              *string  `json:"unitDisplay"`
	Notation                 *string  `json:"notation"`
	MinimumIntegerDigits     *float64 `json:"minimumIntegerDigits"`
	MinimumFractionDigits    *float64 `json:"minimumFractionDigits"`
	MaximumFractionDigits    *float64 `json:"maximumFractionDigits"`
	MinimumSignificantDigits *float64 `json:"minimumSignificantDigits"`
	MaximumSignificantDigits *float64 `json:"maximumSignificantDigits"`
	RoundingIncrement        *float64 `json:"roundingIncrement"`
	RoundingMode             *string  `json:"roundingMode"`
	RoundingPriority         *string  `json:"roundingPriority"`
	TrailingZeroDisplay      *string  `json:"trailingZeroDisplay"`
	CompactDisplay           *string  `json:"compactDisplay"`
	UseGrouping              any      `json:"useGrouping"` // string, bool or absent
	SignDisplay              *string  `json:"signDisplay"`
}

// digitOption is GetNumberOption: absent gives fallback, else an integer in
// [lo, hi] or a RangeError.
func digitOption(v *float64, name string, lo, hi, fallback int) (int, error) {
	if v == nil {
		return fallback, nil
	}
	if *v != *v || *v < float64(lo) || *v > float64(hi) {
		return 0, rangeError(name + " value is out of range.")
	}
	return int(*v), nil
}

func newNumberFormat(run *runData, locales []string, o numberOptions) (*numberFormat, error) {
	loc, err := resolveLocale(run, locales)
	if err != nil {
		return nil, err
	}
	nf := &numberFormat{loc: loc, Locale: loc.tag, NumberingSystem: loc.data.Numbers.NumberingSystem}
	if _, err := option(o.LocaleMatcher, "Intl.NumberFormat", "localeMatcher", "best fit", "lookup", "best fit"); err != nil {
		return nil, err
	}
	ns, keep, err := resolveNumbering(loc, o.NumberingSystem)
	if err != nil {
		return nil, err
	}
	nf.NumberingSystem, nf.loc = ns, loc.withNumbering(ns)
	if keep {
		nf.Locale += "-u-nu-" + ns
	}
	if nf.Style, err = option(o.Style, "Intl.NumberFormat", "style", "decimal", "decimal", "percent", "currency", "unit"); err != nil {
		return nil, err
	}
	if o.Currency != nil {
		c := *o.Currency
		if len(c) != 3 || strings.IndexFunc(c, func(r rune) bool { return !('a' <= r && r <= 'z' || 'A' <= r && r <= 'Z') }) >= 0 {
			return nil, rangeError("Invalid currency code : " + c)
		}
		nf.Currency = strings.ToUpper(c)
	}
	currencyDisplay, err := option(o.CurrencyDisplay, "Intl.NumberFormat", "currencyDisplay", "symbol", "code", "symbol", "narrowSymbol", "name")
	if err != nil {
		return nil, err
	}
	currencySign, err := option(o.CurrencySign, "Intl.NumberFormat", "currencySign", "standard", "standard", "accounting")
	if err != nil {
		return nil, err
	}
	unitDisplay, err := option(o.UnitDisplay, "Intl.NumberFormat", "unitDisplay", "short", "short", "narrow", "long")
	if err != nil {
		return nil, err
	}
	if o.Unit != nil {
		if !sanctionedUnit(*o.Unit) {
			return nil, rangeError("Invalid unit argument for Intl.NumberFormat() '" + *o.Unit + "'")
		}
	}
	if nf.Style == "unit" {
		if o.Unit == nil {
			return nil, typeError("Invalid unit argument for Intl.NumberFormat() ''")
		}
		nf.Unit, nf.UnitDisplay = *o.Unit, unitDisplay
	}
	if nf.Style == "currency" {
		if nf.Currency == "" {
			return nil, typeError("Currency code is required with currency style.")
		}
		nf.CurrencyDisplay, nf.CurrencySign = currencyDisplay, currencySign
	}
	if nf.Notation, err = option(o.Notation, "Intl.NumberFormat", "notation", "standard", "standard", "scientific", "engineering", "compact"); err != nil {
		return nil, err
	}
	if err := nf.digitOptions(o); err != nil {
		return nil, err
	}
	compact, err := option(o.CompactDisplay, "Intl.NumberFormat", "compactDisplay", "short", "short", "long")
	if err != nil {
		return nil, err
	}
	if nf.Notation == "compact" {
		nf.CompactDisplay = compact
		if nf.Style == "currency" && nf.CurrencyDisplay == "name" {
			return nil, rangeError("Intl.NumberFormat compact notation with currencyDisplay \"name\" is not supported in the coderun sandbox")
		}
	}
	defaultGrouping := any("auto")
	if nf.Notation == "compact" {
		defaultGrouping = "min2"
	}
	switch g := o.UseGrouping.(type) {
	case nil:
		nf.UseGrouping = defaultGrouping
	case bool:
		if g {
			nf.UseGrouping = "always"
		} else {
			nf.UseGrouping = false
		}
	case string:
		switch g {
		case "always", "auto", "min2":
			nf.UseGrouping = g
		case "true", "false":
			nf.UseGrouping = defaultGrouping
		default:
			_, err := option(&g, "Intl.NumberFormat", "useGrouping", "")
			return nil, err
		}
	default:
		nf.UseGrouping = defaultGrouping
	}
	if nf.SignDisplay, err = option(o.SignDisplay, "Intl.NumberFormat", "signDisplay", "auto", "auto", "never", "always", "exceptZero", "negative"); err != nil {
		return nil, err
	}
	return nf, nil
}

// digitOptions is SetNumberFormatDigitOptions.
func (nf *numberFormat) digitOptions(o numberOptions) error {
	var err error
	if nf.MinimumIntegerDigits, err = digitOption(o.MinimumIntegerDigits, "minimumIntegerDigits", 1, 21, 1); err != nil {
		return err
	}
	minFDDefault, maxFDDefault := 0, 3
	switch nf.Style {
	case "currency":
		d := currencyDigits(nf.Currency)
		minFDDefault, maxFDDefault = d, d
	case "percent":
		maxFDDefault = 0
	}
	if nf.RoundingIncrement, err = digitOption(o.RoundingIncrement, "roundingIncrement", 1, 5000, 1); err != nil {
		return err
	}
	if !roundingIncrements[nf.RoundingIncrement] {
		return rangeError("roundingIncrement value is out of range.")
	}
	if nf.RoundingIncrement != 1 {
		// Rounding to an increment shows a fixed number of digits.
		maxFDDefault = minFDDefault
	}
	if nf.RoundingMode, err = option(o.RoundingMode, "Intl.NumberFormat", "roundingMode", "halfExpand", "ceil", "floor", "expand", "trunc", "halfCeil", "halfFloor", "halfExpand", "halfTrunc", "halfEven"); err != nil {
		return err
	}
	// V8 names the abstract operation, not the constructor, for this one.
	if nf.RoundingPriority, err = option(o.RoundingPriority, "SetNumberFormatDigitOptions", "roundingPriority", "auto", "auto", "morePrecision", "lessPrecision"); err != nil {
		return err
	}
	if nf.TrailingZeroDisplay, err = option(o.TrailingZeroDisplay, "Intl.NumberFormat", "trailingZeroDisplay", "auto", "auto", "stripIfInteger"); err != nil {
		return err
	}
	hasSd := o.MinimumSignificantDigits != nil || o.MaximumSignificantDigits != nil
	hasFd := o.MinimumFractionDigits != nil || o.MaximumFractionDigits != nil
	needSd, needFd := true, true
	if nf.RoundingPriority == "auto" {
		needSd = hasSd
		if needSd || !hasFd && nf.Notation == "compact" {
			needFd = false
		}
	}
	if needSd {
		if hasSd {
			mnsd, err := digitOption(o.MinimumSignificantDigits, "minimumSignificantDigits", 1, 21, 1)
			if err != nil {
				return err
			}
			mxsd, err := digitOption(o.MaximumSignificantDigits, "maximumSignificantDigits", mnsd, 21, 21)
			if err != nil {
				return err
			}
			nf.MinimumSignificantDigits, nf.MaximumSignificantDigits = &mnsd, &mxsd
		} else {
			one, max := 1, 21
			nf.MinimumSignificantDigits, nf.MaximumSignificantDigits = &one, &max
		}
	}
	if needFd {
		if hasFd {
			mnfd, err := digitOption(o.MinimumFractionDigits, "minimumFractionDigits", 0, 100, -1)
			if err != nil {
				return err
			}
			mxfd, err := digitOption(o.MaximumFractionDigits, "maximumFractionDigits", 0, 100, -1)
			if err != nil {
				return err
			}
			switch {
			case mnfd < 0:
				mnfd = min(minFDDefault, mxfd)
			case mxfd < 0:
				mxfd = max(maxFDDefault, mnfd)
			case mnfd > mxfd:
				return rangeError("maximumFractionDigits value is out of range.")
			}
			nf.MinimumFractionDigits, nf.MaximumFractionDigits = &mnfd, &mxfd
		} else {
			mnfd, mxfd := minFDDefault, maxFDDefault
			nf.MinimumFractionDigits, nf.MaximumFractionDigits = &mnfd, &mxfd
		}
	}
	if !needSd && !needFd {
		// Compact notation's default: two significant digits or the
		// integer, whichever shows more.
		zero, one, two := 0, 1, 2
		nf.MinimumFractionDigits, nf.MaximumFractionDigits = &zero, &zero
		nf.MinimumSignificantDigits, nf.MaximumSignificantDigits = &one, &two
		nf.RoundingPriority = "morePrecision"
	}
	if nf.RoundingIncrement != 1 {
		// An increment is of the last fraction digit: it needs rounding by
		// fraction digits alone, and a fixed number of them.
		if !needFd || needSd {
			return typeError("RoundingType is not fractionDigits")
		}
		if *nf.MaximumFractionDigits != *nf.MinimumFractionDigits {
			return rangeError("maximumFractionDigits not equal to minimumFractionDigits")
		}
	}
	return nil
}

// roundingIncrements are ECMA-402's increments: 1, 2, 2.5 and 5 times a
// power of ten, as a count of the last fraction digit's units.
var roundingIncrements = map[int]bool{
	1: true, 2: true, 5: true, 10: true, 20: true, 25: true, 50: true, 100: true,
	200: true, 250: true, 500: true, 1000: true, 2000: true, 2500: true, 5000: true,
}

// currencyDigits is ISO 4217's minor unit count of code, as CLDR gives it.
func currencyDigits(code string) int {
	if d, ok := supp().CurrencyDigits[code]; ok {
		if n, err := strconv.Atoi(d["_digits"]); err == nil {
			return n
		}
	}
	return 2
}

// round applies the digit options: the rounded value and how many
// fraction digits it shows at least.
func (nf *numberFormat) round(d decimal) (decimal, int) {
	mag := 0
	if !d.isZero() {
		mag = d.magnitude()
	}
	// The place each rounding keeps digits to, as fraction digits.
	sigPlace := func() int { return *nf.MaximumSignificantDigits - 1 - mag }
	byFraction := func() (decimal, int) {
		if nf.RoundingIncrement > 1 {
			return d.roundToIncrement(*nf.MaximumFractionDigits, nf.RoundingIncrement, nf.RoundingMode), *nf.MinimumFractionDigits
		}
		return d.roundAt(*nf.MaximumFractionDigits, nf.RoundingMode), *nf.MinimumFractionDigits
	}
	bySignificant := func() (decimal, int) {
		r := d.roundAt(sigPlace(), nf.RoundingMode)
		m := mag
		if !r.isZero() {
			m = r.magnitude()
		}
		return r, max(*nf.MinimumSignificantDigits-1-m, 0)
	}
	var r decimal
	var minFrac int
	switch {
	case nf.MinimumSignificantDigits != nil && nf.MinimumFractionDigits != nil:
		// morePrecision rounds at the finer of the two places,
		// lessPrecision at the coarser; a tie goes to significant digits.
		useSig := sigPlace() >= *nf.MaximumFractionDigits
		if nf.RoundingPriority == "lessPrecision" {
			useSig = sigPlace() <= *nf.MaximumFractionDigits
		}
		if useSig {
			r, minFrac = bySignificant()
		} else {
			r, minFrac = byFraction()
		}
	case nf.MinimumSignificantDigits != nil:
		r, minFrac = bySignificant()
	default:
		r, minFrac = byFraction()
	}
	if nf.TrailingZeroDisplay == "stripIfInteger" && r.fractionDigits() == 0 {
		minFrac = 0
	}
	return r, minFrac
}

// part is one piece of formatToParts.
type part struct {
	Type  string `json:"type"`
	Value string `json:"value"`
	Unit  string `json:"unit,omitempty"` // RelativeTimeFormat's number parts
}

// format formats JavaScript's String() of a number or BigInt ("NaN",
// "-Infinity", "-0", "1.5e-7", "123") into parts.
func (nf *numberFormat) format(x string) ([]part, error) {
	l, err := nf.layers(x, false)
	if err != nil {
		return nil, err
	}
	return l.parts(), nil
}

// numberLayers is a formatted number in the layers ICU builds it in, which
// formatRange collapses separately when both ends share them: the digits
// (with a scientific exponent), the pattern's affixes around them (sign,
// currency symbol, percent sign, compact suffix), and around those the
// unit or currency name.
type numberLayers struct {
	number             []part
	scientific         bool // the number carries an exponent
	midPre, midSuf     []part
	outerPre, outerSuf []part
	outerPlural        bool   // the outer layer is a unit or currency name chosen by plural category
	category           string // the number's plural category
	value              string // the rounded value with its sign, which "approximately" compares
}

// parts joins the layers.
func (l *numberLayers) parts() []part {
	out := make([]part, 0, len(l.number)+len(l.midPre)+len(l.midSuf)+len(l.outerPre)+len(l.outerSuf))
	out = append(append(append(out, l.outerPre...), l.midPre...), l.number...)
	out = append(append(out, l.midSuf...), l.outerSuf...)
	return mergeLiterals(out)
}

// layers formats x into its layers; approx marks it with the locale's
// approximately sign where its sign goes, as formatRange does when both
// ends format the same.
func (nf *numberFormat) layers(x string, approx bool) (*numberLayers, error) {
	syms := nf.loc.data.Numbers.Symbols
	neg := strings.HasPrefix(x, "-")
	var numParts []part
	var category string // plural category for currency names and compact forms
	isZero := false
	compactPattern := ""
	switch strings.TrimPrefix(x, "-") {
	case "NaN":
		numParts, neg = []part{{Type: "nan", Value: syms["nan"]}}, false
		category = "other"
	case "Infinity":
		numParts = []part{{Type: "infinity", Value: syms["infinity"]}}
		category = "other"
	default:
		d, ok := parseDecimal(x)
		if !ok {
			return nil, typeError("Cannot convert " + x + " to a number")
		}
		if nf.Style == "percent" {
			d = d.scaled(2)
		}
		exp := 0
		switch nf.Notation {
		case "compact":
			d, exp, compactPattern = nf.compact(d)
		case "scientific", "engineering":
			d, exp = nf.scientific(d)
		}
		r, minFrac := nf.round(d)
		if nf.Notation == "scientific" || nf.Notation == "engineering" {
			// Rounding can carry into a new power of ten (9.9995 to 10).
			if !r.isZero() && r.magnitude() >= 1 && (nf.Notation == "scientific" || r.magnitude() >= 3) {
				step := 1
				if nf.Notation == "engineering" {
					step = 3
				}
				r, exp = r.scaled(-step), exp+step
			}
		}
		isZero = r.isZero()
		neg = neg && !(isZero && nf.SignDisplay == "negative")
		category = nf.loc.run.plurals(nf.loc.lang, false).category(operandsOf(r, minFrac))
		numParts = nf.digits(r, minFrac)
		if nf.Notation == "scientific" || nf.Notation == "engineering" {
			numParts = append(numParts, part{Type: "exponentSeparator", Value: syms["exponential"]})
			if exp < 0 {
				numParts = append(numParts, part{Type: "exponentMinusSign", Value: syms["minusSign"]})
				exp = -exp
			}
			numParts = append(numParts, part{Type: "exponentInteger", Value: nf.localDigits(strconv.Itoa(exp))})
		}
	}
	sign := ""
	switch nf.SignDisplay {
	case "auto", "negative":
		if neg {
			sign = "-"
		}
	case "always":
		sign = "+"
		if neg {
			sign = "-"
		}
	case "exceptZero":
		if !isZero && x != "NaN" {
			sign = "+"
			if neg {
				sign = "-"
			}
		}
	}
	// NaN and Infinity have no exponent even in scientific notation.
	scientific := len(numParts) > 0 && numParts[len(numParts)-1].Type == "exponentInteger"
	l := &numberLayers{number: numParts, category: category, scientific: scientific}
	l.value = joinParts(numParts)
	if neg {
		l.value = "-" + l.value
	}
	nf.affix(l, sign, compactPattern, approx)
	return l, nil
}

// digits formats a rounded number's integer and fraction with grouping
// and the locale's digits.
func (nf *numberFormat) digits(r decimal, minFrac int) []part {
	syms := nf.loc.data.Numbers.Symbols
	intDigits := r.intDigits()
	if pad := nf.MinimumIntegerDigits - len(intDigits); pad > 0 {
		intDigits = strings.Repeat("0", pad) + intDigits
	}
	frac := r.fracDigits()
	if pad := minFrac - len(frac); pad > 0 {
		frac += strings.Repeat("0", pad)
	}
	pat := nf.loc.run.parseNumberPattern(nf.loc.data.Numbers.Decimal.Standard)
	decimalSign, groupSign := syms["decimal"], syms["group"]
	if nf.Style == "currency" {
		// A few locales write amounts of money with signs of their own:
		// de-AT's "€ 1.234,50" against "1 234,5", fr-CH's "1 234.50 €".
		if s := syms["currencyDecimal"]; s != "" {
			decimalSign = s
		}
		if s := syms["currencyGroup"]; s != "" {
			groupSign = s
		}
	}
	var out []part
	for i, g := range nf.groups(intDigits, pat) {
		if i > 0 {
			out = append(out, part{Type: "group", Value: groupSign})
		}
		out = append(out, part{Type: "integer", Value: nf.localDigits(g)})
	}
	if frac != "" {
		out = append(out, part{Type: "decimal", Value: decimalSign}, part{Type: "fraction", Value: nf.localDigits(frac)})
	}
	return out
}

// groups splits integer digits by the pattern's grouping sizes, honoring
// useGrouping and the locale's minimum grouping digits.
func (nf *numberFormat) groups(digits string, pat numberPattern) []string {
	minGrouping, _ := strconv.Atoi(nf.loc.data.Numbers.MinimumGroupingDigits)
	switch nf.UseGrouping {
	case false:
		return []string{digits}
	case "always":
		minGrouping = 1
	case "min2":
		minGrouping = max(minGrouping, 2)
	}
	if pat.primary == 0 || len(digits) < pat.primary+max(minGrouping, 1) {
		return []string{digits}
	}
	var rev []string
	rest := digits
	size := pat.primary
	for len(rest) > size {
		rev = append(rev, rest[len(rest)-size:])
		rest = rest[:len(rest)-size]
		size = pat.secondary
	}
	rev = append(rev, rest)
	out := make([]string, len(rev))
	for i, g := range rev {
		out[len(rev)-1-i] = g
	}
	return out
}

// localDigits maps ASCII digits to the numbering system's.
func (nf *numberFormat) localDigits(s string) string {
	if nf.NumberingSystem == "latn" {
		return s
	}
	digits := []rune(supp().NumberingDigits[nf.NumberingSystem])
	if len(digits) != 10 {
		return s
	}
	var b strings.Builder
	for _, c := range s {
		if '0' <= c && c <= '9' {
			b.WriteRune(digits[c-'0'])
		} else {
			b.WriteRune(c)
		}
	}
	return b.String()
}

// compact scales d for compact notation: the scaled number, its exponent
// and the CLDR pattern key prefix ("1000") it uses, or "" below a thousand.
func (nf *numberFormat) compact(d decimal) (decimal, int, string) {
	table := nf.compactTable()
	for attempt := 0; attempt < 2; attempt++ {
		mag := 0
		if !d.isZero() {
			mag = d.magnitude()
		}
		if mag < 3 {
			return d, 0, ""
		}
		key := "1" + strings.Repeat("0", min(mag, 14))
		pattern := table[key+"-count-other"]
		if pattern == "" || pattern == "0" {
			return d, 0, ""
		}
		// The positive pattern's zeros: sw's "elfu 000;elfu -000" has
		// a negative one too.
		positive, _, _ := strings.Cut(pattern, ";")
		zeros := strings.Count(positive, "0")
		shift := min(mag, 14) - (zeros - 1)
		scaled := d.scaled(-shift)
		r, _ := nf.round(scaled)
		if !r.isZero() && r.magnitude() > scaled.magnitude() && attempt == 0 {
			// Rounding carried into the next power of ten: 999,950 is
			// 1M, not 1000K. Decide again on the rounded value.
			d = r.scaled(shift)
			continue
		}
		return scaled, shift, key
	}
	return d, 0, ""
}

func (nf *numberFormat) compactTable() map[string]string {
	n := nf.loc.data.Numbers
	if nf.Style == "currency" {
		if short, ok := n.Currency["short"].(map[string]any); ok {
			if std, ok := short["standard"].(map[string]any); ok {
				t := map[string]string{}
				for k, v := range std {
					t[k], _ = v.(string)
				}
				return t
			}
		}
	}
	if nf.CompactDisplay == "long" {
		return n.Decimal.Long.DecimalFormat
	}
	return n.Decimal.Short.DecimalFormat
}

// scientific scales d to one digit (or, for engineering, one to three
// digits) before the point.
func (nf *numberFormat) scientific(d decimal) (decimal, int) {
	if d.isZero() {
		return d, 0
	}
	exp := d.magnitude()
	if nf.Notation == "engineering" {
		exp = exp - ((exp%3)+3)%3
	}
	return d.scaled(-exp), exp
}

// affix fills the layers around l's number: the style's pattern (sign,
// percent, currency, compact suffix) and the unit or currency name. With
// approx, the approximately sign goes before the sign, or where a minus
// sign would go when there is none.
func (nf *numberFormat) affix(l *numberLayers, sign, compactKey string, approx bool) {
	n := nf.loc.data.Numbers
	var pattern string
	switch nf.Style {
	case "percent":
		pattern = n.Percent.Standard
	case "currency":
		pattern = n.Decimal.Standard
		if own := nf.ownCurrencyPattern(); own != "" && compactKey == "" {
			// The currency's own pattern serves every display, the name
			// included, where ICU writes the symbol and then the name
			// ("€5.00 euros"), and every sign: en-150's euro has no
			// accounting form.
			pattern = own
		} else if nf.CurrencyDisplay != "name" {
			key := "standard"
			if nf.CurrencySign == "accounting" {
				key = "accounting"
			}
			if compactKey != "" {
				key = "short"
			}
			pattern = nf.currencyPattern(key)
		}
	default:
		pattern = n.Decimal.Standard
	}
	if compactKey != "" {
		if c := nf.compactPatternFor(compactKey, l.category); c != "" {
			pattern = c
			if nf.Style == "currency" {
				pattern = nf.currencySpacing(pattern)
			}
		}
	}
	np := nf.loc.run.parseNumberPattern(pattern)
	prefix, suffix := np.posPrefix, np.posSuffix
	useNegForm := sign == "-"
	if useNegForm {
		prefix, suffix = np.negPrefix, np.negSuffix
	}
	var out []part
	emit := func(affix string) {
		for _, a := range nf.loc.run.expandAffix(affix) {
			switch a.kind {
			case "minusSign":
				if approx {
					out = append(out, part{Type: "approximatelySign", Value: n.Symbols["approximatelySign"]})
					if sign == "" {
						continue // the minus only marks where the sign goes
					}
				}
				out = appendSymbol(out, "minusSign", n.Symbols["minusSign"])
			case "plusSign":
				if approx {
					out = append(out, part{Type: "approximatelySign", Value: n.Symbols["approximatelySign"]})
				}
				out = appendSymbol(out, "plusSign", n.Symbols["plusSign"])
			case "percentSign":
				out = appendSymbol(out, "percentSign", n.Symbols["percentSign"])
			case "permille":
				out = appendSymbol(out, "permille", n.Symbols["perMille"])
			case "currency":
				out = appendSymbol(out, "currency", nf.currencySymbol())
			default:
				typ := "literal"
				if compactKey != "" && strings.TrimSpace(strings.ReplaceAll(a.text, "\u00a0", "")) != "" {
					// The letters of a compact pattern ("K", " thousand").
					lead := len(a.text) - len(strings.TrimLeft(a.text, " \u00a0"))
					if lead > 0 {
						out = append(out, part{Type: "literal", Value: a.text[:lead]})
					}
					word := strings.Trim(a.text, " \u00a0")
					out = append(out, part{Type: "compact", Value: word})
					if trail := a.text[lead+len(word):]; trail != "" {
						// sw's "elfu 000": the word goes before the number.
						out = append(out, part{Type: "literal", Value: trail})
					}
					continue
				}
				out = append(out, part{Type: typ, Value: a.text})
			}
		}
	}
	switch {
	case sign == "+":
		// A plus sign goes where the minus would; a negative form without
		// a minus sign (accounting's parentheses) has no place for it, so
		// it goes before the positive form.
		if strings.Contains(np.negPrefix+np.negSuffix, "-") {
			prefix, suffix = strings.ReplaceAll(np.negPrefix, "-", "+"), strings.ReplaceAll(np.negSuffix, "-", "+")
		} else {
			prefix, suffix = "+"+np.posPrefix, np.posSuffix
		}
	case sign == "" && approx:
		// ICU puts the approximately sign where the negative form has its
		// minus sign, or before the positive form.
		if strings.Contains(np.negPrefix+np.negSuffix, "-") {
			prefix, suffix = np.negPrefix, np.negSuffix
		} else {
			prefix = "-" + np.posPrefix
		}
	}
	emit(prefix)
	l.midPre, out = out, nil
	emit(suffix)
	l.midSuf = out
	switch {
	case nf.Style == "currency" && nf.CurrencyDisplay == "name":
		l.outerPlural = true
		l.outerPre, l.outerSuf = nf.outer(l.category)
	case nf.Style == "unit" && nf.Unit == "percent" && nf.UnitDisplay != "long":
		// ICU formats a short percent unit as the percent style: its
		// sign is part of the pattern's affixes, not a unit around them.
		pre, suf := nf.outer(l.category)
		l.midPre, l.midSuf = append(pre, l.midPre...), append(l.midSuf, suf...)
	case nf.Style == "unit":
		l.outerPlural = true
		l.outerPre, l.outerSuf = nf.outer(l.category)
	}
}

// appendSymbol appends a sign, percent or currency symbol as a part of type typ. The
// bidi marks some locales' symbols carry ("\u061c-" in Arabic) are
// literals around it, as ICU reports them.
func appendSymbol(out []part, typ, symbol string) []part {
	core := strings.Trim(symbol, bidiMarks)
	if core == "" {
		return append(out, part{Type: typ, Value: symbol})
	}
	lead := symbol[:strings.Index(symbol, core)]
	trail := symbol[len(lead)+len(core):]
	if lead != "" {
		out = append(out, part{Type: "literal", Value: lead})
	}
	out = append(out, part{Type: typ, Value: core})
	if trail != "" {
		out = append(out, part{Type: "literal", Value: trail})
	}
	return out
}

// bidiMarks are the invisible marks that set a symbol's direction: the
// Arabic letter mark and the left-to-right and right-to-left marks.
const bidiMarks = "\u061c\u200e\u200f"

// outer is the unit or currency name pattern of a plural category, as the
// parts before and after the number.
func (nf *numberFormat) outer(category string) (pre, suf []part) {
	hole := []part{{Type: "\x00", Value: "\x00"}}
	var ps []part
	if nf.Style == "currency" {
		ps = nf.currencyName(hole, category)
	} else {
		ps = nf.withUnit(hole, category)
	}
	for i, p := range ps {
		if p.Type == "\x00" {
			return ps[:i:i], ps[i+1:]
		}
	}
	return nil, nil
}

// sanctionedUnits are ECMA-402's units; a compound "X-per-Y" joins two.
var sanctionedUnits = map[string]bool{}

func init() {
	for _, u := range strings.Fields(`acre bit byte celsius centimeter day degree fahrenheit
		fluid-ounce foot gallon gigabit gigabyte gram hectare hour inch kilobit kilobyte
		kilogram kilometer liter megabit megabyte meter microsecond mile mile-scandinavian
		milliliter millimeter millisecond minute month nanosecond ounce percent petabyte
		pound second stone terabit terabyte week yard year`) {
		sanctionedUnits[u] = true
	}
}

func sanctionedUnit(u string) bool {
	if sanctionedUnits[u] {
		return true
	}
	num, den, ok := strings.Cut(u, "-per-")
	return ok && sanctionedUnits[num] && sanctionedUnits[den]
}

// withUnit puts a formatted number into its unit's pattern: CLDR's
// pattern for the unit and plural category ("{0} km"), or for a compound
// CLDR has no name for, the numerator's pattern inside the denominator's
// "per" pattern ("{0}/s") or the locale's compound pattern ("{0}/{1}").
func (nf *numberFormat) withUnit(num []part, category string) []part {
	if nf.Unit == "percent" && nf.UnitDisplay != "long" {
		// ICU writes a short percent with the locale's percent pattern
		// (de "50 %", with its no-break space), not the unit table's.
		np := nf.loc.run.parseNumberPattern(nf.loc.data.Numbers.Percent.Standard)
		return fillUnit(strings.ReplaceAll(np.posPrefix, "%", nf.loc.data.Numbers.Symbols["percentSign"])+"{0}"+
			strings.ReplaceAll(np.posSuffix, "%", nf.loc.data.Numbers.Symbols["percentSign"]), num)
	}
	table := nf.loc.data.Units.get()[nf.UnitDisplay]
	unitPattern := func(name, category string) string {
		u, _ := table[name].(map[string]any)
		p, _ := u["unitPattern-count-"+category].(string)
		if p == "" {
			p, _ = u["unitPattern-count-other"].(string)
		}
		return p
	}
	pattern := unitPattern(nf.Unit, category)
	if pattern == "" {
		numUnit, denUnit, _ := strings.Cut(nf.Unit, "-per-")
		inner := unitPattern(numUnit, category)
		den, _ := table[denUnit].(map[string]any)
		if per, _ := den["perUnitPattern"].(string); per != "" {
			pattern = strings.Replace(per, "{0}", inner, 1)
		} else {
			// The denominator's name: its singular pattern without the number.
			name := strings.TrimSpace(strings.Replace(unitPattern(denUnit, "one"), "{0}", "", 1))
			compound, _ := table["per"].(string)
			pattern = strings.NewReplacer("{0}", inner, "{1}", name).Replace(compound)
		}
	}
	return fillUnit(pattern, num)
}

// fillUnit replaces {0} in a unit pattern with the number's parts; the
// rest is the unit, and the spaces between it and the number literals.
func fillUnit(pattern string, num []part) []part {
	before, after, found := strings.Cut(pattern, "{0}")
	if !found {
		return num
	}
	const spaces = " \u00a0\u202f"
	var out []part
	add := func(typ, v string) {
		if v != "" {
			out = append(out, part{Type: typ, Value: v})
		}
	}
	unit := strings.TrimRight(before, spaces)
	add("unit", unit)
	add("literal", before[len(unit):])
	out = append(out, num...)
	unit = strings.TrimLeft(after, spaces)
	add("literal", after[:len(after)-len(unit)])
	add("unit", unit)
	return mergeLiterals(out)
}

// ownCurrencyPattern is the pattern CLDR gives the currency itself in this
// locale (en-150's and en-DE's euro "¤#,##0.00", tr's lira), which ICU
// uses in place of the locale's currency patterns; "" if it has none. A
// symbol made of letters next to the digits gets a no-break space there,
// as ICU's currency spacing does ("EUR 5.00").
func (nf *numberFormat) ownCurrencyPattern() string {
	p := nf.loc.data.Numbers.Currencies.get()[nf.Currency]["pattern"]
	if p == "" {
		return ""
	}
	return nf.currencySpacing(p)
}

// currencySpacing puts a no-break space between the currency and the
// digits in pattern p where the symbol's letter would touch them ("EUR
// 5.00", "-TRY 1.2K"), as ICU's currency spacing does; patterns that have
// an alphaNextToNumber variant get it from CLDR instead (currencyPattern).
func (nf *numberFormat) currencySpacing(p string) string {
	sym := nf.currencySymbol()
	np := nf.loc.run.parseNumberPattern(p)
	switch {
	case strings.HasSuffix(np.posPrefix, "¤"):
		if r, _ := utf8.DecodeLastRuneInString(sym); unicode.IsLetter(r) {
			p = strings.Replace(p, "¤", "¤\u00a0", -1)
		}
	case strings.HasPrefix(np.posSuffix, "¤"):
		if r, _ := utf8.DecodeRuneInString(sym); unicode.IsLetter(r) {
			p = strings.Replace(p, "¤", "\u00a0¤", -1)
		}
	}
	return p
}

// currencyPattern picks the currency pattern; a symbol made of letters
// next to the digits ("USD", "CHF") takes the alphaNextToNumber variant,
// which puts a space between them.
func (nf *numberFormat) currencyPattern(key string) string {
	cur := nf.loc.data.Numbers.Currency
	std, _ := cur[key].(string)
	if key == "short" {
		return nf.loc.data.Numbers.Decimal.Standard
	}
	alt, _ := cur[key+"-alphaNextToNumber"].(string)
	if alt == "" {
		return std
	}
	sym := nf.currencySymbol()
	np := nf.loc.run.parseNumberPattern(std)
	var adjacent rune
	if strings.HasSuffix(np.posPrefix, "¤") {
		adjacent, _ = utf8.DecodeLastRuneInString(sym)
	} else if strings.HasPrefix(np.posSuffix, "¤") {
		adjacent, _ = utf8.DecodeRuneInString(sym)
	} else {
		return std
	}
	// ICU's currency spacing puts a space between a symbol ending in a
	// letter and a decimal digit (Unicode's Nd): every numeric system's
	// digits are, but hanidec's (〇一二).
	if unicode.IsLetter(adjacent) && nf.NumberingSystem != "hanidec" {
		return alt
	}
	return std
}

// compactPatternFor is the compact pattern of a magnitude key for a
// plural category, falling back to "other".
func (nf *numberFormat) compactPatternFor(key, category string) string {
	table := nf.compactTable()
	p := table[key+"-count-"+category]
	if p == "" {
		p = table[key+"-count-other"]
	}
	if nf.Style == "currency" && nf.CurrencyDisplay != "name" {
		return p
	}
	if nf.Style == "percent" {
		return p + "%"
	}
	return p
}

func (nf *numberFormat) currencySymbol() string {
	c := nf.loc.data.Numbers.Currencies.get()[nf.Currency]
	switch nf.CurrencyDisplay {
	case "code":
		return nf.Currency
	case "narrowSymbol":
		if s := c["symbol-alt-narrow"]; s != "" {
			return s
		}
	}
	if s := c["symbol"]; s != "" {
		return s
	}
	return nf.Currency
}

// currencyName formats "1,234.50 US dollars": the number with the unit
// pattern of its plural category and the currency's name.
func (nf *numberFormat) currencyName(num []part, category string) []part {
	c := nf.loc.data.Numbers.Currencies.get()[nf.Currency]
	name := c["displayName-count-"+category]
	if name == "" {
		name = c["displayName-count-other"]
	}
	if name == "" {
		name = c["displayName"]
	}
	if name == "" {
		name = nf.Currency
	}
	pattern, _ := nf.loc.data.Numbers.Currency["unitPattern-count-"+category].(string)
	if pattern == "" {
		pattern, _ = nf.loc.data.Numbers.Currency["unitPattern-count-other"].(string)
	}
	var out []part
	for pattern != "" {
		i := strings.IndexByte(pattern, '{')
		if i < 0 || i+2 >= len(pattern) {
			out = append(out, part{Type: "literal", Value: pattern})
			break
		}
		if i > 0 {
			out = append(out, part{Type: "literal", Value: pattern[:i]})
		}
		switch pattern[i+1] {
		case '0':
			out = append(out, num...)
		case '1':
			out = append(out, part{Type: "currency", Value: name})
		}
		pattern = pattern[i+3:]
	}
	return out
}

func joinParts(ps []part) string {
	var b strings.Builder
	for _, p := range ps {
		b.WriteString(p.Value)
	}
	return b.String()
}
