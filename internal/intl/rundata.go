package intl

import (
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/text/unicode/norm"
)

// What the process shares and what a run decodes for itself.
//
// No run may learn what another did, and decoding a CLDR locale takes
// milliseconds (tens on a busy machine): a process-wide cache filled on
// demand would tell a program, by how fast `new Intl.NumberFormat("ja")`
// comes, whether an earlier run used Japanese. So the process shares only
// a fixed set, decoded by [Warm] whatever runs ask: the tables every call
// reads (supplemental.json) and the data of the default locale, which
// every program that names no locale uses. Every other locale's data (the
// parts the run reads: see [lazy]), and everything derived from locale
// data that a run's choices select (parsed patterns, plural rules,
// numbering systems, script reorderings, punctuation), is decoded by the
// run that asks, inside its Intl call, and kept in its [Session].

// runData is one run's decoded CLDR data and what it derived from it.
type runData struct {
	locales    map[string]*localeData
	numbering  map[numberingKey]*localeData
	pluralSets map[pluralKey]*pluralSet
	patterns   map[string]numberPattern
	affixes    map[string][]affixPart
	reorder    map[string]*reorderTable
	variable   map[rune]bool
}

func newRunData() *runData {
	return &runData{
		locales:    map[string]*localeData{},
		numbering:  map[numberingKey]*localeData{},
		pluralSets: map[pluralKey]*pluralSet{},
		patterns:   map[string]numberPattern{},
		affixes:    map[string][]affixPart{},
		reorder:    map[string]*reorderTable{},
		variable:   map[rune]bool{},
	}
}

// maxRunLocales bounds the locales a run's cache holds, up to 600 KB
// each: a program that cycles through more decodes some again.
const maxRunLocales = 8

var (
	sharedOnce sync.Once
	shared     map[string]*localeData // read only once sharedOnce is done

	// localeDecodes counts the locales decoded, for tests.
	localeDecodes atomic.Int64
)

// sharedLocaleNames is the fixed set the process shares: the CLDR locale
// the default locale resolves to.
func sharedLocaleNames() []string {
	name, _ := cldrName(defaultLocale)
	return []string{name}
}

// Warm decodes what every process shares: the supplemental tables, the
// default locale's data, and the other process-wide tables Intl builds
// from fixed data. It is the same work whatever runs ask, done once per
// process; calling it before the first run starts keeps a run from
// learning, by its first Intl call's time, whether any run before it
// used Intl. Intl calls do it themselves when it has not been done.
//
// Its data is embedded and tested, so it cannot fail but by a build
// defect; then it shares nothing, and each Intl call reports the defect
// as an error of the call.
func Warm() {
	sharedOnce.Do(func() {
		defer func() { _ = recover() }()
		supp()
		m := map[string]*localeData{}
		for _, name := range sharedLocaleNames() {
			m[name] = decodeLocale(name)
			m[name].decodeAll()
		}
		shared = m
		zoneRegion("")
		variableProbe = newVariableProbe()
		// The first zone a process loads pays for the time package's
		// setup, and the first composition for x/text's table of
		// compositions: fixed ones pay for them here.
		_, _ = time.LoadLocation("America/New_York")
		_ = norm.NFC.String("e\u0301")
	})
}

// SharedLocales lists the CLDR locales whose data the process shares, for
// tests that check it does not grow with what runs ask.
func SharedLocales() []string {
	Warm()
	names := make([]string, 0, len(shared))
	for n := range shared {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

// LocaleDecodes is how many times the process has decoded a CLDR locale,
// for tests that check a run decodes the locales it uses itself.
func LocaleDecodes() int64 { return localeDecodes.Load() }

// load returns the data of a CLDR locale name that [supp] lists: the
// shared copy, else the run's, decoded now if the run has none.
func (d *runData) load(name string) *localeData {
	Warm()
	if l := shared[name]; l != nil {
		return l
	}
	if l := d.locales[name]; l != nil {
		return l
	}
	l := decodeLocale(name)
	rememberUpTo(d.locales, maxRunLocales, name, l)
	return l
}

// decodeLocale reads a locale's data from the archive. The data is
// embedded and tested, so failing to read it is a build defect: it
// panics, and the bridge turns the panic into an error of the call.
func decodeLocale(name string) *localeData {
	localeDecodes.Add(1)
	l := new(localeData)
	if err := readJSON(name+".json", l); err != nil {
		panic(err)
	}
	return l
}
