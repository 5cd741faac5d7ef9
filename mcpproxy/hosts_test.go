//lint:file-ignore SA1019 sampling is deprecated from protocol 2026-07-28 on, but hosts and upstreams on earlier versions use it, and coderun passes it on

package mcpproxy

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/coderun/coderun/codemode"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// askingUpstream is an upstream on protocol 2025-11-25, served over
// streamable HTTP, whose tools ask their client: one_time_code with
// elicitation/create, summarize with sampling/createMessage, each once
// release is closed; slow answers once finish is closed. Each tool says
// on arrived that it started.
type askingUpstream struct {
	server  *mcp.Server
	url     string
	arrived chan string
	release chan struct{}
	finish  chan struct{}
}

// secretQuestion is what the upstream asks, meant for the user of the
// call that asked for the code only.
const secretQuestion = "SECRET for A: enter your one-time code"

func newAskingUpstream(t *testing.T) *askingUpstream {
	t.Helper()
	u := &askingUpstream{arrived: make(chan string, 8), release: make(chan struct{}), finish: make(chan struct{})}
	u.server = mcp.NewServer(&mcp.Implementation{Name: "asking", Version: "v0"}, &mcp.ServerOptions{
		SupportedProtocolVersions: []string{"2025-11-25"},
	})
	answer := func(text string, err error) (*mcp.CallToolResult, error) {
		if err != nil {
			return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: err.Error()}}}, nil
		}
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}}, nil
	}
	u.server.AddTool(&mcp.Tool{Name: "one_time_code", InputSchema: objectSchema}, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		u.arrived <- "one_time_code"
		<-u.release
		res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: secretQuestion, RequestedSchema: map[string]any{
			"type": "object", "properties": map[string]any{"code": map[string]any{"type": "string"}},
		}})
		if err != nil {
			return answer("", err)
		}
		return answer(fmt.Sprintf("code: %v", res.Content["code"]), nil)
	})
	u.server.AddTool(&mcp.Tool{Name: "summarize", InputSchema: objectSchema}, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		u.arrived <- "summarize"
		<-u.release
		res, err := req.Session.CreateMessage(ctx, &mcp.CreateMessageParams{MaxTokens: 10, Messages: []*mcp.SamplingMessage{
			{Role: "user", Content: &mcp.TextContent{Text: secretQuestion}},
		}})
		if err != nil {
			return answer("", err)
		}
		return answer(fmt.Sprintf("summary: %v", res.Content.(*mcp.TextContent).Text), nil)
	})
	u.server.AddTool(&mcp.Tool{Name: "slow", InputSchema: objectSchema}, func(ctx context.Context, _ *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		u.arrived <- "slow"
		select {
		case <-u.finish:
		case <-ctx.Done():
		}
		return answer("slow done", nil)
	})
	srv := httptest.NewServer(mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return u.server }, nil))
	t.Cleanup(srv.Close)
	u.url = srv.URL
	return u
}

// session is coderun's session with the upstream, seen from the upstream.
func (u *askingUpstream) session(t *testing.T) *mcp.ServerSession {
	t.Helper()
	var sessions []*mcp.ServerSession
	for ss := range u.server.Sessions() {
		sessions = append(sessions, ss)
	}
	require.Len(t, sessions, 1, "coderun holds one session with the upstream")
	return sessions[0]
}

// host is an MCP client of coderun that records what it was asked.
type host struct {
	cs *mcp.ClientSession

	mu    sync.Mutex
	asked []string
}

func (h *host) record(q string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.asked = append(h.asked, q)
}

func (h *host) questions() []string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return append([]string(nil), h.asked...)
}

// connectHost connects a host that answers elicitations with code and
// sampling requests with code too.
func connectHost(t *testing.T, f *fixture, code string) *host {
	t.Helper()
	h := &host{}
	h.cs = f.connect(t, &mcp.ClientOptions{
		ElicitationHandler: func(_ context.Context, req *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
			h.record(req.Params.Message)
			return &mcp.ElicitResult{Action: "accept", Content: map[string]any{"code": code}}, nil
		},
		CreateMessageHandler: func(_ context.Context, req *mcp.CreateMessageRequest) (*mcp.CreateMessageResult, error) {
			for _, m := range req.Params.Messages {
				if tc, ok := m.Content.(*mcp.TextContent); ok {
					h.record(tc.Text)
				}
			}
			return &mcp.CreateMessageResult{Role: "assistant", Model: "m", Content: &mcp.TextContent{Text: code}}, nil
		},
	}, &mcp.ClientSessionOptions{ProtocolVersion: legacyProtocol})
	return h
}

// connectedHosts is how many hosts the hub counts as connected.
func connectedHosts(h *Hub) int {
	h.hosts.mu.Lock()
	defer h.hosts.mu.Unlock()
	return len(h.hosts.connected)
}

// callAsync calls tool with args from cs and delivers its result, or its
// error as one, on the returned channel.
func callAsync(ctx context.Context, cs *mcp.ClientSession, tool string, args map[string]any) <-chan *mcp.CallToolResult {
	done := make(chan *mcp.CallToolResult, 1)
	go func() {
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: tool, Arguments: args})
		if err != nil {
			res = errorResult(err)
		}
		done <- res
	}()
	return done
}

