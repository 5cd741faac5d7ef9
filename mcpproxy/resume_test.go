package mcpproxy

import (
	"bufio"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/coderun/coderun/codemode"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Streamable HTTP is resumable: a response stream opens with a priming
// event that carries an event ID, and a client that lost the stream gets
// the rest back by reconnecting with Last-Event-ID.
func TestHTTPStreamsAreResumable(t *testing.T) {
	t.Parallel()
	f := newFixture(t, configFor(codemode.ModeCode), map[string]codemode.ServerSpec{"echo": echoSpec()})
	ts := httptest.NewServer(f.server.Handler())
	t.Cleanup(ts.Close)

	post := func(session, body string) *http.Response {
		req, err := http.NewRequestWithContext(t.Context(), http.MethodPost, ts.URL, strings.NewReader(body))
		require.NoError(t, err)
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		if session != "" {
			req.Header.Set("Mcp-Session-Id", session)
			req.Header.Set("Mcp-Protocol-Version", "2025-11-25")
		}
		resp, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		t.Cleanup(func() { _ = resp.Body.Close() })
		return resp
	}
	init := post("", `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"raw","version":"0"}}}`)
	require.Equal(t, http.StatusOK, init.StatusCode)
	session := init.Header.Get("Mcp-Session-Id")
	require.NotEmpty(t, session)
	_, _ = io.Copy(io.Discard, init.Body)
	t.Cleanup(func() { // end the session, so the server lets go of it
		req, err := http.NewRequest(http.MethodDelete, ts.URL, nil)
		require.NoError(t, err)
		req.Header.Set("Mcp-Session-Id", session)
		resp, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		_ = resp.Body.Close()
	})
	post(session, `{"jsonrpc":"2.0","method":"notifications/initialized"}`)

	list := post(session, `{"jsonrpc":"2.0","id":2,"method":"tools/list"}`)
	require.Equal(t, http.StatusOK, list.StatusCode)
	require.True(t, strings.HasPrefix(list.Header.Get("Content-Type"), "text/event-stream"))
	// Read only the priming event, then drop the connection, as a client
	// whose network failed would.
	r := bufio.NewReader(list.Body)
	var primeID string
	for {
		line, err := r.ReadString('\n')
		require.NoError(t, err, "the stream ended before a priming event")
		line = strings.TrimSpace(line)
		if id, ok := strings.CutPrefix(line, "id:"); ok {
			primeID = strings.TrimSpace(id)
		}
		if line == "" && primeID != "" {
			break
		}
	}
	_ = list.Body.Close()

	// The server lets go of the old stream once it notices the drop; until
	// then a resumption is refused as a conflict.
	var resp *http.Response
	require.Eventually(t, func() bool {
		req, err := http.NewRequestWithContext(t.Context(), http.MethodGet, ts.URL, nil)
		require.NoError(t, err)
		req.Header.Set("Accept", "text/event-stream")
		req.Header.Set("Mcp-Session-Id", session)
		req.Header.Set("Mcp-Protocol-Version", "2025-11-25")
		req.Header.Set("Last-Event-ID", primeID)
		resp, err = http.DefaultClient.Do(req)
		require.NoError(t, err)
		if resp.StatusCode == http.StatusConflict {
			_ = resp.Body.Close()
			return false
		}
		return true
	}, 10*time.Second, 20*time.Millisecond)
	defer resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode)
	replayed := bufio.NewReader(resp.Body)
	for {
		line, err := replayed.ReadString('\n')
		require.NoError(t, err, "the replay ended without the tools/list response")
		if strings.HasPrefix(line, "data:") {
			assert.Contains(t, line, `"run_code"`, "the missed response is replayed")
			assert.Contains(t, line, `"id":2`)
			return
		}
	}
}
