package coderun

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"

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
