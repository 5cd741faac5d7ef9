// Command gen writes internal/intl/cldr.zip, the CLDR data coderun's
// Intl formats with, from the unpacked CLDR JSON packages that fetch.sh
// downloads:
//
//	internal/intl/gen/fetch.sh /tmp/cldr
//	go run ./internal/intl/gen -src /tmp/cldr
//
// It keeps, for each locale of [locales], the subtrees the formatters read,
// with the locale's default numbering system resolved, and the
// supplemental tables (plural rules and ranges, currency digits, parent
// locales, metazones and their reference zones, primary zones, numbering
// system digits, language aliases), and the numbering systems' data ICU
// has beyond CLDR's JSON (numbering.go). The output is deterministic:
// encoding/json sorts map keys, and every file has the same fixed time.
package main

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"
)

// locales are the CLDR locales coderun carries: the languages most used on
// the web and in business software, with the regional variants whose
// formats differ from their parent's. A locale not listed falls back to
// its language, then to en.
var locales = strings.Fields(`
	en en-GB en-AU en-CA en-IN en-IE en-NZ en-ZA en-SG en-150 en-001
	de de-AT de-CH fr fr-CA fr-CH fr-BE es es-MX es-419 es-AR es-US
	it it-CH pt pt-PT nl nl-BE sv da nb nn fi is pl cs sk hu ro el tr
	ru uk be bg sr sr-Latn hr sl bs mk lt lv et sq ka hy az kk uz
	he ar ar-EG ar-SA fa ur hi bn mr ta te kn ml gu pa th vi id ms fil sw am
	ja ko zh zh-Hant zh-Hant-HK ca eu gl ga cy`)

// sanctionedUnits are ECMA-402's units for NumberFormat's unit style.
var sanctionedUnits = strings.Fields(`
	acre bit byte celsius centimeter day degree fahrenheit fluid-ounce foot
	gallon gigabit gigabyte gram hectare hour inch kilobit kilobyte kilogram
	kilometer liter megabit megabyte meter microsecond mile mile-scandinavian
	milliliter millimeter millisecond minute month nanosecond ounce percent
	petabyte pound second stone terabit terabyte week yard year`)

// versions are the packages fetch.sh downloads; the data says which.
const cldrVersion = "48.0.0"

func main() {
	src := flag.String("src", "", "directory with the unpacked cldr-* packages (fetch.sh)")
	out := flag.String("out", "internal/intl/cldr.zip", "file to write")
	flag.Parse()
	if *src == "" {
		fmt.Fprintln(os.Stderr, "gen: -src is required (run fetch.sh first)")
		os.Exit(2)
	}
	if err := write(*src, *out); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}

// write builds the data and writes it as a zip of JSON files, one per
// locale plus supplemental.json, so a process decodes only the locales
// its programs use.
func write(src, out string) error {
	files, err := build(src)
	if err != nil {
		return err
	}
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	sort.Strings(names)
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	zw.RegisterCompressor(zip.Deflate, func(w io.Writer) (io.WriteCloser, error) {
		return flate.NewWriter(w, flate.BestCompression)
	})
	for _, name := range names {
		// A fixed time keeps the output byte for byte the same.
		w, err := zw.CreateHeader(&zip.FileHeader{Name: name, Method: zip.Deflate, Modified: time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)})
		if err != nil {
			return err
		}
		enc := json.NewEncoder(w)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(files[name]); err != nil {
			return err
		}
	}
	if err := zw.Close(); err != nil {
		return err
	}
	return os.WriteFile(out, buf.Bytes(), 0o644)
}

type obj = map[string]any

// reader reads CLDR JSON files and walks into them, remembering the first
// error so the build reads as a list of lookups.
type reader struct {
	src     string
	err     error
	current map[string]bool // currencies legal tender somewhere today
	zones   zoneTables      // the zones' regions and metazones, for their names
	parents obj             // CLDR's parent locales, read on first use
}

// currentCurrencies are the currencies some region uses today. Names are
// kept for these only; the symbols of every currency are kept.
func currentCurrencies(r *reader) map[string]bool {
	cur := map[string]bool{}
	regions := r.at(r.file("cldr-core/supplemental/currencyData.json"), "supplemental", "currencyData", "region")
	for _, uses := range regions {
		for _, u := range uses.([]any) {
			for code, info := range u.(obj) {
				i := info.(obj)
				if _, ended := i["_to"]; !ended && i["_tender"] != "false" {
					cur[code] = true
				}
			}
		}
	}
	return cur
}

