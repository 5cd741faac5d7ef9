package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/coderun/coderun/internal/testing/testbin"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestMain runs the example itself when a test started this binary
// through a link named after it.
func TestMain(m *testing.M) {
	testbin.Dispatch(map[string]func() int{"durable-approval": func() int { main(); return 0 }})
	os.Exit(m.Run())
}

// TestSuspendInOneProcessResumeInAnother runs the example as docs/codemode.md
// shows it: two real processes sharing only the state file and its key.
func TestSuspendInOneProcessResumeInAnother(t *testing.T) {
	dir := t.TempDir()
	// The example keeps its compiled sandbox under the user cache
	// directory; here that holds the test binaries' shared cache.
	require.NoError(t, testbin.ShareUserCache(filepath.Join(dir, "cache")))
	t.Setenv("XDG_CACHE_HOME", filepath.Join(dir, "cache"))
	bin, err := testbin.Link(dir, "durable-approval")
	require.NoError(t, err)
	state := filepath.Join(dir, "state.bin")
	run := func(args ...string) string {
		t.Helper()
		cmd := exec.Command(bin, args...)
		cmd.Env = append(os.Environ(), "CODERUN_STATE_KEY=")
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, "%s", out)
		return string(out)
	}

	first := run("suspend", state)
	assert.Equal(t, 3, strings.Count(first, "executed get_invoice"), first)
	assert.NotContains(t, first, "executed refund")
	assert.Contains(t, first, `waiting for approval: call-1.4 refund {"id":"inv-2","amount":40} (refunds move money)`)
	assert.FileExists(t, state)
	assert.FileExists(t, state+".key")

	approved := run("resume", state, "approve")
	assert.NotContains(t, approved, "executed get_invoice", "the lookups are not repeated")
	assert.Equal(t, 1, strings.Count(approved, "executed refund inv-2 40"))
	assert.Contains(t, approved, "status: ok")
	assert.Contains(t, approved, `value: [{"id":"inv-2","refunded":40}]`)
	assert.Contains(t, approved, "| overcharged: inv-2", "the log line from the first process is kept")
	assert.Contains(t, approved, "[context from refund] inv-2 was refunded 40")

	denied := run("resume", state, "deny")
	assert.NotContains(t, denied, "executed")
	assert.Contains(t, denied, `approval for tool \"refund\" was refused: the reviewer said no`)
}

func TestResumeWithoutTheKeyFails(t *testing.T) {
	t.Setenv("CODERUN_STATE_KEY", "")
	err := run([]string{"resume", filepath.Join(t.TempDir(), "missing.bin"), "approve"}, &strings.Builder{})
	assert.ErrorContains(t, err, "no key")
	err = run([]string{"resume"}, &strings.Builder{})
	assert.ErrorContains(t, err, "usage")
}
