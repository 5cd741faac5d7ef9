package mcpproxy

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"sync"
	"testing"

	"github.com/coderun/coderun/codemode"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// legacyProtocol is the last protocol version in which a server asks for
// elicitation with its own request instead of inside the tools/call
// exchange.
const legacyProtocol = "2025-11-25"

// fixture is a Server over real upstream processes, with its session log.
type fixture struct {
	hub    *Hub
	server *Server
	log    *lockedBuffer
}

func newFixture(t *testing.T, cfg *codemode.Config, servers map[string]codemode.ServerSpec) *fixture {
	t.Helper()
	require.NoError(t, cfg.Validate())
	log := &lockedBuffer{}
	sessionLog := codemode.NewSessionLog(log)
	hub, report := startHub(t, servers, Options{Log: sessionLog})
	require.False(t, report.Failed(), "start-up: %v", report.Servers)
	srv, err := NewServer(cfg, hub, ServerOptions{Log: sessionLog, Runtime: sharedRuntime(t), StateKey: testStateKey})
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, srv.Close(context.Background())) })
	return &fixture{hub: hub, server: srv, log: log}
}

func configFor(mode codemode.Mode, rules ...codemode.Rule) *codemode.Config {
	cfg := codemode.DefaultConfig()
	cfg.Mode = mode
	cfg.Policy.Rules = rules
	return &cfg
}

// connect attaches an agent-side go-sdk client to the server in process.
func (f *fixture) connect(t *testing.T, opts *mcp.ClientOptions, sessOpts *mcp.ClientSessionOptions) *mcp.ClientSession {
	t.Helper()
	ct, st := mcp.NewInMemoryTransports()
	ss, err := f.server.MCP().Connect(t.Context(), st, nil)
	require.NoError(t, err)
	client := mcp.NewClient(&mcp.Implementation{Name: "test-agent", Version: "v0"}, opts)
	cs, err := client.Connect(t.Context(), ct, sessOpts)
	require.NoError(t, err)
	t.Cleanup(func() {
		_ = cs.Close()
		_ = ss.Wait()
	})
	return cs
}

func listNames(t *testing.T, cs *mcp.ClientSession) []string {
	t.Helper()
	var names []string
	for tool, err := range cs.Tools(t.Context(), nil) {
		require.NoError(t, err)
		names = append(names, tool.Name)
	}
	return names
}

func findTool(t *testing.T, cs *mcp.ClientSession, name string) *mcp.Tool {
	t.Helper()
	for tool, err := range cs.Tools(t.Context(), nil) {
		require.NoError(t, err)
		if tool.Name == name {
			return tool
		}
	}
	t.Fatalf("tool %q not listed", name)
	return nil
}

func text(res *mcp.CallToolResult) string {
	var parts []string
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			parts = append(parts, tc.Text)
		}
	}
	return strings.Join(parts, "\n")
}

func call(t *testing.T, cs *mcp.ClientSession, name string, args any) *mcp.CallToolResult {
	t.Helper()
	res, err := cs.CallTool(t.Context(), &mcp.CallToolParams{Name: name, Arguments: args})
	require.NoError(t, err)
	return res
}

func TestNativeModeProxiesUpstreamTools(t *testing.T) {
	t.Parallel()
	f := newFixture(t, configFor(codemode.ModeNative), map[string]codemode.ServerSpec{"echo": echoSpec()})
	cs := f.connect(t, nil, nil)

	assert.Equal(t, []string{"echo__append", "echo__crash", "echo__echo", "echo__fail", "echo__info", "echo__prose", "echo__set_bonus", "echo__sleep"}, listNames(t, cs))
	echo := findTool(t, cs, "echo__echo")
	require.NotNil(t, echo.Annotations)
	assert.True(t, echo.Annotations.ReadOnlyHint, "the upstream's hints are kept")
	assert.NotNil(t, echo.OutputSchema)

	res := call(t, cs, "echo__echo", map[string]any{"text": "hi"})
	assert.False(t, res.IsError)
	assert.Equal(t, map[string]any{"text": "hi"}, res.StructuredContent)

	res = call(t, cs, "echo__fail", map[string]any{"message": "broken on purpose"})
	assert.True(t, res.IsError)
	assert.Contains(t, text(res), "broken on purpose")

	res = call(t, cs, "echo__prose", map[string]any{})
	assert.False(t, res.IsError)
	assert.Equal(t, "this is not JSON: {oops", text(res))

	res = call(t, cs, "echo__echo", map[string]any{"text": 42})
	assert.True(t, res.IsError, "arguments are validated against the upstream's schema")
	assert.Contains(t, text(res), "invalid arguments")
}

