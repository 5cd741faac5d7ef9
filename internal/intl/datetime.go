package intl

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
	_ "time/tzdata" // every IANA zone, whatever the host has installed
)

// dateTimeFormat is a resolved Intl.DateTimeFormat. Its exported fields
// are resolvedOptions, in V8's order; pattern is the CLDR pattern it
// formats with, derived from them.
type dateTimeFormat struct {
	loc     locale
	zone    *time.Location
	pattern string
	// patternHours makes the pattern generator keep a time format's hour
	// width, as ICU's does when V8 does not ask it to match the
	// request's (formatRange's patterns).
	patternHours bool

	Locale                 string `json:"locale"`
	Calendar               string `json:"calendar"`
	NumberingSystem        string `json:"numberingSystem"`
	TimeZone               string `json:"timeZone"`
	HourCycle              string `json:"hourCycle,omitempty"`
	Hour12                 *bool  `json:"hour12,omitempty"`
	Weekday                string `json:"weekday,omitempty"`
	Era                    string `json:"era,omitempty"`
	Year                   string `json:"year,omitempty"`
	Month                  string `json:"month,omitempty"`
	Day                    string `json:"day,omitempty"`
	DayPeriod              string `json:"dayPeriod,omitempty"`
	Hour                   string `json:"hour,omitempty"`
	Minute                 string `json:"minute,omitempty"`
	Second                 string `json:"second,omitempty"`
	FractionalSecondDigits int    `json:"fractionalSecondDigits,omitempty"`
	TimeZoneName           string `json:"timeZoneName,omitempty"`
	DateStyle              string `json:"dateStyle,omitempty"`
	TimeStyle              string `json:"timeStyle,omitempty"`
}

// dateTimeOptions are a program's options, read by the guest with
// ECMA-402's types. Required and Defaults are ToDateTimeOptions' two
// arguments, which depend on the method: "any"/"date" for the
// constructor, "any"/"all" for toLocaleString, "date"/"date" and
// "time"/"time" for toLocaleDateString and toLocaleTimeString.
type dateTimeOptions struct {
	Required, Defaults string

	LocaleMatcher          *string  `json:"localeMatcher"`
	Calendar               *string  `json:"calendar"`
	NumberingSystem        *string  `json:"numberingSystem"`
	Hour12                 *bool    `json:"hour12"`
	HourCycle              *string  `json:"hourCycle"`
	TimeZone               *string  `json:"timeZone"`
	Weekday                *string  `json:"weekday"`
	Era                    *string  `json:"era"`
	Year                   *string  `json:"year"`
	Month                  *string  `json:"month"`
	Day                    *string  `json:"day"`
	DayPeriod              *string  `json:"dayPeriod"`
	Hour                   *string  `json:"hour"`
	Minute                 *string  `json:"minute"`
	Second                 *string  `json:"second"`
	FractionalSecondDigits *float64 `json:"fractionalSecondDigits"`
	TimeZoneName           *string  `json:"timeZoneName"`
	FormatMatcher          *string  `json:"formatMatcher"`
	DateStyle              *string  `json:"dateStyle"`
	TimeStyle              *string  `json:"timeStyle"`
}

// defaultCalendars are the languages whose default calendar in Node (ICU
// 78) is not the Gregorian one.
var defaultCalendars = map[string]string{"th": "buddhist", "fa": "persian", "ps": "persian"}

// formats are the patterns of the resolved calendar.
func (df *dateTimeFormat) formats() *calendarFormats {
	if df.Calendar == "buddhist" {
		return &df.loc.data.Dates.Buddhist
	}
	return &df.loc.data.Dates.calendarFormats
}

// defaultTimeZone is the zone of a program that names none. The sandbox
// has no local zone; UTC is what Node prints under TZ=UTC.
const defaultTimeZone = "UTC"

