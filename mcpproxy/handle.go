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
	ctx = withDownstream(ctx, req.Session) // where the upstreams' requests during the call go
	if req.Params.RequestState != "" {
		// The client is back with answers to the approval questions of a
		// suspended call.
		return s.resumeCall(ctx, req), nil
	}
	name, args := req.Params.Name, req.Params.Arguments
	id := s.callID()
	if k := s.askerFor(req); k != nil {
		s.askers.set(id, k)
		defer s.askers.clear(id)
	}
	out, err := s.session.Call(ctx, codemode.CallRequest{ID: id, Tool: name, Args: args})
	return s.result(ctx, name, id, out, err), nil
}

// result turns the pipeline's answer into a tools/call result; a call that
// suspended answers with its approval questions.
func (s *Server) result(ctx context.Context, name, callID string, out *codemode.Output, err error) *mcp.CallToolResult {
	if err == nil && out.Suspended != nil {
		res, err := s.suspendCall(ctx, name, callID, out.Suspended)
		if err != nil {
			return errorResult(err)
		}
		return res
	}
	return toResult(name, s.hasOutputSchema(name), out, err)
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
