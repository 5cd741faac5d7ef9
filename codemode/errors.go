package codemode

import "fmt"

// Outcome classifies how a call ended. It is recorded in the session log and
// carried by CallError.
type Outcome string

// The outcomes of a call.
const (
	// OutcomeOK: the tool ran and its result passed the post-execute hooks.
	OutcomeOK Outcome = "ok"
	// OutcomeDenied: a pre-execute hook, a guard, the policy or the approver
	// refused the call; the tool did not run.
	OutcomeDenied Outcome = "denied"
	// OutcomeInvalidArguments: the arguments do not match the input schema;
	// the tool did not run.
	OutcomeInvalidArguments Outcome = "invalid-arguments"
	// OutcomeFailed: the tool ran and returned an error or an invalid result.
	OutcomeFailed Outcome = "failed"
	// OutcomeBlocked: the tool ran but a post-execute hook blocked its result.
	OutcomeBlocked Outcome = "blocked"
	// OutcomeCancelled: the call's context was cancelled before or while the
	// tool ran.
	OutcomeCancelled Outcome = "cancelled"
	// OutcomeUnknownTool: no tool of that name is offered.
	OutcomeUnknownTool Outcome = "unknown-tool"
	// OutcomeDropped: a program's sub-call was still queued when the run
	// settled, or the program made it and returned without awaiting it; it
	// never started.
	OutcomeDropped Outcome = "dropped"
	// OutcomeSuspended: the call waits for an approval the Approver could
	// not give yet (NotYet); it goes on when Session.Resume brings the
	// decision. For run_code it means the program's run is suspended.
	OutcomeSuspended Outcome = "suspended"
)

// Stage names the pipeline step that ended a call.
type Stage string

// The pipeline stages, in the order a call passes them.
const (
	StageLookup      Stage = "lookup"
	StagePreExecute  Stage = "pre-execute"
	StageValidate    Stage = "validate"
	StageGuard       Stage = "guard"
	StagePolicy      Stage = "policy"
	StageApproval    Stage = "approval"
	StageExecute     Stage = "execute"
	StagePostExecute Stage = "post-execute"
	StageQueue       Stage = "queue"
)

// CallError is how the pipeline reports a call that did not produce a
// result. Its Error text is written for the model: inside a program it
// becomes the message of the ToolCallError; for a top-level call the host
// returns it as the tool's error result. Internal detail stays in Err, which
// goes to the session log and never to the model.
type CallError struct {
	// CallID is the token of the failed call.
	CallID string
	// Tool is the name of the tool called.
	Tool string
	// Outcome says how the call ended.
	Outcome Outcome
	// Stage is the pipeline step that ended it.
	Stage Stage
	// Message is the model-facing explanation.
	Message string
	// Err is the underlying cause, if any, for logs and errors.Is.
	Err error
}

// Error returns the model-facing message.
func (e *CallError) Error() string { return e.Message }

// Unwrap returns the underlying cause.
func (e *CallError) Unwrap() error { return e.Err }

// Denial is the error a pre-execute hook, guard or post-execute hook returns
// to refuse a call with a reason written for the model. Any other error from
// them also refuses the call (fail closed), but with a generic message, since
// an arbitrary error may carry internal detail.
type Denial struct {
	// Reason tells the model why, e.g. "writes under /etc are not allowed".
	Reason string
}

// Deny returns a *Denial with a formatted reason.
func Deny(format string, args ...any) error {
	return &Denial{Reason: fmt.Sprintf(format, args...)}
}

// Error returns the reason.
func (d *Denial) Error() string { return d.Reason }
