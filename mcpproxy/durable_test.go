package mcpproxy

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/coderun/coderun/codemode"
	"github.com/coderun/coderun/store"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// askEcho makes every echo__echo call need approval.
var askEcho = codemode.Rule{Tool: "echo__echo", Action: codemode.ActionAsk, Reason: "echo needs a human"}

// newDurableServer is a Server over the echo upstream with the given key
// and store, its session log in log. Several may share one store, as
// replicas do.
func newDurableServer(t *testing.T, cfg *codemode.Config, key []byte, st store.Store, log *lockedBuffer) *Server {
	t.Helper()
	sessionLog := codemode.NewSessionLog(log)
	hub, report := startHub(t, map[string]codemode.ServerSpec{"echo": echoSpec()}, Options{Log: sessionLog})
	require.False(t, report.Failed(), "start-up: %v", report.Servers)
	srv, err := NewServer(cfg, hub, ServerOptions{Log: sessionLog, Runtime: sharedRuntime(t), StateKey: key, Store: st})
	require.NoError(t, err)
	return srv
}

// connectTo attaches a client on the latest protocol. With manual set, it
// does not answer input requests itself: the test drives the rounds.
func connectTo(t *testing.T, srv *Server, manual bool, answer string) *mcp.ClientSession {
	t.Helper()
	ct, st := mcp.NewInMemoryTransports()
	ss, err := srv.MCP().Connect(t.Context(), st, nil)
	require.NoError(t, err)
	opts := &mcp.ClientOptions{
		ElicitationHandler: func(context.Context, *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
			return &mcp.ElicitResult{Action: answer}, nil
		},
		MultiRoundTrip: &mcp.MultiRoundTripOptions{Disabled: manual},
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test-agent", Version: "v0"}, opts).Connect(t.Context(), ct, nil)
	require.NoError(t, err)
	t.Cleanup(func() {
		_ = cs.Close()
		_ = ss.Wait()
	})
	return cs
}

// countingProgram appends to a file before and after a sub-call that needs
// approval: the file's lines count the appends that really ran.
func countingProgram(path string) string {
	return fmt.Sprintf(`
const before = await tools["echo__append"]({path: %[1]q, line: "before"});
const echoed = await tools["echo__echo"]({text: "approved"});
const after = await tools["echo__append"]({path: %[1]q, line: "after"});
return {before: before.lines, echoed: echoed.text, after: after.lines};
`, path)
}

func runCodeArgs(program string) map[string]any {
	return map[string]any{"program": program, "description": "test program"}
}

func TestRunCodeApprovalRoundTripDoesNotRepeatCalls(t *testing.T) {
	t.Parallel()
	log := &lockedBuffer{}
	srv := newDurableServer(t, configFor(codemode.ModeCode, askEcho), testStateKey, nil, log)
	t.Cleanup(func() { require.NoError(t, srv.Close(context.Background())) })
	path := filepath.Join(t.TempDir(), "count")

	_, r := runCode(t, connectTo(t, srv, false, "accept"), countingProgram(path))
	assert.Equal(t, map[string]any{"before": 1.0, "echoed": "approved", "after": 2.0}, value(t, r))
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, "before\nafter\n", string(data), "the append before the suspension ran once")

	events := log.events(t)
	start := findEvent(t, events, codemode.EventCallStart)
	suspended := findEvent(t, events, codemode.EventSuspended)
	resumed := findEvent(t, events, codemode.EventResumed)
	assert.Equal(t, start["call"], suspended["call"])
	assert.Equal(t, start["call"], resumed["call"])
	var outcomes []any
	for _, e := range events {
		if e["msg"] == codemode.EventCall {
			outcomes = append(outcomes, e["outcome"])
		}
	}
	assert.Equal(t, []any{"suspended", "ok"}, outcomes)
}

func TestRunCodeApprovalDeclinedRejectsTheSubCall(t *testing.T) {
	t.Parallel()
	srv := newDurableServer(t, configFor(codemode.ModeCode, askEcho), testStateKey, nil, &lockedBuffer{})
	t.Cleanup(func() { require.NoError(t, srv.Close(context.Background())) })
	_, r := runCode(t, connectTo(t, srv, false, "decline"), `
try { await tools["echo__echo"]({text: "x"}); return "ran"; } catch (e) { return e.toolName + ": " + e.message; }`)
	require.Nil(t, r.Failure)
	var msg string
	require.NoError(t, json.Unmarshal(r.Value, &msg))
	assert.Equal(t, `echo__echo: call denied: approval for tool "echo__echo" was refused: the user declined`, msg)
}

// firstRound calls run_code without answering: the result asks for
// approval.
func firstRound(t *testing.T, cs *mcp.ClientSession, program string) *mcp.CallToolResult {
	t.Helper()
	res := call(t, cs, "run_code", runCodeArgs(program))
	require.Len(t, res.InputRequests, 1, "%s", text(res))
	require.NotEmpty(t, res.RequestState)
	return res
}

// retry sends the next round: every question answered with action.
func retry(ctx context.Context, cs *mcp.ClientSession, prev *mcp.CallToolResult, state, action string) (*mcp.CallToolResult, error) {
	answers := mcp.InputResponseMap{}
	for id := range prev.InputRequests {
		answers[id] = &mcp.ElicitResult{Action: action}
	}
	return cs.CallTool(ctx, &mcp.CallToolParams{Name: "run_code", RequestState: state, InputResponses: answers})
}

