package intl

import (
	"math"
	"sort"
	"strings"
	"time"
)

// DateTimeFormat's formatRange, as ICU's DateIntervalFormat does it for
// V8: the largest calendar field in which the two dates differ picks one
// of CLDR's interval formats for the formatter's skeleton ("MMM d – d,
// y" when only the day differs), or the fallback "{0} – {1}" of the whole
// pattern; dates that differ in no field the pattern shows are one date,
// formatted as format formats it.

// The calendar fields formatRange compares, largest first.
const (
	fieldEra = iota
	fieldYear
	fieldMonth
	fieldDate
	fieldAmPm
	fieldHour
	fieldMinute
	fieldSecond
	fieldMillisecond
	fieldCount
)

// fieldLevels are ICU's levels of the fields: a larger level is a smaller
// unit.
var fieldLevels = [fieldCount]int{0, 10, 20, 30, 40, 50, 60, 70, 80}

// letterLevel is the level of a pattern letter, -1 for a letter no field
// level applies to (zones).
func letterLevel(c byte) int {
	switch c {
	case 'G':
		return 0
	case 'y':
		return 10
	case 'M', 'L':
		return 20
	case 'd', 'E', 'c', 'e':
		return 30
	case 'a', 'b', 'B':
		return 40
	case 'h', 'H', 'K', 'k':
		return 50
	case 'm':
		return 60
	case 's':
		return 70
	case 'S':
		return 80
	}
	return -1
}

// fieldUnitIgnored reports whether every field of a pattern or skeleton
// is a larger unit than field: a difference in field does not show.
func fieldUnitIgnored(pattern string, field int) bool {
	for _, f := range splitPattern(pattern) {
		if f.field && fieldLevels[field] <= letterLevel(f.text[0]) {
			return false
		}
	}
	return true
}

// largestDifference is the largest field in which a and b differ, or
// fieldCount when they are the same to the millisecond.
func largestDifference(a, b time.Time) int {
	switch {
	case (a.Year() <= 0) != (b.Year() <= 0):
		return fieldEra
	case a.Year() != b.Year():
		return fieldYear
	case a.Month() != b.Month():
		return fieldMonth
	case a.Day() != b.Day():
		return fieldDate
	case (a.Hour() >= 12) != (b.Hour() >= 12):
		return fieldAmPm
	case a.Hour() != b.Hour():
		return fieldHour
	case a.Minute() != b.Minute():
		return fieldMinute
	case a.Second() != b.Second():
		return fieldSecond
	case a.Nanosecond()/1e6 != b.Nanosecond()/1e6:
		return fieldMillisecond
	}
	return fieldCount
}

// formatRange formats the range from x to y (time values). A range
// within what one date shows is that date, as format gives it; single
// reports that, so the guest's string can be format's.
func (df *dateTimeFormat) formatRange(x, y float64) (parts []sourcePart, single bool, err error) {
	a, err := df.timeOf(x)
	if err != nil {
		return nil, false, err
	}
	b, err := df.timeOf(y)
	if err != nil {
		return nil, false, err
	}
	if df.Calendar != "gregory" {
		return nil, false, rangeError("Intl.DateTimeFormat formatRange with the " + df.Calendar + " calendar is not supported in the coderun sandbox; pass the option calendar: \"gregory\"")
	}
	field := largestDifference(a, b)
	var out []part
	if field < fieldCount {
		// ICU's interval formatter asks the pattern generator for its
		// patterns without V8's hour-width matching.
		gen := *df
		gen.patternHours = true
		out = gen.newIntervals().format(df, a, b, field)
	}
	spans, ok := overlapSpans(out)
	if !ok {
		return withSource(df.formatTime(df.pattern, a), "shared"), true, nil
	}
	res := make([]sourcePart, len(out))
	for i, p := range out {
		source := "shared"
		switch {
		case spans[0] <= i && i <= spans[1]:
			source = "startRange"
		case spans[2] <= i && i <= spans[3]:
			source = "endRange"
		}
		res[i] = sourcePart{Type: p.Type, Value: p.Value, Source: source}
	}
	return res, false, nil
}

