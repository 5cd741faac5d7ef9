//lint:file-ignore SA1019 roots and sampling are deprecated from protocol 2026-07-28 on, but they still work, hosts on earlier versions use them, and coderun promises to pass them on between hosts and upstreams

package mcpproxy

import (
	"context"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coderun/coderun/codemode"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// everythingServer returns the command line of the official everything
// server (npm @modelcontextprotocol/server-everything), installed by
// .ci/setup-mcp with the filesystem server.
func everythingServer(t *testing.T) codemode.ServerSpec {
	t.Helper()
	bin, err := filepath.Abs(filepath.Join("..", ".ci", "node_modules", ".bin", "mcp-server-everything"))
	require.NoError(t, err)
	if _, err := os.Stat(bin); err != nil {
		require.NoError(t, installFilesystemServer(), "installing the MCP test servers with .ci/setup-mcp")
	}
	return codemode.ServerSpec{Command: bin, Args: []string{"stdio"}}
}

// An upstream's sampling and elicitation requests, made while serving a
// call, reach the host that made the call, and the host's answers reach
// the upstream.
func TestUpstreamSamplingAndElicitationReachTheHost(t *testing.T) {
	t.Parallel()
	f := newFixture(t, configFor(codemode.ModeNative), map[string]codemode.ServerSpec{"ev": everythingServer(t)})
	var (
		mu       sync.Mutex
		prompts  []string
		elicited []string
	)
	cs := f.connect(t, &mcp.ClientOptions{
		CreateMessageHandler: func(_ context.Context, req *mcp.CreateMessageRequest) (*mcp.CreateMessageResult, error) {
			mu.Lock()
			defer mu.Unlock()
			for _, m := range req.Params.Messages {
				if tc, ok := m.Content.(*mcp.TextContent); ok {
					prompts = append(prompts, tc.Text)
				}
			}
			return &mcp.CreateMessageResult{Role: "assistant", Model: "host-model", Content: &mcp.TextContent{Text: "the host's model says hello"}}, nil
		},
		ElicitationHandler: func(_ context.Context, req *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
			mu.Lock()
			defer mu.Unlock()
			elicited = append(elicited, req.Params.Message)
			return &mcp.ElicitResult{Action: "accept", Content: map[string]any{"name": "Ada Lovelace"}}, nil
		},
	}, &mcp.ClientSessionOptions{ProtocolVersion: legacyProtocol})

	names := listNames(t, cs)
	require.Contains(t, names, "ev__trigger-sampling-request", "the upstream saw coderun offer sampling")
	require.Contains(t, names, "ev__trigger-elicitation-request", "the upstream saw coderun offer elicitation")

	res := call(t, cs, "ev__trigger-sampling-request", map[string]any{"prompt": "count to three", "maxTokens": 20})
	require.False(t, res.IsError, text(res))
	assert.Contains(t, text(res), "the host's model says hello")
	assert.Contains(t, text(res), "host-model")

	res = call(t, cs, "ev__trigger-elicitation-request", map[string]any{})
	require.False(t, res.IsError, text(res))
	assert.Contains(t, text(res), "Ada Lovelace")

	mu.Lock()
	defer mu.Unlock()
	require.Len(t, prompts, 1)
	assert.Contains(t, prompts[0], "count to three")
	require.Len(t, elicited, 1)
	assert.Contains(t, elicited[0], "Please provide inputs")
	events := eventNames(f.log.events(t))
	assert.Contains(t, events, "mcp/forward-sampling")
	assert.Contains(t, events, "mcp/forward-elicitation")
}

// The host's roots replace the directories the filesystem server was
// started with, as they would if the host were connected to it directly.
func TestHostRootsReachTheUpstreams(t *testing.T) {
	t.Parallel()
	started, _ := filesystemFixture(t)
	granted, err := filepath.EvalSymlinks(t.TempDir())
	require.NoError(t, err)
	f := newFixture(t, configFor(codemode.ModeNative), map[string]codemode.ServerSpec{"fs": filesystemServer(t, started)})

	allowed := func(cs *mcp.ClientSession) string {
		return text(call(t, cs, "fs__list_allowed_directories", map[string]any{}))
	}
	client := mcp.NewClient(&mcp.Implementation{Name: "host-with-roots", Version: "v0"}, nil)
	client.AddRoots(&mcp.Root{URI: (&url.URL{Scheme: "file", Path: granted}).String(), Name: "granted"}) //nolint:staticcheck // the host side of a feature coderun passes on
	ct, st := mcp.NewInMemoryTransports()
	ss, err := f.server.MCP().Connect(t.Context(), st, nil)
	require.NoError(t, err)
	cs, err := client.Connect(t.Context(), ct, &mcp.ClientSessionOptions{ProtocolVersion: legacyProtocol})
	require.NoError(t, err)
	t.Cleanup(func() {
		_ = cs.Close()
		_ = ss.Wait()
	})

	require.Eventually(t, func() bool { return strings.Contains(allowed(cs), granted) }, 10*time.Second, 50*time.Millisecond,
		"the host's root becomes the filesystem server's allowed directory")
	assert.NotContains(t, allowed(cs), started, "roots replace the directories given on the command line")
	assert.Contains(t, eventNames(f.log.events(t)), "mcp/roots-forwarded")

	// The host's roots change: coderun follows its roots/list_changed.
	later, err := filepath.EvalSymlinks(t.TempDir())
	require.NoError(t, err)
	client.AddRoots(&mcp.Root{URI: (&url.URL{Scheme: "file", Path: later}).String(), Name: "later"}) //nolint:staticcheck // as above
	require.Eventually(t, func() bool { return strings.Contains(allowed(cs), later) }, 10*time.Second, 50*time.Millisecond,
		"a root the host adds later reaches the upstream too")
	assert.Contains(t, allowed(cs), granted)
}
