package codemode

import (
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"strings"
	"time"

	coderun "github.com/coderun/coderun"
)

// The session log's event names, used as the slog message of each record.
const (
	// EventWireTools records the tool list assembled for the wire: mode and
	// tools (names, in wire order). It is written when the list changes.
	EventWireTools = "session/wire-tools"
	// EventCallStart and EventCall bracket a top-level call: call, tool and
	// args; then duration, outcome and, on failure, stage and error. A
	// run_code call whose program failed has outcome failed, stage execute,
	// failure (the kind: exception, timeout, ...) and message; when a
	// sub-call's rejection that nothing handled ended the program, unhandled
	// is that sub-call's token.
	EventCallStart = "tool/call-start"
	EventCall      = "tool/call"
	// EventCodeDispatchStart and EventCodeDispatch bracket a sub-call made by
	// a program: parent (the run_code call's token), call, tool and args; then
	// duration (since the program made the call), wait (time queued),
	// outcome and, on failure, stage and error. Every sub-call has exactly one
	// of each. The start is written when the call leaves the dispatch queue:
	// when it starts, parks, or is dropped, and then it has dropped (true):
	// the call never ran (the run settled first), and its end, outcome
	// dropped, follows at once. The end of a call that ran is written
	// before the queue admits the next call in its place, so the log never
	// shows more calls running at once than the queue allowed.
	EventCodeDispatchStart = "tool/code-dispatch-start"
	EventCodeDispatch      = "tool/code-dispatch"
	// EventApproval records an approver's answer: call, tool, approved.
	EventApproval = "tool/approval"
	// EventArgsRewritten records the arguments a pre-execute hook rewrote a
	// call to: call, tool, args.
	EventArgsRewritten = "tool/args-rewritten"
	// EventDeferredDiscarded records deferred context entries thrown away
	// because a post-execute hook blocked the result that carried them.
	EventDeferredDiscarded = "tool/deferred-discarded"
	// EventSuspended records a top-level call that ended as a suspension:
	// call, tool, and pending (the tokens of the calls awaiting approval).
	EventSuspended = "tool/suspended"
	// EventResumed records Session.Resume continuing a suspended call: call,
	// tool, approved and denied (tokens). The call's tool/call event follows
	// when the resumed part ends.
	EventResumed = "tool/resumed"
	// EventRuleUnmatched records a policy rule or tools-filter glob that
	// matches no tool (see [Unmatched]): key, pattern, line and file when
	// known, action for a rule, dangerous (a deny or ask rule, which lets
	// through what it was meant to stop) and message. It is written by
	// [Session.ReportUnmatched], at level WARN.
	EventRuleUnmatched = "policy/rule-unmatched"
	// EventResourceRead and EventPromptGet record a Session.Access: call,
	// tool (the name the filter and policy saw), kind, args (the resource's
	// uri, or the prompt's arguments), duration, outcome and, when it did
	// not succeed, stage and message (and error).
	EventResourceRead = "resource/read"
	EventPromptGet    = "prompt/get"
)

// NewSessionLog returns a logger that writes the session log to w as JSONL,
// one JSON object per event. Durations are in nanoseconds.
func NewSessionLog(w io.Writer) *slog.Logger {
	return slog.New(slog.NewJSONHandler(w, nil))
}

// discardLog is the session log of a session given none.
var discardLog = slog.New(slog.DiscardHandler)

// callAttrs are the attributes that identify a call in every event.
func callAttrs(call *Call) []slog.Attr {
	attrs := make([]slog.Attr, 0, 4)
	if call.ParentID != "" {
		attrs = append(attrs, slog.String("parent", call.ParentID))
	}
	attrs = append(attrs, slog.String("call", call.ID), slog.String("tool", call.Tool))
	if call.Kind != "" {
		attrs = append(attrs, slog.String("kind", string(call.Kind)))
	}
	return attrs
}

// argsAttr logs arguments as embedded JSON, so the session log holds every
// call exactly as the tool saw it and a session can be reconstructed from it.
func argsAttr(args json.RawMessage) slog.Attr {
	if !json.Valid(args) {
		return slog.String("args", string(args))
	}
	return slog.Any("args", args)
}

// maxLoggedFailureMessage caps a failed program's message in the log: the
// log records that and why the run failed; the whole message, which may be
// as long as the output budget, is in the result.
const maxLoggedFailureMessage = 2048

// callOutcomeAttrs describe how a top-level call ended: ok, refused or
// failed (outcomeAttrs), suspended, or, for a run_code call that returned a
// result whose program failed, failed with the failure's kind, though the
// model gets the result.
func callOutcomeAttrs(call *Call, d time.Duration, out *Output, err error) []slog.Attr {
	if err == nil && out != nil && out.Suspended != nil {
		return []slog.Attr{slog.Duration("duration", d), slog.String("outcome", string(OutcomeSuspended)), slog.Any("pending", pendingIDs(out.Suspended.Pending))}
	}
	if err != nil || call.Tool != RunCodeToolName || out == nil {
		return outcomeAttrs(d, err)
	}
	var res struct {
		Failure *coderun.Failure `json:"failure"`
	}
	if json.Unmarshal(out.Value, &res) != nil || res.Failure == nil {
		return outcomeAttrs(d, nil)
	}
	msg := res.Failure.Message
	if len(msg) > maxLoggedFailureMessage {
		msg = strings.ToValidUTF8(msg[:maxLoggedFailureMessage], "") + "..."
	}
	attrs := []slog.Attr{
		slog.Duration("duration", d),
		slog.String("outcome", string(OutcomeFailed)),
		slog.String("stage", string(StageExecute)),
		slog.String("failure", string(res.Failure.Kind)),
		slog.String("message", msg),
	}
	if c := res.Failure.Call; c != nil && c.Namespace == ToolsGlobal && c.Sequence > 0 {
		attrs = append(attrs, slog.String("unhandled", subCallID(call.ID, c.Sequence)))
	}
	return attrs
}

// outcomeAttrs describe how a call ended.
func outcomeAttrs(d time.Duration, err error) []slog.Attr {
	attrs := []slog.Attr{slog.Duration("duration", d)}
	var ce *CallError
	switch {
	case err == nil:
		return append(attrs, slog.String("outcome", string(OutcomeOK)))
	case errors.As(err, &ce):
		attrs = append(attrs, slog.String("outcome", string(ce.Outcome)), slog.String("stage", string(ce.Stage)), slog.String("message", ce.Message))
		if ce.Err != nil {
			attrs = append(attrs, slog.String("error", ce.Err.Error()))
		}
		return attrs
	default:
		return append(attrs, slog.String("outcome", string(OutcomeFailed)), slog.String("error", err.Error()))
	}
}