// overlapSpans finds the two dates in a formatted range as ICU does: the
// fields that occur twice, their first occurrences the start's span and
// their second the end's, each from its first such field to its last.
func overlapSpans(ps []part) ([4]int, bool) {
	s := [4]int{math.MaxInt, -1, math.MaxInt, -1}
	for i, p := range ps {
		if p.Type == "literal" {
			continue
		}
		for j := i + 1; j < len(ps); j++ {
			if ps[j].Type == p.Type {
				s[0], s[1] = min(s[0], i), max(s[1], i)
				s[2], s[3] = min(s[2], j), max(s[3], j)
				break
			}
		}
	}
	return s, s[1] >= 0
}

// intervals are ICU's interval patterns of a formatter, by the field
// that differs: a pattern whose first part formats the start and second
// part the end, or (first empty) a pattern to format both ends with in the
// fallback.
type intervals struct {
	first, second            [fieldCount]string
	datePattern, timePattern string         // the formatter's date and time halves, "" where it has none
	glue                     string         // joins a date and a time range: "{1}, {0}"
	fallback                 string         // "{0} – {1}"
	table                    map[string]any // CLDR's interval formats: skeleton, then field letter
}

// format formats a range whose largest difference is field.
func (iv *intervals) format(df *dateTimeFormat, a, b time.Time, field int) []part {
	first, second := iv.first[field], iv.second[field]
	sameDay := field >= fieldAmPm
	switch {
	case first == "" && second == "":
		if fieldUnitIgnored(df.pattern, field) {
			return nil
		}
		return iv.fallbackFormat(df, df.pattern, a, b, sameDay)
	case first == "":
		return iv.fallbackFormat(df, second, a, b, sameDay)
	}
	out := df.formatTime(first, a)
	if second != "" {
		out = append(out, df.formatTime(second, b)...)
	}
	return mergeLiterals(out)
}

// fallbackFormat is "{0} – {1}" of pattern, or for a range within a day
// of a formatter with a date and a time, the date once and the times'
// range, joined by the date-time glue.
func (iv *intervals) fallbackFormat(df *dateTimeFormat, pattern string, a, b time.Time, sameDay bool) []part {
	fallbackRange := func(pattern string) []part {
		return mergeLiterals(fillPattern(iv.fallback, df.formatTime(pattern, a), df.formatTime(pattern, b)))
	}
	if sameDay && iv.datePattern != "" && iv.timePattern != "" {
		return mergeLiterals(fillPattern(iv.glue, fallbackRange(iv.timePattern), df.formatTime(iv.datePattern, a)))
	}
	return fallbackRange(pattern)
}

// newIntervals sets up the interval patterns of the formatter's skeleton,
// as ICU's DateIntervalFormat::initializePattern does.
func (df *dateTimeFormat) newIntervals() *intervals {
	d := df.formats()
	table, _ := d.DateTimeFormats["intervalFormats"].(map[string]any)
	iv := &intervals{table: table}
	iv.fallback, _ = table["intervalFormatFallback"].(string)
	if iv.fallback == "" {
		iv.fallback = "{0} – {1}"
	}
	iv.glue, _ = d.DateTimeFormats["medium"].(string)

	dateSk, timeSk := df.patternSkeleton()
	normDate, normTime := normalizeDate(dateSk), normalizeTime(timeSk)
	found := iv.separateDateTime(df, normDate, normTime)
	if !found || dateSk.empty() || timeSk.empty() {
		if !timeSk.empty() && dateSk.empty() {
			// A time alone shows dates that differ with the short date.
			withDate := timeSk.with('y', 1).with('M', 1).with('d', 1)
			p := df.skeletonPattern(withDate.fields())
			iv.first[fieldDate], iv.second[fieldDate] = "", p
			iv.first[fieldMonth], iv.second[fieldMonth] = "", p
			iv.first[fieldYear], iv.second[fieldYear] = "", p
			iv.first[fieldEra], iv.second[fieldEra] = "", df.skeletonPattern(withDate.with('G', 1).fields())
		}
		return iv
	}
	// A date and a time: dates that differ in a field the skeleton lacks
	// fall back to the pattern with it; within a day, the date once and
	// the time range.
	sk := dateSk.union(timeSk)
	for _, f := range []struct {
		field  int
		letter byte
	}{{fieldDate, 'd'}, {fieldMonth, 'M'}, {fieldYear, 'y'}, {fieldEra, 'G'}} {
		if dateSk[f.letter] == 0 {
			sk = sk.with(f.letter, 1)
			iv.first[f.field], iv.second[f.field] = "", df.skeletonPattern(sk.fields())
		}
	}
	if iv.glue == "" {
		return iv
	}
	datePattern := df.skeletonPattern(dateSk.fields())
	for _, field := range []int{fieldAmPm, fieldHour, fieldMinute} {
		if iv.first[field] == "" {
			continue
		}
		combined := strings.NewReplacer("{0}", iv.first[field]+iv.second[field], "{1}", datePattern).Replace(iv.glue)
		iv.setPattern(field, combined)
	}
	return iv
}

