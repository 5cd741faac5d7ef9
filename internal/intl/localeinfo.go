package intl

import (
	"sort"
	"strings"

	"golang.org/x/text/language"
)

// localeInfo is everything an Intl.Locale answers, computed once when it
// is made: the guest's object only reads it.
type localeInfo struct {
	Tag              string         `json:"tag"`
	BaseName         string         `json:"baseName"`
	Language         string         `json:"language"`
	Script           string         `json:"script,omitempty"`
	Region           string         `json:"region,omitempty"`
	Calendar         string         `json:"calendar,omitempty"`
	CaseFirst        string         `json:"caseFirst,omitempty"`
	Collation        string         `json:"collation,omitempty"`
	HourCycle        string         `json:"hourCycle,omitempty"`
	Numeric          bool           `json:"numeric"`
	NumberingSystem  string         `json:"numberingSystem,omitempty"`
	Maximal          string         `json:"maximal"`
	Minimal          string         `json:"minimal"`
	HourCycles       []string       `json:"hourCycles"`
	NumberingSystems []string       `json:"numberingSystems"`
	TimeZones        []string       `json:"timeZones,omitempty"`
	TextInfo         map[string]any `json:"textInfo"`
	WeekInfo         weekInfoData   `json:"weekInfo"`
}

// weekInfoData is Intl.Locale's weekInfo, its keys in V8's order.
type weekInfoData struct {
	FirstDay    int   `json:"firstDay"`
	Weekend     []int `json:"weekend"`
	MinimalDays int   `json:"minimalDays"`
}

type localeOptions struct {
	Language        *string `json:"language"`
	Script          *string `json:"script"`
	Region          *string `json:"region"`
	Calendar        *string `json:"calendar"`
	Collation       *string `json:"collation"`
	HourCycle       *string `json:"hourCycle"`
	CaseFirst       *string `json:"caseFirst"`
	Numeric         *bool   `json:"numeric"`
	NumberingSystem *string `json:"numberingSystem"`
}

// unicodeKeys are the -u- keys Intl.Locale knows, by option, in the
// order a canonical tag lists them.
var unicodeKeys = []struct{ key, option string }{
	{"ca", "calendar"}, {"co", "collation"}, {"hc", "hourCycle"}, {"kf", "caseFirst"}, {"kn", "numeric"}, {"nu", "numberingSystem"},
}

// rtlScripts are the scripts written right to left.
var rtlScripts = map[string]bool{"Arab": true, "Hebr": true, "Thaa": true, "Syrc": true, "Nkoo": true, "Adlm": true, "Rohg": true, "Mand": true, "Samr": true}

func newLocaleInfo(run *runData, tag string, o localeOptions) (*localeInfo, error) {
	canon, err := canonicalTag(tag)
	if err != nil {
		return nil, err
	}
	base := tagWithoutExtensionsText(canon)
	ext := map[string]string{}
	if i := strings.Index(canon, "-u-"); i >= 0 {
		fields := strings.Split(canon[i+3:], "-")
		for j := 0; j < len(fields); j++ {
			k := fields[j]
			if len(k) == 1 {
				break // another extension
			}
			if len(k) != 2 {
				continue
			}
			var vals []string
			for j+1 < len(fields) && len(fields[j+1]) > 2 {
				vals = append(vals, fields[j+1])
				j++
			}
			ext[k] = strings.Join(vals, "-")
		}
	}
	info := &localeInfo{Language: base[0]}
	for _, p := range base[1:] {
		switch {
		case len(p) == 4 && isAlpha(p) && info.Script == "" && info.Region == "":
			info.Script = p
		case (len(p) == 2 || len(p) == 3 && isDigits(p)) && info.Region == "":
			info.Region = p
		}
	}
	set := func(v *string, check func(string) bool, apply func(string)) error {
		if v == nil {
			return nil
		}
		if !check(*v) {
			return rangeError("Incorrect locale information provided")
		}
		apply(*v)
		return nil
	}
	if err := set(o.Language, func(s string) bool { return isAlpha(s) && (len(s) >= 2 && len(s) <= 3 || len(s) >= 5 && len(s) <= 8) }, func(s string) { info.Language = strings.ToLower(s) }); err != nil {
		return nil, err
	}
	if err := set(o.Script, func(s string) bool { return len(s) == 4 && isAlpha(s) }, func(s string) { info.Script = strings.ToUpper(s[:1]) + strings.ToLower(s[1:]) }); err != nil {
		return nil, err
	}
	if err := set(o.Region, func(s string) bool { return len(s) == 2 && isAlpha(s) || len(s) == 3 && isDigits(s) }, func(s string) { info.Region = strings.ToUpper(s) }); err != nil {
		return nil, err
	}
	opts := map[string]*string{"calendar": o.Calendar, "collation": o.Collation, "hourCycle": o.HourCycle, "caseFirst": o.CaseFirst, "numberingSystem": o.NumberingSystem}
	for _, k := range unicodeKeys {
		if v := opts[k.option]; v != nil {
			if !wellFormedType(*v) {
				return nil, rangeError("Incorrect locale information provided")
			}
			ext[k.key] = strings.ToLower(*v)
		}
	}
	if o.Numeric != nil {
		if *o.Numeric {
			ext["kn"] = ""
		} else {
			ext["kn"] = "false"
		}
	}
	if v, ok := ext["hc"]; ok && v != "h11" && v != "h12" && v != "h23" && v != "h24" {
		return nil, rangeError("Incorrect locale information provided")
	}
	if v, ok := ext["kf"]; ok && v != "upper" && v != "lower" && v != "false" {
		return nil, rangeError("Incorrect locale information provided")
	}
	info.Calendar, info.Collation, info.HourCycle, info.CaseFirst, info.NumberingSystem = ext["ca"], ext["co"], ext["hc"], ext["kf"], ext["nu"]
	if kn, ok := ext["kn"]; ok {
		info.Numeric = kn == "" || kn == "true"
	}

	parts := []string{info.Language}
	if info.Script != "" {
		parts = append(parts, info.Script)
	}
	if info.Region != "" {
		parts = append(parts, info.Region)
	}
	for _, p := range base[1:] {
		if len(p) >= 4 && !(len(p) == 4 && isAlpha(p)) { // variants
			parts = append(parts, p)
		}
	}
	info.BaseName = strings.Join(parts, "-")
	suffix := unicodeSuffix(ext)
	info.Tag = info.BaseName + suffix
	if len(info.Tag) > maxTagBytes {
		return nil, tagTooLong(len(info.Tag))
	}
	info.Maximal, info.Minimal = maximize(info.BaseName)+suffix, minimize(info.BaseName)+suffix

	// What the locale implies, from the maximal form.
	maxParts := strings.Split(maximize(info.BaseName), "-")
	script, region := "", info.Region
	for _, p := range maxParts[1:] {
		switch {
		case len(p) == 4 && isAlpha(p):
			script = p
		case region == "" && (len(p) == 2 || len(p) == 3):
			region = p
		}
	}
	dir := "ltr"
	if rtlScripts[script] {
		dir = "rtl"
	}
	info.TextInfo = map[string]any{"direction": dir}
	info.WeekInfo = weekInfo(region)
	if info.Region != "" {
		info.TimeZones = supp().ZonesByRegion[info.Region]
	}
	loc, _ := resolveLocale(run, []string{info.BaseName})
	hc := info.HourCycle
	if hc == "" {
		df := &dateTimeFormat{loc: loc}
		for k, c := range hourCycleChar {
			if c == df.localeHourChar() {
				hc = k
			}
		}
	}
	info.HourCycles = []string{hc}
	ns := info.NumberingSystem
	if ns == "" {
		ns = loc.data.Numbers.NumberingSystem
	}
	info.NumberingSystems = []string{ns}
	return info, nil
}

