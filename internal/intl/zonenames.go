package intl

import (
	"strconv"
	"strings"
	"sync"
	"time"

	"golang.org/x/text/language"
)

// Time zone names as ICU gives them (TimeZoneFormat and its generic
// names), which Node prints: the specific name (z: "Eastern Daylight
// Time"), the generic name (v: "Eastern Time", or the zone's place,
// "United Kingdom Time", where its metazone has no generic name), and the
// localized GMT offset wherever the locale has no name.

// zoneName names t's zone for the pattern field letter (z, v, O) of
// width n: four letters or more are the long form.
func (df *dateTimeFormat) zoneName(t time.Time, letter byte, n int) string {
	long := n >= 4
	id := df.TimeZone
	if id == "UTC" {
		id = "Etc/UTC"
	}
	name := ""
	switch letter {
	case 'z':
		kind := "standard"
		if daylight(t) {
			kind = "daylight"
		}
		name = df.specificName(id, nameLength(long), kind)
	case 'v':
		name = df.genericName(id, t, nameLength(long))
	}
	if name == "" {
		name = df.gmtOffset(t, long)
	}
	return name
}

func nameLength(long bool) string {
	if long {
		return "long"
	}
	return "short"
}

// usable is a name CLDR gives, or "" for none: "∅∅∅" marks a name a
// locale leaves out on purpose.
func usable(s string) string {
	if s == "∅∅∅" {
		return ""
	}
	return s
}

// specificName is the zone's own name of the kind (standard, daylight)
// where it has one (British Summer Time), else its metazone's.
func (df *dateTimeFormat) specificName(id, length, kind string) string {
	z := df.loc.data.Dates.Zones.get()
	if s := usable(z.Zone[id][length][kind]); s != "" {
		return s
	}
	if mz := supp().Metazones[id]; mz != "" {
		return usable(z.Metazone[mz][length][kind])
	}
	return ""
}

// genericName is ICU's generic name: the zone's own, else its metazone's
// (its standard name when the zone keeps standard time all around t:
// "India Standard Time"), with the zone's place added where the zone's
// offset differs from the metazone's reference zone at t; else the
// zone's place ("United Kingdom Time"); "" when it has none (UTC).
func (df *dateTimeFormat) genericName(id string, t time.Time, length string) string {
	z := df.loc.data.Dates.Zones.get()
	if s := usable(z.Zone[id][length]["generic"]); s != "" {
		return s
	}
	if mz := supp().Metazones[id]; mz != "" {
		generic := usable(z.Metazone[mz][length]["generic"])
		if standardAround(t) {
			// ICU takes the standard name only where it differs from the
			// generic one (some locales give both the same text).
			if std := df.specificName(id, length, "standard"); std != "" && !strings.EqualFold(std, generic) {
				return std
			}
		}
		if generic != "" {
			if ref := referenceZone(mz, df.targetRegion()); ref != "" && ref != id && offsetsDiffer(t, ref) {
				return df.partialLocationName(id, mz, generic)
			}
			return generic
		}
	}
	return df.locationName(id)
}

// locationName is the generic location name: "{0} Time" with the zone's
// country, or, where the country has several zones and this is not its
// primary one, the zone's city ("Sydney Time").
func (df *dateTimeFormat) locationName(id string) string {
	region := zoneRegion(id)
	if region == "" {
		return ""
	}
	place := ""
	if supp().PrimaryZones[region] == id || len(supp().ZonesByRegion[region]) == 1 {
		place = df.regionName(region)
	} else {
		place = df.exemplarCity(id)
	}
	if place == "" {
		return ""
	}
	return strings.Replace(df.loc.data.Dates.Zones.get().RegionFormat, "{0}", place, 1)
}

// partialLocationName is a metazone's name with the zone's place, for a
// zone whose offset differs from the metazone's reference zone: the
// country where the zone is the metazone's reference in it, else the
// city ("Central European Time (Algiers)").
func (df *dateTimeFormat) partialLocationName(id, mz, mzName string) string {
	place := ""
	if region := zoneRegion(id); region != "" && referenceZone(mz, region) == id {
		place = df.regionName(region)
	} else if place = df.exemplarCity(id); place == "" {
		place = id
	}
	return strings.NewReplacer("{0}", place, "{1}", mzName).Replace(df.loc.data.Dates.Zones.get().FallbackFormat)
}

