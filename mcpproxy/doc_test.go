package mcpproxy_test

import (
	"testing"

	"github.com/coderun/coderun/internal/testing/docexample"
)

// TestDocShowsTheExample keeps the package doc's code the code Example runs.
func TestDocShowsTheExample(t *testing.T) {
	t.Parallel()
	docexample.Check(t, "doc.go", "example_test.go")
}
