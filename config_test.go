package coderun

import (
	"os"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/coderun/coderun/internal/wasminstr"
)

// FuelQuantum is written in the instrumenter (the guest's counter), here
// and in the README; internal/engine's TestFuelQuantumAgreesEverywhere
// checks ABI.md. They must agree.
func TestFuelQuantumAgreesEverywhere(t *testing.T) {
	t.Parallel()
	assert.Equal(t, int32(FuelQuantum), wasminstr.DefaultQuantum, "FuelQuantum against the instrumenter's quantum")
	readme, err := os.ReadFile("README.md")
	require.NoError(t, err)
	written := withThousands(FuelQuantum)
	assert.Contains(t, string(readme), "one per "+written+" loop iterations", "README's Fuel row")
	assert.Contains(t, string(readme), "every\n"+written+" iterations", "README's interruption paragraph")
}

// withThousands writes n with a comma every three digits, as the README
// does.
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