func TestRequestStateFaults(t *testing.T) {
	t.Parallel()
	st := store.NewMemory()
	defer st.Close()
	cfg := configFor(codemode.ModeBoth, askEcho)
	a := newDurableServer(t, cfg, testStateKey, st, &lockedBuffer{})
	path := filepath.Join(t.TempDir(), "count")
	first := firstRound(t, connectTo(t, a, true, ""), countingProgram(path))
	for id, q := range first.InputRequests {
		assert.Contains(t, id, ".2", "the question is keyed by the sub-call's token")
		assert.Contains(t, q.(*mcp.ElicitParams).Message, `"echo__echo"`)
	}
	token := first.RequestState

	// Close with a suspended call: nothing is in flight, and another
	// server with the same key and store resumes it.
	require.NoError(t, a.Close(t.Context()))
	b := newDurableServer(t, cfg, testStateKey, st, &lockedBuffer{})
	t.Cleanup(func() { require.NoError(t, b.Close(context.Background())) })
	cs := connectTo(t, b, true, "")

	refused := func(state, want string) {
		t.Helper()
		res, err := retry(t.Context(), cs, first, state, "accept")
		require.NoError(t, err)
		assert.True(t, res.IsError)
		assert.Contains(t, text(res), want)
	}
	mid := len(token) / 2
	replacement := "A"
	if token[mid] == 'A' {
		replacement = "B"
	}
	flipped := token[:mid] + replacement + token[mid+1:]
	refused(flipped, "not valid")
	refused(token[:len(token)-8], "not valid")
	refused("not base64 !", "not valid")

	other := newDurableServer(t, cfg, []byte("another key of exactly 32 bytes!"), st, &lockedBuffer{})
	t.Cleanup(func() { require.NoError(t, other.Close(context.Background())) })
	res, err := retry(t.Context(), connectTo(t, other, true, ""), first, token, "accept")
	require.NoError(t, err)
	assert.Contains(t, text(res), "another key")

	res, err = cs.CallTool(t.Context(), &mcp.CallToolParams{Name: "echo__echo", RequestState: token})
	require.NoError(t, err)
	assert.Contains(t, text(res), `belongs to a call of tool "run_code"`)

	// None of the refusals consumed the state: it resumes now, once.
	res, err = retry(t.Context(), cs, first, token, "accept")
	require.NoError(t, err)
	require.False(t, res.IsError, text(res))
	assert.Contains(t, text(res), `"after":2`)
	refused(token, "already used")
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, "before\nafter\n", string(data))
}

func TestRequestStateExpires(t *testing.T) {
	t.Parallel()
	cfg := configFor(codemode.ModeCode, askEcho)
	cfg.Budgets.MaxSuspendedAge = 300 * time.Millisecond
	srv := newDurableServer(t, cfg, testStateKey, nil, &lockedBuffer{})
	t.Cleanup(func() { require.NoError(t, srv.Close(context.Background())) })
	cs := connectTo(t, srv, true, "")
	first := firstRound(t, cs, `return await tools["echo__echo"]({text: "late"})`)
	time.Sleep(time.Second)
	res, err := retry(t.Context(), cs, first, first.RequestState, "accept")
	require.NoError(t, err)
	assert.True(t, res.IsError)
	assert.Contains(t, text(res), "expired")
}

// TestLargeRunsLiveInTheStore keeps a run too large for the requestState
// in the store: the requestState stays small and the run resumes whole.
func TestLargeRunsLiveInTheStore(t *testing.T) {
	t.Parallel()
	st := store.NewMemory()
	defer st.Close()
	srv := newDurableServer(t, configFor(codemode.ModeCode, askEcho), testStateKey, st, &lockedBuffer{})
	t.Cleanup(func() { require.NoError(t, srv.Close(context.Background())) })
	cs := connectTo(t, srv, true, "")
	first := firstRound(t, cs, `
const big = Array.from(crypto.getRandomValues(new Uint8Array(60000)), (b) => b.toString(16).padStart(2, "0")).join("");
await tools["echo__echo"]({text: "x"});
return big.length;`)
	assert.Less(t, len(first.RequestState), 1024, "the run is in the store, not in the requestState")
	assert.Equal(t, 1, st.Len())
	res, err := retry(t.Context(), cs, first, first.RequestState, "accept")
	require.NoError(t, err)
	require.False(t, res.IsError, text(res))
	assert.Contains(t, text(res), "value: 120000")
	assert.Zero(t, st.Len(), "taken")
}

// TestCrashAfterTake: a resumed run that dies before it ends (here its
// request is cancelled) has consumed its state: a retry is refused, and
// the calls the resumed part made are not made again.
func TestCrashAfterTake(t *testing.T) {
	t.Parallel()
	srv := newDurableServer(t, configFor(codemode.ModeCode, askEcho), testStateKey, nil, &lockedBuffer{})
	t.Cleanup(func() { require.NoError(t, srv.Close(context.Background())) })
	cs := connectTo(t, srv, true, "")
	first := firstRound(t, cs, `
await tools["echo__echo"]({text: "x"});
await tools["echo__sleep"]({ms: 60000});
return "done";`)
	ctx, cancel := context.WithTimeout(t.Context(), 500*time.Millisecond)
	defer cancel()
	_, err := retry(ctx, cs, first, first.RequestState, "accept")
	require.Error(t, err, "the request was cut off mid-run")
	res, err := retry(t.Context(), cs, first, first.RequestState, "accept")
	require.NoError(t, err)
	assert.Contains(t, text(res), "already used")
}
