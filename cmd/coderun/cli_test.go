package main

import (
	"bufio"
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestHelpGoesToStdout checks every command of the table: -h prints its
// usage on standard output and exits 0, as does coderun -h.
func TestHelpGoesToStdout(t *testing.T) {
	for _, c := range commands {
		for _, h := range []string{"-h", "--help"} {
			code, out, stderr := cli(t, "", c.name, h)
			assert.Equal(t, 0, code, "%s %s", c.name, h)
			assert.True(t, strings.HasPrefix(out, "usage: coderun "+c.name), "%s %s: %q", c.name, h, out)
			assert.Contains(t, out, c.synopsis)
			assert.Empty(t, stderr, "%s %s", c.name, h)
		}
	}
	for _, h := range []string{"-h", "--help", "help"} {
		code, out, stderr := cli(t, "", h)
		assert.Equal(t, 0, code)
		assert.Empty(t, stderr)
		for _, c := range commands {
			assert.Contains(t, out, "\n  "+c.name, "the command list names %s", c.name)
		}
	}
}

// TestUsageErrorsGoToStderr: a bad flag prints one line saying what was
// wrong and one pointing at -h on standard error, nothing on standard
// output, and exits 2. The flag list is not repeated.
func TestUsageErrorsGoToStderr(t *testing.T) {
	for _, c := range commands {
		code, out, stderr := cli(t, "", c.name, "--no-such-flag")
		assert.Equal(t, 2, code, c.name)
		assert.Empty(t, out, c.name)
		assert.Equal(t, "coderun "+c.name+": flag provided but not defined: -no-such-flag\nRun 'coderun "+c.name+" -h' for usage.\n", stderr)
	}
}

// TestUsageErrorsSayWhatToChange: each common mistake gets a message that
// names the flag as typed and what it wants.
func TestUsageErrorsSayWhatToChange(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"run", "--compute-time", "5", "-"}, `coderun run: invalid value "5" for flag -compute-time: want a duration with a unit, such as 5s, 500ms or 1m30s`},
		{[]string{"run", "--memory-limit-bytes", "1MiB", "-"}, "coderun run: --memory-limit-bytes is 1048576, want 16777216 (16 MiB) to 3221225472 (3 GiB)"},
		{[]string{"run", "--max-calls", "0", "-"}, "coderun run: --max-calls is 0, want 1 to"},
		{[]string{"run", "a.ts", "b.ts"}, `coderun run: unexpected argument "b.ts": want [flags] FILE|-`},
		{[]string{"run"}, "coderun run: missing argument: want [flags] FILE|-"},
		{[]string{"version", "extra"}, `coderun version: unexpected argument "extra": want no arguments`},
	}
	for _, c := range cases {
		code, out, stderr := cli(t, "return 1", c.args...)
		assert.Equal(t, 2, code, "%v", c.args)
		assert.Empty(t, out)
		assert.True(t, strings.HasPrefix(stderr, c.want), "%v: %q", c.args, stderr)
		assert.NotContains(t, stderr, "coderun: config:", "the library's prefix is not repeated")
		assert.Equal(t, 2, strings.Count(stderr, "\n"), "one line of problem, one pointing at -h: %q", stderr)
	}
}

// TestFlagsAfterTheFile: flags may follow the file name, and "--" makes
// what follows positional.
func TestFlagsAfterTheFile(t *testing.T) {
	code, out, stderr := cli(t, "console.log('<b>'); return 2", "run", "-", "--pretty", "--fuel", "100000")
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, out, "\n  \"logs\"", "--pretty after the file indents the output")
	code, _, stderr = cli(t, "return 1", "run", "--", "--pretty")
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, "--pretty", "after --, --pretty is a file name")
}

// TestByteFlagsTakeUnits: the byte flags read the same syntax as
// coderun.yml, and a bad value says what syntax is wanted.
func TestByteFlagsTakeUnits(t *testing.T) {
	code, out, stderr := cli(t, "return 1", "run", "--no-cache", "--memory-limit-bytes", "64MiB", "--max-output-bytes", "1KiB", "-")
	require.Equal(t, 0, code, stderr)
	assert.JSONEq(t, "1", string(decode(t, out).Value))

	code, out, _ = cli(t, "console.log('x'.repeat(2000))", "run", "--no-cache", "--max-output-bytes", "1KiB", "-")
	assert.Equal(t, 1, code, "2000 bytes of logs exceed 1KiB")
	assert.Equal(t, "output-limit", string(decode(t, out).Failure.Kind))

	code, _, stderr = cli(t, "return 1", "run", "--memory-limit-bytes", "64MB", "-")
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, `invalid value "64MB" for flag -memory-limit-bytes`)
	assert.Contains(t, stderr, "want a byte count such as 1048576, 512KiB, 64MiB or 1GiB")
}

// TestMCPReadsInjectedStdin serves MCP in-process from the stdin the command
// was given: an initialize request and tools/list come back answered on the
// given stdout, and closing that input ends the server with status 0.
func TestMCPReadsInjectedStdin(t *testing.T) {
	cfg := filepath.Join(t.TempDir(), "coderun.yml")
	require.NoError(t, os.WriteFile(cfg, []byte("mode: native\n"), 0o600))
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	var stderr bytes.Buffer
	done := make(chan int, 1)
	go func() {
		done <- dispatch([]string{"mcp", "--config", cfg}, stdio{inR, outW, &stderr})
		outW.Close()
	}()
	lines := bufio.NewScanner(outR)
	request := func(msg string) string {
		_, err := io.WriteString(inW, msg+"\n")
		require.NoError(t, err)
		require.True(t, lines.Scan(), "a response on the injected stdout")
		return lines.Text()
	}
	assert.Contains(t, request(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"0"}}}`),
		`"id":1,"result":{`)
	_, err := io.WriteString(inW, `{"jsonrpc":"2.0","method":"notifications/initialized"}`+"\n")
	require.NoError(t, err)
	tools := request(`{"jsonrpc":"2.0","id":2,"method":"tools/list"}`)
	assert.Contains(t, tools, `"id":2,"result":{`)
	assert.Contains(t, tools, `"tools":[]`)
	require.NoError(t, inW.Close())
	assert.Equal(t, 0, <-done, stderr.String())
}

// TestToolsReportsAFailedServerOnce: the reason a server failed is in the
// start-up report on stderr; the listing on stdout names the server as
// failed without repeating it.
func TestToolsReportsAFailedServerOnce(t *testing.T) {
	cfg := filepath.Join(t.TempDir(), "coderun.yml")
	require.NoError(t, os.WriteFile(cfg, []byte("servers:\n  broken: {command: /nonexistent/mcp-server-xyz}\n"), 0o600))
	code, out, stderr := cli(t, "", "tools", "--config", cfg, "--start-timeout", "10s")
	assert.Equal(t, 1, code)
	assert.Contains(t, out, "broken (/nonexistent/mcp-server-xyz): FAILED to start")
	reason := "no such file or directory"
	assert.Equal(t, 1, strings.Count(out+stderr, reason), "stdout: %q\nstderr: %q", out, stderr)
}
