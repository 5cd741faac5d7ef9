package mcpproxy

import (
	"context"
	"fmt"
	"os"
	"sync"
	"testing"

	coderun "github.com/coderun/coderun"
	"github.com/coderun/coderun/internal/testing/echoserver"
	"github.com/coderun/coderun/internal/testing/testbin"

	"go.uber.org/goleak"
)

// echoServerBin is the echo MCP server the tests run as a real
// subprocess: a link to this test binary, which serves it when started
// under that name.
var echoServerBin string

func TestMain(m *testing.M) {
	testbin.Dispatch(map[string]func() int{"echoserver": echoserver.Main})
	os.Exit(runTests(m))
}

func runTests(m *testing.M) int {
	dir, err := os.MkdirTemp("", "mcpproxy-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, "temp dir:", err)
		return 1
	}
	defer os.RemoveAll(dir)
	if echoServerBin, err = testbin.Link(dir, "echoserver"); err != nil {
		fmt.Fprintln(os.Stderr, "linking the echo server:", err)
		return 1
	}
	code := m.Run()
	closeSharedRuntime()
	if code == 0 {
		if err := goleak.Find(); err != nil {
			fmt.Fprintln(os.Stderr, "goleak:", err)
			return 1
		}
	}
	return code
}

// testStateKey seals the suspended calls of the tests' servers; the shared
// runtime has it too.
var testStateKey = []byte("0123456789abcdef0123456789abcdef")

// The runtime compiles its sandbox once; the tests share one instead of
// paying for it in every Server.
var (
	runtimeOnce sync.Once
	runtime     *coderun.Runtime
	runtimeErr  error
)

func sharedRuntime(t *testing.T) *coderun.Runtime {
	t.Helper()
	runtimeOnce.Do(func() {
		cfg := coderun.DefaultConfig()
		cfg.StateKey = testStateKey
		runtime, runtimeErr = coderun.New(cfg)
	})
	if runtimeErr != nil {
		t.Fatalf("coderun.New: %v", runtimeErr)
	}
	return runtime
}

func closeSharedRuntime() {
	if runtime != nil {
		_ = runtime.Close(context.Background())
	}
}
