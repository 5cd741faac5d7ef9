package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sync"
	"testing"
	"time"

	"github.com/coderun/coderun/internal/testing/redistest"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// replica is one `coderun mcp --http --stateless` process.
type replica struct {
	url string
	log string
	cmd *exec.Cmd
}

func startReplica(t *testing.T, b binaries, cfg, name string) *replica {
	t.Helper()
	r := &replica{log: filepath.Join(b.dir, name+".jsonl")}
	r.cmd = exec.Command(b.coderun, "mcp", "--config", cfg, "--http", "127.0.0.1:0", "--stateless", "--log", r.log)
	stderr, err := r.cmd.StderrPipe()
	require.NoError(t, err)
	require.NoError(t, r.cmd.Start())
	t.Cleanup(r.kill)
	r.url = waitForLine(t, stderr, regexp.MustCompile(`\(stateless streamable HTTP\) at (http://\S+)`))
	go func() { _, _ = io.Copy(io.Discard, stderr) }()
	return r
}

// kill ends the replica abruptly, as a crash would.
func (r *replica) kill() {
	if r.cmd.ProcessState == nil {
		_ = r.cmd.Process.Kill()
		_ = r.cmd.Wait()
	}
}

// roundRobin is a plain reverse proxy that sends each request to the next
// backend in turn, knowing nothing of MCP.
type roundRobin struct {
	mu       sync.Mutex
	backends []*url.URL
	next     int
}

func (p *roundRobin) set(replicas ...*replica) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.backends = nil
	for _, r := range replicas {
		u, err := url.Parse(r.url)
		if err != nil {
			panic(err)
		}
		p.backends = append(p.backends, u)
	}
	p.next = 0
}

func (p *roundRobin) handler() http.Handler {
	return &httputil.ReverseProxy{Rewrite: func(pr *httputil.ProxyRequest) {
		p.mu.Lock()
		target := p.backends[p.next%len(p.backends)]
		p.next++
		p.mu.Unlock()
		pr.SetURL(target)
		pr.Out.URL.Path = target.Path
	}}
}

// TestMCPReplicas runs two stateless replicas behind a round-robin proxy,
// sharing a real Redis and a key: a run_code that waits for approval is
// suspended by one replica and resumed by the other, and by a replica
// started after the first one was killed.
func TestMCPReplicas(t *testing.T) {
	b := buildBinaries(t, t.TempDir())
	redis := redistest.Start(t)
	keyFile := filepath.Join(b.dir, "state.key")
	require.NoError(t, os.WriteFile(keyFile, []byte("00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff\n"), 0o600))
	cfg := b.writeConfig(t, "replicas.yml", fmt.Sprintf(`mode: code
servers:
  echo: { command: %q }
policy:
  rules:
    - { tool: "echo__echo", action: ask, reason: "echo needs a human" }
state:
  store: redis
  url: %s
  keyFile: %s
`, b.echo, redis.URL, keyFile))

	a := startReplica(t, b, cfg, "a")
	bb := startReplica(t, b, cfg, "b")
	lb := &roundRobin{}
	lb.set(a, bb)
	proxy := httptest.NewServer(lb.handler())
	defer proxy.Close()

	connect := func(t *testing.T, manual bool) *mcp.ClientSession {
		client := mcp.NewClient(&mcp.Implementation{Name: "test-host", Version: "v0"}, &mcp.ClientOptions{
			ElicitationHandler: func(context.Context, *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
				return &mcp.ElicitResult{Action: "accept"}, nil
			},
			MultiRoundTrip: &mcp.MultiRoundTripOptions{Disabled: manual},
		})
		cs, err := client.Connect(t.Context(), &mcp.StreamableClientTransport{Endpoint: proxy.URL + "/mcp"}, &mcp.ClientSessionOptions{ProtocolVersion: "2026-07-28"})
		require.NoError(t, err)
		t.Cleanup(func() { _ = cs.Close() })
		return cs
	}
	program := func(path string) map[string]any {
		return map[string]any{"description": "count around an approval", "program": fmt.Sprintf(`
const before = await tools["echo__append"]({path: %[1]q, line: "before"});
const echoed = await tools["echo__echo"]({text: "approved"});
const after = await tools["echo__append"]({path: %[1]q, line: "after"});
return {before: before.lines, echoed: echoed.text, after: after.lines};`, path)}
	}
	checkCount := func(t *testing.T, path string) {
		data, err := os.ReadFile(path)
		require.NoError(t, err)
		assert.Equal(t, "before\nafter\n", string(data), "no call was made twice")
	}

	t.Run("the other replica resumes", func(t *testing.T) {
		cs := connect(t, false)
		path := filepath.Join(b.dir, "count-1")
		ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
		defer cancel()
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "run_code", Arguments: program(path)})
		require.NoError(t, err)
		r := decodeResult(t, res)
		require.Nil(t, r.Failure, "%+v", r.Failure)
		assert.JSONEq(t, `{"before":1,"echoed":"approved","after":2}`, string(r.Value))
		checkCount(t, path)

		suspendedBy, resumedBy := whoDid(t, a, bb)
		require.Len(t, suspendedBy, 1)
		require.Len(t, resumedBy, 1)
		for call, who := range suspendedBy {
			assert.NotEqual(t, who, resumedBy[call], "call %s was suspended and resumed by different replicas", call)
		}
	})

	t.Run("a replica started after the first was killed resumes", func(t *testing.T) {
		cs := connect(t, true)
		path := filepath.Join(b.dir, "count-2")
		lb.set(a)
		first, err := cs.CallTool(t.Context(), &mcp.CallToolParams{Name: "run_code", Arguments: program(path)})
		require.NoError(t, err)
		require.Len(t, first.InputRequests, 1, resultText(first))
		a.kill()
		c := startReplica(t, b, cfg, "c")
		lb.set(c)
		answers := mcp.InputResponseMap{}
		for id := range first.InputRequests {
			answers[id] = &mcp.ElicitResult{Action: "accept"}
		}
		res, err := cs.CallTool(t.Context(), &mcp.CallToolParams{Name: "run_code", RequestState: first.RequestState, InputResponses: answers})
		require.NoError(t, err)
		r := decodeResult(t, res)
		require.Nil(t, r.Failure, "%+v", r.Failure)
		assert.JSONEq(t, `{"before":1,"echoed":"approved","after":2}`, string(r.Value))
		checkCount(t, path)

		_, resumedBy := whoDid(t, c)
		assert.Len(t, resumedBy, 1, "c resumed the call a suspended")

		again, err := cs.CallTool(t.Context(), &mcp.CallToolParams{Name: "run_code", RequestState: first.RequestState, InputResponses: answers})
		require.NoError(t, err)
		assert.True(t, again.IsError)
		assert.Contains(t, resultText(again), "already used", "a replayed requestState is refused")
	})
}

// whoDid reads the replicas' session logs: which replica suspended, and
// which resumed, each run_code call (by the call's token).
func whoDid(t *testing.T, replicas ...*replica) (suspendedBy, resumedBy map[string]string) {
	t.Helper()
	suspendedBy, resumedBy = map[string]string{}, map[string]string{}
	for _, r := range replicas {
		data, err := os.ReadFile(r.log)
		require.NoError(t, err)
		if len(bytes.TrimSpace(data)) == 0 {
			continue
		}
		for _, e := range readLog(t, r.log) {
			switch e["msg"] {
			case "tool/suspended":
				suspendedBy[e["call"].(string)] = r.log
			case "tool/resumed":
				resumedBy[e["call"].(string)] = r.log
			}
		}
	}
	return suspendedBy, resumedBy
}
