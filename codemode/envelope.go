package codemode

import (
	"context"
	"errors"
	"fmt"
	"time"

	coderun "github.com/coderun/coderun"
	"github.com/coderun/coderun/internal/seal"
	"github.com/coderun/coderun/wasm"
	"github.com/fxamacker/cbor/v2"
)

// envelope is what Suspension.State holds, sealed: the top-level call, and
// for run_code everything the session itself must remember about the
// program besides the runtime's own state: the next sub-call position, the
// deferred entries held back until the run settles, and the sub-calls that
// wait. It is CBOR, so the runtime's state (bytes) is not inflated.
type envelope struct {
	Version int    `cbor:"1,keyasint"`
	Build   string `cbor:"2,keyasint"` // the sandbox's sha256, checked before anything runs
	CallID  string `cbor:"3,keyasint"`
	Tool    string `cbor:"4,keyasint"`
	Args    []byte `cbor:"5,keyasint"`
	// Expires is in Unix nanoseconds.
	Expires int64 `cbor:"6,keyasint"`
	// Run is the suspended run's coderun state; nil for a direct call,
	// which waits on its own approval (Parked then holds only that call).
	Run     []byte        `cbor:"7,keyasint,omitempty"`
	NextSeq int64         `cbor:"8,keyasint,omitempty"`
	Held    []heldEntries `cbor:"9,keyasint,omitempty"`
	Parked  []parkedCall  `cbor:"10,keyasint"`
	// Trace is the W3C traceparent of the span of the call that
	// suspended, so that its resume, in any process, continues the trace.
	Trace string `cbor:"11,keyasint,omitempty"`
}

// heldEntries are the deferred context entries of one finished sub-call.
type heldEntries struct {
	Seq     int64          `cbor:"1,keyasint"`
	Entries []ContextEntry `cbor:"2,keyasint"`
}

// parkedCall is a call that waits: for its approval (Approval), or queued
// behind a call that does (it has not started, and starts on resume).
type parkedCall struct {
	Seq      int64  `cbor:"1,keyasint"` // position among the program's calls; 0 for a direct call
	ID       string `cbor:"2,keyasint"`
	Tool     string `cbor:"3,keyasint"`
	Args     []byte `cbor:"4,keyasint"`
	Approval bool   `cbor:"5,keyasint"`
	Reason   string `cbor:"6,keyasint,omitempty"`
	Note     string `cbor:"7,keyasint,omitempty"`
	// RunID is the runtime's PendingCall.ID of the sub-call: what its
	// Answer names on resume.
	RunID string `cbor:"8,keyasint,omitempty"`
}

const envelopeVersion = 1

// envelopePurpose binds sealed envelopes to their purpose: another coderun
// state sealed with the same key does not open as one.
const envelopePurpose = "coderun/codemode suspension v1"

// sandboxSHA256 names the sandbox whose states the session's suspensions
// hold: a state resumes only in the same one (a TypeScript state never in
// Python). A session without a Runtime (native mode) runs no programs and
// holds no state; it names the built-in sandbox.
func (s *Session) sandboxSHA256() string {
	if s.rt == nil {
		return wasm.SHA256()
	}
	return s.rt.SandboxSHA256()
}

// canSuspend reports whether the session can seal suspensions.
func (s *Session) canSuspend() bool { return len(s.cfg.Budgets.StateKey) == seal.KeySize }

// suspension seals env and describes it. started is when the call or
// resume that suspended began: the envelope expires no later than the
// runtime's state inside it, which was sealed after that.
func (s *Session) suspension(ctx context.Context, env *envelope, started time.Time) (*Suspension, error) {
	env.Version, env.Build = envelopeVersion, s.sandboxSHA256()
	env.Trace = s.tel.traceparent(ctx)
	expires := started.Add(s.cfg.Budgets.MaxSuspendedAge)
	env.Expires = expires.UnixNano()
	plain, err := cbor.Marshal(env)
	if err != nil {
		return nil, fmt.Errorf("codemode: encode suspension: %w", err)
	}
	sealed, err := seal.Seal(s.cfg.Budgets.StateKey, envelopePurpose, nil, plain)
	if err != nil {
		return nil, fmt.Errorf("codemode: seal suspension: %w", err)
	}
	susp := &Suspension{State: sealed, Expires: expires}
	for _, p := range env.Parked {
		if p.Approval {
			susp.Pending = append(susp.Pending, PendingApproval{ID: p.ID, Tool: p.Tool, Args: p.Args, Reason: p.Reason, Note: p.Note})
		}
	}
	return susp, nil
}

// openEnvelope checks and opens a Suspension.State. Its errors wrap the
// runtime's: coderun.ErrStateInvalid, ErrStateKey, ErrStateExpired,
// ErrStateBuild, so a host tests for one set of errors.
func (s *Session) openEnvelope(state []byte) (*envelope, error) {
	if !s.canSuspend() {
		return nil, fmt.Errorf("codemode: resume: %w: this session has no StateKey (Config.Budgets.StateKey)", coderun.ErrStateKey)
	}
	_, plain, err := seal.Open(s.cfg.Budgets.StateKey, envelopePurpose, state)
	switch {
	case errors.Is(err, seal.ErrKey):
		return nil, fmt.Errorf("codemode: resume: %w", coderun.ErrStateKey)
	case err != nil:
		return nil, fmt.Errorf("codemode: resume: %w", coderun.ErrStateInvalid)
	}
	var env envelope
	if err := cbor.Unmarshal(plain, &env); err != nil || env.Version != envelopeVersion || len(env.Parked) == 0 {
		return nil, fmt.Errorf("codemode: resume: %w: unknown suspension format", coderun.ErrStateInvalid)
	}
	if build := s.sandboxSHA256(); env.Build != build {
		return nil, fmt.Errorf("codemode: resume: %w (state from sandbox %.12s, this one is %.12s)", coderun.ErrStateBuild, env.Build, build)
	}
	if exp := time.Unix(0, env.Expires); !time.Now().Before(exp) {
		return nil, fmt.Errorf("codemode: resume: %w: it expired at %s (MaxSuspendedAge %v)", coderun.ErrStateExpired, exp.UTC().Format(time.RFC3339), s.cfg.Budgets.MaxSuspendedAge)
	}
	return &env, nil
}
