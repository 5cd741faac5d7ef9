// Package testbin lets a test binary stand in for the commands its tests
// run as real processes.
//
// Building a command with go build inside a test compiles the module a
// second time, without -race, on every fresh machine; the test binary
// already holds the command's code. [Link] names a symlink to the running
// test binary after the command, and [Dispatch], first thing in TestMain,
// runs the command when the binary was started under that name, the way a
// multi-call binary does.
package testbin

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/coderun/coderun/internal/engine"
)

// Dispatch runs the command of cmds named by the base name the binary was
// started as and exits with the status it returns. It returns when the
// name is none of them, so TestMain goes on to run the tests. Either way
// the process shares compiled code (see ShareCompiledCode).
func Dispatch(cmds map[string]func() int) {
	ShareCompiledCode()
	if run, ok := cmds[filepath.Base(os.Args[0])]; ok {
		os.Exit(run())
	}
	// Under -race the commands would inherit the race runtime's default
	// second of sleep at exit, and the tests wait for many exits. Options
	// the caller set in GORACE come later and win.
	os.Setenv("GORACE", strings.TrimSpace("atexit_sleep_ms=0 "+os.Getenv("GORACE")))
}

// ShareCompiledCode makes the sandbox compile once per machine for all of
// the module's test binaries and the commands they start (see
// engine.ShareCompiledCode), and load once per process however many
// Runtimes the tests create and close (engine.KeepSandboxes). Tests of the
// compilation cache itself name their own directories, which this does not
// touch.
func ShareCompiledCode() {
	engine.ShareCompiledCode()
	engine.KeepSandboxes()
}

// Link creates a symlink named name in dir to the running test binary and
// returns its path. Started through it, the binary runs the command
// [Dispatch] knows by that name.
func Link(dir, name string) (string, error) {
	self, err := os.Executable()
	if err != nil {
		return "", err
	}
	path := filepath.Join(dir, name)
	if err := os.Symlink(self, path); err != nil {
		return "", err
	}
	return path, nil
}

// ShareUserCache makes home a user cache directory (for $XDG_CACHE_HOME)
// whose coderun directory, where the CLI and the examples keep compiled
// code by default, is a link to the shared compilation cache: the commands
// a test starts under it compile nothing another test binary compiled
// already (seconds of CPU each under -race), and write nothing to the home
// of whoever runs the tests.
func ShareUserCache(home string) error {
	shared := engine.SharedCompiledCodeDir()
	if err := os.MkdirAll(shared, 0o700); err != nil {
		return err
	}
	if err := os.MkdirAll(home, 0o700); err != nil {
		return err
	}
	return os.Symlink(shared, filepath.Join(home, "coderun"))
}