// separateDateTime is ICU's setSeparateDateTimePtn: the interval
// patterns of the time skeleton, or for a date alone of the date
// skeleton, from the nearest skeleton CLDR has them for. False when CLDR
// has none with the same fields.
func (iv *intervals) separateDateTime(df *dateTimeFormat, normDate, normTime skeleton) bool {
	sk := normTime
	if sk.empty() {
		sk = normDate
	}
	best, diff, ok := iv.bestSkeleton(sk)
	if !ok {
		return false
	}
	if !normDate.empty() {
		iv.datePattern = df.skeletonPattern(normDate.fields())
	}
	if !normTime.empty() {
		iv.timePattern = df.skeletonPattern(normTime.fields())
	}
	if diff == -1 {
		return false
	}
	if normTime.empty() {
		var ext, extBest string
		iv.intervalFor(fieldDate, sk.String(), best, diff, &ext, &extBest)
		skText := sk.String()
		if iv.intervalFor(fieldMonth, skText, best, diff, &ext, &extBest) {
			skText, best = ext, extBest
		}
		iv.intervalFor(fieldYear, skText, best, diff, &ext, &extBest)
		iv.intervalFor(fieldEra, skText, best, diff, &ext, &extBest)
		return true
	}
	for _, field := range []int{fieldMinute, fieldHour, fieldAmPm} {
		iv.intervalFor(field, sk.String(), best, diff, nil, nil)
	}
	return true
}

// intervalLetters are the letters CLDR keys a field's interval pattern
// by.
var intervalLetters = [fieldCount]string{"G", "y", "M", "d", "aB", "hHKk", "m", "", ""}

// patternFor is CLDR's interval pattern of a skeleton for a field.
func (iv *intervals) patternFor(sk string, field int) string {
	byField, _ := iv.table[sk].(map[string]any)
	for _, c := range intervalLetters[field] {
		if p, _ := byField[string(c)].(string); p != "" {
			return p
		}
	}
	return ""
}

// intervalFor is ICU's setIntervalPattern: the pattern of best for field,
// widened to the skeleton; for a date field best has no pattern for, the
// pattern of best with the field added ("yMMMd" for MMMd when the years
// differ). It reports whether it extended the skeleton so.
func (iv *intervals) intervalFor(field int, sk, best string, diff int, ext, extBest *string) bool {
	pattern := iv.patternFor(best, field)
	if pattern == "" {
		if fieldUnitIgnored(best, field) {
			return false
		}
		if field == fieldAmPm {
			// A 24-hour skeleton has no pattern for AM/PM; the hour's
			// is the same.
			if p := iv.patternFor(best, fieldHour); p != "" {
				iv.setPattern(field, adjustFieldWidth(sk, best, p, diff))
			}
			return false
		}
		if ext != nil {
			letter := intervalLetters[field][:1]
			*ext, *extBest = letter+sk, letter+best
			pattern = iv.patternFor(*extBest, field)
			if pattern == "" && diff == 0 {
				if tmp, d, ok := iv.bestSkeleton(parseSkeleton(*extBest)); ok && d != -1 {
					diff = d
					pattern = iv.patternFor(tmp, field)
					best = tmp
				}
			}
			if pattern != "" && diff != -1 {
				best = *extBest
			}
		}
	}
	if pattern != "" {
		iv.setPattern(field, adjustFieldWidth(sk, best, pattern, diff))
	}
	return ext != nil && *ext != ""
}

