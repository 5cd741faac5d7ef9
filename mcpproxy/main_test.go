package mcpproxy

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"

	coderun "github.com/coderun/coderun"

	"go.uber.org/goleak"
)

// echoServerBin is the testdata MCP server, built once for the whole test
// binary and run by the tests as a real subprocess.
var echoServerBin string

func TestMain(m *testing.M) {
	os.Exit(runTests(m))
}

func runTests(m *testing.M) int {
	dir, err := os.MkdirTemp("", "mcpproxy-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, "temp dir:", err)
		return 1
	}
	defer os.RemoveAll(dir)
	echoServerBin = filepath.Join(dir, "echoserver")
	if out, err := exec.Command("go", "build", "-o", echoServerBin, "./testdata/echoserver").CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "building the echo server: %v\n%s", err, out)
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
