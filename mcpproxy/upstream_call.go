package mcpproxy

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// call runs one tools/call on the server, restarting it first if it is down
// and the backoff allows. Every error names the server, because it reaches
// the model as a ToolCallError message and "which server broke" is what it
// needs to decide what to do next; the details of a crash go to the log.
func (u *upstream) call(ctx context.Context, tool string, args json.RawMessage) (*mcp.CallToolResult, error) {
	cs, release, err := u.session(ctx)
	if err != nil {
		return nil, err
	}
	defer release()
	callCtx, cancel := context.WithTimeout(ctx, u.opts.CallTimeout)
	defer cancel()
	if len(args) == 0 {
		args = json.RawMessage("{}")
	}
	res, err := cs.CallTool(callCtx, &mcp.CallToolParams{Name: tool, Arguments: args})
	switch {
	case err == nil:
		u.succeeded()
		return res, nil
	case ctx.Err() != nil:
		// The caller gave up (the run settled or was cancelled); the server
		// is not to blame.
		return nil, fmt.Errorf("server %q: tool %q: %w", u.name, tool, ctx.Err())
	case errors.Is(callCtx.Err(), context.DeadlineExceeded):
		return nil, fmt.Errorf("server %q: tool %q timed out after %v", u.name, tool, u.opts.CallTimeout)
	case errors.Is(err, mcp.ErrConnectionClosed) || errors.Is(err, io.EOF):
		// Retire the session now rather than leave it to the watcher, so
		// the caller's next call restarts the server instead of finding
		// the dead session.
		reason := u.ended(cs)
		if reason == "" {
			reason = err.Error()
		}
		return nil, u.unavailable(fmt.Sprintf("the MCP server %q stopped while running tool %q; call again to restart it, and if it keeps failing %s",
			u.name, tool, u.seeLog()), fmt.Errorf("stopped during tool %q: %s", tool, reason))
	default:
		return nil, u.scrub(fmt.Errorf("server %q: tool %q: %w", u.name, tool, err))
	}
}
