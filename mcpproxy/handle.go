package mcpproxy

import (
	"context"
	"encoding/json"
	"fmt"

	coderun "github.com/coderun/coderun"
	"github.com/coderun/coderun/codemode"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// handle serves tools/call for every offered tool: run_code and the proxied
// tools alike go through the session's pipeline.
func (s *Server) handle(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if state := req.Params.RequestState; state != "" {
		// The client is back with answers to the approval questions of a
		// call already running.
		c, err := s.suspend.resume(state, req.Params.InputResponses)
		if err != nil {
			return errorResult(err), nil
		}
		return s.suspend.await(ctx, c)
	}

	name, args := req.Params.Name, req.Params.Arguments
	ctx = withDownstream(ctx, req.Session) // where the upstreams' requests during the call go
	k, multiRoundTrip := askerFor(req)
	call := func(ctx context.Context, k asker) *mcp.CallToolResult {
		id := s.callID()
		if k != nil {
			s.askers.set(id, k)
			defer s.askers.clear(id)
		}
		out, err := s.session.Call(ctx, codemode.CallRequest{ID: id, Tool: name, Args: args})
		return toResult(name, s.hasOutputSchema(name), out, err)
	}
	if multiRoundTrip {
		return s.suspend.await(ctx, s.suspend.start(ctx, call))
	}
	return call(ctx, k), nil
}

// toResult turns the pipeline's answer into a tools/call result. Errors
// are tool errors (isError with the message as text), not protocol errors,
// so the model reads them and can correct itself.
//
// run_code's result is the text rendering of the run for the model and the
// coderun.Result as structured content for programs and hosts; a failed
// run is also flagged isError so a host shows it as a failure. A proxied
// tool's result is its display content, with the value as structured
// content only when the tool declares an output schema, as the protocol
// asks.
func toResult(tool string, structured bool, out *codemode.Output, err error) *mcp.CallToolResult {
	if err != nil {
		return errorResult(err)
	}
	res := &mcp.CallToolResult{Content: fromContent(out.Content)}
	for _, d := range out.Deferred {
		res.Content = append(res.Content, &mcp.TextContent{Text: fmt.Sprintf("[context from %s]\n%s", d.Source, d.Text)})
	}
	switch {
	case tool == codemode.RunCodeToolName:
		res.StructuredContent = out.Value
		var r coderun.Result
		if json.Unmarshal(out.Value, &r) == nil && r.Failure != nil {
			res.IsError = true
		}
	case structured:
		res.StructuredContent = out.Value
	}
	return res
}

// hasOutputSchema reports whether the registered tool declares an output
// schema, which obliges its results to carry structured content.
func (s *Server) hasOutputSchema(name string) bool {
	t, ok := s.session.Registry().Lookup(name)
	return ok && len(t.OutputSchema) > 0
}

// errorResult reports err to the model as a tool error.
func errorResult(err error) *mcp.CallToolResult {
	return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: err.Error()}}}
}