func newDateTimeFormat(run *runData, locales []string, o dateTimeOptions) (*dateTimeFormat, error) {
	loc, err := resolveLocale(run, locales)
	if err != nil {
		return nil, err
	}
	df := &dateTimeFormat{loc: loc, Locale: loc.tag, Calendar: "gregory", NumberingSystem: loc.data.Numbers.NumberingSystem}
	if _, err := option(o.LocaleMatcher, "Intl.DateTimeFormat", "localeMatcher", "", "lookup", "best fit"); err != nil {
		return nil, err
	}
	cal := loc.ext["ca"]
	if o.Calendar != nil {
		cal = *o.Calendar
	}
	if cal == "" {
		cal = defaultCalendars[loc.lang]
	}
	if cal == "buddhist" {
		df.Calendar = cal
	} else if cal != "" && cal != "gregory" && cal != "iso8601" {
		// Other calendars need CLDR's calendar data; refuse rather than
		// print a Gregorian date where Node prints another calendar's.
		return nil, rangeError("calendar " + cal + " (" + loc.tag + "'s default, or the one asked for) is not supported in the coderun sandbox; pass the option calendar: \"gregory\"")
	}
	ns, keepNu, err := resolveNumbering(loc, o.NumberingSystem)
	if err != nil {
		return nil, err
	}
	// The system's digits, and its decimal sign before fractional
	// seconds ("١٤:٠٧:٠٩٫١٢٠").
	df.NumberingSystem, df.loc = ns, loc.withNumbering(ns)
	hc := loc.ext["hc"]
	if o.HourCycle != nil {
		if hc, err = option(o.HourCycle, "Intl.DateTimeFormat", "hourCycle", "", "h11", "h12", "h23", "h24"); err != nil {
			return nil, err
		}
	}
	if err := df.timeZone(o.TimeZone); err != nil {
		return nil, err
	}
	fields := map[string]string{}
	for _, f := range []struct {
		name    string
		v       *string
		allowed []string
	}{
		{"weekday", o.Weekday, []string{"narrow", "short", "long"}},
		{"era", o.Era, []string{"narrow", "short", "long"}},
		{"year", o.Year, []string{"2-digit", "numeric"}},
		{"month", o.Month, []string{"2-digit", "numeric", "narrow", "short", "long"}},
		{"day", o.Day, []string{"2-digit", "numeric"}},
		{"dayPeriod", o.DayPeriod, []string{"narrow", "short", "long"}},
		{"hour", o.Hour, []string{"2-digit", "numeric"}},
		{"minute", o.Minute, []string{"2-digit", "numeric"}},
		{"second", o.Second, []string{"2-digit", "numeric"}},
		{"timeZoneName", o.TimeZoneName, []string{"short", "long", "shortOffset", "longOffset", "shortGeneric", "longGeneric"}},
	} {
		v, err := option(f.v, "Intl.DateTimeFormat", f.name, "", f.allowed...)
		if err != nil {
			return nil, err
		}
		if v != "" {
			fields[f.name] = v
		}
	}
	fsd := 0
	if o.FractionalSecondDigits != nil {
		v := *o.FractionalSecondDigits
		if v != v || v < 1 || v > 3 {
			return nil, rangeError("fractionalSecondDigits value is out of range.")
		}
		fsd = int(v)
	}
	if _, err := option(o.FormatMatcher, "Intl.DateTimeFormat", "formatMatcher", "", "basic", "best fit"); err != nil {
		return nil, err
	}
	styles := []string{"full", "long", "medium", "short"}
	if df.DateStyle, err = option(o.DateStyle, "Intl.DateTimeFormat", "dateStyle", "", styles...); err != nil {
		return nil, err
	}
	if df.TimeStyle, err = option(o.TimeStyle, "Intl.DateTimeFormat", "timeStyle", "", styles...); err != nil {
		return nil, err
	}
	if df.DateStyle != "" || df.TimeStyle != "" {
		style := "timeStyle"
		if df.DateStyle != "" {
			style = "dateStyle"
		}
		for _, name := range []string{"weekday", "era", "year", "month", "day", "dayPeriod", "hour", "minute", "second", "timeZoneName"} {
			if fields[name] != "" {
				return nil, typeError("Can't set option " + name + " when " + style + " is used")
			}
		}
		if fsd > 0 {
			return nil, typeError("Can't set option fractionalSecondDigits when " + style + " is used")
		}
		if o.Required == "date" && df.TimeStyle != "" {
			return nil, typeError("Invalid option : timeStyle")
		}
		if o.Required == "time" && df.DateStyle != "" {
			return nil, typeError("Invalid option : dateStyle")
		}
	} else {
		// ToDateTimeOptions: add the default fields when the program asked
		// for none of the kind the method needs.
		needDefaults := true
		if o.Required == "date" || o.Required == "any" {
			for _, k := range []string{"weekday", "year", "month", "day"} {
				if fields[k] != "" {
					needDefaults = false
				}
			}
		}
		if o.Required == "time" || o.Required == "any" {
			for _, k := range []string{"dayPeriod", "hour", "minute", "second"} {
				if fields[k] != "" {
					needDefaults = false
				}
			}
			if fsd > 0 {
				needDefaults = false
			}
		}
		if needDefaults && (o.Defaults == "date" || o.Defaults == "all") {
			fields["year"], fields["month"], fields["day"] = "numeric", "numeric", "numeric"
		}
		if needDefaults && (o.Defaults == "time" || o.Defaults == "all") {
			fields["hour"], fields["minute"], fields["second"] = "numeric", "numeric", "numeric"
		}
	}
	df.resolveHourCycle(hc, o.Hour12, fields["hour"] != "" || df.TimeStyle != "")
	// The -u- keys of the locale that decided something stay in the
	// locale V8 reports, in order: the calendar, the hour cycle, the
	// numbering system.
	var kept []string
	if ext := loc.ext["ca"]; ext != "" && o.Calendar == nil && df.Calendar == ext {
		kept = append(kept, "ca-"+ext)
	}
	if ext := loc.ext["hc"]; ext != "" && o.HourCycle == nil && o.Hour12 == nil && df.HourCycle == ext {
		kept = append(kept, "hc-"+ext)
	}
	if keepNu {
		kept = append(kept, "nu-"+ns)
	}
	if len(kept) > 0 {
		df.Locale += "-u-" + strings.Join(kept, "-")
	}
	if df.DateStyle != "" || df.TimeStyle != "" {
		df.pattern = df.stylePattern()
	} else {
		df.pattern = df.componentPattern(fields, fsd)
		df.reportFields()
	}
	return df, nil
}

