package bench

import (
	"testing"

	coderun "github.com/coderun/coderun"
	_ "github.com/coderun/coderun/python"
)

// BenchmarkPythonColdStart is BenchmarkColdStart for both languages side by
// side, in one process: one isolated run of `return 1+1` per op, on a
// reset instance of each language's snapshot. It reports the p50 and p99
// of the per-run wall time and the CPU time per run. Target: Python's p50
// ≤ 1 ms on a quiet machine.
func BenchmarkPythonColdStart(b *testing.B) {
	for _, lang := range []string{coderun.LanguageTypeScript, coderun.LanguagePython} {
		b.Run(lang, func(b *testing.B) {
			cfg := coderun.DefaultConfig()
			cfg.Language = lang
			benchColdStartWith(b, cfg, func(int) string { return "return 1+1" })
		})
	}
}
