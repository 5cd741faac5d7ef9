package timeline

import "time"

// Log is what [Read] found in a session log.
type Log struct {
	// Runs are the top-level calls that are run_code calls or made
	// sub-calls, in the order they first appear.
	Runs []*Run
	// Problems are the lines that could not be used, in line order: the
	// first MaxProblems of them. Skipped counts them all.
	Problems []Problem
	Skipped  int
	// Lines is the number of lines read; Events the number that were
	// events of a call.
	Lines, Events int
	// Direct counts the top-level calls that are not shown: tools the model
	// called itself, with no sub-calls.
	Direct int
	// SubCalls is the number of sub-calls in Runs.
	SubCalls int
}

// Problem is a line of the log that [Read] skipped or could only partly use.
type Problem struct {
	Line int    `json:"line"`
	Err  string `json:"err"`
}

// Run is one top-level call and the sub-calls its program made.
type Run struct {
	ID, Tool string
	// Args are the call's arguments as JSON text, cut to [MaxText].
	Args string
	// Description is run_code's description argument, if it has one.
	Description string
	// Start is when the call started; End when its last segment ended (or
	// the last event seen for it, when the log stops before it ends).
	Start, End time.Time
	// Outcome is the final tool/call event's outcome, or [OutcomeUnfinished]
	// when the log has none. Failure, Stage, Message and Error come with it.
	Outcome, Failure, Stage, Message, Error string
	// Unhandled is the token of the sub-call whose rejection, handled by
	// nothing, ended the program, when the log names one.
	Unhandled string
	// Segments are the periods the call was running: one, or one per
	// suspension and resume.
	Segments []Segment
	// Marks are the moments worth pointing at: suspensions, resumes.
	Marks []Mark
	// Calls are the sub-calls: those of each segment in turn, each
	// segment's in the order the program made them.
	Calls []*Call
	// NoStart is set when the log has no tool/call-start for the call.
	NoStart bool

	ended bool // the last segment has its tool/call
}

// Segment is a period a run was running.
type Segment struct {
	From, To time.Time
}

// Mark is a moment of a run: Kind is "suspended" or "resumed".
type Mark struct {
	Kind   string
	At     time.Time
	Detail string
}

// Call is one sub-call.
type Call struct {
	ID, Tool string
	// Args are the call's arguments as JSON text, cut to [MaxText].
	Args string
	// Made is when the program made the call, Admitted when it left the
	// queue (Made plus the wait), End when it settled.
	Made, Admitted, End time.Time
	// Duration (since Made) and Wait are as the end event says them.
	Duration, Wait time.Duration
	// Outcome is the end event's outcome, or [OutcomeUnfinished].
	Outcome, Stage, Message, Error string
	// Approval describes approver answers for the call, if any.
	Approval string
	// NeverRun is set when the start event says the call never ran
	// (it was dropped from the queue).
	NeverRun bool
	// NoStart and NoEnd say which of the call's events the log lacks.
	NoStart, NoEnd bool
	// Resumed is set for a call settled after its run resumed.
	Resumed bool
	// Unhandled is set for the call whose rejection ended the program.
	Unhandled bool
	// Segment is the index of the run's segment the call was made in.
	Segment int
}

// OutcomeUnfinished is the outcome of a call whose end the log does not
// have: the process stopped, or the log was cut, before it ended.
const OutcomeUnfinished = "unfinished"

// MaxProblems caps the problems [Read] keeps, so a file that is not a
// session log at all costs no more memory than a log.
const MaxProblems = 1000

// MaxText caps each text taken from the log (arguments, messages) in the
// model, so a page of 10,000 calls stays small; the log has it all.
const MaxText = 2048