// timeZone resolves the timeZone option: an IANA name or alias in any
// case, reported as ICU's canonical ID (Asia/Kolkata is Asia/Calcutta),
// and UTC for the names of UTC.
func (df *dateTimeFormat) timeZone(opt *string) error {
	name := defaultTimeZone
	if opt != nil {
		name = *opt
	}
	ids, ok := supp().TimeZones[strings.ToLower(name)]
	if !ok {
		return rangeError("Invalid time zone specified: " + name)
	}
	reported, iana := ids[0], ids[1]
	if iana == "Etc/UTC" || iana == "Etc/GMT" {
		reported = "UTC"
	}
	zone, err := time.LoadLocation(iana)
	if err != nil {
		return rangeError("Invalid time zone specified: " + name)
	}
	df.TimeZone, df.zone = reported, zone
	return nil
}

// localeHourChar is the hour field the locale's short time pattern uses:
// h (1-12), H (0-23), K (0-11) or k (1-24).
func (df *dateTimeFormat) localeHourChar() byte {
	p := df.loc.data.Dates.TimeFormats["short"] // the Gregorian's: the locale's clock
	for i := 0; i < len(p); i++ {
		switch p[i] {
		case 'h', 'H', 'K', 'k':
			return p[i]
		}
	}
	return 'H'
}

var hourCycleChar = map[string]byte{"h11": 'K', "h12": 'h', "h23": 'H', "h24": 'k'}

// resolveHourCycle applies hour12 (which wins), hourCycle or the locale's
// default; resolvedOptions shows them only when the format shows hours.
func (df *dateTimeFormat) resolveHourCycle(hc string, hour12 *bool, hasHour bool) {
	def := df.localeHourChar()
	if hour12 != nil {
		// V8's rule (ECMA-402 before 2024): the 12- or 24-hour cycle of
		// the same family as the locale's own, so hour12: false in en-US
		// (h12) is h24, "24:30", as Node prints it.
		sameFamily := def == 'K' || def == 'H'
		switch {
		case *hour12 && sameFamily:
			hc = "h11"
		case *hour12:
			hc = "h12"
		case sameFamily:
			hc = "h23"
		default:
			hc = "h24"
		}
	}
	if hc == "" {
		for k, c := range hourCycleChar {
			if c == def {
				hc = k
			}
		}
	}
	if !hasHour {
		return
	}
	df.HourCycle = hc
	h12 := hc == "h11" || hc == "h12"
	df.Hour12 = &h12
}

// hourChar is the pattern letter of the resolved hour cycle.
func (df *dateTimeFormat) hourChar() byte {
	if c, ok := hourCycleChar[df.HourCycle]; ok {
		return c
	}
	return df.localeHourChar()
}

// stylePattern is the pattern of dateStyle and timeStyle: CLDR's date and
// time formats, joined by the date style's glue ("{1} 'at' {0}" for full
// and long).
func (df *dateTimeFormat) stylePattern() string {
	d := df.formats()
	var datePart, timePart string
	if df.DateStyle != "" {
		datePart = d.DateFormats[df.DateStyle]
	}
	if df.TimeStyle != "" {
		timePart = d.TimeFormats[df.TimeStyle]
		if c := df.hourChar(); c != df.localeHourChar() {
			timePart = withHourChar(timePart, c)
		}
	}
	switch {
	case datePart == "":
		return timePart
	case timePart == "":
		return datePart
	}
	return strings.NewReplacer("{1}", datePart, "{0}", timePart).Replace(df.glue(df.DateStyle))
}

