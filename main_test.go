package coderun

import (
	"os"
	"testing"

	"github.com/coderun/coderun/internal/testing/testbin"
)

// TestMain shares the compiled sandbox with the module's other test
// binaries (see testbin.ShareCompiledCode).
func TestMain(m *testing.M) {
	testbin.ShareCompiledCode()
	os.Exit(m.Run())
}
