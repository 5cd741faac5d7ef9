package mcpproxy

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"

	"github.com/coderun/coderun/codemode"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// asker asks the user behind one MCP client whether a call may run.
type asker interface {
	ask(ctx context.Context, req codemode.ApprovalRequest) (bool, error)
}

// askers routes approval requests to the client whose call needs them. A
// sub-call is routed by its parent's token: every top-level call is given
// an ID by the Server, and a program's sub-calls carry it as ParentID. This
// does not depend on contexts being passed down through the runtime.
type askers struct {
	m sync.Map // call ID -> asker
}

func (a *askers) set(callID string, k asker) { a.m.Store(callID, k) }
func (a *askers) clear(callID string)        { a.m.Delete(callID) }

// Approve implements codemode.Approver. A call whose client cannot be
// asked is denied with a message saying approval was required, which is
// what a program sees on the ToolCallError.
func (a *askers) Approve(ctx context.Context, req codemode.ApprovalRequest) (bool, error) {
	id := req.Call.ParentID
	if id == "" {
		id = req.Call.ID
	}
	v, ok := a.m.Load(id)
	if !ok || v == nil {
		if req.Call.Kind != "" {
			return false, codemode.Deny("%s %q requires approval (%s), but coderun can ask about a %s only through a client that supports elicitation on a protocol before %s, so no one could be asked",
				req.Call.Kind, req.Call.Tool, req.Reason, req.Call.Kind, multiRoundTripVersion)
		}
		return false, codemode.Deny("tool %q requires approval (%s), but the MCP client does not support elicitation, so no one could be asked", req.Call.Tool, req.Reason)
	}
	return v.(asker).ask(ctx, req)
}

// askerFor picks how to ask the client that sent req: not at all (nil) if
// it does not support elicitation; inside the tools/call exchange (multi
// round-trip requests) on protocol 2026-07-28 and later, where a server may
// no longer send requests of its own while serving one, by suspending the
// call (see suspend.go); else with elicitation/create.
func (s *Server) askerFor(req *mcp.CallToolRequest) asker {
	caps := req.ClientCapabilities()
	if caps == nil || caps.Elicitation == nil {
		return nil
	}
	if req.ProtocolVersion() >= multiRoundTripVersion {
		return deferringAsker{}
	}
	return elicitingAsker{session: req.Session, form: s.approvalForm}
}

// multiRoundTripVersion is the first protocol version in which elicitation
// travels inside the tools/call exchange (SEP-2322).
const multiRoundTripVersion = "2026-07-28"

// elicitingAsker asks with a server-initiated elicitation/create request,
// as protocol versions before multi round-trip requests do.
type elicitingAsker struct {
	session *mcp.ServerSession
	form    func(codemode.ApprovalRequest) *mcp.ElicitParams
}

func (e elicitingAsker) ask(ctx context.Context, req codemode.ApprovalRequest) (bool, error) {
	res, err := e.session.Elicit(ctx, e.form(req))
	if err != nil {
		return false, fmt.Errorf("asking the client for approval: %w", err)
	}
	return approved(res), nil
}

// approveField is the form's one field: unticking it declines the call
// just like the client's decline button.
const approveField = "approve"

// approvalForm is the elicitation shown to the user for req. It shows
// every argument (see approval_args.go); when it cannot, it says so, and
// its box starts unticked, so that only a user who read why approves.
func (s *Server) approvalForm(req codemode.ApprovalRequest) *mcp.ElicitParams {
	var b strings.Builder
	switch req.Call.Kind {
	case codemode.AccessResource:
		fmt.Fprintf(&b, "coderun: allow reading resource %q?\n", req.Call.Tool)
	case codemode.AccessPrompt:
		fmt.Fprintf(&b, "coderun: allow getting prompt %q?\n", req.Call.Tool)
	default:
		fmt.Fprintf(&b, "coderun: allow a call of tool %q?\n", req.Call.Tool)
	}
	if req.Call.ParentID != "" {
		fmt.Fprintf(&b, "It was made by the run_code program of call %s.\n", req.Call.ParentID)
	}
	fmt.Fprintf(&b, "Why you are asked: %s\n", req.Reason)
	var required []string
	if req.Call.Kind == "" { // a prompt or resource may share a tool's name, not its schema
		required = s.requiredArgs(req.Call.Tool)
	}
	shown := showArgs(req.Call.Args, required)
	if shown.unshown != "" {
		fmt.Fprintf(&b, "WARNING: coderun cannot show all of this call's arguments: %s. Deny it unless you know what it does.\n", shown.unshown)
	}
	switch {
	case shown.values == 1:
		b.WriteString("Arguments (1 value):\n")
	case len(shown.lines) < shown.values:
		fmt.Fprintf(&b, "Arguments (%d values, %d shown):\n", shown.values, len(shown.lines))
	default:
		fmt.Fprintf(&b, "Arguments (%d values):\n", shown.values)
	}
	b.WriteString(strings.Join(shown.lines, "\n"))
	return &mcp.ElicitParams{
		Message: b.String(),
		RequestedSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				approveField: map[string]any{
					"type":        "boolean",
					"title":       "Allow this call",
					"description": "Untick to deny the call.",
					"default":     shown.unshown == "",
				},
			},
		},
	}
}

// requiredArgs lists the required keys of tool's input schema, which the
// approval form shows first; nil when the tool or its schema is unknown.
func (s *Server) requiredArgs(tool string) []string {
	t, ok := s.session.Registry().Lookup(tool)
	if !ok {
		return nil
	}
	var schema struct {
		Required []string `json:"required"`
	}
	if json.Unmarshal(t.InputSchema, &schema) != nil {
		return nil
	}
	return schema.Required
}

// approved reads the user's answer: accept approves unless the approve
// field was unticked; decline and cancel deny.
func approved(res *mcp.ElicitResult) bool {
	if res == nil || res.Action != "accept" {
		return false
	}
	v, ok := res.Content[approveField]
	if !ok {
		return true
	}
	b, isBool := v.(bool)
	return isBool && b
}