// regionName is the locale's name of a region ("United Kingdom").
func (df *dateTimeFormat) regionName(region string) string {
	if s := df.loc.data.Names.get().Territories[region]; s != "" {
		return s
	}
	return region
}

// exemplarCity is the locale's name of the zone's city: CLDR's where the
// data carries it (gen keeps the ones that differ from the ID's), else
// the last part of the ID with spaces for underscores, as ICU derives it.
func (df *dateTimeFormat) exemplarCity(id string) string {
	if s := df.loc.data.Dates.Zones.get().ExemplarCity[id]; s != "" {
		return s
	}
	i := strings.LastIndexByte(id, '/')
	if i <= 0 || i == len(id)-1 || strings.HasPrefix(id, "Etc/") {
		return ""
	}
	return strings.ReplaceAll(id[i+1:], "_", " ")
}

// targetRegion is the region whose reference zones the generic names
// compare with: the locale's, or its language's likely one (en is US).
func (df *dateTimeFormat) targetRegion() string {
	r, _ := language.Make(df.loc.tag).Region()
	return r.String()
}

var (
	zoneRegionsOnce sync.Once
	zoneRegions     map[string]string // zone ID, region
)

// zoneRegion is the region of a zone ID ("GB" for Europe/London), "" for
// a zone of no region (Etc/UTC).
func zoneRegion(id string) string {
	zoneRegionsOnce.Do(func() {
		zoneRegions = map[string]string{}
		for region, zones := range supp().ZonesByRegion {
			for _, z := range zones {
				zoneRegions[z] = region
			}
		}
	})
	return zoneRegions[id]
}

// referenceZone is the zone a metazone stands for in a region, else in
// the world.
func referenceZone(mz, region string) string {
	refs := supp().MetazoneZones[mz]
	if z, ok := refs[region]; ok {
		return z
	}
	return refs["001"]
}

// offsetsDiffer says whether the reference zone's offset (standard and
// daylight) at t's wall-clock time differs from t's zone's at t, as ICU
// compares them.
func offsetsDiffer(t time.Time, ref string) bool {
	loc, err := time.LoadLocation(ref)
	if err != nil {
		return false
	}
	r := wallClockPeriod(t, loc)
	_, off := t.Zone()
	_, refOff := r.Zone()
	return off != refOff || daylight(t) != daylight(r)
}

// wallClockPeriod is an instant of the period of loc's offsets in which
// loc's clocks show wall's wall-clock time, read as ICU reads one: a time
// a transition skips (02:30 when clocks go from 02:00 to 03:00) belongs
// to the period before it, a time it repeats to the period after it.
func wallClockPeriod(wall time.Time, loc *time.Location) time.Time {
	local := time.Date(wall.Year(), wall.Month(), wall.Day(), wall.Hour(), wall.Minute(), wall.Second(), 0, time.UTC).Unix()
	_, guess := wall.Zone()
	u := time.Unix(local-int64(guess), 0).In(loc)
	// A period holds the wall-clock times from its start plus its offset
	// to its end plus the next period's offset; two steps reach it.
	for range 4 {
		_, off := u.Zone()
		start, end := u.ZoneBounds()
		if !start.IsZero() && local < start.Unix()+int64(off) {
			u = start.Add(-time.Second)
			continue
		}
		if !end.IsZero() {
			if _, next := end.Zone(); local >= end.Unix()+int64(next) {
				u = end
				continue
			}
		}
		break
	}
	return u
}

// daylight says whether t is in daylight saving time as ICU counts it.
// ICU's zone data is tzdata's "rearguard" form, where every saving is
// positive; Go's is the main form, where Europe/Dublin's winter is a
// negative saving from Irish Standard Time. A period marked as daylight
// next to a standard one with a greater offset is therefore standard,
// and the other way round.
func daylight(t time.Time) bool {
	_, off := t.Zone()
	dst := t.IsDST()
	for _, n := range []time.Time{previousPeriod(t), nextPeriod(t)} {
		if n.IsZero() || n.IsDST() == dst {
			continue
		}
		if _, nOff := n.Zone(); dst && nOff > off || !dst && nOff < off {
			return !dst
		}
	}
	return dst
}

