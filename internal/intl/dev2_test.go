package intl

import (
	"encoding/json"
	"os/exec"
	"strings"
	"testing"
)

func TestDevDate(t *testing.T) {
	cases := []struct{ method, loc, opts string }{
		{"toLocaleString", "en-US", `{}`},
		{"toLocaleDateString", "en-US", `{}`},
		{"toLocaleTimeString", "en-US", `{}`},
		{"toLocaleString", "en-US", `{"dateStyle":"long","timeStyle":"short","timeZone":"America/New_York"}`},
		{"toLocaleString", "de-DE", `{}`},
		{"toLocaleString", "fr-FR", `{"timeZone":"Europe/Paris"}`},
		{"toLocaleString", "ja-JP", `{}`},
		{"toLocaleString", "en-GB", `{}`},
		{"toLocaleDateString", "en-US", `{"weekday":"long","year":"numeric","month":"long","day":"numeric"}`},
		{"format", "en-US", `{"timeZone":"America/New_York","timeZoneName":"short"}`},
		{"format", "en-GB", `{"timeZone":"Asia/Kolkata","timeZoneName":"short","hour":"numeric","minute":"numeric"}`},
		{"toLocaleTimeString", "en-US", `{"timeZone":"America/New_York","hour":"2-digit","minute":"2-digit"}`},
		{"toLocaleString", "en-US", `{"month":"long","day":"numeric","hour":"numeric"}`},
		{"toLocaleString", "en-US", `{"weekday":"long","month":"long","day":"numeric","year":"numeric","hour":"numeric","minute":"2-digit"}`},
		{"toLocaleString", "en-GB", `{"timeZone":"America/New_York","timeZoneName":"short"}`},
		{"toLocaleString", "en-US", `{"timeZone":"UTC","timeZoneName":"short"}`},
		{"toLocaleString", "en-US", `{"timeZone":"UTC","timeZoneName":"long"}`},
		{"toLocaleString", "de-DE", `{"timeZone":"Europe/Berlin","timeZoneName":"short"}`},
		{"toLocaleString", "de-DE", `{"timeZone":"Europe/Berlin","timeZoneName":"long"}`},
		{"toLocaleDateString", "en-US", `{"month":"short","day":"numeric"}`},
		{"toLocaleDateString", "en-US", `{"year":"numeric","month":"2-digit","day":"2-digit"}`},
		{"toLocaleDateString", "de-DE", `{"year":"numeric","month":"2-digit","day":"2-digit"}`},
		{"toLocaleDateString", "en-US", `{"month":"long"}`},
		{"toLocaleDateString", "en-US", `{"weekday":"short"}`},
		{"toLocaleDateString", "en-US", `{"year":"numeric","month":"long"}`},
		{"toLocaleTimeString", "en-US", `{"hour12":false}`},
		{"toLocaleTimeString", "en-GB", `{"hour12":true}`},
		{"toLocaleTimeString", "en-US", `{"hour":"numeric"}`},
		{"toLocaleString", "en-US", `{"dateStyle":"full"}`},
		{"toLocaleString", "en-US", `{"dateStyle":"medium","timeStyle":"medium"}`},
		{"toLocaleString", "en-US", `{"timeStyle":"full","timeZone":"America/Los_Angeles"}`},
		{"toLocaleString", "es-ES", `{"dateStyle":"full"}`},
		{"toLocaleString", "zh-CN", `{}`},
		{"toLocaleString", "ko-KR", `{}`},
		{"toLocaleString", "ar-EG", `{}`},
		{"toLocaleString", "ru-RU", `{"dateStyle":"long"}`},
		{"toLocaleString", "pt-BR", `{}`},
		{"toLocaleString", "it-IT", `{}`},
		{"toLocaleString", "nl-NL", `{}`},
		{"toLocaleString", "hi-IN", `{}`},
		{"toLocaleString", "pt-BR", `{"dateStyle":"short","timeStyle":"short"}`},
		{"toLocaleString", "en-US", `{"dateStyle":"short","timeStyle":"short"}`},
		{"toLocaleString", "fr-FR", `{"dateStyle":"medium","timeStyle":"short"}`},
		{"toLocaleString", "de-DE", `{"dateStyle":"full","timeStyle":"long","timeZone":"Europe/Berlin"}`},
		{"toLocaleTimeString", "de-DE", `{"hour":"numeric","minute":"2-digit","second":"2-digit","fractionalSecondDigits":2}`},
		{"toLocaleString", "en-US", `{"timeZone":"Australia/Sydney","timeZoneName":"short"}`},
		{"toLocaleString", "en-US", `{"timeZone":"Europe/London","timeZoneName":"short"}`},
		{"toLocaleString", "en-US", `{"timeZone":"Europe/London","timeZoneName":"long"}`},
		{"toLocaleString", "en-US", `{"hourCycle":"h23"}`},
		{"toLocaleString", "en-US", `{"hour":"numeric","minute":"numeric","hourCycle":"h23"}`},
		{"toLocaleString", "en-US", `{"hour":"numeric","hour12":false}`},
		{"toLocaleDateString", "en-US", `{"era":"short","year":"numeric"}`},
		{"toLocaleTimeString", "en-US", `{"hour":"2-digit","minute":"2-digit","second":"2-digit","fractionalSecondDigits":3}`},
		{"toLocaleString", "en-US", `{"timeZone":"Asia/Tokyo","timeZoneName":"shortOffset"}`},
		{"toLocaleString", "en-US", `{"timeZone":"Asia/Kolkata","timeZoneName":"longOffset"}`},
		{"toLocaleString", "en-US", `{"timeZone":"America/New_York","timeZoneName":"longGeneric"}`},
		{"toLocaleTimeString", "ja-JP", `{"hour12":true}`},
		{"toLocaleDateString", "fr-FR", `{"weekday":"long","day":"numeric","month":"long"}`},
		{"toLocaleDateString", "de-DE", `{"weekday":"long","day":"numeric","month":"long","year":"numeric"}`},
	}
	var js strings.Builder
	js.WriteString("const d=new Date('2024-11-05T15:30:07.123Z');const out=[];\n")
	for _, c := range cases {
		if c.method == "format" {
			js.WriteString("out.push(new Intl.DateTimeFormat(" + strconvQuote(c.loc) + "," + c.opts + ").format(d));\n")
		} else {
			js.WriteString("out.push(d." + c.method + "(" + strconvQuote(c.loc) + "," + c.opts + "));\n")
		}
	}
	js.WriteString("console.log(JSON.stringify(out))")
	cmd := exec.Command("node", "-e", js.String())
	cmd.Env = append(cmd.Environ(), "TZ=UTC")
	outb, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatal(err, string(outb))
	}
	var want []string
	json.Unmarshal(outb, &want)
	for i, c := range cases {
		var o dateTimeOptions
		if err := json.Unmarshal([]byte(c.opts), &o); err != nil {
			t.Fatal(err)
		}
		o.Required, o.Defaults = map[string][2]string{"format": {"any", "date"}, "toLocaleString": {"any", "all"}, "toLocaleDateString": {"date", "date"}, "toLocaleTimeString": {"time", "time"}}[c.method][0], map[string][2]string{"format": {"any", "date"}, "toLocaleString": {"any", "all"}, "toLocaleDateString": {"date", "date"}, "toLocaleTimeString": {"time", "time"}}[c.method][1]
		df, err := newDateTimeFormat([]string{c.loc}, o)
		if err != nil {
			t.Errorf("%v: %v", c, err)
			continue
		}
		ps, err := df.format(1730820607123)
		if err != nil {
			t.Errorf("%v: %v", c, err)
			continue
		}
		if got := joinParts(ps); got != want[i] {
			t.Errorf("%s %s %s: got %q want %q (pattern %q)", c.method, c.loc, c.opts, got, want[i], df.pattern)
		}
	}
}
