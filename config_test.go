package coderun

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/coderun/coderun/internal/wasminstr"
)

// FuelQuantum is written in the instrumenter (the guest's counter), here
// and in docs/budgets.md; internal/engine's TestFuelQuantumAgreesEverywhere
// checks ABI.md. They must agree.
func TestFuelQuantumAgreesEverywhere(t *testing.T) {
	t.Parallel()
	assert.Equal(t, int32(FuelQuantum), wasminstr.DefaultQuantum, "FuelQuantum against the instrumenter's quantum")
	page, err := os.ReadFile(filepath.Join("docs", "budgets.md"))
	require.NoError(t, err)
	written := withThousands(FuelQuantum)
	assert.Contains(t, string(page), "one per "+written+" loop iterations", "docs/budgets.md's Fuel row")
	assert.Contains(t, string(page), "every\n"+written+" iterations", "docs/budgets.md's interruption paragraph")
}

// withThousands writes n with a comma every three digits, as the docs
// do.
func withThousands(n int) string {
	s := strconv.Itoa(n)
	out := ""
	for i := range len(s) {
		if i > 0 && (len(s)-i)%3 == 0 {
			out += ","
		}
		out += s[i : i+1]
	}
	return out
}

// Validate's error names the field at fault as data, so a program that
// sets it under another name (a flag, a YAML key) reports it under that.
func TestValidateNamesTheFieldAsData(t *testing.T) {
	cases := map[string]func(*Config){
		"ComputeTime":      func(c *Config) { c.ComputeTime = 0 },
		"WallTime":         func(c *Config) { c.WallTime = 25 * time.Hour },
		"MaxOutputBytes":   func(c *Config) { c.MaxOutputBytes = 0 },
		"MemoryLimitBytes": func(c *Config) { c.MemoryLimitBytes = 1 << 20 },
		"MaxCallsInFlight": func(c *Config) { c.MaxCallsInFlight = 0 },
		"MaxCalls":         func(c *Config) { c.MaxCalls = -1 },
		"MaxExecuting":     func(c *Config) { c.MaxExecuting = 0 },
		"StateKey":         func(c *Config) { c.StateKey = []byte("short") },
		"MaxSuspendedAge":  func(c *Config) { c.MaxSuspendedAge = 0 },
		"Language":         func(c *Config) { c.Language = "ruby" },
	}
	for field, edit := range cases {
		cfg := DefaultConfig()
		edit(&cfg)
		var ce *ConfigError
		require.ErrorAs(t, cfg.Validate(), &ce, field)
		assert.Equal(t, field, ce.Field)
		assert.Equal(t, "coderun: config: "+field+" "+ce.Problem, ce.Error())
		assert.Contains(t, ce.Problem, "want")
	}
}

func TestLanguage(t *testing.T) {
	cfg := DefaultConfig()
	assert.Equal(t, LanguageTypeScript, cfg.Language)
	assert.Equal(t, []string{LanguageTypeScript, LanguagePython}, Languages())
	Languages()[0] = "changed"
	assert.Equal(t, LanguageTypeScript, Languages()[0], "Languages returns a copy")
	cfg.Language = "ruby"
	var ce *ConfigError
	require.ErrorAs(t, cfg.Validate(), &ce)
	assert.Equal(t, `is "ruby", want one of "typescript", "python"`, ce.Problem)

	// This package's tests do not link the Python sandbox in: the error
	// says which import does.
	cfg.Language = LanguagePython
	require.ErrorAs(t, cfg.Validate(), &ce)
	assert.Equal(t, "Language", ce.Field)
	assert.Contains(t, ce.Problem, `add import _ "github.com/coderun/coderun/python"`)
	_, err := New(cfg)
	require.ErrorAs(t, err, &ce)

	// The zero value is TypeScript, as before the field existed.
	cfg.Language = ""
	require.NoError(t, cfg.Validate())
	rt, err := New(cfg)
	require.NoError(t, err)
	defer rt.Close(context.Background())
	assert.Equal(t, LanguageTypeScript, rt.Language())
}

// TestTypeScriptProgramsDoNotLinkPython: the Python sandbox is linked only
// into programs that import its package.
func TestTypeScriptProgramsDoNotLinkPython(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", ".").CombinedOutput()
	require.NoError(t, err, "%s", out)
	assert.NotContains(t, string(out), "github.com/coderun/coderun/wasm/python")
	assert.NotContains(t, string(out), "github.com/coderun/coderun/python")
}
