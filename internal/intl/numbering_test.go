package intl

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Each expectation is what Node 20 prints: the formatted number, the
// locale resolvedOptions reports and its numbering system.
func TestNumberingSystemsMatchNode(t *testing.T) {
	for _, c := range []struct{ loc, options, x, want, locale, ns string }{
		{"en-US-u-nu-arab", `{}`, "-1234567.891", "\u061c-١٬٢٣٤٬٥٦٧٫٨٩١", "en-US-u-nu-arab", "arab"},
		{"en", `{"numberingSystem":"arabext"}`, "-1234567.891", "\u200e-\u200e۱٬۲۳۴٬۵۶۷٫۸۹۱", "en", "arabext"},
		{"de-u-nu-thai", `{}`, "-1234567.891", "-๑.๒๓๔.๕๖๗,๘๙๑", "de-u-nu-thai", "thai"},
		{"hi", `{"numberingSystem":"deva"}`, "1234567.5", "१२,३४,५६७.५", "hi", "deva"},
		{"ar-EG-u-nu-latn", `{"style":"percent"}`, "0.256", "26\u200e%\u200e", "ar-EG-u-nu-latn", "latn"},
		{"en-u-nu-arab", `{"style":"percent"}`, "0.256", "٢٦٪\u061c", "en-u-nu-arab", "arab"},
		{"de-u-nu-arab", `{"style":"percent"}`, "0.5", "٥٠٪\u061c", "de-u-nu-arab", "arab"},
		{"de-u-nu-arabext", `{"style":"percent"}`, "0.5", "۵۰\u00a0٪", "de-u-nu-arabext", "arabext"},
		{"en-u-nu-arab", `{"style":"currency","currency":"EUR"}`, "-1234.5", "\u061c-١٬٢٣٤٫٥٠\u00a0€", "en-u-nu-arab", "arab"},
		{"en-u-nu-arabext", `{"style":"currency","currency":"EUR"}`, "-1234.5", "\u200e-\u200e€۱٬۲۳۴٫۵۰", "en-u-nu-arabext", "arabext"},
		{"en-u-nu-arab", `{"notation":"scientific"}`, "12345", "١٫٢٣٥اس٤", "en-u-nu-arab", "arab"},
		{"en-u-nu-arabext", `{"notation":"scientific"}`, "12345", "۱٫۲۳۵×۱۰^۴", "en-u-nu-arabext", "arabext"},
		{"ja-u-nu-arabext", `{}`, "NaN", "NaN", "ja-u-nu-arabext", "arabext"},
		{"ur-u-nu-arab", `{}`, "-1234.5", "\u061c-١,٢٣٤،٥", "ur-u-nu-arab", "arab"},
		{"fa-u-nu-arab", `{"style":"currency","currency":"EUR"}`, "-1234.5", "\u061c-\u200e€١٬٢٣٤٫٥٠", "fa-u-nu-arab", "arab"},
		{"fa-u-nu-arab", `{"notation":"scientific"}`, "12345", "١٫٢٣٥E٤", "fa-u-nu-arab", "arab"},
		{"zh-u-nu-arab", `{"style":"currency","currency":"EUR"}`, "-1234.5", "\u061c-€١٬٢٣٤٫٥٠", "zh-u-nu-arab", "arab"},
		{"zh-Hant-u-nu-arab", `{"style":"currency","currency":"EUR"}`, "-1234.5", "-١٬٢٣٤٫٥٠\u00a0€", "zh-Hant-u-nu-arab", "arab"},
		{"nl-u-nu-arab", `{"style":"percent"}`, "0.5", "٥٠\u00a0٪\u061c", "nl-u-nu-arab", "arab"},
		{"pa-u-nu-arab", `{"style":"currency","currency":"EUR"}`, "-1234.5", "-€١,٢٣٤.٥٠", "pa-u-nu-arab", "arab"},
		{"sv-u-nu-arab", `{}`, "-1234567.5", "\u061c\u2212١\u00a0٢٣٤\u00a0٥٦٧٫٥", "sv-u-nu-arab", "arab"},
		{"uz-u-nu-arab", `{}`, "NaN", "NaN", "uz-u-nu-arab", "arab"},
		{"fr-CH", `{"style":"currency","currency":"EUR"}`, "-1234.5", "-1\u202f234.50\u00a0€", "fr-CH", "latn"},
		{"de-AT", `{"style":"currency","currency":"EUR"}`, "-1234.5", "-€\u00a01.234,50", "de-AT", "latn"},
		{"de-AT-u-nu-thai", `{"style":"currency","currency":"EUR"}`, "-1234.5", "-€\u00a0๑.๒๓๔,๕๐", "de-AT-u-nu-thai", "thai"},
		{"es-MX-u-nu-hanidec", `{"style":"currency","currency":"EUR"}`, "-1234.5", "-EUR一,二三四.五〇", "es-MX-u-nu-hanidec", "hanidec"},
		{"es-MX-u-nu-thai", `{"style":"currency","currency":"EUR"}`, "-1234.5", "-EUR\u00a0๑,๒๓๔.๕๐", "es-MX-u-nu-thai", "thai"},
		{"sw", `{"notation":"compact"}`, "-123456", "elfu\u00a0-123", "sw", "latn"},
		{"ar-u-nu-arab", `{"style":"currency","currency":"SAR"}`, "5", "\u200f٥٫٠٠\u00a0ر.س.\u200f", "ar-u-nu-arab", "arab"},
		{"en-u-nu-thai", `{"numberingSystem":"roman"}`, "12", "12", "en", "latn"},
		{"en-u-nu-thai", `{"numberingSystem":"thai"}`, "12", "๑๒", "en-u-nu-thai", "thai"},
		{"en-u-nu-arab", `{"numberingSystem":"thai"}`, "12", "๑๒", "en", "thai"},
		{"en", `{"numberingSystem":"ARAB"}`, "12", "12", "en", "latn"},
		{"en-u-nu-thai-latn", `{}`, "12", "12", "en", "latn"},
		{"fa-u-nu-latn", `{"numberingSystem":"arabext"}`, "12", "۱۲", "fa", "arabext"},
	} {
		var o numberOptions
		require.NoError(t, json.Unmarshal([]byte(c.options), &o))
		nf, err := newNumberFormat(newRunData(), []string{c.loc}, o)
		if !assert.NoError(t, err, "%s %s", c.loc, c.options) {
			continue
		}
		parts, err := nf.format(c.x)
		require.NoError(t, err)
		assert.Equal(t, c.want, joinParts(parts), "%s %s %s", c.loc, c.options, c.x)
		assert.Equal(t, c.locale, nf.Locale, "%s %s", c.loc, c.options)
		assert.Equal(t, c.ns, nf.NumberingSystem, "%s %s", c.loc, c.options)
	}
}