// An upstream's request made while it serves calls of two hosts does not
// go to the host whose call started last: it cannot be told whose it is,
// so it is refused, and neither user is shown the other's question. With
// one host's calls in flight it reaches that host.
func TestUpstreamRequestsDuringCallsOfTwoHosts(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ tool, answered string }{
		{"one_time_code", "code: 1111"},
		{"summarize", "summary: 1111"},
	} {
		t.Run(tc.tool, func(t *testing.T) {
			t.Parallel()
			up := newAskingUpstream(t)
			f := newFixture(t, configFor(codemode.ModeNative), map[string]codemode.ServerSpec{"up": {URL: up.url}})
			a, b := connectHost(t, f, "1111"), connectHost(t, f, "2222")

			// A's call is on the upstream, then B's; then A's asks.
			doneA := callAsync(t.Context(), a.cs, "up__"+tc.tool, map[string]any{})
			require.Equal(t, tc.tool, <-up.arrived)
			doneB := callAsync(t.Context(), b.cs, "up__slow", map[string]any{})
			require.Equal(t, "slow", <-up.arrived)
			close(up.release)
			resA := <-doneA
			assert.True(t, resA.IsError, "the upstream's request was refused: %s", text(resA))
			assert.Contains(t, text(resA), "calls of 2 of its MCP clients are in flight on this server")
			assert.Empty(t, b.questions(), "B is never shown A's question")
			assert.Empty(t, a.questions(), "nor is A, for coderun cannot tell it is A's")
			close(up.finish)
			assert.Equal(t, "slow done", text(<-doneB))

			// Alone on the upstream, A's call is A's to answer.
			resA = call(t, a.cs, "up__"+tc.tool, map[string]any{})
			<-up.arrived
			assert.False(t, resA.IsError, text(resA))
			assert.Equal(t, tc.answered, text(resA))
			assert.Equal(t, []string{secretQuestion}, a.questions())
			assert.Empty(t, b.questions())
			refused := findEvent(t, f.log.events(t), map[string]string{"one_time_code": "mcp/forward-elicitation", "summarize": "mcp/forward-sampling"}[tc.tool])
			assert.Contains(t, refused["refused"], "coderun refused to pass this request on")
		})
	}
}

// An upstream's request made outside any call goes to the host only when
// one is connected: with two, it is refused rather than sent to the one
// that connected last.
func TestUpstreamRequestOutsideCallsWithTwoHosts(t *testing.T) {
	t.Parallel()
	up := newAskingUpstream(t)
	f := newFixture(t, configFor(codemode.ModeNative), map[string]codemode.ServerSpec{"up": {URL: up.url}})
	a := connectHost(t, f, "1111")
	b := connectHost(t, f, "2222")
	require.Eventually(t, func() bool { return connectedHosts(f.hub) == 2 }, time.Minute, time.Millisecond)
	ask := func() (*mcp.ElicitResult, error) {
		return up.session(t).Elicit(t.Context(), &mcp.ElicitParams{Message: secretQuestion, RequestedSchema: map[string]any{"type": "object"}})
	}

	_, err := ask()
	require.Error(t, err)
	assert.Contains(t, err.Error(), "made outside any call, and 2 MCP clients are connected")
	assert.Empty(t, a.questions())
	assert.Empty(t, b.questions())

	require.NoError(t, b.cs.Close())
	require.Eventually(t, func() bool { return connectedHosts(f.hub) == 1 }, time.Minute, time.Millisecond)
	res, err := ask()
	require.NoError(t, err)
	assert.Equal(t, "1111", res.Content["code"])
	assert.Equal(t, []string{secretQuestion}, a.questions())
}

// A run_code program's call of an asking tool is its host's call: the
// upstream's question reaches that host, even while another host's call
// runs on another upstream.
func TestUpstreamRequestDuringRunCodeReachesItsHost(t *testing.T) {
	t.Parallel()
	up, other := newAskingUpstream(t), newAskingUpstream(t)
	f := newFixture(t, configFor(codemode.ModeCode), map[string]codemode.ServerSpec{"up": {URL: up.url}, "other": {URL: other.url}})
	a, b := connectHost(t, f, "1111"), connectHost(t, f, "2222")

	program := func(tool string) map[string]any {
		return map[string]any{"program": `return await tools["` + tool + `"]({});`, "description": "calls " + tool}
	}
	doneA := callAsync(t.Context(), a.cs, "run_code", program("up__one_time_code"))
	require.Equal(t, "one_time_code", <-up.arrived)
	doneB := callAsync(t.Context(), b.cs, "run_code", program("other__slow"))
	require.Equal(t, "slow", <-other.arrived)
	close(up.release)
	resA := <-doneA
	assert.False(t, resA.IsError, text(resA))
	assert.Contains(t, text(resA), "code: 1111")
	assert.Equal(t, []string{secretQuestion}, a.questions())
	assert.Empty(t, b.questions())
	close(other.finish)
	assert.Contains(t, text(<-doneB), "slow done")
}
