package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/coderun/coderun"
	"github.com/coderun/coderun/wasm"
)

// cli runs the command in-process and returns its exit status and output.
func cli(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := dispatch(args, stdio{strings.NewReader(stdin), &stdout, &stderr})
	return code, stdout.String(), stderr.String()
}

func decode(t *testing.T, out string) coderun.Result {
	t.Helper()
	var res coderun.Result
	require.NoError(t, json.Unmarshal([]byte(out), &res), out)
	return res
}

// TestRunWritesJSONAsIs: the output is JSON read by people and programs,
// so <, > and & are written as they are, not as \u003c escapes.
func TestRunWritesJSONAsIs(t *testing.T) {
	code, out, stderr := cli(t, "console.log(new Map([[1, '<a> & b']])); return '=>'", "run", "--pretty", "-")
	require.Equal(t, 0, code, stderr)
	assert.NotContains(t, out, `\u003c`)
	assert.NotContains(t, out, `\u0026`)
	assert.Contains(t, out, `Map(1) { 1 => '<a> & b' }`)
	assert.Contains(t, out, `"value": "=>"`)
}

// TestPositionsNameTheFile: positions in failures name the file that was
// run; a program from standard input stays program.ts.
func TestPositionsNameTheFile(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "fix-dates.ts")
	require.NoError(t, os.WriteFile(file, []byte("const n: number = 1\nthrow new Error('boom')\n"), 0o600))
	code, out, _ := cli(t, "", "run", file)
	assert.Equal(t, 1, code)
	assert.Contains(t, decode(t, out).Failure.Message, "\n    at fix-dates.ts:2:7")

	bad := filepath.Join(dir, "bad.ts")
	require.NoError(t, os.WriteFile(bad, []byte("let x = ;"), 0o600))
	code, out, _ = cli(t, "", "run", bad)
	assert.Equal(t, 1, code)
	assert.Contains(t, decode(t, out).Failure.Message, "SyntaxError: bad.ts:1:9:")

	code, out, _ = cli(t, "throw new Error('x')", "run", "-")
	assert.Equal(t, 1, code)
	assert.Contains(t, decode(t, out).Failure.Message, "\n    at program.ts:1:7")
}

// Both first programs, hello.ts and hello.py, print the same.
func TestRunExample(t *testing.T) {
	for _, file := range []string{"hello.ts", "hello.py"} {
		t.Run(file, func(t *testing.T) {
			code, out, stderr := cli(t, "", "run", "../../examples/"+file)
			require.Equal(t, 0, code, stderr)
			res := decode(t, out)
			assert.Nil(t, res.Failure)
			assert.JSONEq(t, `{"greeted":["world","coderun"],"at":"1970-01-01T00:00:00.000Z"}`, string(res.Value))
			assert.Equal(t, []string{"hello, world!", "hello, coderun."}, res.Logs)
			assert.Equal(t, 1, strings.Count(out, "\n"), "compact JSON on one line")
		})
	}
}

func TestRunFromStdinPretty(t *testing.T) {
	code, out, _ := cli(t, "console.log('x'); return [1, 2]", "run", "--pretty", "-")
	require.Equal(t, 0, code)
	assert.Contains(t, out, "\n  \"value\": [\n")
	assert.Equal(t, "[1,2]", compact(t, decode(t, out).Value))
}

func compact(t *testing.T, raw json.RawMessage) string {
	var b bytes.Buffer
	require.NoError(t, json.Compact(&b, raw))
	return b.String()
}

func TestRunFailureExitsOne(t *testing.T) {
	code, out, _ := cli(t, "throw new Error('boom')", "run", "-")
	assert.Equal(t, 1, code)
	res := decode(t, out)
	require.NotNil(t, res.Failure)
	assert.Equal(t, coderun.KindException, res.Failure.Kind)
	assert.Contains(t, res.Failure.Message, "Error: boom")
}

func TestRunBudgetFlags(t *testing.T) {
	code, out, _ := cli(t, "while (true) {}", "run", "--compute-time", "50ms", "-")
	assert.Equal(t, 1, code)
	res := decode(t, out)
	assert.Equal(t, coderun.KindTimeout, res.Failure.Kind)
	assert.Contains(t, res.Failure.Message, "ComputeTime")

	code, out, _ = cli(t, "for (;;) {}", "run", "--fuel", "3", "-")
	assert.Equal(t, 1, code)
	assert.Contains(t, decode(t, out).Failure.Message, "Fuel")

	code, out, _ = cli(t, "console.log('x'.repeat(100))", "run", "--max-output-bytes", "10", "-")
	assert.Equal(t, 1, code)
	assert.Equal(t, coderun.KindOutputLimit, decode(t, out).Failure.Kind)

	program := "return [Math.random(), Date.now()]"
	_, a, _ := cli(t, program, "run", "--deterministic", "--seed", "3", "-")
	_, b, _ := cli(t, program, "run", "--deterministic", "--seed", "3", "-")
	assert.Equal(t, a, b)
}

func TestRunUsageErrorsExitTwo(t *testing.T) {
	cases := [][]string{
		{"run"},
		{"run", "a.ts", "b.ts"},
		{"run", "--no-such-flag", "-"},
		{"run", "does-not-exist.ts"},
		{"run", "--memory-limit-bytes", "1", "-"},
		{"run", "--compute-time", "0s", "-"},
		{"frobnicate"},
		{},
		{"version", "extra"},
	}
	for _, args := range cases {
		code, _, stderr := cli(t, "", args...)
		assert.Equal(t, 2, code, "%v", args)
		assert.NotEmpty(t, stderr, "%v says what was wrong", args)
	}
	_, _, stderr := cli(t, "", "run", "--memory-limit-bytes", "1", "-")
	assert.Contains(t, stderr, "--memory-limit-bytes is 1, want")
}

func TestVersion(t *testing.T) {
	code, out, _ := cli(t, "", "version")
	require.Equal(t, 0, code)
	assert.Contains(t, out, "quickjs-ng: "+wasm.QuickJSVersion)
	assert.Contains(t, out, "wasm sha256: "+wasm.SHA256())
	assert.Contains(t, out, "engine: wazero v1.12.0")
}

// TestInterruptAbortsAndStillPrints runs the real binary and sends it
// SIGINT while a program spins: the run ends as abort and the Result is
// printed.
func TestInterruptAbortsAndStillPrints(t *testing.T) {
	cmd := exec.Command(coderunBinary(t), "run", "-")
	cmd.Stdin = strings.NewReader("console.log('spinning'); while (true) {}")
	var stdout bytes.Buffer
	cmd.Stdout = &stdout
	require.NoError(t, cmd.Start())
	// Give the sandbox time to compile and the program time to start; an
	// interrupt before that still aborts, just with no logs yet.
	time.Sleep(2 * time.Second)
	require.NoError(t, cmd.Process.Signal(syscall.SIGINT))
	err := cmd.Wait()
	var exit *exec.ExitError
	require.ErrorAs(t, err, &exit)
	assert.Equal(t, 1, exit.ExitCode())
	res := decode(t, stdout.String())
	assert.Equal(t, coderun.KindAbort, res.Failure.Kind)
	assert.Subset(t, []string{"spinning"}, res.Logs)
}
