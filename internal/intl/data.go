package intl

import (
	"archive/zip"
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"sync"
)

// cldrZip is CLDR's data for the locales coderun carries, one JSON file
// per locale and supplemental.json, written by gen (go run ./gen; its doc
// says how to refresh it). Which locales are decoded when, and who keeps
// them, is rundata.go's.
//
//go:embed cldr.zip
var cldrZip []byte

// localeData is what the formatters read of one CLDR locale. Field names
// follow CLDR's JSON.
type localeData struct {
	Names *lazy[localeNames] `json:"names"`
	// Units by width (long, short, narrow) and ECMA-402 unit name, each
	// with unitPattern-count-X and perUnitPattern; "per" is the pattern
	// joining a compound unit CLDR has no name for.
	Units   *lazy[map[string]map[string]any] `json:"units"`
	Numbers numberData                       `json:"numbers"`
	Dates   struct {
		Months          map[string]map[string]map[string]string `json:"months"`     // context, width, 1..12
		Days            map[string]map[string]map[string]string `json:"days"`       // context, width, sun..sat
		DayPeriods      map[string]map[string]map[string]string `json:"dayPeriods"` // context, width, am/pm/...
		Eras            map[string]map[string]string            `json:"eras"`       // eraAbbr/eraNames/eraNarrow, 0/1
		calendarFormats                                         // the Gregorian calendar's patterns
		Buddhist        calendarFormats                         `json:"buddhist"`     // the Buddhist calendar's patterns
		BuddhistEras    map[string]map[string]string            `json:"buddhistEras"` // eraAbbr/eraNames/eraNarrow, "0"
		Zones           *lazy[zoneNames]                        `json:"zones"`
	} `json:"dates"`
	Relative *lazy[map[string]map[string]any] `json:"relative"` // field, key
	Lists    map[string]map[string]string     `json:"lists"`    // listPattern-type-X, start/middle/end/2
}

// localeNames are DisplayNames' names of a locale.
type localeNames struct {
	Languages   map[string]string `json:"languages"`
	Territories map[string]string `json:"territories"`
	Scripts     map[string]string `json:"scripts"`
	Patterns    map[string]string `json:"patterns"` // localePattern, localeSeparator
}

// zoneNames are a locale's time zone names and formats.
type zoneNames struct {
	HourFormat     string                                  `json:"hourFormat"`
	GMTFormat      string                                  `json:"gmtFormat"`
	GMTZeroFormat  string                                  `json:"gmtZeroFormat"`
	RegionFormat   string                                  `json:"regionFormat"`   // "{0} Time": a zone named after its place
	FallbackFormat string                                  `json:"fallbackFormat"` // "{1} ({0})": a metazone's name and a place
	Metazone       map[string]map[string]map[string]string `json:"metazone"`       // name, long/short, generic/standard/daylight
	Zone           map[string]map[string]map[string]string `json:"zone"`           // zone ID, long/short, generic/standard/daylight
	ExemplarCity   map[string]string                       `json:"exemplarCity"`   // zone ID, its city where a name needs it and it is not the ID's
}

// decodeAll decodes every lazy part of d: the shared locales are, so that
// which parts runs read leaves no trace in the time of the next read.
func (d *localeData) decodeAll() {
	d.Names.get()
	d.Units.get()
	d.Numbers.Currencies.get()
	d.Dates.Zones.get()
	d.Relative.get()
}

// lazy is a part of a locale's data that is decoded when first read. A
// formatter reads little of its locale (a NumberFormat none of the
// display names, zone names, units and currency names that are most of
// it), and each run decodes the locales it uses: it decodes only the
// parts it reads.
type lazy[T any] struct {
	raw  []byte
	once sync.Once
	v    T
}

// UnmarshalJSON keeps the part's JSON for get.
func (l *lazy[T]) UnmarshalJSON(b []byte) error {
	l.raw = bytes.Clone(b)
	return nil
}

// get is the part, decoded on the first call; an absent part is T's zero
// value. The data is embedded and tested, so failing to decode it is a
// build defect: it panics, and the bridge turns the panic into an error
// of the call.
func (l *lazy[T]) get() T {
	if l == nil {
		var zero T
		return zero
	}
	l.once.Do(func() {
		err := json.Unmarshal(l.raw, &l.v)
		l.raw = nil
		if err != nil {
			panic(fmt.Errorf("intl: the embedded CLDR data is unreadable: %w", err))
		}
	})
	return l.v
}

// numberData is what NumberFormat formats with: a locale's data for one
// numbering system.
type numberData struct {
	NumberingSystem       string            `json:"numberingSystem"`
	MinimumGroupingDigits string            `json:"minimumGroupingDigits"`
	Symbols               map[string]string `json:"symbols"`
	Decimal               decimalFormats    `json:"decimal"`
	Percent               struct {
		Standard string `json:"standard"`
	} `json:"percent"`
	Currency   map[string]any                      `json:"currency"`
	Currencies *lazy[map[string]map[string]string] `json:"currencies"`
	Range      string                              `json:"range"` // "{0}–{1}": formatRange's pattern
	// The locale's data for its other numbering systems, with the
	// symbols ICU has beyond CLDR's JSON (see [numberData.forSystem]).
	Systems map[string]*systemData `json:"systems"`
}

