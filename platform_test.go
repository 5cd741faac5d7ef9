package coderun

import (
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
)

// Inside a WASI host the whole process has 4 GiB of wasm memory: a memory
// limit that cannot fit is refused when the Runtime is made, saying why,
// rather than ending the process when a guest reaches it.
func TestMemoryLimitFitsTheHost(t *testing.T) {
	cfg := DefaultConfig()
	cfg.MemoryLimitBytes = maxMemoryLimit
	err := cfg.Validate()
	if runtime.GOARCH != "wasm" {
		assert.NoError(t, err)
		return
	}
	assert.ErrorContains(t, err, "holds at most 1073741824 (1 GiB)")
	cfg.MemoryLimitBytes = 1 << 30
	assert.NoError(t, cfg.Validate())
}
