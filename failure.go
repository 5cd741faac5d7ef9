package coderun

// FailureKind classifies why a run failed. The kinds are orthogonal: a budget
// running out is not an exception, an abort is not a timeout, and the death of
// the sandbox is neither. Each kind asks the caller for a different next step.
type FailureKind string

const (
	// KindException: the program threw, or failed to parse or transform, or
	// a promise was rejected and nothing handled it by the time the
	// program's pending jobs ran out (as Node ends its process; typically a
	// failed call the program made without await). Feed the message back to
	// the model so it can fix its code.
	KindException FailureKind = "exception"
	// KindTimeout: a budget (compute time, wall time or fuel) ran out; the
	// message names the budget and its value. Raise the budget or make the
	// program cheaper.
	KindTimeout FailureKind = "timeout"
	// KindAbort: the caller's context was cancelled. Respond to the
	// cancellation; the model has nothing to fix.
	KindAbort FailureKind = "abort"
	// KindWorkerExit: the sandbox died without settling, e.g. it exhausted
	// MemoryLimitBytes or trapped. Check resources.
	KindWorkerExit FailureKind = "worker-exit"
	// KindInvalidOutput: the completion value is not lossless JSON; the
	// message names the path and the reason. Ask the model to return plain data.
	KindInvalidOutput FailureKind = "invalid-output"
	// KindOutputLimit: logs, value and failure message together exceeded
	// MaxOutputBytes. Nothing is truncated: the run fails instead.
	KindOutputLimit FailureKind = "output-limit"
)

// Failure reports why a run failed. A failing program is a Result with a
// Failure, never an error of Run.
type Failure struct {
	// Kind is the class of failure; see the Kind constants.
	Kind FailureKind `json:"kind"`
	// Message is human-readable detail, written to be fed back to a model.
	Message string `json:"message"`
	// Call names the binding call whose rejection ended the run, when the
	// failure is a rejection nothing handled (see [KindException]) and its
	// reason is the error a binding call rejected with.
	Call *FailedCall `json:"call,omitempty"`
}

// FailedCall names one binding call of a run.
type FailedCall struct {
	// Namespace is the namespace's Global, Function the name called.
	Namespace string `json:"namespace"`
	Function  string `json:"function"`
	// Sequence is the call's position among the run's calls, as
	// [CallSequence] gave it to the Function; 0 for a call refused before
	// its Function ran (a limit such as MaxCallsInFlight).
	Sequence int64 `json:"sequence,omitempty"`
}

// Error lets a Failure be used where an error is expected, e.g. when a caller
// chooses to turn a failed Result into an error of its own.
func (f *Failure) Error() string { return string(f.Kind) + ": " + f.Message }