// decimalFormats are the decimal patterns: the standard one and compact
// notation's by magnitude and plural category.
type decimalFormats struct {
	Standard string `json:"standard"`
	Short    struct {
		DecimalFormat map[string]string `json:"decimalFormat"`
	} `json:"short"`
	Long struct {
		DecimalFormat map[string]string `json:"decimalFormat"`
	} `json:"long"`
}

// systemData is a locale's (or root's) data for one numbering system; an
// absent part falls back as ICU's does.
type systemData struct {
	Symbols map[string]string `json:"symbols"`
	Decimal *decimalFormats   `json:"decimal"`
	Percent *struct {
		Standard string `json:"standard"`
	} `json:"percent"`
	Currency map[string]any `json:"currency"`
	Range    string         `json:"range"`
}

// calendarFormats are a calendar's patterns.
type calendarFormats struct {
	DateFormats     map[string]string `json:"dateFormats"`
	TimeFormats     map[string]string `json:"timeFormats"`
	DateTimeFormats map[string]any    `json:"dateTimeFormats"`
	AtTimeFormats   struct {
		Standard map[string]string `json:"standard"`
	} `json:"atTimeFormats"`
}

// supplementalData is CLDR's locale-independent tables.
type supplementalData struct {
	Version          string                                  `json:"version"`
	Locales          []string                                `json:"locales"`
	Plurals          map[string]map[string]string            `json:"plurals"`      // language, pluralRule-count-X
	Ordinals         map[string]map[string]string            `json:"ordinals"`     // language, pluralRule-count-X
	PluralRanges     map[string]map[string]string            `json:"pluralRanges"` // language, pluralRange-start-X-end-Y
	CurrencyDigits   map[string]map[string]string            `json:"currencyDigits"`
	ParentLocales    map[string]string                       `json:"parentLocales"`
	Metazones        map[string]string                       `json:"metazones"`     // IANA zone, metazone
	MetazoneZones    map[string]map[string]string            `json:"metazoneZones"` // metazone, territory ("001": the world), reference zone
	PrimaryZones     map[string]string                       `json:"primaryZones"`  // region with several zones, the one named after it
	NumberingDigits  map[string]string                       `json:"numberingDigits"`
	LanguageAliases  map[string]string                       `json:"languageAliases"`  // lower-case "lang", "lang-region" or "lang-variant", replacement
	RootNumbering    map[string]*systemData                  `json:"rootNumbering"`    // ICU root's arab and arabext data
	RefusedNumbering map[string][]string                     `json:"refusedNumbering"` // language, systems whose ICU data coderun does not carry
	TimeZones        map[string][2]string                    `json:"timeZones"`        // lower-case alias, [reported ID, IANA name]
	ZonesByRegion    map[string][]string                     `json:"zonesByRegion"`    // region, zone IDs sorted
	DayPeriodRules   map[string]map[string]map[string]string `json:"dayPeriodRules"`   // language, period, _from/_before or _at (hh:mm)
	WeekData         map[string]map[string]string            `json:"weekData"`         // firstDay/weekendStart/weekendEnd/minDays, region, value
}

var (
	archiveOnce sync.Once
	archive     map[string]*zip.File
	archiveErr  error

	supplementalOnce sync.Once
	supplemental     *supplementalData
	supplementalErr  error

	available map[string]bool
)

func openArchive() (map[string]*zip.File, error) {
	archiveOnce.Do(func() {
		zr, err := zip.NewReader(bytes.NewReader(cldrZip), int64(len(cldrZip)))
		if err != nil {
			archiveErr = fmt.Errorf("intl: the embedded CLDR data is unreadable: %w", err)
			return
		}
		archive = make(map[string]*zip.File, len(zr.File))
		for _, f := range zr.File {
			archive[f.Name] = f
		}
	})
	return archive, archiveErr
}

func readJSON(name string, v any) error {
	files, err := openArchive()
	if err != nil {
		return err
	}
	f, ok := files[name]
	if !ok {
		return fmt.Errorf("intl: no %s in the embedded CLDR data", name)
	}
	rc, err := f.Open()
	if err != nil {
		return err
	}
	defer rc.Close()
	if err := json.NewDecoder(rc).Decode(v); err != nil {
		return fmt.Errorf("intl: %s: %w", name, err)
	}
	return nil
}

// supp returns the supplemental tables. They are embedded and tested, so
// failing to read them is a build defect: it panics, and the bridge turns
// the panic into an error of the call.
func supp() *supplementalData {
	supplementalOnce.Do(func() {
		s := new(supplementalData)
		if supplementalErr = readJSON("supplemental.json", s); supplementalErr == nil {
			supplemental = s
			available = make(map[string]bool, len(s.Locales))
			for _, l := range s.Locales {
				available[l] = true
			}
		}
	})
	if supplementalErr != nil {
		panic(supplementalErr)
	}
	return supplemental
}