// setPattern splits an interval pattern where its first field repeats:
// the part before formats the start, the rest the end.
func (iv *intervals) setPattern(field int, pattern string) {
	seen := map[byte]bool{}
	pos := 0
	for _, f := range splitPattern(pattern) {
		if f.field {
			if seen[f.text[0]] {
				iv.first[field], iv.second[field] = pattern[:pos], pattern[pos:]
				return
			}
			seen[f.text[0]] = true
		}
		pos += len(f.raw)
	}
	iv.first[field], iv.second[field] = pattern, ""
}

// bestSkeleton is ICU's DateIntervalInfo::getBestSkeleton: the skeleton
// of CLDR's interval formats nearest sk, and how it differs: 0 not at
// all, 1 in field widths, 2 in the kind of zone or hour only, -1 in its
// fields.
func (iv *intervals) bestSkeleton(sk skeleton) (string, int, bool) {
	input := sk.clone()
	replaced := false
	for from, to := range map[byte]byte{'z': 'v', 'k': 'H', 'K': 'h', 'a': 0, 'b': 0} {
		if n := input[from]; n > 0 {
			replaced = true
			delete(input, from)
			if to != 0 {
				input[to] = n
			}
		}
	}
	keys := make([]string, 0, len(iv.table))
	for k := range iv.table {
		if k != "intervalFormatFallback" {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	const differentField, stringNumeric = 0x1000, 0x100
	best, bestDistance, bestDiff := "", math.MaxInt, 0
	for _, k := range keys {
		have := parseSkeleton(k)
		distance, diff := 0, 1
		for _, c := range letterUnion(input, have) {
			w, hw := input[c], have[c]
			switch {
			case w == hw:
			case w == 0 || hw == 0:
				diff = -1
				distance += differentField
			case c == 'M' && (w <= 2) != (hw <= 2):
				distance += stringNumeric
			default:
				distance += abs(w - hw)
			}
		}
		if distance < bestDistance {
			best, bestDistance, bestDiff = k, distance, diff
		}
		if distance == 0 {
			bestDiff = 0
			break
		}
	}
	if best == "" {
		return "", 0, false
	}
	if replaced && bestDiff != -1 {
		bestDiff = 2
	}
	return best, bestDiff, true
}

// adjustFieldWidth widens the fields of an interval pattern that the
// skeleton asks wider than best has them ("MMMM" for "MMM"), and for a
// zone or hour of another kind, writes the skeleton's.
func adjustFieldWidth(sk, best, pattern string, diff int) string {
	input, bestWidths := parseSkeleton(sk), parseSkeleton(best)
	if diff == 2 {
		r := map[byte]byte{}
		if input['z'] > 0 {
			bestWidths['z'] = bestWidths['v']
			r['v'] = 'z'
		}
		if input['k'] > 0 {
			r['H'] = 'k'
		}
		if input['K'] > 0 {
			r['h'] = 'K'
		}
		if input['b'] > 0 {
			r['a'] = 'b'
		}
		pattern = replaceLetters(pattern, r)
	}
	var b strings.Builder
	for _, f := range splitPattern(pattern) {
		b.WriteString(f.raw)
		if !f.field {
			continue
		}
		c := f.text[0]
		if c == 'L' {
			c = 'M'
		}
		w := bestWidths[c]
		if (c == 'a' || c == 'b') && w == 0 {
			w = 1
		}
		if w == len(f.text) && input[c] > w {
			b.WriteString(strings.Repeat(f.text[:1], input[c]-w))
		}
	}
	return b.String()
}

// replaceLetters rewrites pattern letters outside quotes.
func replaceLetters(pattern string, r map[byte]byte) string {
	var b strings.Builder
	for _, f := range splitPattern(pattern) {
		if to, ok := r[f.text[0]]; ok && f.field {
			b.WriteString(strings.Repeat(string(to), len(f.text)))
			continue
		}
		b.WriteString(f.raw)
	}
	return b.String()
}