// withHourChar rewrites a time pattern for another hour cycle: the hour
// letter replaced, the AM/PM marker dropped for a 24-hour cycle or added
// for a 12-hour one.
func withHourChar(p string, c byte) string {
	twelve := c == 'h' || c == 'K'
	var b strings.Builder
	hadPeriod := false
	for _, f := range splitPattern(p) {
		switch {
		case f.field && strings.ContainsRune("hHKk", rune(f.text[0])):
			b.WriteString(strings.Repeat(string(c), len(f.text)))
		case f.field && f.text[0] == 'a':
			hadPeriod = true
			if twelve {
				b.WriteString(f.text)
			}
		default:
			b.WriteString(f.raw)
		}
	}
	out := strings.TrimSpace(strings.TrimRight(b.String(), " \u202f\u00a0"))
	if twelve && !hadPeriod {
		out += " a"
	}
	return out
}

// patternPiece is a field ("MMM") or a literal of a pattern.
type patternPiece struct {
	field bool
	text  string // the field's letters, or the literal unquoted
	raw   string // as written
}

// splitPattern splits a CLDR date pattern into fields and literals.
func splitPattern(p string) []patternPiece {
	var out []patternPiece
	for i := 0; i < len(p); {
		c := p[i]
		switch {
		case c == '\'':
			j := i + 1
			var lit strings.Builder
			for j < len(p) {
				if p[j] == '\'' {
					if j+1 < len(p) && p[j+1] == '\'' {
						lit.WriteByte('\'')
						j += 2
						continue
					}
					break
				}
				lit.WriteByte(p[j])
				j++
			}
			text := lit.String()
			if j == i+1 {
				text = "'"
			}
			out = append(out, patternPiece{text: text, raw: p[i:min(j+1, len(p))]})
			i = j + 1
		case 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z':
			j := i
			for j < len(p) && p[j] == c {
				j++
			}
			out = append(out, patternPiece{field: true, text: p[i:j], raw: p[i:j]})
			i = j
		default:
			j := i
			for j < len(p) && p[j] != '\'' && !('a' <= p[j] && p[j] <= 'z' || 'A' <= p[j] && p[j] <= 'Z') {
				j++
			}
			out = append(out, patternPiece{text: p[i:j], raw: p[i:j]})
			i = j
		}
	}
	return out
}

// skeletonField is one requested field as a skeleton letter and width.
type skeletonField struct {
	letter byte // canonical: G y M E d h H m s S z v O
	width  int
}

// skeletonOf maps the requested fields to a skeleton.
func (df *dateTimeFormat) skeletonOf(fields map[string]string, fsd int) []skeletonField {
	var sk []skeletonField
	text := map[string]int{"narrow": 5, "short": 3, "long": 4}
	num := map[string]int{"numeric": 1, "2-digit": 2}
	if v := fields["era"]; v != "" {
		sk = append(sk, skeletonField{'G', map[string]int{"narrow": 5, "short": 1, "long": 4}[v]})
	}
	if v := fields["year"]; v != "" {
		sk = append(sk, skeletonField{'y', num[v]})
	}
	if v := fields["month"]; v != "" {
		w := num[v]
		if w == 0 {
			w = text[v]
		}
		sk = append(sk, skeletonField{'M', w})
	}
	if v := fields["weekday"]; v != "" {
		sk = append(sk, skeletonField{'E', map[string]int{"narrow": 5, "short": 1, "long": 4}[v]})
	}
	if v := fields["day"]; v != "" {
		sk = append(sk, skeletonField{'d', num[v]})
	}
	// A day period goes with a 12-hour clock; ICU leaves it out of a
	// 24-hour one ("00 Uhr").
	if v := fields["dayPeriod"]; v != "" && (fields["hour"] == "" || df.hourChar() == 'h' || df.hourChar() == 'K') {
		sk = append(sk, skeletonField{'B', map[string]int{"narrow": 5, "short": 1, "long": 4}[v]})
	}
	if v := fields["hour"]; v != "" {
		sk = append(sk, skeletonField{df.hourChar(), num[v]})
	}
	if v := fields["minute"]; v != "" {
		sk = append(sk, skeletonField{'m', num[v]})
	}
	if v := fields["second"]; v != "" {
		sk = append(sk, skeletonField{'s', num[v]})
	}
	if fsd > 0 {
		sk = append(sk, skeletonField{'S', fsd})
	}
	switch fields["timeZoneName"] {
	case "short":
		sk = append(sk, skeletonField{'z', 1})
	case "long":
		sk = append(sk, skeletonField{'z', 4})
	case "shortOffset":
		sk = append(sk, skeletonField{'O', 1})
	case "longOffset":
		sk = append(sk, skeletonField{'O', 4})
	case "shortGeneric":
		sk = append(sk, skeletonField{'v', 1})
	case "longGeneric":
		sk = append(sk, skeletonField{'v', 4})
	}
	return sk
}