// standardAround says whether t's zone keeps standard time at t and at
// the transitions within 184 days either side, ICU's test for naming a
// zone generically by its standard name.
func standardAround(t time.Time) bool {
	const window = 184 * 24 * time.Hour
	if daylight(t) {
		return false
	}
	if p := previousPeriod(t); !p.IsZero() && t.Sub(p) < window+time.Nanosecond && daylight(p) {
		return false
	}
	if n := nextPeriod(t); !n.IsZero() && n.Sub(t) < window && daylight(n) {
		return false
	}
	return true
}

// previousPeriod is the last instant before the current offset of t's
// zone began, skipping changes of abbreviation alone; zero if none.
func previousPeriod(t time.Time) time.Time {
	_, off := t.Zone()
	dst := t.IsDST()
	for range 8 {
		start, _ := t.ZoneBounds()
		if start.IsZero() {
			return time.Time{}
		}
		t = start.Add(-time.Nanosecond)
		if _, o := t.Zone(); o != off || t.IsDST() != dst {
			return t
		}
	}
	return time.Time{}
}

// nextPeriod is the first instant of the next offset of t's zone,
// skipping changes of abbreviation alone; zero if none.
func nextPeriod(t time.Time) time.Time {
	_, off := t.Zone()
	dst := t.IsDST()
	for range 8 {
		_, end := t.ZoneBounds()
		if end.IsZero() {
			return time.Time{}
		}
		t = end
		if _, o := t.Zone(); o != off || t.IsDST() != dst {
			return t
		}
	}
	return time.Time{}
}

// gmtOffset is the localized GMT format: "GMT-5", "GMT+5:30", or long
// "GMT-05:00"; an offset with seconds (local mean time before standard
// zones) shows them, "GMT-4:56:02", as ICU does.
func (df *dateTimeFormat) gmtOffset(t time.Time, long bool) string {
	z := df.loc.data.Dates.Zones.get()
	_, off := t.Zone()
	// ICU writes a zero offset as GMT+0 and GMT+00:00, not the locale's
	// zero format.
	pos, neg, _ := strings.Cut(z.HourFormat, ";")
	form := pos
	if off < 0 {
		form, off = neg, -off
	}
	h, m, s := off/3600, off/60%60, off%60
	// The form is "+HH:mm" (fi's "+H.mm"): the sign and what follows the
	// minutes kept, the separator reused before the seconds. ICU pads the
	// long form's hour to two digits whatever the form says.
	hStart := strings.IndexByte(form, 'H')
	hEnd := strings.LastIndexByte(form, 'H') + 1
	mStart := strings.Index(form, "mm")
	if hStart < 0 || mStart < hEnd {
		return strings.Replace(z.GMTFormat, "{0}", form, 1) // no such locale: TestZoneOffsetForms
	}
	sign, sep, rest := form[:hStart], form[hEnd:mStart], form[mStart+2:]
	var b strings.Builder
	b.WriteString(sign)
	if long {
		b.WriteString(pad2(h))
	} else {
		b.WriteString(strconv.Itoa(h))
	}
	// The short form drops zero minutes; seconds show when there are some.
	if long || m != 0 || s != 0 {
		b.WriteString(sep + pad2(m))
	}
	if s != 0 {
		b.WriteString(sep + pad2(s))
	}
	b.WriteString(rest)
	// The digits are the numbering system's (fa's "+۵:۳۰ گرینویچ").
	nf := &numberFormat{NumberingSystem: df.NumberingSystem}
	return strings.Replace(z.GMTFormat, "{0}", nf.localDigits(b.String()), 1)
}

func pad2(v int) string {
	if v < 10 {
		return "0" + strconv.Itoa(v)
	}
	return strconv.Itoa(v)
}
