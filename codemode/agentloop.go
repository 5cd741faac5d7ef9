package codemode

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	coderun "github.com/coderun/coderun"
)

// An agent loop built on a model provider's SDK sends the model a list of
// tools, runs the calls the model makes and sends each result back. The
// calls below are the provider-neutral part of that loop: what to offer
// (ModelTools), and what to answer (CallTool, ResumeTool). Turning them
// into one SDK's parameter types is a few lines in the host.

// ModelTools returns the tools to offer a model provider's function
// calling: [Session.WireTools], with the session's SDK appended to
// run_code's description. The description is the one place every provider
// shows the model next to the tool, and it changes together with the tool
// list, so a model that can call run_code always has the declarations of
// the tools its program may call. In the catalogue form describe_tools
// follows run_code; answer it with CallTool like any other call.
//
// Each InputSchema is a JSON Schema object, as providers take it. run_code's
// requires every property and forbids others, so it also passes a
// provider's strict schema mode; describe_tools' arguments are optional,
// so it does not.
func (s *Session) ModelTools() []WireTool {
	tools := s.WireTools()
	for i := range tools {
		if tools[i].Name == RunCodeToolName {
			tools[i].Description += "\n\n" + s.SDK()
		}
	}
	return tools
}

// ToolResult is a call's answer in the form a provider's tool result takes:
// text, and whether it reports a failure.
type ToolResult struct {
	// Text is what the model reads. For a result it is the display text
	// of the call's output (run_code's is its result rendered as text), or its JSON
	// value when it has none, followed by each deferred context entry as
	// "[context from SOURCE]" and its text. For a call that did not
	// produce one it is the error's message, which the pipeline writes for
	// the model. For a suspended call it describes the wait; send it only
	// if the loop goes on without the result.
	Text string
	// IsError marks a call that did not produce a result, or a run_code
	// program that failed (its Text says "status: failed" and why):
	// the provider's error flag on a tool result (is_error and the like).
	IsError bool
	// Suspended, when not nil, is the call waiting for approvals (see
	// [NotYet]): decide them, and continue with [Session.ResumeTool]. A
	// host that stops its loop meanwhile keeps Suspended.State with the
	// conversation; the model's call stays unanswered until the decision.
	Suspended *Suspension
}

// CallTool runs a call the model made, as [Session.Call] does, and returns
// the tool result to send back. Every error becomes an error result: the
// model's call must be answered, and the message says what went wrong. A
// host that must tell its own failures apart (a cancelled context) checks
// its context, or uses Call.
func (s *Session) CallTool(ctx context.Context, req CallRequest) ToolResult {
	out, err := s.Call(ctx, req)
	return toolResult(req.Tool, out, err)
}

// ResumeTool continues a suspended call with decisions, as
// [Session.Resume] does, and returns the tool result to send back for the
// model's original call; it may be suspended again, on approvals the
// resumed program asked for since. A state that cannot be resumed (expired,
// sealed with another key) gives an error result saying so.
func (s *Session) ResumeTool(ctx context.Context, state []byte, approvals []Approval) ToolResult {
	out, err := s.Resume(ctx, state, approvals)
	tool := ""
	if err == nil {
		// Resume opened the same state; only run_code's output is a Result
		// whose failure flags the answer.
		if env, oerr := s.openEnvelope(state); oerr == nil {
			tool = env.Tool
		}
	}
	return toolResult(tool, out, err)
}

// toolResult renders what Call or Resume returned for a call of tool.
func toolResult(tool string, out *Output, err error) ToolResult {
	if err != nil {
		return ToolResult{Text: err.Error(), IsError: true}
	}
	var b strings.Builder
	for _, c := range out.Content {
		appendBlock(&b, contentText(c))
	}
	if len(out.Content) == 0 && out.Suspended == nil {
		// A tool that gives only a value (what a program receives) is
		// read by the model as that JSON.
		b.Write(out.Value)
	}
	for _, d := range out.Deferred {
		appendBlock(&b, fmt.Sprintf("[context from %s]\n%s", d.Source, d.Text))
	}
	res := ToolResult{Text: b.String(), Suspended: out.Suspended}
	if tool == RunCodeToolName && out.Suspended == nil {
		var r coderun.Result
		res.IsError = json.Unmarshal(out.Value, &r) == nil && r.Failure != nil
	}
	return res
}

// contentText is the text form of one content item. Tool results here are
// text, which every provider takes; a binary item is named so the model
// knows it exists.
func contentText(c Content) string {
	if c.Type == "text" {
		return c.Text
	}
	return fmt.Sprintf("[%s content (%s, %d bytes) not shown]", c.Type, c.MIMEType, len(c.Data))
}

// appendBlock appends text, on a new line when b already ends in text.
func appendBlock(b *strings.Builder, text string) {
	if b.Len() > 0 && !strings.HasSuffix(b.String(), "\n") {
		b.WriteByte('\n')
	}
	b.WriteString(text)
}