func TestCodeModeOffersRunCodeWithTheSDK(t *testing.T) {
	t.Parallel()
	f := newFixture(t, configFor(codemode.ModeCode), map[string]codemode.ServerSpec{"echo": echoSpec()})
	cs := f.connect(t, nil, nil)

	assert.Equal(t, []string{"run_code"}, listNames(t, cs))
	runCode := findTool(t, cs, "run_code")
	assert.Contains(t, runCode.Description, "Code Mode SDK")
	assert.Contains(t, runCode.Description, `"echo__echo"`)
	assert.Contains(t, runCode.Description, "Return the text you send.", "tool descriptions become JSDoc")
	sdk := f.server.Session().SDK()
	assert.True(t, strings.HasSuffix(runCode.Description, "\n\n"+sdk), "the description ends with the SDK")
	hubSDK, problems := f.hub.SDK(configFor(codemode.ModeCode))
	assert.Empty(t, problems)
	assert.Equal(t, sdk, hubSDK, "coderun sdk prints what the model sees")

	_, err := cs.CallTool(t.Context(), &mcp.CallToolParams{Name: "echo__echo", Arguments: map[string]any{"text": "hi"}})
	assert.ErrorContains(t, err, "unknown tool", "in mode code the tools are reachable only from programs")
}

func TestBothModeOffersRunCodeAndNativeTools(t *testing.T) {
	t.Parallel()
	f := newFixture(t, configFor(codemode.ModeBoth), map[string]codemode.ServerSpec{"echo": echoSpec()})
	cs := f.connect(t, nil, nil)
	names := listNames(t, cs)
	assert.Contains(t, names, "run_code")
	assert.Contains(t, names, "echo__echo")
}

func TestListChangedUpstreamRegeneratesToolsAndNotifiesClient(t *testing.T) {
	t.Parallel()
	for _, mode := range []codemode.Mode{codemode.ModeNative, codemode.ModeCode} {
		t.Run(string(mode), func(t *testing.T) {
			f := newFixture(t, configFor(mode), map[string]codemode.ServerSpec{"echo": echoSpec()})
			changed := make(chan struct{}, 10)
			cs := f.connect(t, &mcp.ClientOptions{
				ToolListChangedHandler: func(context.Context, *mcp.ToolListChangedRequest) { changed <- struct{}{} },
			}, nil)
			sdkBefore := f.server.Session().SDK()

			// set_bonus is called on the upstream directly: in mode code
			// the client could only reach it through run_code.
			_, err := f.hub.Call(t.Context(), "echo", "set_bonus", json.RawMessage(`{"enabled":true}`))
			require.NoError(t, err)
			waitFor(t, changed)

			assert.NotEqual(t, sdkBefore, f.server.Session().SDK())
			assert.Contains(t, f.server.Session().SDK(), `"echo__bonus"`)
			if mode == codemode.ModeNative {
				assert.Contains(t, listNames(t, cs), "echo__bonus")
			} else {
				assert.Contains(t, findTool(t, cs, "run_code").Description, `"echo__bonus"`)
			}
		})
	}
}

func TestPolicyDenyReachesTheClientAsToolError(t *testing.T) {
	t.Parallel()
	f := newFixture(t, configFor(codemode.ModeNative, codemode.Rule{Tool: "echo__ec*", Action: codemode.ActionDeny, Reason: "echo is off limits"}),
		map[string]codemode.ServerSpec{"echo": echoSpec()})
	cs := f.connect(t, nil, nil)
	res := call(t, cs, "echo__echo", map[string]any{"text": "hi"})
	assert.True(t, res.IsError)
	assert.Contains(t, text(res), "echo is off limits")
}

