package intl

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// formatNumber formats x (JavaScript's String() of it) with options given
// as the JSON a program's options object reads as.
func formatNumber(t *testing.T, loc, options, x string) (string, error) {
	t.Helper()
	var o numberOptions
	require.NoError(t, json.Unmarshal([]byte(options), &o))
	nf, err := newNumberFormat(newRunData(), []string{loc}, o)
	if err != nil {
		return "", err
	}
	parts, err := nf.format(x)
	return joinParts(parts), err
}

// Each expectation is what Node 20 prints.
func TestRoundingIncrementMatchesNode(t *testing.T) {
	nickel := `{"roundingIncrement":5,"maximumFractionDigits":2,"minimumFractionDigits":2`
	for _, c := range []struct{ loc, options, x, want string }{
		{"en-US", nickel + `}`, "1.23", "1.25"},
		{"en-US", nickel + `}`, "1.275", "1.30"},
		{"en-US", nickel + `}`, "-1.275", "-1.30"},
		{"en-US", nickel + `}`, "12345.678", "12,345.70"},
		{"en-US", nickel + `}`, "0.00001", "0.00"},
		{"en-US", nickel + `,"roundingMode":"expand"}`, "0.00001", "0.05"},
		{"en-US", nickel + `,"roundingMode":"halfEven"}`, "1.025", "1.00"},
		{"en-US", nickel + `,"roundingMode":"halfEven"}`, "1.075", "1.10"},
		{"en-US", nickel + `,"roundingMode":"halfFloor"}`, "-1.025", "-1.05"},
		{"en-US", nickel + `,"roundingMode":"ceil"}`, "1.0125", "1.05"},
		{"en-US", nickel + `,"trailingZeroDisplay":"stripIfInteger"}`, "1.999", "2"},
		{"en-US", `{"roundingIncrement":25,"maximumFractionDigits":2,"minimumFractionDigits":2,"roundingMode":"halfEven"}`, "1.125", "1.00"},
		{"en-US", `{"roundingIncrement":25,"maximumFractionDigits":2,"minimumFractionDigits":2,"roundingMode":"halfEven"}`, "1.375", "1.50"},
		{"en-US", `{"roundingIncrement":25,"maximumFractionDigits":2,"minimumFractionDigits":2,"roundingMode":"floor"}`, "-1.275", "-1.50"},
		{"en-US", `{"roundingIncrement":2500,"maximumFractionDigits":2,"minimumFractionDigits":2}`, "123.456", "125.00"},
		{"en-US", `{"roundingIncrement":1000,"maximumFractionDigits":4,"minimumFractionDigits":4}`, "55555555555.555555", "55,555,555,555.6000"},
		{"en-US", `{"roundingIncrement":5000}`, "123456", "125,000"},
		// Without fraction digits, the increment is of units, and the
		// default maximum is the minimum.
		{"en-US", `{"roundingIncrement":5}`, "7.5", "10"},
		{"en-US", `{"roundingIncrement":5,"style":"percent"}`, "1.23", "125%"},
		{"en-US", `{"roundingIncrement":5,"style":"currency","currency":"USD"}`, "1.23", "$1.25"},
		{"en-US", `{"roundingIncrement":5,"style":"currency","currency":"JPY"}`, "12345.678", "¥12,345"},
		{"en-US", `{"roundingIncrement":2.5}`, "1.23", "2"},
		{"en-US", `{"roundingIncrement":50,"maximumFractionDigits":1,"minimumFractionDigits":1,"notation":"compact"}`, "12345.678", "10.0K"},
		{"de-DE", `{"roundingIncrement":20,"maximumFractionDigits":3,"minimumFractionDigits":3,"style":"currency","currency":"EUR"}`, "99.98765", "99,980\u00a0€"},
	} {
		got, err := formatNumber(t, c.loc, c.options, c.x)
		if assert.NoError(t, err, "%s %s", c.options, c.x) {
			assert.Equal(t, c.want, got, "%s %s %s", c.loc, c.options, c.x)
		}
	}
}

