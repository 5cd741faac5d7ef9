package intl

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// formatDate formats 2024-11-04 09:05 UTC with component options.
func formatDate(t *testing.T, loc string, o dateTimeOptions) string {
	t.Helper()
	utc := "UTC"
	o.Required, o.Defaults, o.TimeZone = "any", "date", &utc
	df, err := newDateTimeFormat(newRunData(), []string{loc}, o)
	require.NoError(t, err)
	parts, err := df.format(float64(time.Date(2024, 11, 4, 9, 5, 0, 0, time.UTC).UnixMilli()))
	require.NoError(t, err)
	return joinParts(parts)
}

func str(s string) *string { return &s }

// Each expectation is what Node 20 (ICU 78) prints.
func TestTimeFormatsMatchNode(t *testing.T) {
	hm := dateTimeOptions{Hour: str("numeric"), Minute: str("2-digit")}
	hmNumeric := dateTimeOptions{Hour: str("numeric"), Minute: str("numeric")}
	hms := dateTimeOptions{Hour: str("numeric"), Minute: str("2-digit"), Second: str("2-digit")}
	withZone := func(o dateTimeOptions, name string) dateTimeOptions { o.TimeZoneName = str(name); return o }
	frac := hms
	two := 2.0
	frac.FractionalSecondDigits = &two
	for _, c := range []struct {
		loc  string
		o    dateTimeOptions
		want string
	}{
		// The short time format "HH:mm" matches hour and 2-digit minutes,
		// and takes the hour's width from the request.
		{"en-GB", hm, "9:05"},
		{"de", hm, "9:05"},
		{"fr-CA", hm, "9 h 05"},
		{"th-u-ca-gregory", hm, "9:05"},
		// The entry "Hm" matches numeric minutes exactly and stands.
		{"en-GB", hmNumeric, "09:05"},
		{"th-u-ca-gregory", hmNumeric, "09:05 น."},
		{"en-GB", dateTimeOptions{Hour: str("numeric")}, "09"},
		{"en-GB", dateTimeOptions{Weekday: str("short"), Hour: str("numeric"), Minute: str("2-digit")}, "Mon 09:05"},
		// The medium and long ones, with seconds and a zone.
		{"en-GB", hms, "9:05:00"},
		{"en-GB", frac, "9:05:00.00"},
		{"zh", withZone(hms, "short"), "UTC 9:05:00"},
		{"ko", withZone(hms, "short"), "AM 9시 5분 0초 UTC"},
		{"ja", withZone(hms, "shortOffset"), "9時05分00秒 GMT+0"},
		{"en-GB", withZone(hms, "shortOffset"), "9:05:00 GMT+0"},
		// An entry with the generic zone stands for a specific one.
		{"zh", withZone(hm, "short"), "UTC 09:05"},
		{"zh-Hant", withZone(hmNumeric, "short"), "上午9:05 [UTC]"},
		{"en-GB", withZone(hm, "short"), "09:05 UTC"},
		// Minutes and seconds keep the entry's width (fi's "m.ss").
		{"fi", dateTimeOptions{Minute: str("2-digit"), Second: str("2-digit")}, "5.00"},
		// Fractional seconds in another numbering system.
		{"ar-EG", frac, "٩:٠٥:٠٠٫٠٠ ص"},
		{"bn", frac, "৯:০৫:০০.০০ AM"},
		// After the seconds field, not the quoted "s" after it.
		{"fr-CA", frac, "9 h 05 min 00,00 s"},
	} {
		assert.Equal(t, c.want, formatDate(t, c.loc, c.o), "%s %+v", c.loc, c.o)
	}
}
