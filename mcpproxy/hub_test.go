package mcpproxy

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/coderun/coderun/codemode"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func echoSpec(args ...string) codemode.ServerSpec {
	return codemode.ServerSpec{Command: echoServerBin, Args: args}
}

// startHub starts a Hub and closes it when the test ends.
func startHub(t *testing.T, servers map[string]codemode.ServerSpec, opts Options) (*Hub, *Report) {
	t.Helper()
	h, report, err := Start(t.Context(), servers, opts)
	require.NoError(t, err)
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		assert.NoError(t, h.Close(ctx))
	})
	return h, report
}

func toolNames(tools []ProxiedTool) []string {
	var names []string
	for _, t := range tools {
		names = append(names, t.Name)
	}
	return names
}

func structured(t *testing.T, res *mcp.CallToolResult) map[string]any {
	t.Helper()
	require.False(t, res.IsError, "tool error: %v", res.Content)
	b, err := json.Marshal(res.StructuredContent)
	require.NoError(t, err)
	var m map[string]any
	require.NoError(t, json.Unmarshal(b, &m))
	return m
}

func TestHubListsAndCallsStdioServerTools(t *testing.T) {
	t.Parallel()
	h, report := startHub(t, map[string]codemode.ServerSpec{"echo": echoSpec()}, Options{})
	require.False(t, report.Failed())
	assert.Equal(t, []string{"echo__append", "echo__crash", "echo__echo", "echo__fail", "echo__info", "echo__prose", "echo__set_bonus", "echo__sleep"}, toolNames(h.Tools()))

	res, err := h.Call(t.Context(), "echo", "echo", json.RawMessage(`{"text":"hi"}`))
	require.NoError(t, err)
	assert.Equal(t, map[string]any{"text": "hi"}, structured(t, res))

	res, err = h.Call(t.Context(), "echo", "fail", json.RawMessage(`{"message":"nope"}`))
	require.NoError(t, err, "a tool error is a result, not a call failure")
	assert.True(t, res.IsError)
}

func TestHubPassesEnvAndCwdToStdioServers(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	spec := echoSpec()
	spec.Env = map[string]string{"ECHO_GREETING": "hello from config"}
	spec.Cwd = dir
	h, _ := startHub(t, map[string]codemode.ServerSpec{"echo": spec}, Options{})

	res, err := h.Call(t.Context(), "echo", "info", nil)
	require.NoError(t, err)
	got := structured(t, res)
	assert.Equal(t, "hello from config", got["greeting"])
	wantDir, err := filepath.EvalSymlinks(dir)
	require.NoError(t, err)
	assert.Equal(t, wantDir, got["cwd"])
}

func TestHubReportsEachFailingServerAndKeepsTheOthers(t *testing.T) {
	t.Parallel()
	var stderr strings.Builder
	h, report := startHub(t, map[string]codemode.ServerSpec{
		"good":    echoSpec(),
		"missing": {Command: "coderun-no-such-command-xyz"},
		"quits":   echoSpec("-exit-at-start", "7"),
		"nohttp":  {URL: "http://127.0.0.1:1/mcp"},
	}, Options{Stderr: &syncWriter{w: &stderr}})

	byName := map[string]ServerStatus{}
	for _, s := range report.Servers {
		byName[s.Name] = s
	}
	require.NoError(t, byName["good"].Err)
	assert.Equal(t, 8, byName["good"].Tools)
	require.ErrorContains(t, byName["missing"].Err, `server "missing"`)
	assert.ErrorContains(t, byName["missing"].Err, "executable file not found")
	require.ErrorContains(t, byName["quits"].Err, `server "quits"`)
	assert.ErrorContains(t, byName["quits"].Err, "exit status 7")
	assert.ErrorContains(t, byName["quits"].Err, "refusing to start", "the server's own stderr explains the failure")
	require.ErrorContains(t, byName["nohttp"].Err, `server "nohttp"`)
	assert.ErrorContains(t, byName["nohttp"].Err, "127.0.0.1:1")

	var text strings.Builder
	_, err := report.WriteTo(&text)
	require.NoError(t, err)
	assert.Contains(t, text.String(), `coderun: server "good": 8 tools (`+echoServerBin+")")
	assert.Contains(t, text.String(), `coderun: server "missing" failed to start: connecting to coderun-no-such-command-xyz: exec:`)
	assert.Contains(t, stderr.String(), "[quits] echoserver: refusing to start", "stderr is forwarded with the server's name")

	for _, name := range toolNames(h.Tools()) {
		assert.True(t, strings.HasPrefix(name, "good__"), name)
	}
	_, err = h.Call(t.Context(), "good", "echo", json.RawMessage(`{"text":"still here"}`))
	require.NoError(t, err)
}

