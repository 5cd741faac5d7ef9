package intl

import "strings"

// ICU's pattern generator holds, besides CLDR's availableFormats, the
// locale's own time formats (short to full), and ahead of them: a request
// no availableFormats entry matches exactly takes the time format with
// its fields when that is as close. A time format's fields have no
// skeleton of their own to keep, so its hour becomes as wide as asked:
// en-GB's hour "numeric" and minute "2-digit" is "9:05" (its short time
// is "HH:mm"), where hour and minute both "numeric" match the entry "Hm"
// exactly and keep its "09:05".

// timeFormatMatch is the locale's time format with exactly the requested
// fields (want: [fieldKey] to width, zone: the zone field asked for) that
// is closest to them, as a pattern for the request, and its distance by
// ICU's measure: the difference of widths of its numeric fields and of
// kinds of its zone.
func (df *dateTimeFormat) timeFormatMatch(want map[byte]int, zone skeletonField) (string, int, bool) {
	hc := df.hourChar()
	twelve := hc == 'h' || hc == 'K'
	best, bestDist := "", -1
	for _, style := range []string{"full", "long", "medium", "short"} {
		p := df.formats().TimeFormats[style]
		have, haveZone := fieldsOf(p)
		if _, ok := have['a']; ok && twelve {
			// A 12-hour request asks for its AM/PM too.
			delete(have, 'a')
		}
		if len(have) != len(want) {
			continue
		}
		dist := 0
		for c, w := range want {
			hw, ok := have[c]
			switch {
			case !ok:
				dist = -1
			case c == 'z':
				dist += abs(zoneType(zone.letter, w) - zoneType(haveZone, hw))
			default:
				dist += abs(w - hw)
			}
			if dist < 0 {
				break
			}
		}
		// The first of equal distance wins: ICU adds them full to short.
		if dist >= 0 && (bestDist < 0 || dist < bestDist) {
			best, bestDist = p, dist
		}
	}
	if bestDist < 0 {
		return "", 0, false
	}
	return df.requestWidths(best, want, zone), bestDist, true
}

// requestWidths gives a time format's hour and zone the requested widths
// (and the zone the requested kind), the hour the resolved hour cycle's
// letter; minutes and seconds keep the pattern's, as ICU keeps them.
func (df *dateTimeFormat) requestWidths(p string, want map[byte]int, zone skeletonField) string {
	hc := df.hourChar()
	var b strings.Builder
	for _, f := range splitPattern(p) {
		switch {
		case !f.field:
			b.WriteString(f.raw)
		case strings.IndexByte("hHKk", f.text[0]) >= 0 && df.patternHours:
			b.WriteString(strings.Repeat(string(hc), len(f.text)))
		case strings.IndexByte("hHKk", f.text[0]) >= 0:
			b.WriteString(strings.Repeat(string(hc), want[canonicalLetter(hc)]))
		case fieldKey(f.text[0]) == 'z':
			b.WriteString(strings.Repeat(string(zone.letter), zone.width))
		default:
			b.WriteString(f.text)
		}
	}
	return b.String()
}
