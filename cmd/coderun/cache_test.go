package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/coderun/coderun"
	"github.com/coderun/coderun/internal/engine"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The compilation cache tests run the real binary, because the engine
// keeps a compiled module in memory per cache directory: only a new process
// reads the directory again. The one that shows a command filling an empty
// directory compiles the sandbox there (seconds of CPU under -race); the
// others start from a copy of a filled one (see corruptCompiledCache).

// runWithCacheHome runs `coderun args...` with the user cache directory at
// home and the program on standard input, and returns the exit status,
// stdout and stderr.
func runWithCacheHome(t *testing.T, home, program string, args ...string) (int, string, string) {
	t.Helper()
	cmd := exec.Command(coderunBinary(t), args...)
	cmd.Env = append(os.Environ(), "XDG_CACHE_HOME="+home)
	cmd.Stdin = strings.NewReader(program)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	var exit *exec.ExitError
	if err != nil && !assert.ErrorAs(t, err, &exit) {
		t.FailNow()
	}
	return cmd.ProcessState.ExitCode(), stdout.String(), stderr.String()
}

// cacheFiles lists the regular files under dir.
func cacheFiles(t *testing.T, dir string) []string {
	t.Helper()
	var files []string
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			files = append(files, path)
		}
		return err
	})
	if !os.IsNotExist(err) {
		require.NoError(t, err)
	}
	return files
}

func TestRunCachesByDefault(t *testing.T) {
	t.Parallel()
	home := t.TempDir()
	code, out, stderr := runWithCacheHome(t, home, "return 6 * 7", "run", "-")
	require.Equal(t, 0, code, stderr)
	assert.JSONEq(t, "42", string(decode(t, out).Value))
	assert.Empty(t, stderr)
	assert.NotEmpty(t, cacheFiles(t, filepath.Join(home, "coderun")), "the compiled sandbox is kept under the user cache directory")

	code, _, stderr = runWithCacheHome(t, home, "return 1", "run", "-")
	assert.Equal(t, 0, code)
	assert.Empty(t, stderr, "a second run reads the cache without complaint")
}

// TestRunNoCache runs in-process: writing no cache needs no new process to
// show, and the sandbox compiled without a cache is shared with the other
// in-process tests.
func TestRunNoCache(t *testing.T) {
	for _, args := range [][]string{{"--no-cache"}, {"--cache-dir", ""}} {
		home := t.TempDir()
		t.Setenv("XDG_CACHE_HOME", home)
		code, _, stderr := cli(t, "return 1", append(append([]string{"run"}, args...), "-")...)
		require.Equal(t, 0, code, stderr)
		assert.Empty(t, cacheFiles(t, home), "%v writes no cache", args)
	}
}

// readOnlyDir returns a directory nobody can write to, root included: mode
// 0555, and immutable when running as root (who ignores modes).
func readOnlyDir(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "ro")
	require.NoError(t, os.Mkdir(dir, 0o555))
	if os.Geteuid() == 0 {
		out, err := exec.Command("chattr", "+i", dir).CombinedOutput()
		require.NoError(t, err, "as root, a read-only directory needs chattr +i: %s", out)
		t.Cleanup(func() { exec.Command("chattr", "-i", dir).Run() })
	}
	probe := filepath.Join(dir, "probe")
	if f, err := os.Create(probe); err == nil {
		f.Close()
		os.Remove(probe)
		t.Fatalf("%s is still writable", dir)
	}
	return dir
}

func TestRunUnwritableCacheFallsBack(t *testing.T) {
	t.Parallel()
	dir := readOnlyDir(t)
	code, out, stderr := runWithCacheHome(t, t.TempDir(), "return 'ok'", "run", "--cache-dir", dir, "-")
	require.Equal(t, 0, code, stderr)
	assert.JSONEq(t, `"ok"`, string(decode(t, out).Value))
	assert.Contains(t, stderr, "coderun: warning: compilation cache "+dir+" is unusable")
	assert.Contains(t, stderr, "-no-cache")
}

// corruptCompiledCache fills dir as a run of the command would have, by
// copying the files of the test binaries' shared cache, and then overwrites
// each file, as a crash mid-write or a disk error would leave it. A command
// that opens dir finds every entry it looks up corrupt. The runtime made
// here fills the shared cache if no test did before; it has the command's
// default budgets (DefaultConfig), so the entry the command looks up is
// among those copied.
func corruptCompiledCache(t *testing.T, dir string) {
	t.Helper()
	rt, err := coderun.New(coderun.DefaultConfig())
	require.NoError(t, err)
	require.NoError(t, rt.Close(context.Background()))
	shared := engine.SharedCompiledCodeDir()
	files := cacheFiles(t, shared)
	require.NotEmpty(t, files, "the shared compilation cache %s is empty", shared)
	for _, f := range files {
		rel, err := filepath.Rel(shared, f)
		require.NoError(t, err)
		to := filepath.Join(dir, rel)
		require.NoError(t, os.MkdirAll(filepath.Dir(to), 0o700))
		require.NoError(t, os.WriteFile(to, []byte("not a compiled module"), 0o600))
	}
	require.NoError(t, os.WriteFile(filepath.Join(dir, "stray"), []byte{0xff, 0}, 0o600))
}

func TestRunCorruptCacheFallsBack(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "cache")
	corruptCompiledCache(t, dir)
	code, out, stderr := runWithCacheHome(t, t.TempDir(), "return 'still runs'", "run", "--cache-dir", dir, "-")
	require.Equal(t, 0, code, stderr)
	assert.JSONEq(t, `"still runs"`, string(decode(t, out).Value))
	assert.Contains(t, stderr, "coderun: warning: compilation cache "+dir+" is unusable")
}

// TestMCPCachesByDefault: coderun mcp in a mode with run_code opens the
// default cache directory. When every entry there is corrupt it says so,
// names the directory, and serves all the same. (run and mcp share
// cacheFlags and newRuntime; TestRunCachesByDefault shows them filling an
// empty directory, a compilation this test need not repeat.)
func TestMCPCachesByDefault(t *testing.T) {
	t.Parallel()
	home := t.TempDir()
	corruptCompiledCache(t, filepath.Join(home, "coderun"))
	cfg := filepath.Join(t.TempDir(), "coderun.yml")
	require.NoError(t, os.WriteFile(cfg, []byte("mode: code\n"), 0o600))
	code, _, stderr := runWithCacheHome(t, home, "", "mcp", "--config", cfg)
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, stderr, "coderun: warning: compilation cache "+filepath.Join(home, "coderun")+" is unusable")
}
