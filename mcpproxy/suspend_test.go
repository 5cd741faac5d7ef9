package mcpproxy

import (
	"context"
	"testing"
	"time"

	"github.com/coderun/coderun/codemode"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// askTwice is a call that needs two approvals in a row, like a program
// whose second sub-call is also marked ask.
func askTwice(ctx context.Context, k asker) *mcp.CallToolResult {
	var answers []bool
	for _, tool := range []string{"fs__write_file", "fs__move_file"} {
		ok, err := k.ask(ctx, codemode.ApprovalRequest{Call: codemode.Call{ID: "c.1", ParentID: "c", Tool: tool, Args: []byte(`{}`)}, Reason: "rule"})
		if err != nil {
			return errorResult(err)
		}
		answers = append(answers, ok)
	}
	return &mcp.CallToolResult{StructuredContent: answers}
}

func onlyQuestion(t *testing.T, res *mcp.CallToolResult) (string, *mcp.ElicitParams) {
	t.Helper()
	require.Len(t, res.InputRequests, 1)
	for id, q := range res.InputRequests {
		return id, q.(*mcp.ElicitParams)
	}
	return "", nil
}

func TestSuspendedCallRunsAcrossRoundTrips(t *testing.T) {
	s := newSuspensions(time.Minute)
	defer s.close()

	res, err := s.await(t.Context(), s.start(t.Context(), askTwice))
	require.NoError(t, err)
	id, q := onlyQuestion(t, res)
	assert.Contains(t, q.Message, `"fs__write_file"`)
	require.NotEmpty(t, res.RequestState)

	c, err := s.resume(res.RequestState, mcp.InputResponseMap{id: &mcp.ElicitResult{Action: "accept"}})
	require.NoError(t, err)
	res, err = s.await(t.Context(), c)
	require.NoError(t, err)
	id, q = onlyQuestion(t, res)
	assert.Contains(t, q.Message, `"fs__move_file"`)

	c, err = s.resume(res.RequestState, mcp.InputResponseMap{id: &mcp.ElicitResult{Action: "decline"}})
	require.NoError(t, err)
	res, err = s.await(t.Context(), c)
	require.NoError(t, err)
	assert.Nil(t, res.InputRequests)
	assert.Equal(t, []bool{true, false}, res.StructuredContent)

	_, err = s.resume(res.RequestState, nil)
	assert.ErrorContains(t, err, "unknown or expired requestState", "a finished call is forgotten")
}

func TestSuspendedCallIsCancelledWhenTheClientDoesNotComeBack(t *testing.T) {
	s := newSuspensions(50 * time.Millisecond)
	defer s.close()
	res, err := s.await(t.Context(), s.start(t.Context(), askTwice))
	require.NoError(t, err)
	require.NotEmpty(t, res.InputRequests)
	// Polling with resume would restart the clock, so watch the table.
	require.Eventually(t, func() bool {
		s.mu.Lock()
		defer s.mu.Unlock()
		return len(s.calls) == 0
	}, 5*time.Second, 10*time.Millisecond)
	_, err = s.resume(res.RequestState, nil)
	assert.ErrorContains(t, err, "unknown or expired requestState")
}

func TestSuspendedCallIsCancelledWithItsRequest(t *testing.T) {
	s := newSuspensions(time.Minute)
	defer s.close()
	ctx, cancel := context.WithCancel(t.Context())
	c := s.start(ctx, func(ctx context.Context, _ asker) *mcp.CallToolResult {
		<-ctx.Done()
		return errorResult(ctx.Err())
	})
	cancel()
	_, err := s.await(ctx, c)
	assert.ErrorIs(t, err, context.Canceled)
}

func TestApprovedReadsTheAnswer(t *testing.T) {
	assert.True(t, approved(&mcp.ElicitResult{Action: "accept"}))
	assert.True(t, approved(&mcp.ElicitResult{Action: "accept", Content: map[string]any{"approve": true}}))
	assert.False(t, approved(&mcp.ElicitResult{Action: "accept", Content: map[string]any{"approve": false}}))
	assert.False(t, approved(&mcp.ElicitResult{Action: "decline"}))
	assert.False(t, approved(&mcp.ElicitResult{Action: "cancel"}))
	assert.False(t, approved(nil))
}
