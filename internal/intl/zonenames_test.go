package intl

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// zoneNameAt formats only the time zone name of an instant, as
// formatToParts(...).find(p => p.type === "timeZoneName").value does.
func zoneNameAt(t *testing.T, loc, zone, style, iso string) string {
	t.Helper()
	df, err := newDateTimeFormat(newRunData(), []string{loc}, dateTimeOptions{Required: "any", Defaults: "date", TimeZone: &zone, TimeZoneName: &style})
	require.NoError(t, err)
	at, err := time.Parse(time.RFC3339, iso)
	require.NoError(t, err)
	parts, err := df.format(float64(at.UnixMilli()))
	require.NoError(t, err)
	for _, p := range parts {
		if p.Type == "timeZoneName" {
			return p.Value
		}
	}
	t.Fatalf("no timeZoneName in %v", parts)
	return ""
}

// Each expectation is what Node 20 (ICU 78) prints.
func TestZoneNamesMatchNode(t *testing.T) {
	for _, c := range []struct{ loc, zone, style, iso, want string }{
		// A metazone without a generic name: the country of a zone alone
		// in it, or the primary one.
		{"en-US", "Europe/London", "longGeneric", "2024-07-15T12:00:00Z", "United Kingdom Time"},
		{"en-US", "Europe/London", "shortGeneric", "2024-01-15T12:00:00Z", "United Kingdom Time"},
		{"en-US", "Europe/Paris", "shortGeneric", "2024-01-15T12:00:00Z", "France Time"},
		{"en-US", "Europe/Berlin", "shortGeneric", "2024-07-15T12:00:00Z", "Germany Time"},
		{"en-US", "Europe/Kiev", "shortGeneric", "2024-07-15T12:00:00Z", "Ukraine Time"},
		{"de", "Europe/London", "longGeneric", "2024-07-15T12:00:00Z", "Vereinigtes Königreich (Ortszeit)"},
		// Zones that keep standard time all year: the standard name, or,
		// without one of that length, the place.
		{"en-US", "Asia/Kolkata", "longGeneric", "2024-07-15T12:00:00Z", "India Standard Time"},
		{"en-US", "Asia/Kolkata", "shortGeneric", "2024-07-15T12:00:00Z", "India Time"},
		{"en-US", "Africa/Abidjan", "shortGeneric", "2024-07-15T12:00:00Z", "GMT"},
		{"en-US", "America/Phoenix", "longGeneric", "2024-07-15T12:00:00Z", "Mountain Standard Time"},
		// A country with several zones: the city.
		{"en-US", "Australia/Sydney", "shortGeneric", "2024-07-15T12:00:00Z", "Sydney Time"},
		{"en-US", "Asia/Urumqi", "shortGeneric", "2024-07-15T12:00:00Z", "Ürümqi Time"},
		{"en-US", "Atlantic/Canary", "shortGeneric", "2024-07-15T12:00:00Z", "Canaries Time"},
		{"fr", "America/Sao_Paulo", "shortGeneric", "2024-07-15T12:00:00Z", "heure : São Paulo"},
		{"ja", "America/Los_Angeles", "shortGeneric", "2024-07-15T12:00:00Z", "ロサンゼルス時間"},
		{"ru", "Asia/Yekaterinburg", "shortGeneric", "2024-07-15T12:00:00Z", "Екатеринбург"},
		{"zh", "Asia/Urumqi", "longGeneric", "2024-07-15T12:00:00Z", "乌鲁木齐时间"},
		// A zone whose region is not its bcp47 key's (fimhq is in AX).
		{"en-US", "Europe/Mariehamn", "shortGeneric", "2024-07-15T12:00:00Z", "Åland Islands Time"},
		{"en-GB", "America/St_Barthelemy", "shortGeneric", "2024-07-15T12:00:00Z", "St Barthélemy Time"},
		// A zone out of step with its metazone's reference zone: the place
		// added, the country where the zone is the metazone's reference in
		// it, else the city.
		{"en-US", "Africa/Cairo", "longGeneric", "2024-10-29T12:00:00Z", "Eastern European Time (Egypt)"},
		{"en-US", "Africa/Cairo", "longGeneric", "2024-07-29T12:00:00Z", "Eastern European Time"},
		{"en-US", "Europe/Chisinau", "longGeneric", "2024-03-31T00:30:00Z", "Eastern European Time (Chișinău)"},
		{"ja", "Europe/Chisinau", "longGeneric", "2024-03-31T00:30:00Z", "東ヨーロッパ時間（キシナウ）"},
		// No place: UTC's generic name is its offset.
		{"en-US", "UTC", "longGeneric", "2024-07-15T12:00:00Z", "GMT+00:00"},
		{"en-US", "UTC", "shortGeneric", "2024-07-15T12:00:00Z", "GMT+0"},
		// Ireland's winter is standard time, its summer Irish Standard Time,
		// though Go's tzdata counts the winter as a negative saving.
		{"en-US", "Europe/Dublin", "short", "2024-01-15T12:00:00Z", "GMT"},
		{"en-US", "Europe/Dublin", "long", "2024-01-15T12:00:00Z", "Greenwich Mean Time"},
		{"en-US", "Europe/Dublin", "long", "2024-07-15T12:00:00Z", "Irish Standard Time"},
		{"en-US", "Europe/Dublin", "shortGeneric", "2024-01-15T12:00:00Z", "Ireland Time"},
	} {
		assert.Equal(t, c.want, zoneNameAt(t, c.loc, c.zone, c.style, c.iso), "%s %s %s at %s", c.loc, c.zone, c.style, c.iso)
	}
}

// Local mean time has seconds, which ICU shows, in the locale's form and
// digits.
func TestZoneOffsetsWithSeconds(t *testing.T) {
	for _, c := range []struct{ loc, zone, style, iso, want string }{
		{"en-US", "America/New_York", "longOffset", "1850-01-01T12:00:00Z", "GMT-04:56:02"},
		{"en-US", "America/New_York", "shortOffset", "1850-01-01T12:00:00Z", "GMT-4:56:02"},
		{"en-US", "America/New_York", "longOffset", "1945-08-15T12:00:00Z", "GMT-04:00"},
		{"da", "America/New_York", "shortOffset", "1850-01-01T12:00:00Z", "GMT-4.56.02"},
		{"fi", "Asia/Kolkata", "longOffset", "2024-07-15T12:00:00Z", "UTC+05.30"},
		{"fi", "America/New_York", "shortOffset", "1850-01-01T12:00:00Z", "UTC-4.56.02"},
		{"ar-EG", "America/New_York", "longOffset", "1850-01-01T12:00:00Z", "غرينتش-٠٤:٥٦:٠٢"},
		{"fa-u-ca-gregory", "Asia/Kolkata", "shortOffset", "2024-07-15T12:00:00Z", "\u200e+۵:۳۰ گرینویچ"},
	} {
		assert.Equal(t, c.want, zoneNameAt(t, c.loc, c.zone, c.style, c.iso), "%s %s %s at %s", c.loc, c.zone, c.style, c.iso)
	}
}

// Every locale's offset form ("+HH:mm;-HH:mm") has the hour and minutes
// gmtOffset reads, and its place names a pattern to go in.
func TestZoneOffsetForms(t *testing.T) {
	for _, name := range supp().Locales {
		z := newRunData().load(name).Dates.Zones.get()
		assert.Regexp(t, `^[^H]*H+[^m]*mm[^;]*;[^H]*H+[^m]*mm`, z.HourFormat, name)
		assert.Contains(t, z.RegionFormat, "{0}", name)
		assert.Contains(t, z.FallbackFormat, "{1}", name)
	}
}