func (r *reader) file(rel string) obj {
	if r.err != nil {
		return obj{}
	}
	b, err := os.ReadFile(filepath.Join(r.src, rel))
	if err != nil {
		r.err = err
		return obj{}
	}
	var v obj
	if err := json.Unmarshal(b, &v); err != nil {
		r.err = fmt.Errorf("%s: %w", rel, err)
		return obj{}
	}
	return v
}

// at walks keys into v; a missing key is an error naming the path.
func (r *reader) at(v any, keys ...string) obj {
	for i, k := range keys {
		m, ok := v.(obj)
		if ok {
			v, ok = m[k]
		}
		if !ok {
			if r.err == nil {
				r.err = fmt.Errorf("no %s", strings.Join(keys[:i+1], "."))
			}
			return obj{}
		}
	}
	m, _ := v.(obj)
	return m
}

// build returns the files of the archive by name: LOCALE.json for each of
// [locales] and supplemental.json.
func build(src string) (map[string]any, error) {
	r := &reader{src: src}
	r.current = currentCurrencies(r)
	r.zones = r.readZoneTables()
	files := map[string]any{}
	for _, loc := range locales {
		files[loc+".json"] = r.locale(loc)
		if r.err != nil {
			return nil, fmt.Errorf("locale %s: %w", loc, r.err)
		}
	}
	sup := r.supplemental()
	sup["version"] = cldrVersion
	sup["locales"] = locales
	files["supplemental.json"] = sup
	return files, r.err
}