func TestHubRestartsACrashedServerOnNextUseWithBackoff(t *testing.T) {
	t.Parallel()
	var stderr strings.Builder
	h, _ := startHub(t, map[string]codemode.ServerSpec{"echo": echoSpec()}, Options{RestartBackoff: 300 * time.Millisecond, Stderr: &syncWriter{w: &stderr}})
	pid := func() float64 {
		res, err := h.Call(t.Context(), "echo", "info", nil)
		require.NoError(t, err)
		return structured(t, res)["pid"].(float64)
	}
	first := pid()

	_, err := h.Call(t.Context(), "echo", "crash", nil)
	require.ErrorContains(t, err, `server "echo"`)
	t.Log(err)

	// First crash: restarted at once on the next call.
	second := pid()
	assert.NotEqual(t, first, second, "a new process serves the call")

	// The successful call reset the failure count, so crash twice in a row
	// without a success in between to reach the backoff.
	_, err = h.Call(t.Context(), "echo", "crash", nil)
	require.Error(t, err)
	_, err = h.Call(t.Context(), "echo", "crash", nil) // restarts at once, crashes again
	require.Error(t, err)
	require.Eventually(t, func() bool {
		_, err := h.Call(t.Context(), "echo", "info", nil)
		return err != nil && strings.Contains(err.Error(), "will be restarted in")
	}, 2*time.Second, 10*time.Millisecond, "within the backoff the call fails fast, naming the server")

	_, err = h.Call(t.Context(), "echo", "info", nil)
	if err != nil {
		// The model reads one sentence; the details are for the user.
		assert.ErrorContains(t, err, `the MCP server "echo" is down`)
		assert.NotContains(t, err.Error(), echoServerBin, "no command path for the model")
		assert.NotContains(t, err.Error(), "crashing as asked", "no stderr tail for the model")
	}
	assert.Contains(t, stderr.String(), `coderun: server "echo" is unavailable: stopped: exit status 3`)
	assert.Contains(t, stderr.String(), "crashing as asked", "the user sees the server's stderr")
	require.Eventually(t, func() bool {
		_, err := h.Call(t.Context(), "echo", "info", nil)
		return err == nil
	}, 5*time.Second, 50*time.Millisecond, "after the backoff the next call restarts it")
}

func TestHubCallTimeoutNamesServerAndTool(t *testing.T) {
	t.Parallel()
	h, _ := startHub(t, map[string]codemode.ServerSpec{"echo": echoSpec()}, Options{CallTimeout: 100 * time.Millisecond})
	_, err := h.Call(t.Context(), "echo", "sleep", json.RawMessage(`{"ms":5000}`))
	require.Error(t, err)
	assert.Equal(t, `server "echo": tool "sleep" timed out after 100ms`, err.Error())

	_, err = h.Call(t.Context(), "echo", "echo", json.RawMessage(`{"text":"alive"}`))
	require.NoError(t, err, "a timeout does not take the server down")
}

func TestHubFollowsToolListChanged(t *testing.T) {
	t.Parallel()
	h, _ := startHub(t, map[string]codemode.ServerSpec{"echo": echoSpec()}, Options{})
	changed := make(chan struct{}, 10)
	remove := h.OnChange(func() { changed <- struct{}{} })
	defer remove()

	_, err := h.Call(t.Context(), "echo", "set_bonus", json.RawMessage(`{"enabled":true}`))
	require.NoError(t, err)
	waitFor(t, changed)
	assert.Contains(t, toolNames(h.Tools()), "echo__bonus")
	res, err := h.Call(t.Context(), "echo", "bonus", json.RawMessage(`{"n":21}`))
	require.NoError(t, err)
	assert.Equal(t, map[string]any{"doubled": float64(42)}, structured(t, res))

	_, err = h.Call(t.Context(), "echo", "set_bonus", json.RawMessage(`{"enabled":false}`))
	require.NoError(t, err)
	waitFor(t, changed)
	assert.NotContains(t, toolNames(h.Tools()), "echo__bonus")
}

func TestHubConnectsToStreamableHTTPWithHeaders(t *testing.T) {
	t.Parallel()
	url := startHTTPEchoServer(t, "X-Token=s3cret")
	h, report := startHub(t, map[string]codemode.ServerSpec{
		"web":    {URL: url, Headers: map[string]string{"X-Token": "s3cret"}},
		"denied": {URL: url, Headers: map[string]string{"X-Token": "wrong"}},
	}, Options{StartTimeout: 10 * time.Second})

	require.NoError(t, report.Servers[1].Err)
	assert.Equal(t, "web", report.Servers[1].Name)
	assert.Equal(t, "denied", report.Servers[0].Name)
	assert.ErrorContains(t, report.Servers[0].Err, `server "denied"`)

	res, err := h.Call(t.Context(), "web", "echo", json.RawMessage(`{"text":"over http"}`))
	require.NoError(t, err)
	assert.Equal(t, map[string]any{"text": "over http"}, structured(t, res))
}