// wellFormedType is a -u- value: one or more subtags of 3 to 8 letters or
// digits.
func wellFormedType(v string) bool {
	for _, p := range strings.Split(v, "-") {
		if len(p) < 3 || len(p) > 8 || !isAlnum(p) {
			return false
		}
	}
	return v != ""
}

// unicodeSuffix writes the -u- keys in canonical order; a true numeric is
// the bare key.
func unicodeSuffix(ext map[string]string) string {
	keys := make([]string, 0, len(ext))
	for k := range ext {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	for _, k := range keys {
		b.WriteString("-" + k)
		if v := ext[k]; v != "" && v != "true" {
			b.WriteString("-" + v)
		}
	}
	if b.Len() == 0 {
		return ""
	}
	return "-u" + b.String()
}

// maximize adds the likely script and region (golang.org/x/text's likely
// subtags): zh-TW is zh-Hant-TW.
func maximize(base string) string {
	t, err := language.Parse(base)
	if err != nil {
		return base
	}
	b, _ := t.Base()
	s, _ := t.Script()
	r, _ := t.Region()
	out := []string{b.String(), s.String(), r.String()}
	for _, p := range strings.Split(base, "-")[1:] {
		if len(p) >= 4 && !(len(p) == 4 && isAlpha(p)) {
			out = append(out, p)
		}
	}
	return strings.Join(out, "-")
}

// minimize removes what maximize would add back, preferring the language
// alone, then with its region, then with its script.
func minimize(base string) string {
	full := maximize(base)
	parts := strings.Split(full, "-")
	if len(parts) < 3 {
		return base
	}
	lang, script, region := parts[0], parts[1], parts[2]
	variants := ""
	if len(parts) > 3 {
		variants = "-" + strings.Join(parts[3:], "-")
	}
	for _, c := range []string{lang, lang + "-" + region, lang + "-" + script} {
		if maximize(c) == lang+"-"+script+"-"+region {
			return c + variants
		}
	}
	return full
}

var weekdayNumber = map[string]int{"mon": 1, "tue": 2, "wed": 3, "thu": 4, "fri": 5, "sat": 6, "sun": 7}

// weekInfo is Intl.Locale's weekInfo for a region, from CLDR's week data.
func weekInfo(region string) weekInfoData {
	w := supp().WeekData
	get := func(table, fallback string) string {
		if v, ok := w[table][region]; ok {
			return v
		}
		if v, ok := w[table]["001"]; ok {
			return v
		}
		return fallback
	}
	start, end := weekdayNumber[get("weekendStart", "sat")], weekdayNumber[get("weekendEnd", "sun")]
	var weekend []int
	for d := start; ; d = d%7 + 1 {
		weekend = append(weekend, d)
		if d == end || len(weekend) == 7 {
			break
		}
	}
	minDays := 1
	if v := get("minDays", "1"); v != "" {
		minDays = int(v[0] - '0')
	}
	return weekInfoData{FirstDay: weekdayNumber[get("firstDay", "mon")], Weekend: weekend, MinimalDays: minDays}
}