func (r *reader) locale(loc string) obj {
	numbers := r.at(r.file("cldr-numbers-full/main/"+loc+"/numbers.json"), "main", loc, "numbers")
	ns, _ := numbers["defaultNumberingSystem"].(string)
	currencies := r.at(r.file("cldr-numbers-full/main/"+loc+"/currencies.json"), "main", loc, "numbers", "currencies")
	greg := r.at(r.file("cldr-dates-full/main/"+loc+"/ca-gregorian.json"), "main", loc, "dates", "calendars", "gregorian")
	zones := r.at(r.file("cldr-dates-full/main/"+loc+"/timeZoneNames.json"), "main", loc, "dates", "timeZoneNames")
	fields := r.at(r.file("cldr-dates-full/main/"+loc+"/dateFields.json"), "main", loc, "dates", "fields")
	lists := r.at(r.file("cldr-misc-full/main/"+loc+"/listPatterns.json"), "main", loc, "listPatterns")

	zoneNames := obj{}
	for _, k := range []string{"hourFormat", "gmtFormat", "gmtZeroFormat", "regionFormat", "fallbackFormat"} {
		zoneNames[k] = zones[k]
	}
	zoneNames["metazone"] = zones["metazone"]
	// The few zones with names of their own (British Summer Time), by ID.
	named := obj{}
	forEachZone(r.at(zones, "zone"), func(id string, z obj) {
		kept := obj{}
		for _, n := range []string{"long", "short"} {
			if names, ok := z[n]; ok {
				kept[n] = names
			}
		}
		if len(kept) > 0 {
			named[id] = kept
		}
	})
	zoneNames["zone"] = named
	zoneNames["exemplarCity"] = r.exemplarCities(r.at(zones, "zone"))

	// Of each currency: its symbols, its own pattern where the locale has
	// one (en-150's euro, tr's lira), and its display names if it is
	// current.
	for code, v := range currencies {
		kept := obj{}
		for k, name := range v.(obj) {
			if k == "symbol" || k == "symbol-alt-narrow" || k == "pattern" || r.current[code] && strings.HasPrefix(k, "displayName") {
				kept[k] = name
			}
		}
		currencies[code] = kept
	}
	// The Gregorian calendar's interval formats (formatRange) are kept;
	// the Buddhist calendar's are not.
	dateTime := obj{}
	for k, v := range greg["dateTimeFormats"].(obj) {
		if k != "appendItems" {
			dateTime[k] = v
		}
	}
	if tz, ok := r.at(greg, "dateTimeFormats", "appendItems")["Timezone"]; ok {
		dateTime["appendTimezone"] = tz
	}
	atTime := greg["dateTimeFormats-atTime"]
	if loc == "zh-Hant" || strings.HasPrefix(loc, "zh-Hant-") {
		// CLDR 48's JSON joins zh-Hant's date and time with nothing; ICU
		// 78's data, which Node prints, uses a thin space in the short
		// style ("2024/10/31 下午7:45:00") and a space in the others.
		glue := obj{}
		for _, style := range []string{"full", "long", "medium", "short"} {
			glue[style] = "{1} {0}"
			dateTime[style] = "{1} {0}"
		}
		glue["short"], dateTime["short"] = "{1}\u2009{0}", "{1}\u2009{0}"
		atTime = obj{"standard": glue}
	}

	relative := obj{}
	for k, v := range fields {
		if _, ok := v.(obj)["relativeTime-type-future"]; ok {
			relative[k] = v
		}
	}
	// The Buddhist calendar (th's default): its formats and era names.
	// CLDR 48 publishes no cldr-cal-buddhist package; 43.1's has them for
	// coderun's locales, and where a locale has no formats of its own
	// there, ICU's fallback, the generic calendar's formats, stand in.
	formats := func(cal obj) obj {
		dateTime := obj{}
		for k, v := range r.at(cal, "dateTimeFormats") {
			if k != "intervalFormats" && k != "appendItems" {
				dateTime[k] = v
			}
		}
		return obj{
			"dateFormats":     cal["dateFormats"],
			"timeFormats":     cal["timeFormats"],
			"dateTimeFormats": dateTime,
			"atTimeFormats":   cal["dateTimeFormats-atTime"],
		}
	}
	buddhistFormats := formats(r.at(r.file("cldr-dates-full/main/"+loc+"/ca-generic.json"), "main", loc, "dates", "calendars", "generic"))
	var buddhistEras any
	if b, err := os.ReadFile(filepath.Join(r.src, "cldr-cal-buddhist-modern/main", loc, "ca-buddhist.json")); err == nil {
		var v obj
		if json.Unmarshal(b, &v) == nil {
			cal := r.at(v, "main", loc, "dates", "calendars", "buddhist")
			buddhistEras = cal["eras"]
			if _, ok := cal["dateFormats"]; ok {
				buddhistFormats = formats(cal)
			}
		}
	}

	// Units by ECMA-402's name (kilometer, kilometer-per-hour): CLDR's own
	// compound units where it has one, for each width, and the pattern
	// that joins the others.
	unitData := r.at(r.file("cldr-units-full/main/"+loc+"/units.json"), "main", loc, "units")
	units := obj{}
	for _, width := range []string{"long", "short", "narrow"} {
		table := r.at(unitData, width)
		byName := obj{"per": r.at(table, "per")["compoundUnitPattern"]}
		for key, v := range table {
			_, name, ok := strings.Cut(key, "-")
			if !ok {
				continue
			}
			num, den, isPer := strings.Cut(name, "-per-")
			if !(slices.Contains(sanctionedUnits, name) || isPer && slices.Contains(sanctionedUnits, num) && slices.Contains(sanctionedUnits, den)) {
				continue
			}
			if name == "percent" && !strings.HasPrefix(key, "concentr-") {
				continue
			}
			byName[name] = v
		}
		units[width] = byName
	}

	names := r.at(r.file("cldr-localenames-full/main/"+loc+"/localeDisplayNames.json"), "main", loc, "localeDisplayNames")
	display := obj{
		"languages":   r.at(r.file("cldr-localenames-full/main/"+loc+"/languages.json"), "main", loc, "localeDisplayNames", "languages"),
		"territories": r.at(r.file("cldr-localenames-full/main/"+loc+"/territories.json"), "main", loc, "localeDisplayNames", "territories"),
		"scripts":     r.at(r.file("cldr-localenames-full/main/"+loc+"/scripts.json"), "main", loc, "localeDisplayNames", "scripts"),
		"patterns":    names["localeDisplayPattern"],
	}
	return obj{
		"names": display,
		"units": units,
		"numbers": obj{
			"numberingSystem":       ns,
			"minimumGroupingDigits": numbers["minimumGroupingDigits"],
			"symbols":               numbers["symbols-numberSystem-"+ns],
			"decimal":               numbers["decimalFormats-numberSystem-"+ns],
			"percent":               numbers["percentFormats-numberSystem-"+ns],
			"currency":              numbers["currencyFormats-numberSystem-"+ns],
			"range":                 r.at(numbers, "miscPatterns-numberSystem-"+ns)["range"],
			"currencies":            currencies,
			"systems":               r.numberingSystems(loc, ns, numbers),
		},
		"dates": obj{
			"months":          greg["months"],
			"days":            greg["days"],
			"dayPeriods":      greg["dayPeriods"],
			"eras":            greg["eras"],
			"dateFormats":     greg["dateFormats"],
			"timeFormats":     greg["timeFormats"],
			"dateTimeFormats": dateTime,
			"atTimeFormats":   atTime,
			"buddhist":        buddhistFormats,
			"buddhistEras":    buddhistEras,
			"zones":           zoneNames,
		},
		"relative": relative,
		"lists":    lists,
	}
}

