package intl

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// formatNumberRange formats the range from x to y with options given as
// JSON.
func formatNumberRange(t *testing.T, loc, options, x, y string) []sourcePart {
	t.Helper()
	var o numberOptions
	require.NoError(t, json.Unmarshal([]byte(options), &o))
	nf, err := newNumberFormat(newRunData(), []string{loc}, o)
	require.NoError(t, err)
	parts, err := nf.formatRange(x, y)
	require.NoError(t, err)
	return parts
}

// Each expectation is what Node 20 prints for formatRange.
func TestNumberFormatRangeMatchesNode(t *testing.T) {
	for _, c := range []struct{ loc, options, x, y, want string }{
		{"en-US", `{"style":"currency","currency":"USD","maximumFractionDigits":0}`, "3", "5", "$3 – $5"},
		{"en-US", `{"style":"currency","currency":"USD","maximumFractionDigits":0}`, "2.9", "3.1", "~$3"},
		{"en-US", `{"style":"currency","currency":"USD","maximumFractionDigits":0}`, "100", "2500", "$100 – $2,500"},
		{"en-US", `{"style":"currency","currency":"USD"}`, "-5", "-3", "-$5.00–3.00"},
		{"en-US", `{"style":"currency","currency":"USD"}`, "-5", "3", "-$5.00 – $3.00"},
		{"en-US", `{"style":"currency","currency":"USD","currencySign":"accounting"}`, "-5", "-5", "($5.00)"},
		{"en-US", `{"style":"currency","currency":"USD","currencySign":"accounting"}`, "-5", "-3", "($5.00–3.00)"},
		{"en-US", `{"style":"currency","currency":"USD","currencyDisplay":"code"}`, "-5", "-3", "-USD 5.00–3.00"},
		{"en-US", `{"style":"currency","currency":"CHF"}`, "3", "5", "CHF 3.00–5.00"},
		{"en-US", `{"style":"currency","currency":"EUR","currencyDisplay":"name"}`, "1", "5", "1.00–5.00 euros"},
		{"en-US", `{"style":"currency","currency":"EUR","currencyDisplay":"name"}`, "1", "1", "~1.00 euros"},
		{"de-DE", `{}`, "1000", "5000", "1.000–5.000"},
		{"de-DE", `{}`, "1", "1", "≈1"},
		{"de-DE", `{"style":"currency","currency":"EUR"}`, "3", "5", "3,00–5,00 €"},
		{"de-DE", `{"style":"currency","currency":"EUR"}`, "-5", "-5", "≈-5,00 €"},
		{"de-DE", `{"style":"currency","currency":"EUR","currencyDisplay":"name"}`, "1", "5", "1,00–5,00 Euro"},
		{"de-DE", `{"style":"percent"}`, "0.03", "0.05", "3–5 %"},
		{"fr-FR", `{}`, "3", "3", "≃3"},
		{"fr-FR", `{"style":"unit","unit":"kilometer","unitDisplay":"long"}`, "0", "1", "0–1 kilomètre"},
		{"es-ES", `{"style":"currency","currency":"EUR"}`, "3", "5", "3,00-5,00 €"},
		{"ja-JP", `{"style":"currency","currency":"EUR"}`, "3", "5", "€3.00 ～ €5.00"},
		{"ja-JP", `{}`, "3", "3", "約3"},
		{"ja-JP", `{}`, "3", "5", "3～5"},
		{"ko-KR", `{"style":"unit","unit":"kilometer","unitDisplay":"long"}`, "1", "2", "1~2킬로미터"},
		{"he-IL", `{"style":"currency","currency":"EUR"}`, "3", "5", "\u200f3.00–5.00 \u200f€"},
		{"he-IL", `{"style":"currency","currency":"EUR"}`, "3", "3", "\u200f~3.00 \u200f€"},
		{"ar-EG", `{"style":"percent"}`, "0.03", "0.05", "٣–٥٪\u061c"},
		{"ar-EG", `{}`, "3", "3", "~٣"},
		{"pt-BR", `{"style":"currency","currency":"EUR"}`, "3", "5", "€ 3,00–5,00"},
		{"tr-TR", `{"style":"percent"}`, "0.03", "0.05", "%3 – %5"},
		{"zh-TW", `{}`, "1", "2", "1-2"},
		{"en-US", `{}`, "3", "-5", "3–-5"},
		{"en-US", `{}`, "-5", "3", "-5 – 3"},
		{"en-US", `{}`, "-5", "-5", "~-5"},
		{"en-US", `{}`, "5", "3", "5–3"},
		{"en-US", `{}`, "-0", "0", "-0 – 0"},
		{"en-US", `{"maximumFractionDigits":0}`, "-0.1", "0.1", "-0 – 0"},
		{"en-US", `{}`, "-Infinity", "Infinity", "-∞ – ∞"},
		{"en-US", `{}`, "Infinity", "5", "∞–5"},
		{"en-US", `{"signDisplay":"always"}`, "5", "5", "~+5"},
		{"en-US", `{"signDisplay":"always"}`, "3", "5", "+3 – +5"},
		{"en-US", `{"signDisplay":"exceptZero"}`, "0", "0", "~0"},
		{"en-US", `{"signDisplay":"never"}`, "-5", "-5", "~5"},
		{"en-US", `{"signDisplay":"never"}`, "-5", "5", "5–5"},
		{"en-US", `{"notation":"compact"}`, "3000", "5000", "3K – 5K"},
		{"en-US", `{"notation":"compact"}`, "3000", "3001", "~3K"},
		{"en-US", `{"notation":"compact","compactDisplay":"long"}`, "3000", "5000", "3–5 thousand"},
		{"en-US", `{"notation":"compact","compactDisplay":"long"}`, "3000", "5000000", "3 thousand – 5 million"},
		{"de-DE", `{"notation":"compact","compactDisplay":"long"}`, "1000000", "3000000", "1 Million – 3 Millionen"},
		{"en-US", `{"notation":"scientific"}`, "3000", "50000", "3E3 – 5E4"},
		{"en-US", `{"notation":"engineering"}`, "3000", "3000.1", "~3E3"},
		{"en-US", `{"style":"unit","unit":"kilometer","unitDisplay":"long"}`, "1", "5", "1–5 kilometers"},
		{"en-US", `{"style":"unit","unit":"kilometer","unitDisplay":"long"}`, "-1", "5", "-1 – 5 kilometers"},
		{"en-US", `{"style":"unit","unit":"kilometer","unitDisplay":"long"}`, "1", "1", "~1 kilometer"},
		{"en-US", `{"style":"unit","unit":"kilometer-per-hour"}`, "1", "5", "1–5 km/h"},
		{"en-US", `{"style":"unit","unit":"kilometer-per-hour","unitDisplay":"long"}`, "1", "5", "1–5 kilometers per hour"},
		{"en-US", `{"style":"unit","unit":"percent"}`, "1", "5", "1% – 5%"},
		{"en-US", `{"style":"unit","unit":"percent","unitDisplay":"long"}`, "1", "5", "1–5 percent"},
		{"ru-RU", `{"style":"unit","unit":"kilometer","unitDisplay":"long"}`, "1", "2", "1–2 километра"},
		{"ru-RU", `{"style":"unit","unit":"kilometer","unitDisplay":"long"}`, "1", "5", "1–5 километров"},
		{"ru-RU", `{"style":"unit","unit":"kilometer","unitDisplay":"long"}`, "2", "21", "2–21 километр"},
		{"pl-PL", `{"style":"currency","currency":"PLN","currencyDisplay":"name"}`, "1", "2", "1,00–2,00 złotego polskiego"},
		{"en-US", `{"maximumSignificantDigits":2}`, "1234", "1240", "~1,200"},
		{"hi-IN", `{}`, "100000", "10000000", "1,00,000–1,00,00,000"},
		{"sv-SE", `{"style":"unit","unit":"celsius"}`, "-5", "5", "−5 – 5 °C"},
		{"en-US", `{"style":"unit","unit":"celsius"}`, "20", "25", "20–25°C"},
		{"en-US", `{"style":"unit","unit":"byte","unitDisplay":"narrow"}`, "20", "25", "20–25B"},
	} {
		got := joinSourceParts(formatNumberRange(t, c.loc, c.options, c.x, c.y))
		assert.Equal(t, c.want, got, "%s %s %s..%s", c.loc, c.options, c.x, c.y)
	}
}

