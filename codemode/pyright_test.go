package codemode

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"
)

// pyrightPythonVersion is the Python the SDK is checked against: the
// CPython the Python sandbox runs (wasm/python/build).
const pyrightPythonVersion = "3.13"

// errNoPyright says the npm registry could not serve the pinned pyright.
var errNoPyright = errors.New("pyright could not be installed")

// pyrightPath installs the pinned pyright with .ci/setup-pyright, the one
// place that says how, and returns its path. Exit status 3 means the
// registry could not serve it: errNoPyright, and the checks skip loudly.
var pyrightPath = sync.OnceValues(func() (string, error) {
	out, err := exec.Command("bash", filepath.Join("..", ".ci", "setup-pyright")).CombinedOutput()
	var exit *exec.ExitError
	if errors.As(err, &exit) && exit.ExitCode() == 3 {
		return "", fmt.Errorf("%w: %s", errNoPyright, out)
	}
	if err != nil {
		return "", fmt.Errorf(".ci/setup-pyright (it needs npm): %w: %s", err, out)
	}
	return filepath.Abs(filepath.Join("..", ".ci", "pyright", "node_modules", ".bin", "pyright"))
})

// pyrightCheck runs pyright in strict mode over each of sources, as a
// module of its own, and returns each one's diagnostics (errors and
// warnings), one per line; empty means it type-checks. One pyright checks
// them all, since starting it is much of its time.
func pyrightCheck(t *testing.T, sources ...string) []string {
	t.Helper()
	pyright, err := pyrightPath()
	if errors.Is(err, errNoPyright) {
		t.Skipf("WARNING: SKIPPED: %v", err)
	}
	require.NoError(t, err)
	dir := t.TempDir()
	config := fmt.Sprintf(`{"typeCheckingMode": "strict", "pythonVersion": %q}`, pyrightPythonVersion)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "pyrightconfig.json"), []byte(config), 0o644))
	args := []string{"--outputjson"}
	index := make(map[string]int)
	for i, source := range sources {
		file := filepath.Join(dir, fmt.Sprintf("program%d.py", i))
		require.NoError(t, os.WriteFile(file, []byte(source), 0o644))
		args = append(args, file)
		index[file] = i
	}
	cmd := exec.Command(pyright, args...)
	cmd.Dir = dir
	out, err := cmd.Output()
	// Exit status 1 reports errors; anything else is pyright failing.
	var exit *exec.ExitError
	require.False(t, err != nil && !(errors.As(err, &exit) && exit.ExitCode() == 1), "pyright: %v: %s", err, out)
	var report struct {
		Diagnostics []struct {
			File     string `json:"file"`
			Severity string `json:"severity"`
			Message  string `json:"message"`
			Rule     string `json:"rule"`
			Range    struct {
				Start struct{ Line, Character int } `json:"start"`
			} `json:"range"`
		} `json:"generalDiagnostics"`
	}
	require.NoError(t, json.Unmarshal(out, &report), "pyright --outputjson: %s", out)
	diags := make([]string, len(sources))
	for _, d := range report.Diagnostics {
		if d.Severity == "information" {
			continue
		}
		i, ok := index[d.File]
		require.True(t, ok, "pyright reported on a file it was not given: %s: %s", d.File, d.Message)
		diags[i] += fmt.Sprintf("%d:%d: %s: %s (%s)\n", d.Range.Start.Line+1, d.Range.Start.Character+1, d.Severity, d.Message, d.Rule)
	}
	return diags
}
