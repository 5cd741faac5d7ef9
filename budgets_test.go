package coderun

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

// Every budget stops a guest that never yields with the same failure on
// every platform, the interpreter inside a WASI host included (.ci/wasip1
// runs this there): the stop comes from the fuel ticks the module makes,
// not from the engine that runs it. The loops are cheap enough for the
// interpreter: a few ticks, or a fraction of a second.
func TestBudgetsStopAHotLoop(t *testing.T) {
	t.Parallel()
	const hot = "let i = 0; for (;;) i++"
	roomy := func(c *Config) { c.ComputeTime, c.WallTime = time.Hour, time.Hour }
	for _, tc := range []struct {
		name string
		edit func(*Config)
		want string // the budget the message names
	}{
		{"fuel", func(c *Config) { roomy(c); c.Fuel = 3 }, "Fuel budget ran out (3 ticks"},
		{"compute time", func(c *Config) { roomy(c); c.ComputeTime = 300 * time.Millisecond }, "ComputeTime budget ran out (300ms"},
		{"wall time", func(c *Config) { roomy(c); c.WallTime = 300 * time.Millisecond }, "WallTime"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rt := newRuntime(t, tc.edit)
			msg := requireFailure(t, runProgram(t, rt, hot), KindTimeout)
			assert.Contains(t, msg, tc.want)
			// The Runtime serves the next run as before.
			requireOK(t, runProgram(t, rt, "return 1"))
		})
	}
}
