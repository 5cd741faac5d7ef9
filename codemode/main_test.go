package codemode

import (
	"context"
	"fmt"
	"os"
	"testing"

	coderun "github.com/coderun/coderun"
	"github.com/coderun/coderun/internal/testing/testbin"
	"go.uber.org/goleak"
)

// sharedRuntime serves every test session that does not need budgets of its
// own: compiling the sandbox once keeps the suite fast. It is created before
// any test runs, so per-test leak checks can ignore its goroutines.
var sharedRuntime *coderun.Runtime

// durableRuntime is a shared runtime that can suspend runs: it has
// testStateKey, which sessions using it must have in their budgets too.
var durableRuntime *coderun.Runtime

// testStateKey seals the suspensions of the tests.
var testStateKey = []byte("0123456789abcdef0123456789abcdef")

func TestMain(m *testing.M) {
	testbin.ShareCompiledCode()
	rt, err := coderun.New(coderun.DefaultConfig())
	if err != nil {
		fmt.Fprintln(os.Stderr, "codemode tests: runtime:", err)
		os.Exit(1)
	}
	sharedRuntime = rt
	cfg := coderun.DefaultConfig()
	cfg.StateKey = testStateKey
	if durableRuntime, err = coderun.New(cfg); err != nil {
		fmt.Fprintln(os.Stderr, "codemode tests: runtime:", err)
		os.Exit(1)
	}
	code := m.Run()
	for _, rt := range []*coderun.Runtime{sharedRuntime, durableRuntime} {
		if err := rt.Close(context.Background()); err != nil {
			fmt.Fprintln(os.Stderr, "codemode tests: close runtime:", err)
			code = 1
		}
	}
	if code == 0 {
		if err := goleak.Find(); err != nil {
			fmt.Fprintln(os.Stderr, "codemode tests: goroutines leaked:", err)
			code = 1
		}
	}
	os.Exit(code)
}
