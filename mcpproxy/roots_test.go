//lint:file-ignore SA1019 roots are deprecated from protocol 2026-07-28 on, but they still work, hosts on earlier versions use them, and coderun promises to pass them on between hosts and upstreams

package mcpproxy

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coderun/coderun/codemode"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// noRootsComplaint is what the filesystem server prints when its client
// declares roots and then lists none.
const noRootsComplaint = "No valid root directories"

// rootsFixture is a native-mode Server over servers, with the upstreams'
// stderr kept.
func rootsFixture(t *testing.T, servers map[string]codemode.ServerSpec) (*fixture, *lockedBuffer) {
	t.Helper()
	log, stderr := &lockedBuffer{}, &lockedBuffer{}
	sessionLog := codemode.NewSessionLog(log)
	hub, report := startHub(t, servers, Options{Log: sessionLog, Stderr: stderr})
	require.False(t, report.Failed(), "start-up: %v", report.Servers)
	srv, err := NewServer(configFor(codemode.ModeNative), hub, ServerOptions{Log: sessionLog, Runtime: sharedRuntime(t), StateKey: testStateKey})
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, srv.Close(context.Background())) })
	return &fixture{hub: hub, server: srv, log: log}, stderr
}

// fileRoot is the root a host grants for dir.
func fileRoot(dir, name string) *mcp.Root {
	return &mcp.Root{URI: (&url.URL{Scheme: "file", Path: dir}).String(), Name: name}
}

// With no host's roots to give, coderun does not tell an upstream it has
// roots: the filesystem server serves the directories of its command line
// and has nothing to complain about.
func TestNoRootsDeclaredWithoutAHostsRoots(t *testing.T) {
	t.Parallel()
	allowed, _ := filesystemFixture(t)
	stderr := &lockedBuffer{}
	h, report := startHub(t, map[string]codemode.ServerSpec{"fs": filesystemServer(t, allowed)}, Options{Stderr: stderr})
	require.False(t, report.Failed(), "%v", report.Servers)

	res, err := h.Call(t.Context(), "fs", "list_allowed_directories", nil)
	require.NoError(t, err)
	assert.Contains(t, text(res), allowed)
	// Closing waits for the process, and so for the last of its stderr.
	require.NoError(t, h.Close(t.Context()))
	assert.Contains(t, stderr.String(), "Client does not support MCP Roots", "the server was told there are no roots")
	assert.NotContains(t, stderr.String(), noRootsComplaint)
}

// A host with roots connects after the filesystem server was started
// without them: the server is reconnected, declaring roots, and serves the
// host's directory, which its command line did not name. The reconnect is
// no failure, and the server never saw an empty list of roots.
func TestHostRootsReachAServerStartedWithoutThem(t *testing.T) {
	t.Parallel()
	started, _ := filesystemFixture(t)
	granted, err := filepath.EvalSymlinks(t.TempDir())
	require.NoError(t, err)
	file := filepath.Join(granted, "granted.txt")
	require.NoError(t, os.WriteFile(file, []byte("granted by the host\n"), 0o644))
	f, stderr := rootsFixture(t, map[string]codemode.ServerSpec{"fs": filesystemServer(t, started)})

	client := mcp.NewClient(&mcp.Implementation{Name: "host-with-roots", Version: "v0"}, nil)
	client.AddRoots(fileRoot(granted, "granted"))
	ct, st := mcp.NewInMemoryTransports()
	ss, err := f.server.MCP().Connect(t.Context(), st, nil)
	require.NoError(t, err)
	cs, err := client.Connect(t.Context(), ct, &mcp.ClientSessionOptions{ProtocolVersion: legacyProtocol})
	require.NoError(t, err)
	t.Cleanup(func() {
		_ = cs.Close()
		_ = ss.Wait()
	})

	read := func() *mcp.CallToolResult { return call(t, cs, "fs__read_text_file", map[string]any{"path": file}) }
	require.Eventually(t, func() bool { return !read().IsError }, 10*time.Second, 50*time.Millisecond,
		"a file in the host's root, outside the server's command-line directory, becomes readable")
	assert.Contains(t, text(read()), "granted by the host")

	events := f.log.events(t)
	reconnected := findEvent(t, events, "mcp/upstream-reconnected")
	assert.Equal(t, "fs", reconnected["server"])
	assert.Equal(t, "roots", reconnected["reason"])
	assert.NotContains(t, eventNames(events), "mcp/upstream-down", "a reconnect is not a crash")
	assert.NotContains(t, eventNames(events), "mcp/upstream-unavailable")
	assert.NotContains(t, stderr.String(), noRootsComplaint)
}