// canonicalLetter folds a pattern letter into the skeleton letter it
// matches: L is M, c and e are E, K is h, k is H.
func canonicalLetter(c byte) byte {
	switch c {
	case 'L':
		return 'M'
	case 'c', 'e':
		return 'E'
	case 'K':
		return 'h'
	case 'k':
		return 'H'
	}
	return c
}

func isTimeLetter(c byte) bool { return strings.IndexByte("ahHKkmsSzvOB", c) >= 0 }

// componentPattern is ICU's pattern generator in small: the
// availableFormats entry whose fields match the request best, its field
// widths adjusted to the request; a request no entry covers is split into
// its date and time halves, joined by the dateTimeFormats glue.
func (df *dateTimeFormat) componentPattern(fields map[string]string, fsd int) string {
	return df.skeletonPattern(df.skeletonOf(fields, fsd))
}

// skeletonPattern is the pattern ICU's generator gives a skeleton.
func (df *dateTimeFormat) skeletonPattern(sk []skeletonField) string {
	if p, ok := df.bestPattern(sk); ok {
		return p
	}
	var datePart, timePart []skeletonField
	for _, f := range sk {
		if isTimeLetter(f.letter) {
			timePart = append(timePart, f)
		} else {
			datePart = append(datePart, f)
		}
	}
	dp := df.matchOrBuild(datePart)
	tp := df.matchOrBuild(timePart)
	switch {
	case dp == "":
		return tp
	case tp == "":
		return dp
	}
	style := "short"
	month, weekday := 0, 0
	for _, f := range datePart {
		switch f.letter {
		case 'M':
			month = f.width
		case 'E':
			weekday = f.width
		}
	}
	switch {
	case month == 4 && weekday == 4:
		style = "full"
	case month == 4:
		style = "long"
	case month == 3:
		style = "medium"
	}
	return strings.NewReplacer("{1}", dp, "{0}", tp).Replace(df.glue(style))
}

// glue is the pattern joining a date and a time for a style: CLDR's
// "atTime" form, which ICU has used since CLDR 42, else the plain one.
func (df *dateTimeFormat) glue(style string) string {
	d := df.formats()
	if g := d.AtTimeFormats.Standard[style]; g != "" {
		return g
	}
	g, _ := d.DateTimeFormats[style].(string)
	return g
}

// matchOrBuild matches half a request; a time half with a zone no entry
// has is matched without it and the zone appended, as ICU does.
func (df *dateTimeFormat) matchOrBuild(sk []skeletonField) string {
	if len(sk) == 0 {
		return ""
	}
	if p, ok := df.bestPattern(sk); ok {
		return p
	}
	for i, f := range sk {
		if f.letter == 'S' && i > 0 {
			// Fractional seconds follow the seconds, after the locale's
			// decimal sign.
			rest := append(append([]skeletonField(nil), sk[:i]...), sk[i+1:]...)
			base := df.matchOrBuild(rest)
			frac := "'" + df.loc.data.Numbers.Symbols["decimal"] + "'" + strings.Repeat("S", f.width)
			// After the seconds field, not a quoted "s" (fr-CA's "ss 's'").
			var b strings.Builder
			done := false
			for _, piece := range splitPattern(base) {
				b.WriteString(piece.raw)
				if piece.field && piece.text[0] == 's' && !done {
					b.WriteString(frac)
					done = true
				}
			}
			if !done {
				b.WriteString(frac)
			}
			return b.String()
		}
	}
	var zone *skeletonField
	var rest []skeletonField
	for i, f := range sk {
		if f.letter == 'z' || f.letter == 'v' || f.letter == 'O' {
			zone = &sk[i]
		} else {
			rest = append(rest, f)
		}
	}
	base := ""
	if len(rest) > 0 {
		if p, ok := df.bestPattern(rest); ok {
			base = p
		} else {
			// No entry at all: the fields in order, space-separated.
			var parts []string
			for _, f := range rest {
				parts = append(parts, strings.Repeat(string(f.letter), f.width))
			}
			base = strings.Join(parts, " ")
		}
	}
	if zone == nil {
		return base
	}
	z := strings.Repeat(string(zone.letter), zone.width)
	if base == "" {
		return z
	}
	tz, _ := df.loc.data.Dates.DateTimeFormats["appendTimezone"].(string) // the same in every calendar
	if tz == "" {
		tz = "{0} {1}"
	}
	return strings.NewReplacer("{0}", base, "{1}", z).Replace(tz)
}