// V8's errors, in V8's order of checks.
func TestRoundingIncrementErrorsMatchNode(t *testing.T) {
	for _, c := range []struct{ options, want string }{
		{`{"roundingIncrement":3}`, "RangeError: roundingIncrement value is out of range."},
		{`{"roundingIncrement":0}`, "RangeError: roundingIncrement value is out of range."},
		{`{"roundingIncrement":5001}`, "RangeError: roundingIncrement value is out of range."},
		{`{"roundingIncrement":3,"roundingMode":"bogus"}`, "RangeError: roundingIncrement value is out of range."},
		{`{"roundingIncrement":5,"maximumFractionDigits":2}`, "RangeError: maximumFractionDigits not equal to minimumFractionDigits"},
		{`{"roundingIncrement":5,"maximumFractionDigits":1,"minimumFractionDigits":2}`, "RangeError: maximumFractionDigits value is out of range."},
		{`{"roundingIncrement":25,"maximumSignificantDigits":2}`, "TypeError: RoundingType is not fractionDigits"},
		{`{"roundingIncrement":5,"notation":"compact"}`, "TypeError: RoundingType is not fractionDigits"},
		{`{"roundingIncrement":25,"roundingPriority":"morePrecision","maximumFractionDigits":2,"minimumFractionDigits":2}`, "TypeError: RoundingType is not fractionDigits"},
		{`{"roundingPriority":"bogus"}`, "RangeError: Value bogus out of range for SetNumberFormatDigitOptions options property roundingPriority"},
	} {
		_, err := formatNumber(t, "en-US", c.options, "1")
		if assert.Error(t, err, c.options) {
			assert.Equal(t, c.want, err.Error(), c.options)
		}
	}
}

// Node 20's PluralRules reads neither roundingIncrement nor roundingMode
// nor trailingZeroDisplay, and reports significant or fraction digits,
// not both.
func TestPluralRulesIgnoreNewRoundingOptions(t *testing.T) {
	rules := func(options string) *pluralRules {
		var o pluralOptions
		require.NoError(t, json.Unmarshal([]byte(options), &o))
		pr, err := newPluralRules(newRunData(), []string{"en"}, o)
		require.NoError(t, err, options)
		return pr
	}
	assert.Equal(t, "one", rules(`{"roundingIncrement":5,"maximumFractionDigits":0,"minimumFractionDigits":0}`).selectCategory("1.2"))
	assert.Equal(t, "one", rules(`{"roundingIncrement":3}`).selectCategory("1"))
	assert.Equal(t, "other", rules(`{"maximumFractionDigits":0,"roundingMode":"floor"}`).selectCategory("1.9"))
	assert.Equal(t, "other", rules(`{"minimumFractionDigits":1,"trailingZeroDisplay":"stripIfInteger"}`).selectCategory("1"))
	assert.Equal(t, "other", rules(`{"maximumSignificantDigits":1,"maximumFractionDigits":3,"roundingPriority":"morePrecision"}`).selectCategory("1.2"))
	assert.Equal(t, "one", rules(`{"maximumSignificantDigits":1,"maximumFractionDigits":3,"roundingPriority":"lessPrecision"}`).selectCategory("1.2"))
	resolved, err := json.Marshal(rules(`{"maximumSignificantDigits":1,"maximumFractionDigits":3,"roundingPriority":"morePrecision"}`))
	require.NoError(t, err)
	assert.JSONEq(t, `{"locale":"en","type":"cardinal","minimumIntegerDigits":1,"minimumSignificantDigits":1,"maximumSignificantDigits":1,"pluralCategories":["one","other"]}`, string(resolved))
}