// Each expectation is what Node 20 prints for formatRangeToParts.
func TestNumberFormatRangeToPartsMatchesNode(t *testing.T) {
	for _, c := range []struct{ loc, options, x, y, want string }{
		{"en-US", `{"style":"currency","currency":"USD","maximumFractionDigits":0}`, "3", "5", `[{"type":"currency","value":"$","source":"startRange"},{"type":"integer","value":"3","source":"startRange"},{"type":"literal","value":" – ","source":"shared"},{"type":"currency","value":"$","source":"endRange"},{"type":"integer","value":"5","source":"endRange"}]`},
		{"en-US", `{"style":"currency","currency":"USD"}`, "-5", "-5", `[{"type":"approximatelySign","value":"~","source":"shared"},{"type":"minusSign","value":"-","source":"shared"},{"type":"currency","value":"$","source":"shared"},{"type":"integer","value":"5","source":"shared"},{"type":"decimal","value":".","source":"shared"},{"type":"fraction","value":"00","source":"shared"}]`},
		{"de-DE", `{"style":"currency","currency":"EUR"}`, "3", "5", `[{"type":"integer","value":"3","source":"startRange"},{"type":"decimal","value":",","source":"startRange"},{"type":"fraction","value":"00","source":"startRange"},{"type":"literal","value":"–","source":"shared"},{"type":"integer","value":"5","source":"endRange"},{"type":"decimal","value":",","source":"endRange"},{"type":"fraction","value":"00","source":"endRange"},{"type":"literal","value":" ","source":"shared"},{"type":"currency","value":"€","source":"shared"}]`},
		{"he-IL", `{"style":"currency","currency":"EUR"}`, "3", "5", `[{"type":"literal","value":"\u200f","source":"shared"},{"type":"integer","value":"3","source":"startRange"},{"type":"decimal","value":".","source":"startRange"},{"type":"fraction","value":"00","source":"startRange"},{"type":"literal","value":"–","source":"shared"},{"type":"integer","value":"5","source":"endRange"},{"type":"decimal","value":".","source":"endRange"},{"type":"fraction","value":"00","source":"endRange"},{"type":"literal","value":" \u200f","source":"shared"},{"type":"currency","value":"€","source":"shared"}]`},
		{"en-US", `{"notation":"compact","compactDisplay":"long"}`, "3000", "5000000", `[{"type":"integer","value":"3","source":"startRange"},{"type":"literal","value":" ","source":"startRange"},{"type":"compact","value":"thousand","source":"startRange"},{"type":"literal","value":" – ","source":"shared"},{"type":"integer","value":"5","source":"endRange"},{"type":"literal","value":" ","source":"endRange"},{"type":"compact","value":"million","source":"endRange"}]`},
		{"en-US", `{"style":"unit","unit":"kilometer","unitDisplay":"long"}`, "1", "5", `[{"type":"integer","value":"1","source":"startRange"},{"type":"literal","value":"–","source":"shared"},{"type":"integer","value":"5","source":"endRange"},{"type":"literal","value":" ","source":"shared"},{"type":"unit","value":"kilometers","source":"shared"}]`},
		{"en-US", `{"notation":"scientific"}`, "3000", "50000", `[{"type":"integer","value":"3","source":"startRange"},{"type":"exponentSeparator","value":"E","source":"startRange"},{"type":"exponentInteger","value":"3","source":"startRange"},{"type":"literal","value":" – ","source":"shared"},{"type":"integer","value":"5","source":"endRange"},{"type":"exponentSeparator","value":"E","source":"endRange"},{"type":"exponentInteger","value":"4","source":"endRange"}]`},
		{"ar-EG", `{"style":"percent"}`, "0.03", "0.05", `[{"type":"integer","value":"٣","source":"startRange"},{"type":"literal","value":"–","source":"shared"},{"type":"integer","value":"٥","source":"endRange"},{"type":"percentSign","value":"٪","source":"shared"},{"type":"literal","value":"\u061c","source":"shared"}]`},
	} {
		got, err := json.Marshal(formatNumberRange(t, c.loc, c.options, c.x, c.y))
		require.NoError(t, err)
		assert.JSONEq(t, c.want, string(got), "%s %s %s..%s", c.loc, c.options, c.x, c.y)
	}
}