// V8 formats a range with the locale's default system when the option
// asked for latn (Node 20: "3" but "۳–۵").
func TestNumberingSystemRangeMatchesNode(t *testing.T) {
	for _, c := range []struct{ loc, options, want string }{
		{"fa", `{"numberingSystem":"latn"}`, "۳–۵"},
		{"fa-u-nu-latn", `{}`, "3–5"},
		{"fa-u-nu-thai", `{"numberingSystem":"latn"}`, "۳–۵"},
		{"ar-EG", `{"numberingSystem":"latn"}`, "٣–٥"},
		{"ar-EG", `{"numberingSystem":"thai"}`, "๓–๕"},
		{"en-u-nu-thai", `{"numberingSystem":"latn"}`, "3–5"},
	} {
		var o numberOptions
		require.NoError(t, json.Unmarshal([]byte(c.options), &o))
		nf, err := newNumberFormat(newRunData(), []string{c.loc}, o)
		require.NoError(t, err)
		parts, err := nf.formatRange("3", "5")
		require.NoError(t, err)
		assert.Equal(t, c.want, joinSourceParts(parts), "%s %s", c.loc, c.options)
	}
}

// A malformed option is V8's RangeError; a system whose ICU data coderun
// does not carry is refused, never formatted another way.
func TestNumberingSystemErrors(t *testing.T) {
	for _, ns := range []string{"", "ab", "abc_d", "toolongvalue", "abc-de"} {
		_, err := newNumberFormat(newRunData(), []string{"en"}, numberOptions{NumberingSystem: &ns})
		assert.EqualError(t, err, "RangeError: Invalid numberingSystem : "+ns)
	}
	for _, loc := range []string{"az-u-nu-arab", "nb-u-nu-thai", "bs-u-nu-deva"} {
		_, err := newNumberFormat(newRunData(), []string{loc}, numberOptions{})
		assert.ErrorContains(t, err, "is not supported in the coderun sandbox", loc)
	}
	for _, loc := range []string{"bs-u-nu-arab", "nb-u-nu-latn", "az-u-nu-thai"} {
		_, err := newNumberFormat(newRunData(), []string{loc}, numberOptions{})
		assert.NoError(t, err, loc)
	}
}