// bestPattern finds the availableFormats entry with exactly the
// requested fields, preferring equal widths and numeric for numeric (a
// zone of another kind, v for z, is the same field at ICU's distance), or
// the locale's time format where ICU's pattern generator prefers it.
func (df *dateTimeFormat) bestPattern(sk []skeletonField) (string, bool) {
	avail, _ := df.formats().DateTimeFormats["availableFormats"].(map[string]any)
	want := map[byte]int{}
	var zone skeletonField
	for _, f := range sk {
		want[fieldKey(f.letter)] = f.width
		if fieldKey(f.letter) == 'z' {
			zone = f
		}
	}
	best, bestScore := "", math.MaxInt
	for key := range avail {
		if strings.ContainsRune(key, '-') {
			continue // -alt-ascii and -count- variants
		}
		have, haveZone := fieldsOf(key)
		if len(have) != len(want) {
			continue
		}
		score := 0
		for c, w := range want {
			hw, ok := have[c]
			if !ok {
				score = math.MaxInt
				break
			}
			switch {
			case c == 'z':
				score += abs(zoneType(zone.letter, w) - zoneType(haveZone, hw))
			case (w >= 3) != (hw >= 3) && c == 'M':
				score += 100 // text against numeric month
			case hw > w && w < 3:
				// A numeric field wider than asked cannot be narrowed
				// (dd stays dd); a narrower one can be widened.
				score += 2 * (hw - w)
			default:
				score += abs(w - hw)
			}
		}
		if score < bestScore || score == bestScore && key < best {
			best, bestScore = key, score
		}
	}
	if p, dist, ok := df.timeFormatMatch(want, zone); ok && bestScore > 0 && dist <= bestScore {
		return p, true
	}
	if bestScore == math.MaxInt {
		return "", false
	}
	p, _ := avail[best].(string)
	have, haveZone := fieldsOf(best)
	exact := len(have) == len(want) && haveZone == zone.letter
	for k, w := range want {
		exact = exact && have[k] == w
	}
	return df.adjustWidths(p, want, zone.letter, exact), true
}

// fieldsOf reads a skeleton or pattern's fields: each field's width by
// [fieldKey], and the letter of its zone field, if any.
func fieldsOf(p string) (map[byte]int, byte) {
	have := map[byte]int{}
	var zone byte
	for _, f := range splitPattern(p) {
		if f.field {
			have[fieldKey(f.text[0])] = len(f.text)
			if fieldKey(f.text[0]) == 'z' {
				zone = f.text[0]
			}
		}
	}
	return have, zone
}

// fieldKey is [canonicalLetter] with every zone letter (z, v, O) folded
// into z: they are one field of several kinds.
func fieldKey(c byte) byte {
	if c == 'v' || c == 'O' {
		return 'z'
	}
	return canonicalLetter(c)
}

