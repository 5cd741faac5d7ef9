package engine

import (
	"os"
	"testing"
)

// TestMain shares the compiled sandbox with the module's other test
// binaries (see ShareCompiledCode).
func TestMain(m *testing.M) {
	ShareCompiledCode()
	os.Exit(m.Run())
}
