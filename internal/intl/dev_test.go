package intl

import (
	"encoding/json"
	"os/exec"
	"strings"
	"testing"
)

func TestDevNumber(t *testing.T) {
	cases := []struct{ loc, opts, x string }{
		{"en-US", `{}`, "1234567.891"},
		{"de-DE", `{}`, "1234567.891"},
		{"fr-FR", `{}`, "1234567.891"},
		{"hi-IN", `{}`, "1234567.891"},
		{"ar-EG", `{}`, "1234567.891"},
		{"es-ES", `{}`, "1234"},
		{"es-ES", `{}`, "12345"},
		{"en-US", `{"style":"currency","currency":"EUR"}`, "-1234.5"},
		{"en-US", `{"style":"currency","currency":"USD"}`, "1234.5"},
		{"de-DE", `{"style":"currency","currency":"EUR"}`, "1234.5"},
		{"ja-JP", `{"style":"currency","currency":"JPY"}`, "1234.5"},
		{"en-US", `{"style":"currency","currency":"USD","currencyDisplay":"code"}`, "1234.5"},
		{"en-US", `{"style":"currency","currency":"USD","currencyDisplay":"name"}`, "1234.5"},
		{"en-US", `{"style":"currency","currency":"USD","currencyDisplay":"name"}`, "1"},
		{"en-US", `{"style":"currency","currency":"USD","currencySign":"accounting"}`, "-5"},
		{"de-CH", `{"style":"currency","currency":"CHF"}`, "-1234.5"},
		{"en-US", `{"style":"percent"}`, "0.256"},
		{"fr-FR", `{"style":"percent","maximumFractionDigits":1}`, "0.2567"},
		{"en-US", `{"notation":"compact"}`, "1234567"},
		{"en-US", `{"notation":"compact"}`, "999950"},
		{"en-US", `{"notation":"compact"}`, "1500"},
		{"en-US", `{"notation":"compact"}`, "123456"},
		{"en-US", `{"notation":"compact","compactDisplay":"long"}`, "1234567"},
		{"de-DE", `{"notation":"compact"}`, "1234567"},
		{"en-US", `{"notation":"compact","style":"currency","currency":"USD"}`, "1234567"},
		{"en-US", `{"notation":"scientific"}`, "123456"},
		{"en-US", `{"notation":"engineering"}`, "123456"},
		{"en-US", `{"signDisplay":"always"}`, "5"},
		{"en-US", `{"signDisplay":"exceptZero"}`, "0"},
		{"en-US", `{}`, "-0"},
		{"en-US", `{"minimumFractionDigits":2}`, "5"},
		{"en-US", `{"maximumSignificantDigits":3}`, "123456"},
		{"en-US", `{"minimumIntegerDigits":3}`, "5"},
		{"en-US", `{"useGrouping":false}`, "123456"},
		{"en-US", `{}`, "NaN"},
		{"en-US", `{}`, "-Infinity"},
		{"en-US", `{"maximumFractionDigits":0}`, "2.5"},
		{"en-US", `{"maximumFractionDigits":0,"roundingMode":"halfEven"}`, "2.5"},
		{"en-US", `{}`, "1e+21"},
		{"en-US", `{}`, "1.5e-7"},
		{"pl-PL", `{"style":"currency","currency":"PLN"}`, "1234.5"},
		{"en-IN", `{"style":"currency","currency":"INR"}`, "1234567.5"},
		{"pt-BR", `{"style":"currency","currency":"BRL"}`, "1234.5"},
		{"zh-CN", `{"style":"currency","currency":"CNY"}`, "1234.5"},
		{"ko-KR", `{"style":"currency","currency":"KRW"}`, "1234.5"},
		{"en-US", `{"style":"currency","currency":"USD","signDisplay":"always"}`, "5"},
		{"en-US", `{"minimumFractionDigits":2,"maximumFractionDigits":2}`, "1.005"},
		{"sv-SE", `{}`, "-1234.5"},
		{"de-DE", `{"style":"percent"}`, "0.5"},
		{"en-US", `{"notation":"compact","maximumFractionDigits":1}`, "1234567"},
	}
	var js strings.Builder
	js.WriteString("const out=[];\n")
	for _, c := range cases {
		js.WriteString("out.push(new Intl.NumberFormat(" + strconvQuote(c.loc) + "," + c.opts + ").format(" + jsNum(c.x) + "));\n")
	}
	js.WriteString("console.log(JSON.stringify(out))")
	outb, err := exec.Command("node", "-e", js.String()).CombinedOutput()
	if err != nil {
		t.Fatal(err, string(outb))
	}
	var want []string
	json.Unmarshal(outb, &want)
	for i, c := range cases {
		var o numberOptions
		if err := json.Unmarshal([]byte(c.opts), &o); err != nil {
			t.Fatal(err)
		}
		nf, err := newNumberFormat([]string{c.loc}, o)
		if err != nil {
			t.Errorf("%v: %v", c, err)
			continue
		}
		ps, err := nf.format(c.x)
		if err != nil {
			t.Errorf("%v: %v", c, err)
			continue
		}
		if got := joinParts(ps); got != want[i] {
			t.Errorf("%s %s %s: got %q want %q", c.loc, c.opts, c.x, got, want[i])
		}
	}
}

func strconvQuote(s string) string { b, _ := json.Marshal(s); return string(b) }
func jsNum(x string) string {
	if x == "NaN" || strings.HasSuffix(x, "Infinity") {
		return x
	}
	return x
}