// Roots arrive while a call is in flight on the upstream, blocked on the
// host's answer to an elicitation: the reconnect waits for it, and a call
// made meanwhile waits for the new session, which declares roots.
func TestCallsDuringARootsReconnectWaitAndSucceed(t *testing.T) {
	t.Parallel()
	f, _ := rootsFixture(t, map[string]codemode.ServerSpec{"ev": everythingServer(t)})
	asked, answer := make(chan struct{}), make(chan struct{})
	host := f.connect(t, &mcp.ClientOptions{
		ElicitationHandler: func(ctx context.Context, _ *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
			close(asked)
			select {
			case <-answer:
			case <-ctx.Done():
				return nil, ctx.Err()
			}
			return &mcp.ElicitResult{Action: "accept", Content: map[string]any{"name": "Ada Lovelace"}}, nil
		},
	}, &mcp.ClientSessionOptions{ProtocolVersion: legacyProtocol})
	// Should the test fail early, the host answers, so nothing is left
	// waiting.
	release := sync.OnceFunc(func() { close(answer) })
	t.Cleanup(release)
	assert.NotContains(t, listNames(t, host), "ev__get-roots-list", "the everything server offers it only to a client that declares roots")

	inFlight := make(chan *mcp.CallToolResult, 1)
	go func() {
		res, err := host.CallTool(t.Context(), &mcp.CallToolParams{Name: "ev__trigger-elicitation-request", Arguments: map[string]any{}})
		assert.NoError(t, err)
		inFlight <- res
	}()
	<-asked

	dir, err := filepath.EvalSymlinks(t.TempDir())
	require.NoError(t, err)
	root := fileRoot(dir, "granted")
	f.hub.SetRoots([]*mcp.Root{root})

	// A call made now waits for the new session: given up on at once, it
	// says it was waiting, rather than running on the old session.
	gaveUp, cancel := context.WithCancel(t.Context())
	cancel()
	_, err = f.hub.Call(gaveUp, "ev", "echo", []byte(`{"message":"too soon"}`))
	require.ErrorContains(t, err, "waiting for it to start")

	waited := make(chan *mcp.CallToolResult, 1)
	go func() {
		res, err := f.hub.Call(t.Context(), "ev", "get-roots-list", nil)
		assert.NoError(t, err)
		waited <- res
	}()
	release()

	res := <-inFlight
	require.NotNil(t, res)
	require.False(t, res.IsError, text(res))
	assert.Contains(t, text(res), "Ada Lovelace", "the call in flight finished on the old session")

	res = <-waited
	require.NotNil(t, res)
	require.False(t, res.IsError, text(res))
	assert.Contains(t, text(res), root.URI, "the waiting call ran on the new session, which has the roots")

	events := f.log.events(t)
	assert.Equal(t, "roots", findEvent(t, events, "mcp/upstream-reconnected")["reason"])
	assert.NotContains(t, eventNames(events), "mcp/upstream-down")
	assert.Contains(t, listNames(t, host), "ev__get-roots-list", "the host is offered the tool the new session brought")
}

// An upstream over streamable HTTP is reconnected with a new session when
// roots arrive; the server process is the same.
func TestRootsReachAnHTTPUpstreamInANewSession(t *testing.T) {
	t.Parallel()
	h, report := startHub(t, map[string]codemode.ServerSpec{"ev": {URL: startHTTPEverythingServer(t)}}, Options{})
	require.False(t, report.Failed(), "%v", report.Servers)
	res, err := h.Call(t.Context(), "ev", "get-roots-list", nil)
	require.NoError(t, err)
	require.True(t, res.IsError, "the server offers get-roots-list only to a session that declares roots: %s", text(res))

	dir, err := filepath.EvalSymlinks(t.TempDir())
	require.NoError(t, err)
	root := fileRoot(dir, "granted")
	h.SetRoots([]*mcp.Root{root})
	res, err = h.Call(t.Context(), "ev", "get-roots-list", nil)
	require.NoError(t, err)
	require.False(t, res.IsError, text(res))
	assert.Contains(t, text(res), root.URI)
}

// startHTTPEverythingServer runs the everything server on streamable HTTP
// and returns its URL. The server process is killed when the test ends.
func startHTTPEverythingServer(t *testing.T) string {
	t.Helper()
	spec := everythingServer(t)
	// The server takes its port from $PORT and does not report the one a
	// port of 0 gets, so a free one is picked here.
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	port := l.Addr().(*net.TCPAddr).Port
	require.NoError(t, l.Close())
	cmd := exec.Command(spec.Command, "streamableHttp")
	cmd.Env = append(os.Environ(), "PORT="+strconv.Itoa(port))
	stderr, err := cmd.StderrPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
	})
	lines := bufio.NewScanner(stderr)
	for lines.Scan() {
		if strings.Contains(lines.Text(), "listening on port") {
			go func() { _, _ = io.Copy(io.Discard, stderr) }()
			return fmt.Sprintf("http://127.0.0.1:%d/mcp", port)
		}
		t.Logf("everything server: %s", lines.Text())
	}
	t.Fatalf("the everything server did not start on port %d: %v", port, lines.Err())
	return ""
}