// zoneType is ICU's pattern generator's value of a zone field, whose
// differences are the distance between two kinds: the specific name (z)
// is nearer the offset (O) than the generic name (v) is.
func zoneType(letter byte, width int) int {
	t := -0x103 // short
	if width >= 4 {
		t = -0x104
	}
	switch letter {
	case 'O':
		t -= 0x10
	case 'v':
		t -= 0x20
	}
	return t
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// adjustWidths gives a matched pattern's fields the requested widths, as
// ICU does: an exact match of the skeleton (fr's yMd, "dd/MM/y") stands as
// CLDR wrote it, otherwise each field takes the requested width; text stays
// text and numeric stays numeric (ja's
// "M月" for a long month is right as it is); the hour letter follows the
// hour cycle.
func (df *dateTimeFormat) adjustWidths(p string, want map[byte]int, zone byte, exact bool) string {
	hc := df.hourChar()
	var b strings.Builder
	for _, f := range splitPattern(p) {
		if !f.field {
			b.WriteString(f.raw)
			continue
		}
		c := f.text[0]
		n := len(f.text)
		key := fieldKey(c)
		w, ok := want[key]
		if key == 'z' && ok {
			// The zone of the kind asked for (z where the entry has v).
			b.WriteString(strings.Repeat(string(zone), w))
			continue
		}
		if c == 'B' && !ok {
			// A flexible day period nobody asked for (zh-Hant's "Bh:mm")
			// is written as AM/PM, as ICU's generator does.
			b.WriteString("a")
			continue
		}
		if c == 'h' || c == 'H' || c == 'K' || c == 'k' {
			c = hc
			if w == 2 {
				n = 2
			}
			b.WriteString(strings.Repeat(string(c), n))
			continue
		}
		if !ok || exact {
			b.WriteString(f.text)
			continue
		}
		switch {
		case c == 'y' || c == 'G' || c == 'S' || c == 'z' || c == 'v' || c == 'O' || c == 'E' || c == 'B':
			n = w
		case c == 'c' || c == 'e':
			n = max(w, 3) // one or two letters would be the day's number
		case (n >= 3) != (w >= 3):
			// Text against numeric: the pattern's choice stands.
		case c == 'm' || c == 's':
			// ICU keeps the pattern's minutes and seconds (fi's "m.ss").
		default:
			n = w
		}
		b.WriteString(strings.Repeat(string(c), n))
	}
	return b.String()
}

// reportFields sets the component fields resolvedOptions reports from the
// final pattern, as V8 does.
func (df *dateTimeFormat) reportFields() {
	for _, f := range splitPattern(df.pattern) {
		if !f.field {
			continue
		}
		n := len(f.text)
		num := "numeric"
		if n == 2 {
			num = "2-digit"
		}
		txt := map[int]string{1: "short", 2: "short", 3: "short", 4: "long", 5: "narrow"}[n]
		switch f.text[0] {
		case 'G':
			df.Era = txt
		case 'y':
			df.Year = num
		case 'M', 'L':
			if n >= 3 {
				df.Month = txt
			} else {
				df.Month = num
			}
		case 'E', 'c', 'e':
			df.Weekday = txt
		case 'B':
			df.DayPeriod = map[int]string{4: "long", 5: "narrow"}[n]
			if df.DayPeriod == "" {
				df.DayPeriod = "short"
			}
		case 'd':
			df.Day = num
		case 'h', 'H', 'K', 'k':
			df.Hour = num
		case 'm':
			df.Minute = num
		case 's':
			df.Second = num
		case 'S':
			df.FractionalSecondDigits = n
		case 'z':
			df.TimeZoneName = map[bool]string{true: "long", false: "short"}[n >= 4]
		case 'O':
			df.TimeZoneName = map[bool]string{true: "longOffset", false: "shortOffset"}[n >= 4]
		case 'v':
			df.TimeZoneName = map[bool]string{true: "longGeneric", false: "shortGeneric"}[n >= 4]
		}
	}
	if df.Hour == "" {
		df.HourCycle, df.Hour12 = "", nil
	}
}

// maxTimeValue is ECMAScript's time value limit, 100 million days.
const maxTimeValue = 8.64e15

// format formats a time value (ms since the epoch) into parts.
func (df *dateTimeFormat) format(ms float64) ([]part, error) {
	t, err := df.timeOf(ms)
	if err != nil {
		return nil, err
	}
	return df.formatTime(df.pattern, t), nil
}

// timeOf is a time value as a time in the formatter's zone, or the
// RangeError of a value out of range.
func (df *dateTimeFormat) timeOf(ms float64) (time.Time, error) {
	if ms != ms || math.Abs(ms) > maxTimeValue {
		return time.Time{}, rangeError("Invalid time value")
	}
	return time.UnixMilli(int64(math.Trunc(ms))).In(df.zone), nil
}

// formatTime formats t with a pattern into parts.
func (df *dateTimeFormat) formatTime(pattern string, t time.Time) []part {
	d := df.loc.data.Dates
	nf := &numberFormat{NumberingSystem: df.NumberingSystem}
	pad := func(v, n int) string {
		s := strconv.Itoa(v)
		for len(s) < n {
			s = "0" + s
		}
		return nf.localDigits(s)
	}
	name := func(table map[string]map[string]map[string]string, context string, n int, key string) string {
		width := map[int]string{1: "abbreviated", 2: "abbreviated", 3: "abbreviated", 4: "wide", 5: "narrow"}[n]
		if s := table[context][width][key]; s != "" {
			return s
		}
		return table["format"][width][key]
	}
	year := t.Year()
	era := 1
	eras := d.Eras
	switch {
	case df.Calendar == "buddhist":
		// One era, counted from 543 BC.
		era, year, eras = 0, year+543, d.BuddhistEras
	case year <= 0:
		era, year = 0, 1-year
	}
	var out []part
	for _, f := range splitPattern(pattern) {
		if !f.field {
			out = append(out, part{Type: "literal", Value: f.text})
			continue
		}
		n := len(f.text)
		switch f.text[0] {
		case 'G':
			key := map[int]string{4: "eraNames", 5: "eraNarrow"}[n]
			if key == "" {
				key = "eraAbbr"
			}
			name := eras[key][strconv.Itoa(era)]
			if name == "" && df.Calendar == "buddhist" {
				name = "BE"
			}
			out = append(out, part{Type: "era", Value: name})
		case 'y':
			if n == 2 {
				out = append(out, part{Type: "year", Value: pad(year%100, 2)})
			} else {
				out = append(out, part{Type: "year", Value: pad(year, n)})
			}
		case 'M', 'L':
			if n <= 2 {
				out = append(out, part{Type: "month", Value: pad(int(t.Month()), n)})
				break
			}
			ctx := "format"
			if f.text[0] == 'L' {
				ctx = "stand-alone"
			}
			out = append(out, part{Type: "month", Value: name(d.Months, ctx, n, strconv.Itoa(int(t.Month())))})
		case 'E', 'c', 'e':
			ctx := "format"
			if f.text[0] == 'c' {
				ctx = "stand-alone"
			}
			key := strings.ToLower(t.Weekday().String()[:3])
			if n == 6 {
				n = 3
			}
			out = append(out, part{Type: "weekday", Value: name(d.Days, ctx, n, key)})
		case 'd':
			out = append(out, part{Type: "day", Value: pad(t.Day(), n)})
		case 'a', 'b', 'B':
			key := "am"
			if t.Hour() >= 12 {
				key = "pm"
			}
			if f.text[0] != 'a' {
				if p := df.dayPeriod(t, f.text[0] == 'B'); p != "" && name(d.DayPeriods, "format", n, p) != "" {
					key = p
				}
			}
			out = append(out, part{Type: "dayPeriod", Value: name(d.DayPeriods, "format", n, key)})
		case 'h':
			h := t.Hour() % 12
			if h == 0 {
				h = 12
			}
			out = append(out, part{Type: "hour", Value: pad(h, n)})
		case 'H':
			out = append(out, part{Type: "hour", Value: pad(t.Hour(), n)})
		case 'K':
			out = append(out, part{Type: "hour", Value: pad(t.Hour()%12, n)})
		case 'k':
			h := t.Hour()
			if h == 0 {
				h = 24
			}
			out = append(out, part{Type: "hour", Value: pad(h, n)})
		case 'm':
			out = append(out, part{Type: "minute", Value: pad(t.Minute(), n)})
		case 's':
			out = append(out, part{Type: "second", Value: pad(t.Second(), n)})
		case 'S':
			// Cut to the width before the digits become the numbering
			// system's, which take more than a byte.
			frac := strconv.Itoa(1000 + t.Nanosecond()/1e6)[1:]
			out = append(out, part{Type: "fractionalSecond", Value: nf.localDigits(frac[:min(n, 3)])})
		case 'z', 'v', 'O', 'V', 'Z', 'X', 'x':
			out = append(out, part{Type: "timeZoneName", Value: df.zoneName(t, f.text[0], n)})
		default:
			out = append(out, part{Type: "literal", Value: f.text})
		}
	}
	return mergeLiterals(out)
}

func mergeLiterals(ps []part) []part {
	var out []part
	for _, p := range ps {
		if p.Value == "" {
			continue
		}
		if p.Type == "literal" && len(out) > 0 && out[len(out)-1].Type == "literal" {
			out[len(out)-1].Value += p.Value
			continue
		}
		out = append(out, p)
	}
	return out
}

// dayPeriod is the CLDR day period of t in the locale's language: noon
// (or, for b, midnight) when t is exactly then, else, for flexible periods
// (B), the range t falls in ("evening1"). "" when the language has no
// rules.
func (df *dateTimeFormat) dayPeriod(t time.Time, flexible bool) string {
	rules := supp().DayPeriodRules[df.loc.lang]
	hm := fmt.Sprintf("%02d:%02d", t.Hour(), t.Minute())
	for p, r := range rules {
		// Flexible periods name noon but not midnight, which is night or
		// morning: ICU's choice, which Node prints.
		if at, ok := r["_at"]; ok && at == hm && t.Second() == 0 && t.Nanosecond() < 1e6 && !(flexible && p == "midnight") {
			return p
		}
	}
	if !flexible {
		return ""
	}
	for p, r := range rules {
		from, before := r["_from"], r["_before"]
		if from == "" {
			continue
		}
		if from <= before && hm >= from && hm < before || from > before && (hm >= from || hm < before) {
			return p
		}
	}
	return ""
}
