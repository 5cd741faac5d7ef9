package codemode

import (
	"encoding/json"
	"errors"
	"fmt"
	"time"

	coderun "github.com/coderun/coderun"
)

// ErrNotYet is matched (errors.Is) by the errors NotYet returns.
var ErrNotYet = errors.New("codemode: the approval is not decided yet")

// NotYet returns the error an Approver returns when it cannot decide now,
// for example because a human must be asked and may answer in an hour.
// Instead of holding the call open, the session suspends it: the top-level
// call (Session.Call or Session.Resume) returns an Output whose Suspended
// holds the call sealed into bytes and the approvals it waits for, and
// Session.Resume continues it later, in this process or another one, with
// the decisions. A run_code program is suspended as a whole and keeps
// every result it already has: no sub-call made before the suspension is
// made again.
//
// reason is passed on in PendingApproval.Note. A session that cannot
// suspend (its Config.Budgets.StateKey is nil) denies the call instead,
// saying why.
func NotYet(reason string) error { return &notYetError{reason: reason} }

type notYetError struct{ reason string }

func (e *notYetError) Error() string        { return ErrNotYet.Error() + ": " + e.reason }
func (e *notYetError) Is(target error) bool { return target == ErrNotYet }

// Suspension is a top-level call that waits for approvals.
type Suspension struct {
	// State is the call, sealed with Config.Budgets.StateKey (AES-256-GCM):
	// the run_code program's run with the results it already has, or the
	// direct call with its final arguments. Store it anywhere; only a
	// session with the same StateKey opens it, until Expires. It may be
	// resumed any number of times: making a resume happen once is the
	// store's job (package store).
	State []byte `json:"state"`
	// Pending are the calls awaiting a decision, in the order they were
	// made.
	Pending []PendingApproval `json:"pending"`
	// Expires is when State stops being resumable:
	// Config.Budgets.MaxSuspendedAge after the call or resume that
	// suspended started.
	Expires time.Time `json:"expires"`
}

// PendingApproval is one call awaiting a decision.
type PendingApproval struct {
	// ID is the call's token (the top-level call's, or "<parent>.<n>" for a
	// program's sub-call); an Approval names it.
	ID string `json:"id"`
	// Tool is the name of the tool called, Args its final arguments (after
	// pre-execute hooks).
	Tool string          `json:"tool"`
	Args json.RawMessage `json:"args"`
	// Reason is the policy's explanation of why approval is needed.
	Reason string `json:"reason"`
	// Note is what the Approver passed to NotYet.
	Note string `json:"note,omitempty"`
}

// Approval is the decision on one pending call, given to Session.Resume.
type Approval struct {
	// ID is the PendingApproval's ID.
	ID string
	// Approved lets the call run; false denies it.
	Approved bool
	// Reason, for a denial, is added to the message the model (or the
	// program's ToolCallError) reads.
	Reason string
}

// ErrCannotSuspend is wrapped by the denial of a call whose Approver said
// NotYet in a session without a StateKey.
var ErrCannotSuspend = errors.New("codemode: this session cannot suspend calls: Config.Budgets.StateKey is not set")

// awaitingApproval is the pipeline's error (inside a *CallError with
// OutcomeSuspended) for a call whose Approver said NotYet.
type awaitingApproval struct {
	reason string // the policy's
	note   string // the approver's
}

func (a *awaitingApproval) Error() string {
	return "codemode: awaiting approval (" + a.reason + "): " + a.note
}

// awaiting returns the awaitingApproval err carries, or nil.
func awaiting(err error) *awaitingApproval {
	var aa *awaitingApproval
	if errors.As(err, &aa) {
		return aa
	}
	return nil
}

// pendingIDs lists the tokens of pending approvals, for the session log.
func pendingIDs(pending []PendingApproval) []string {
	ids := make([]string, len(pending))
	for i, p := range pending {
		ids[i] = p.ID
	}
	return ids
}

// refusedApproval is the refusal of a call whose approval was denied,
// live or on resume.
func refusedApproval(call *Call, reason string) *CallError {
	msg := fmt.Sprintf("call denied: approval for tool %q was refused", call.Tool)
	if reason != "" {
		msg += ": " + reason
	}
	return &CallError{CallID: call.ID, Tool: call.Tool, Outcome: OutcomeDenied, Stage: StageApproval, Message: msg}
}

// suspendedContent renders a suspension for whoever reads Output.Content.
func suspendedContent(pending []PendingApproval) []Content {
	text := "status: suspended\n"
	for _, p := range pending {
		text += fmt.Sprintf("awaiting approval: %s (tool %s): %s\n", p.ID, p.Tool, p.Reason)
	}
	return []Content{TextContent(text)}
}

// checkApprovals indexes approvals by ID, refusing IDs that name no
// pending call and IDs given twice (coderun.ErrAnswers).
func checkApprovals(env *envelope, approvals []Approval) (map[string]Approval, error) {
	pending := make(map[string]bool)
	for _, p := range env.Parked {
		if p.Approval {
			pending[p.ID] = true
		}
	}
	out := make(map[string]Approval, len(approvals))
	for _, a := range approvals {
		if !pending[a.ID] {
			return nil, fmt.Errorf("codemode: resume: %w: %q is not a call awaiting approval in this state", coderun.ErrAnswers, a.ID)
		}
		if _, dup := out[a.ID]; dup {
			return nil, fmt.Errorf("codemode: resume: %w: %q is decided twice", coderun.ErrAnswers, a.ID)
		}
		out[a.ID] = a
	}
	return out, nil
}