// A currency with a pattern of its own in a locale (tr's lira, the euro in
// English for Europe) is written with it in every display and sign, as
// ICU does ("-₺5,00" with accounting, "€5.00 euros" with the name), and a
// code or compact symbol next to the digits gets a space: each expectation
// is Node 20's output.
func TestOwnCurrencyPatternsMatchNode(t *testing.T) {
	for _, c := range []struct{ loc, options, x, want string }{
		{"tr", `{"style":"currency","currency":"TRY"}`, "-1234.5", "-\u20ba1.234,50"},
		{"tr", `{"style":"currency","currency":"TRY"}`, "5", "\u20ba5,00"},
		{"tr", `{"style":"currency","currency":"TRY","currencyDisplay":"code"}`, "-1234.5", "-TRY\u00a01.234,50"},
		{"tr", `{"style":"currency","currency":"TRY","currencyDisplay":"code"}`, "5", "TRY\u00a05,00"},
		{"tr", `{"style":"currency","currency":"TRY","currencyDisplay":"name"}`, "-1234.5", "-\u20ba1.234,50 T\u00fcrk liras\u0131"},
		{"tr", `{"style":"currency","currency":"TRY","currencyDisplay":"name"}`, "5", "\u20ba5,00 T\u00fcrk liras\u0131"},
		{"tr", `{"style":"currency","currency":"TRY","currencySign":"accounting"}`, "-1234.5", "-\u20ba1.234,50"},
		{"tr", `{"style":"currency","currency":"TRY","currencySign":"accounting"}`, "5", "\u20ba5,00"},
		{"tr", `{"style":"currency","currency":"TRY","currencyDisplay":"narrowSymbol"}`, "-1234.5", "-\u20ba1.234,50"},
		{"tr", `{"style":"currency","currency":"TRY","currencyDisplay":"narrowSymbol"}`, "5", "\u20ba5,00"},
		{"tr", `{"style":"currency","currency":"TRY","notation":"compact"}`, "-1234.5", "-\u20ba1,2\u00a0B"},
		{"tr", `{"style":"currency","currency":"TRY","notation":"compact"}`, "5", "\u20ba5"},
		{"en-150", `{"style":"currency","currency":"TRY"}`, "-1234.5", "-1,234.50\u00a0TRY"},
		{"en-150", `{"style":"currency","currency":"TRY"}`, "5", "5.00\u00a0TRY"},
		{"en-150", `{"style":"currency","currency":"TRY","currencyDisplay":"code"}`, "-1234.5", "-1,234.50\u00a0TRY"},
		{"en-150", `{"style":"currency","currency":"TRY","currencyDisplay":"code"}`, "5", "5.00\u00a0TRY"},
		{"en-150", `{"style":"currency","currency":"TRY","currencyDisplay":"name"}`, "-1234.5", "-1,234.50 Turkish Lira"},
		{"en-150", `{"style":"currency","currency":"TRY","currencyDisplay":"name"}`, "5", "5.00 Turkish Lira"},
		{"en-150", `{"style":"currency","currency":"TRY","currencySign":"accounting"}`, "-1234.5", "-1,234.50\u00a0TRY"},
		{"en-150", `{"style":"currency","currency":"TRY","currencySign":"accounting"}`, "5", "5.00\u00a0TRY"},
		{"en-150", `{"style":"currency","currency":"TRY","currencyDisplay":"narrowSymbol"}`, "-1234.5", "-1,234.50\u00a0\u20ba"},
		{"en-150", `{"style":"currency","currency":"TRY","currencyDisplay":"narrowSymbol"}`, "5", "5.00\u00a0\u20ba"},
		{"en-150", `{"style":"currency","currency":"TRY","notation":"compact"}`, "-1234.5", "-TRY\u00a01.2K"},
		{"en-150", `{"style":"currency","currency":"TRY","notation":"compact"}`, "5", "5\u00a0TRY"},
		{"en-150", `{"style":"currency","currency":"EUR"}`, "-1234.5", "-\u20ac1,234.50"},
		{"en-150", `{"style":"currency","currency":"EUR"}`, "5", "\u20ac5.00"},
		{"en-150", `{"style":"currency","currency":"EUR","currencyDisplay":"code"}`, "-1234.5", "-EUR\u00a01,234.50"},
		{"en-150", `{"style":"currency","currency":"EUR","currencyDisplay":"code"}`, "5", "EUR\u00a05.00"},
		{"en-150", `{"style":"currency","currency":"EUR","currencyDisplay":"name"}`, "-1234.5", "-\u20ac1,234.50 euros"},
		{"en-150", `{"style":"currency","currency":"EUR","currencyDisplay":"name"}`, "5", "\u20ac5.00 euros"},
		{"en-150", `{"style":"currency","currency":"EUR","currencySign":"accounting"}`, "-1234.5", "-\u20ac1,234.50"},
		{"en-150", `{"style":"currency","currency":"EUR","currencySign":"accounting"}`, "5", "\u20ac5.00"},
		{"en-150", `{"style":"currency","currency":"EUR","currencyDisplay":"narrowSymbol"}`, "-1234.5", "-\u20ac1,234.50"},
		{"en-150", `{"style":"currency","currency":"EUR","currencyDisplay":"narrowSymbol"}`, "5", "\u20ac5.00"},
		{"en-150", `{"style":"currency","currency":"EUR","notation":"compact"}`, "-1234.5", "-\u20ac1.2K"},
		{"en-150", `{"style":"currency","currency":"EUR","notation":"compact"}`, "5", "\u20ac5"},
	} {
		got, err := formatNumber(t, c.loc, c.options, c.x)
		require.NoError(t, err)
		assert.Equal(t, c.want, got, "%s %s %s", c.loc, c.options, c.x)
	}
}