// startHTTPEchoServer runs the echo server on streamable HTTP and returns
// its URL. The server process is killed when the test ends.
func startHTTPEchoServer(t *testing.T, requireHeader string) string {
	t.Helper()
	cmd := exec.Command(echoServerBin, "-http", "127.0.0.1:0", "-require-header", requireHeader)
	stdout, err := cmd.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
	})
	addr, err := bufio.NewReader(stdout).ReadString('\n')
	require.NoError(t, err)
	return "http://" + strings.TrimSpace(addr) + "/mcp"
}

func waitFor(t *testing.T, ch <-chan struct{}) {
	t.Helper()
	select {
	case <-ch:
	case <-time.After(5 * time.Second):
		t.Fatal("timed out waiting for a change notification")
	}
}

// syncWriter serialises writes from the goroutines copying the servers'
// stderr.
type syncWriter struct {
	mu sync.Mutex
	w  interface{ Write([]byte) (int, error) }
}

func (s *syncWriter) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.w.Write(p)
}

func (s *syncWriter) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.w.(interface{ String() string }).String()
}

func TestStartRejectsServerNamesThatBreakToolNames(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"a.b", "", "has space"} {
		_, _, err := Start(t.Context(), map[string]codemode.ServerSpec{name: echoSpec()}, Options{})
		assert.ErrorContains(t, err, "server", name)
	}
}

// TestStartStopsWhenCtxEnds: a server that never answers the handshake
// would hold Start for StartTimeout; ending ctx returns at once with ctx's
// error, and the half-started process is stopped.
func TestStartStopsWhenCtxEnds(t *testing.T) {
	t.Parallel()
	pidFile := filepath.Join(t.TempDir(), "pid")
	mute := codemode.ServerSpec{Command: "sh", Args: []string{"-c", `echo $$ > "$0"; exec sleep 600`, pidFile}}
	ctx, cancel := context.WithCancel(t.Context())
	type started struct {
		h   *Hub
		err error
	}
	done := make(chan started, 1)
	go func() {
		h, _, err := Start(ctx, map[string]codemode.ServerSpec{"mute": mute, "echo": echoSpec()}, Options{StartTimeout: 10 * time.Minute})
		done <- started{h, err}
	}()
	var pid int
	require.Eventually(t, func() bool {
		b, err := os.ReadFile(pidFile)
		if err != nil {
			return false
		}
		pid, err = strconv.Atoi(strings.TrimSpace(string(b)))
		return err == nil
	}, time.Minute, 10*time.Millisecond, "the mute server starts")
	cancel()
	select {
	case r := <-done:
		assert.Nil(t, r.h)
		require.ErrorIs(t, r.err, context.Canceled)
		assert.ErrorContains(t, r.err, "mcpproxy: start")
	case <-time.After(time.Minute):
		t.Fatal("Start did not return after its ctx ended")
	}
	assert.ErrorIs(t, syscall.Kill(pid, 0), syscall.ESRCH, "the mute server's process is gone")
}

// TestHubCloseWithEndedCtx: Close under a ctx that has already ended still
// stops every server; it reports the ctx's error, and a later Close waits
// for the same shutdown and returns nil.
func TestHubCloseWithEndedCtx(t *testing.T) {
	t.Parallel()
	h, _, err := Start(t.Context(), map[string]codemode.ServerSpec{"echo": echoSpec()}, Options{})
	require.NoError(t, err)
	u := h.upstreams["echo"]
	u.mu.Lock()
	proc := u.link.cmd.Process
	u.mu.Unlock()

	ended, cancel := context.WithCancel(t.Context())
	cancel()
	err = h.Close(ended)
	if err != nil { // the shutdown may win the race against the ended ctx
		assert.ErrorIs(t, err, context.Canceled)
		assert.ErrorContains(t, err, "servers still stopping")
	}
	ctx, cancelWait := context.WithTimeout(t.Context(), time.Minute)
	defer cancelWait()
	require.NoError(t, h.Close(ctx))
	assert.ErrorIs(t, syscall.Kill(proc.Pid, 0), syscall.ESRCH, "the server's process is gone")
	_, err = h.Call(t.Context(), "echo", "echo", json.RawMessage(`{"text":"x"}`))
	assert.ErrorContains(t, err, "closed")
}