func TestAskPolicy(t *testing.T) {
	t.Parallel()
	ask := codemode.Rule{Tool: "echo__echo", Action: codemode.ActionAsk, Reason: "echo needs a human"}
	answering := func(action string, asked *[]string, mu *sync.Mutex) *mcp.ClientOptions {
		return &mcp.ClientOptions{ElicitationHandler: func(_ context.Context, req *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
			mu.Lock()
			*asked = append(*asked, req.Params.Message)
			mu.Unlock()
			return &mcp.ElicitResult{Action: action}, nil
		}}
	}

	t.Run("without elicitation it is denied, saying approval was required", func(t *testing.T) {
		f := newFixture(t, configFor(codemode.ModeNative, ask), map[string]codemode.ServerSpec{"echo": echoSpec()})
		res := call(t, f.connect(t, nil, nil), "echo__echo", map[string]any{"text": "hi"})
		assert.True(t, res.IsError)
		assert.Contains(t, text(res), "requires approval")
		assert.Contains(t, text(res), "echo needs a human")
	})

	for _, proto := range []string{legacyProtocol, ""} {
		name := "elicitation/create"
		if proto == "" {
			name = "multi round-trip"
		}
		t.Run(name+" accepted", func(t *testing.T) {
			f := newFixture(t, configFor(codemode.ModeNative, ask), map[string]codemode.ServerSpec{"echo": echoSpec()})
			var asked []string
			var mu sync.Mutex
			cs := f.connect(t, answering("accept", &asked, &mu), &mcp.ClientSessionOptions{ProtocolVersion: proto})
			res := call(t, cs, "echo__echo", map[string]any{"text": "approved"})
			require.False(t, res.IsError, text(res))
			assert.Equal(t, map[string]any{"text": "approved"}, res.StructuredContent)
			require.Len(t, asked, 1)
			assert.Contains(t, asked[0], `"echo__echo"`)
			assert.Contains(t, asked[0], "echo needs a human")
			assert.Contains(t, asked[0], `text: "approved"`)
		})
		t.Run(name+" declined", func(t *testing.T) {
			f := newFixture(t, configFor(codemode.ModeNative, ask), map[string]codemode.ServerSpec{"echo": echoSpec()})
			var asked []string
			var mu sync.Mutex
			cs := f.connect(t, answering("decline", &asked, &mu), &mcp.ClientSessionOptions{ProtocolVersion: proto})
			res := call(t, cs, "echo__echo", map[string]any{"text": "nope"})
			assert.True(t, res.IsError)
			assert.Contains(t, text(res), "refused")
		})
	}
}

func TestSessionLogRecordsUpstreamsAndWireTools(t *testing.T) {
	t.Parallel()
	f := newFixture(t, configFor(codemode.ModeCode), map[string]codemode.ServerSpec{"echo": echoSpec()})
	f.connect(t, nil, nil)
	events := f.log.events(t)
	assert.Contains(t, eventNames(events), "mcp/server-started")
	wire := findEvent(t, events, codemode.EventWireTools)
	assert.Equal(t, []any{"run_code"}, wire["tools"])
	// Only coderun's own events: the MCP SDK's informational lines ("server
	// connecting") are not in the session log.
	for _, name := range eventNames(events) {
		assert.Regexp(t, `^[a-z]+/[a-z-]+$`, name)
	}
}

// The SDK's warnings and errors reach the session log as one event of
// coderun's, with the SDK's text; its informational lines do not.
func TestSDKLogKeepsWarningsUnderOneEvent(t *testing.T) {
	t.Parallel()
	var buf lockedBuffer
	log := sdkLog(codemode.NewSessionLog(&buf))
	log.Info("server connecting", "session", 1)
	log.Warn("keepalive ping failed", "attempt", 2)
	log.With("session", "s1").Error("jsonrpc2 internal error")
	events := buf.events(t)
	require.Len(t, events, 2)
	assert.Equal(t, sdkLogEvent, events[0]["msg"])
	assert.Equal(t, "keepalive ping failed", events[0]["sdk"])
	assert.Equal(t, float64(2), events[0]["attempt"])
	assert.Equal(t, "jsonrpc2 internal error", events[1]["sdk"])
	assert.Equal(t, "s1", events[1]["session"])
}

// lockedBuffer is a session log sink shared by the goroutines of a test.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

// events parses the JSONL written so far.
func (b *lockedBuffer) events(t *testing.T) []map[string]any {
	t.Helper()
	b.mu.Lock()
	defer b.mu.Unlock()
	var out []map[string]any
	for line := range strings.SplitSeq(strings.TrimSpace(b.buf.String()), "\n") {
		if line == "" {
			continue
		}
		var e map[string]any
		require.NoError(t, json.Unmarshal([]byte(line), &e), line)
		out = append(out, e)
	}
	return out
}

func eventNames(events []map[string]any) []string {
	var names []string
	for _, e := range events {
		names = append(names, e["msg"].(string))
	}
	return names
}

func findEvent(t *testing.T, events []map[string]any, name string) map[string]any {
	t.Helper()
	for _, e := range events {
		if e["msg"] == name {
			return e
		}
	}
	t.Fatalf("no %s event in the session log: %v", name, eventNames(events))
	return nil
}