func (r *reader) supplemental() obj {
	sup := func(file string) obj { return r.at(r.file("cldr-core/supplemental/"+file), "supplemental") }
	// Only today's metazone of each zone (zones.go reads them): formatting
	// past dates with the metazone they had then is a refinement no
	// program here relies on.
	current := obj{}
	for zone, mzone := range r.zones.metazone {
		current[zone] = mzone
	}
	// Each metazone's reference zone, by territory ("001" the golden
	// one): a zone whose offset differs from it is named with its place.
	references := obj{}
	for mzone, byTerritory := range r.zones.references {
		references[mzone] = byTerritory
	}
	digits := obj{}
	for name, v := range r.at(sup("numberingSystems.json"), "numberingSystems") {
		if d, ok := v.(obj)["_digits"]; ok {
			digits[name] = d
		}
	}
	// Time zone IDs by lower-case alias: the ID Intl reports (ICU's
	// canonical one, the first alias) and the IANA name to load.
	tzs := obj{}
	for key, v := range r.at(r.file("cldr-bcp47/bcp47/timezone.json"), "keyword", "u", "tz") {
		entry, ok := v.(obj)
		if !ok || strings.HasPrefix(key, "_") {
			continue
		}
		alias, _ := entry["_alias"].(string)
		names := strings.Fields(alias)
		if len(names) == 0 {
			continue
		}
		iana, _ := entry["_iana"].(string)
		if iana == "" {
			iana = names[0]
		}
		for _, n := range names {
			tzs[strings.ToLower(n)] = []string{names[0], iana}
		}
	}
	zonesByRegion := obj{}
	for region, zones := range r.zones.byRegion {
		zonesByRegion[region] = zones
	}
	// Language aliases (mo is ro, sgn-GR is gss), by lower-case key with
	// "-" for "_", for the canonicalization V8 does with them.
	aliases := obj{}
	for key, v := range r.at(sup("aliases.json"), "metadata", "alias", "languageAlias") {
		aliases[strings.ToLower(strings.ReplaceAll(key, "_", "-"))] = v.(obj)["_replacement"]
	}
	// ICU 78 (Node 20) keeps bh and tw, and has sgn-NO as nsl.
	delete(aliases, "bh")
	delete(aliases, "tw")
	aliases["sgn-no"] = "nsl"
	week := r.at(sup("weekData.json"), "weekData")
	return obj{
		"dayPeriodRules":   r.at(sup("dayPeriods.json"), "dayPeriodRuleSet"),
		"zonesByRegion":    zonesByRegion,
		"weekData":         obj{"firstDay": week["firstDay"], "weekendStart": week["weekendStart"], "weekendEnd": week["weekendEnd"], "minDays": week["minDays"]},
		"timeZones":        tzs,
		"plurals":          r.at(sup("plurals.json"), "plurals-type-cardinal"),
		"ordinals":         r.at(sup("ordinals.json"), "plurals-type-ordinal"),
		"pluralRanges":     r.at(sup("pluralRanges.json"), "plurals"),
		"currencyDigits":   r.at(sup("currencyData.json"), "currencyData", "fractions"),
		"parentLocales":    r.at(sup("parentLocales.json"), "parentLocales", "parentLocale"),
		"metazones":        current,
		"metazoneZones":    references,
		"primaryZones":     r.zones.primary,
		"numberingDigits":  digits,
		"languageAliases":  aliases,
		"rootNumbering":    rootNumbering,
		"refusedNumbering": refusedNumbering(slices.Sorted(maps.Keys(digits))),
	}
}
