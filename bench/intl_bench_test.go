package bench

// The cost of Intl: each call crosses into the host, where
// internal/intl formats with CLDR data. bench/README.md has the numbers, bench/HISTORY.md how they were measured.

import (
	"encoding/json"
	"fmt"
	"testing"
	"time"

	coderun "github.com/coderun/coderun"
	"github.com/coderun/coderun/internal/intl"
)

// BenchmarkIntl times one Intl call per op inside one run: the program
// loops b.N times over the call and reports its own time per call, so the
// run's start is not counted.
func BenchmarkIntl(b *testing.B) {
	for _, c := range []struct{ name, setup, call string }{
		{"NumberFormat.format", `const f = new Intl.NumberFormat("de-DE", {style: "currency", currency: "EUR"})`, `f.format(i * 1.25)`},
		{"Number.toLocaleString", ``, `(i * 1.25).toLocaleString()`},
		{"DateTimeFormat.format", `const f = new Intl.DateTimeFormat("en-US", {dateStyle: "medium", timeStyle: "short", timeZone: "America/New_York"})`, `f.format(i * 60000)`},
		{"Date.toLocaleDateString", `const d = new Date(0)`, `d.toLocaleDateString("en-GB")`},
		{"localeCompare", `const a = "Müller", z = "Mueller"`, `a.localeCompare(z)`},
		{"new NumberFormat", ``, `new Intl.NumberFormat("en-US", {maximumFractionDigits: 2})`},
	} {
		b.Run(c.name, func(b *testing.B) {
			cfg := coderun.DefaultConfig()
			cfg.ComputeTime, cfg.WallTime = 10*time.Minute, 10*time.Minute
			rt := newBenchRuntime(b, cfg)
			program := fmt.Sprintf(`%s
				const n = %d
				const t0 = performance.now()
				let sink = 0
				for (let i = 0; i < n; i++) { const r = %s; sink += typeof r === "string" ? r.length : 1 }
				return [(performance.now() - t0) * 1e6 / n, sink]`, c.setup, b.N, c.call)
			b.ResetTimer()
			res := mustRun(b, rt, coderun.Request{Program: program})
			b.StopTimer()
			var out [2]float64
			if err := json.Unmarshal(res.Value, &out); err != nil {
				b.Fatal(err)
			}
			b.ReportMetric(out[0], "ns/call")
		})
	}
}

// BenchmarkIntlFirstUse times whole runs that each make and use three
// formatters: what a run pays for Intl's host caches being its own (each
// run builds its formatters, where a process-wide cache would hand it
// those another run made). "three formatters" uses ja and de, whose data
// each run decodes; "three formatters en" the default locale, whose data
// the process shares. "none" is the same run without Intl.
func BenchmarkIntlFirstUse(b *testing.B) {
	for _, c := range []struct{ name, program string }{
		{"none", `return [1, 2, 3].join()`},
		{"three formatters", `return [
			new Intl.DateTimeFormat("ja-JP", {dateStyle: "long", timeZone: "Asia/Tokyo"}).format(0),
			new Intl.NumberFormat("de-DE", {style: "currency", currency: "EUR"}).format(1234.5),
			["b", "a", "ä"].sort(new Intl.Collator("de").compare).join()]`},
		{"three formatters en", `return [
			new Intl.DateTimeFormat("en-US", {dateStyle: "long", timeZone: "America/New_York"}).format(0),
			new Intl.NumberFormat("en-US", {style: "currency", currency: "USD"}).format(1234.5),
			["b", "a", "ä"].sort(new Intl.Collator("en").compare).join()]`},
	} {
		b.Run(c.name, func(b *testing.B) {
			rt := newBenchRuntime(b, coderun.DefaultConfig())
			mustRun(b, rt, coderun.Request{Program: c.program}) // the locales' data loaded
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				mustRun(b, rt, coderun.Request{Program: c.program})
			}
		})
	}
}

// BenchmarkIntlSession times the host's side of BenchmarkIntlFirstUse's
// runs alone: a new intl.Session (a run's) making three formatters and
// using each once. "ja" decodes its locale's data, which the process
// does not share; "en" uses the shared data.
func BenchmarkIntlSession(b *testing.B) {
	for _, c := range []struct {
		name string
		reqs [3]string
	}{
		{"en", [3]string{
			`{"op":"dtf","locales":["en-US"],"options":{"dateStyle":"long","timeZone":"America/New_York"},"required":"any","defaults":"date"}`,
			`{"op":"nf","locales":["en-US"],"options":{"style":"currency","currency":"USD"}}`,
			`{"op":"coll","locales":["en"],"options":{}}`}},
		{"ja", [3]string{
			`{"op":"dtf","locales":["ja-JP"],"options":{"dateStyle":"long","timeZone":"Asia/Tokyo"},"required":"any","defaults":"date"}`,
			`{"op":"nf","locales":["ja-JP"],"options":{"style":"currency","currency":"JPY"}}`,
			`{"op":"coll","locales":["ja"],"options":{}}`}},
	} {
		b.Run(c.name, func(b *testing.B) {
			intl.Warm()
			uses := [3]string{"dtf.format", "nf.format", "coll.compare"}
			args := [3]string{"0", "1234.5", "a\x00b"}
			for i := 0; i < b.N; i++ {
				s := intl.NewSession()
				for j, req := range c.reqs {
					var made struct{ ID string }
					if err := json.Unmarshal(s.Call([]byte(req)), &made); err != nil || made.ID == "" {
						b.Fatalf("%s: no formatter: %v", req, err)
					}
					if out := s.Call([]byte(uses[j] + "\n" + made.ID + "\n" + args[j])); out[0] != '=' {
						b.Fatalf("%s: %s", uses[j], out)
					}
				}
			}
		})
	}
}
