package bench

// The cost of Intl: each call crosses into the host, where
// internal/intl formats with CLDR data. bench/README.md has the numbers.

import (
	"encoding/json"
	"fmt"
	"testing"
	"time"

	coderun "github.com/coderun/coderun"
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
