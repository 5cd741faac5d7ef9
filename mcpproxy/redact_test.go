package mcpproxy

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/coderun/coderun/codemode"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Credentials in a server's URL (user information, query) and arguments
// ("--token X") reach neither the session log nor stderr: not in the
// start-up report, not in the events of started and failed servers, not
// quoted by a failed HTTP request or printed by the server itself, and not
// when a call finds the server unavailable.
func TestServerCredentialsStayOutOfTheLogAndStderr(t *testing.T) {
	t.Parallel()
	secrets := []string{"hunter2", "SECRET123", "ARGSECRET", "alice"}
	web := strings.Replace(startHTTPEchoServer(t, ""), "http://", "http://alice:hunter2@", 1) + "?api_key=SECRET123"
	dir := t.TempDir()
	fsUp := filesystemServer(t, dir)
	fsUp.Args = append([]string{"--token", "ARGSECRET"}, fsUp.Args...) // the server warns on stderr that it cannot open "ARGSECRET"
	fsDown := fsUp
	fsDown.Args = fsUp.Args[:2] // no directory it can open: it exits, saying which ones it tried

	log, stderr := &lockedBuffer{}, &lockedBuffer{}
	h, report := startHub(t, map[string]codemode.ServerSpec{
		"web":     {URL: web},
		"webdown": {URL: "http://alice:hunter2@127.0.0.1:1/mcp?api_key=SECRET123"},
		"fs":      fsUp,
		"fsdown":  fsDown,
	}, Options{Log: codemode.NewSessionLog(log), Stderr: stderr, StartTimeout: 30 * time.Second})
	_, err := report.WriteTo(stderr)
	require.NoError(t, err)

	byName := make(map[string]ServerStatus)
	for _, s := range report.Servers {
		byName[s.Name] = s
	}
	require.NoError(t, byName["web"].Err)
	require.NoError(t, byName["fs"].Err)
	require.Error(t, byName["webdown"].Err)
	require.Error(t, byName["fsdown"].Err)
	assert.Regexp(t, `^http://\*\*\*@127\.0\.0\.1:\d+/mcp\?\*\*\*$`, byName["web"].Endpoint)
	assert.True(t, strings.HasSuffix(byName["fs"].Endpoint, " --token *** "+dir), byName["fs"].Endpoint)

	_, err = h.Call(t.Context(), "webdown", "echo", json.RawMessage(`{}`))
	require.Error(t, err, "the server is still down, and the call says so")

	events := log.events(t)
	for _, want := range []struct{ msg, server string }{
		{"mcp/server-started", "web"}, {"mcp/server-started", "fs"},
		{"mcp/server-failed", "webdown"}, {"mcp/server-failed", "fsdown"},
		{"mcp/upstream-unavailable", "webdown"},
	} {
		assert.True(t, hasEvent(events, want.msg, want.server), "the log records %s of %s", want.msg, want.server)
	}
	assert.Contains(t, stderr.String(), `[fs] `, "the server's own stderr is passed on")
	assert.Contains(t, stderr.String(), `server "webdown" is unavailable`)
	for _, s := range secrets {
		assert.NotContains(t, log.String(), s, "session log")
		assert.NotContains(t, stderr.String(), s, "stderr")
		assert.NotContains(t, err.Error(), s, "the call's error")
	}
}

func hasEvent(events []map[string]any, msg, server string) bool {
	for _, e := range events {
		if e["msg"] == msg && e["server"] == server {
			return true
		}
	}
	return false
}

// The values of a server's secret-named environment variables and headers
// are credentials as much as its arguments are: a server that prints them
// on stderr (here a command that complains about its key and exits) has
// them masked in the start-up report, the session log and the stderr it
// passes on. Other variables are shown as the server printed them.
func TestServerSecretEnvStaysOutOfTheLogAndStderr(t *testing.T) {
	t.Parallel()
	log, stderr := &lockedBuffer{}, &lockedBuffer{}
	_, report := startHub(t, map[string]codemode.ServerSpec{
		"leaky": {
			Command: "sh",
			Args:    []string{"-c", `echo "rejected key $API_KEY (auth: $AUTH_HEADER) at level $LOG_LEVEL" >&2; exit 3`},
			Env:     map[string]string{"API_KEY": "sk-ENVSECRET-77", "AUTH_HEADER": "Bearer HDRSECRET-88", "LOG_LEVEL": "verbose"},
		},
	}, Options{Log: codemode.NewSessionLog(log), Stderr: stderr, StartTimeout: 30 * time.Second})
	_, err := report.WriteTo(stderr)
	require.NoError(t, err)
	require.Error(t, report.Servers[0].Err)
	assert.Contains(t, report.Servers[0].Err.Error(), "rejected key ***", "the server's own explanation is kept, its secret masked")
	assert.Contains(t, stderr.String(), "level verbose", "a variable not named like a secret is shown")
	for _, s := range []string{"ENVSECRET", "HDRSECRET"} {
		assert.NotContains(t, log.String(), s, "session log")
		assert.NotContains(t, stderr.String(), s, "stderr")
		assert.NotContains(t, report.Servers[0].Err.Error(), s, "the report")
	}
}
