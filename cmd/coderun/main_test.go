package main

import (
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/coderun/coderun/internal/testing/echoserver"
	"github.com/coderun/coderun/internal/testing/testbin"
)

// testDir holds what the package's tests share: the user cache directory
// they run under and the links to this test binary that the tests run as
// the coderun command and the echo MCP server.
var testDir string

// TestMain runs the command a link started this binary as; otherwise it
// points the user cache directory at a temporary one, so the default
// compilation cache of run and mcp never writes to the real home of
// whoever runs the tests, and runs the tests. In that directory, coderun's
// cache is the test binaries' shared one: the commands the tests start
// compile nothing another test compiled already (seconds of CPU each
// under -race). The tests of filling an empty cache name their own.
func TestMain(m *testing.M) {
	testbin.Dispatch(map[string]func() int{
		"coderun":    func() int { main(); return 0 },
		"echoserver": echoserver.Main,
	})
	dir, err := os.MkdirTemp("", "coderun-cmd-test-")
	if err == nil {
		err = testbin.ShareUserCache(filepath.Join(dir, "cache"))
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	testDir = dir
	os.Setenv("XDG_CACHE_HOME", filepath.Join(dir, "cache"))
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// linkOnce returns the path of a link to this test binary named name,
// made once for the package.
func linkOnce(name string) func() (string, error) {
	return sync.OnceValues(func() (string, error) { return testbin.Link(testDir, name) })
}

var coderunLink = linkOnce("coderun")

// coderunBinary returns the path the package's tests run the coderun
// command at as a real process.
func coderunBinary(t *testing.T) string {
	t.Helper()
	bin, err := coderunLink()
	if err != nil {
		t.Fatal(err)
	}
	return bin
}
