package python_test

import (
	"testing"

	"go.uber.org/goleak"

	"github.com/coderun/coderun/internal/testing/testbin"
)

// TestMain shares the compiled sandbox with the module's other test
// binaries (see testbin.ShareCompiledCode): under -race, compiling the
// Python module is most of a minute of CPU. Every test's goroutines must
// be gone when the package's tests end.
func TestMain(m *testing.M) {
	testbin.ShareCompiledCode()
	goleak.VerifyTestMain(m)
}
