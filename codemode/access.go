package codemode

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"time"
)

// AccessKind says what an Access reads.
type AccessKind string

// The kinds of Access.
const (
	// AccessResource is the read of an MCP resource, or of a URI matching
	// a resource template.
	AccessResource AccessKind = "resource"
	// AccessPrompt is the get of an MCP prompt.
	AccessPrompt AccessKind = "prompt"
)

// event is the session log event an access of kind k is recorded under.
func (k AccessKind) event() string {
	if k == AccessPrompt {
		return EventPromptGet
	}
	return EventResourceRead // the only other kind Access takes
}

// Access is a request the session governs besides tool calls: a host that
// proxies MCP servers reading one of their resources or getting one of
// their prompts. It passes the same gates as a tool call, under its Name.
type Access struct {
	// ID is the host's token for the request; empty means the session
	// generates one.
	ID string
	// Kind is what is read.
	Kind AccessKind
	// Name is what the tool filter (Config.Tools) and the Policy see in
	// Call.Tool, named like a tool: "server__name" for an MCP server's
	// resource, resource template or prompt, so one glob covers a server's
	// tools, resources and prompts alike. Empty means nothing is offered
	// under what was asked for (Args says what): the access is logged as
	// unknown, without asking the filter or the policy.
	Name string
	// QualifiedName is the second name the filter and the Policy match, as
	// for a tool (see [Tool.QualifiedName]): SERVER.NAME, the server's name
	// and the resource's, template's or prompt's own, so "fs.*" covers a
	// server's prompts and resources as it covers its tools. Optional.
	QualifiedName string
	// Args describe the request to the Policy, the Approver and the
	// session log: {"uri": ...} for a resource, the prompt's arguments for
	// a prompt. Empty means {}.
	Args json.RawMessage
}

// Access runs a through the tool filter, the Policy and, for ActionAsk,
// the Approver, then calls read (which may be nil when a.Name is empty),
// and records the request in the session log (EventResourceRead or
// EventPromptGet) whatever its outcome. The Policy and Approver see a Call
// whose Kind is a.Kind. Pre- and post-execute hooks and guards are not
// run: their contract is a tool's arguments and result. A request the
// filter hides fails as unknown, one refused fails as denied; an
// Approver's NotYet denies, since an access cannot be suspended. Every
// error is a *CallError whose message is written for the host, wrapping
// read's error when read failed, except for an a.Kind that is neither
// AccessResource nor AccessPrompt, which is refused unlogged.
func (s *Session) Access(ctx context.Context, a Access, read func(context.Context) error) error {
	if a.Kind != AccessResource && a.Kind != AccessPrompt {
		// An empty Kind would look like a tool call to the Policy.
		return fmt.Errorf("codemode: Access.Kind is %q; want %q or %q", a.Kind, AccessResource, AccessPrompt)
	}
	call := &Call{ID: a.ID, Tool: a.Name, QualifiedName: a.QualifiedName, Args: a.Args, Kind: a.Kind}
	if call.ID == "" {
		call.ID = "access-" + strconv.FormatUint(s.nextID.Add(1), 10)
	}
	if len(call.Args) == 0 {
		call.Args = emptyArgs()
	}
	start := time.Now()
	err := s.access(ctx, call, read)
	s.log.LogAttrs(ctx, slog.LevelInfo, a.Kind.event(), append(append(callAttrs(call), argsAttr(call.Args)), outcomeAttrs(time.Since(start), err)...)...)
	return err
}

func (s *Session) access(ctx context.Context, call *Call, read func(context.Context) error) error {
	if call.Tool == "" {
		return &CallError{CallID: call.ID, Outcome: OutcomeUnknownTool, Stage: StageLookup, Message: fmt.Sprintf("no such %s", call.Kind)}
	}
	if !s.cfg.Tools.Admits(call.Tool, call.QualifiedName) {
		return &CallError{CallID: call.ID, Tool: call.Tool, Outcome: OutcomeUnknownTool, Stage: StageLookup,
			Message: fmt.Sprintf("unknown %s %q", call.Kind, call.Tool)}
	}
	if err := s.approve(ctx, call); err != nil {
		if awaiting(err) != nil || errors.Is(err, ErrCannotSuspend) {
			return &CallError{CallID: call.ID, Tool: call.Tool, Outcome: OutcomeDenied, Stage: StageApproval,
				Message: fmt.Sprintf("denied: %s requires approval, which is not decided yet, and only a tool call can wait for it", call.subject())}
		}
		return err
	}
	if err := ctx.Err(); err != nil {
		return cancelled(call, err)
	}
	if err := recovered(func() error { return read(ctx) }); err != nil {
		if ctx.Err() != nil {
			return cancelled(call, err)
		}
		return &CallError{CallID: call.ID, Tool: call.Tool, Outcome: OutcomeFailed, Stage: StageExecute, Err: err,
			Message: fmt.Sprintf("%s failed: %v", call.subject(), err)}
	}
	return nil
}

// subject names what a call reaches, for messages: `tool "x"`, or
// `resource "x"` and `prompt "x"` for an Access.
func (c *Call) subject() string {
	kind := string(c.Kind)
	if kind == "" {
		kind = "tool"
	}
	return fmt.Sprintf("%s %q", kind, c.Tool)
}
