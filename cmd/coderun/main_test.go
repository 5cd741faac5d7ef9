package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// testDir holds what the package's tests share: the user cache directory
// they run under and the coderun binary built once.
var testDir string

// TestMain points the user cache directory at a temporary one, so the
// default compilation cache of run and mcp never writes to the real home of
// whoever runs the tests.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "coderun-cmd-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	testDir = dir
	// go build derives its own cache from the user cache directory too:
	// pin it first, or every test binary build starts from an empty cache
	// (about a minute of compiling on two cores).
	if out, err := exec.Command("go", "env", "GOCACHE").Output(); err == nil {
		os.Setenv("GOCACHE", strings.TrimSpace(string(out)))
	}
	os.Setenv("XDG_CACHE_HOME", filepath.Join(dir, "cache"))
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

var buildOnce = sync.OnceValues(func() (string, error) {
	bin := filepath.Join(testDir, "coderun")
	out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput()
	if err != nil {
		return "", fmt.Errorf("go build: %v: %s", err, out)
	}
	return bin, nil
})

// coderunBinary returns the path of this command built once for the
// package's tests that need a real process.
func coderunBinary(t *testing.T) string {
	t.Helper()
	bin, err := buildOnce()
	if err != nil {
		t.Fatal(err)
	}
	return bin
}
