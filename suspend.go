package coderun

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"

	"github.com/coderun/coderun/internal/hostcalls"
)

// Suspend returns the error a [Function] returns to park its call instead
// of answering it: the call stays pending inside the program, and the run
// goes on with whatever else it can do (other calls, microtasks, timers
// already due). Once nothing but parked calls is left to wait for, the run
// suspends; a timer not yet due does not hold it off, and keeps its
// remaining delay, which runs again only once the run is resumed (so a
// program racing a parked call against a timeout waits for the answer). Run
// or Resume returns a [Result] whose Suspended holds the run sealed into
// bytes and the parked calls, and keeps nothing of it in the process. Any
// process whose Runtime has the same [Config].StateKey and sandbox build
// continues it with [Runtime.Resume] and the answers.
//
// reason says why the call waits (for example "needs a human's approval");
// it is passed on in [PendingCall].Reason. Without a StateKey the run cannot
// be sealed, and the call is rejected with a message saying so.
func Suspend(reason string) error { return &hostcalls.SuspendError{Reason: reason} }

// Suspension is a suspended run: everything needed to continue it, and the
// calls it waits on.
type Suspension struct {
	// State is the run, sealed: encrypted and authenticated with
	// Config.StateKey, bound to the sandbox build and the namespaces' names,
	// and valid for Config.MaxSuspendedAge from the moment it was sealed
	// (a run that suspends again gets a new State, and a new expiry). It
	// holds only the memory the run changed, compressed. Store it anywhere;
	// it may be resumed any number of times, each time from the same point,
	// randomness included (making a resume happen once is the store's job).
	State []byte `json:"state"`
	// Pending are the parked calls, in the order the program made them.
	Pending []PendingCall `json:"pending"`
}

// PendingCall is one parked call of a suspended run.
type PendingCall struct {
	// ID identifies the call within its run; an [Answer] names it.
	ID string `json:"id"`
	// Namespace is the Global of the call's namespace; Function the name the
	// program called.
	Namespace string `json:"namespace"`
	Function  string `json:"function"`
	// Args are the call's arguments as JSON ("null" for a call without).
	Args json.RawMessage `json:"args"`
	// Reason is what the Function passed to Suspend.
	Reason string `json:"reason"`
}

// callID is the ID a PendingCall carries: the guest's call id, unique in
// its run.
func callID(id uint32) string { return strconv.FormatUint(uint64(id), 10) }

// Answer settles one pending call when a run is resumed.
type Answer struct {
	// ID is the PendingCall's ID.
	ID string
	// Value resolves the call, as a Function's result would: any value
	// encoding/json marshals to lossless JSON (a json.RawMessage is used as
	// it is).
	Value any
	// Err, when not nil, rejects the call instead, with its message and the
	// namespace's ErrorClass, as a Function's error would.
	Err error
}

// Errors of Resume for a state it refuses; it then runs nothing. Test them
// with errors.Is: the returned error wraps one and adds detail.
var (
	// ErrStateInvalid: the bytes are not a state, or were changed or cut
	// short after sealing.
	ErrStateInvalid = errors.New("coderun: the state is not valid: it was tampered with, truncated, or is not a coderun state")
	// ErrStateKey: the state was sealed with another StateKey, or this
	// Runtime has none.
	ErrStateKey = errors.New("coderun: the state was sealed with another StateKey")
	// ErrStateBuild: the state was made by another build of the sandbox.
	ErrStateBuild = errors.New("coderun: the state was made by another build of the sandbox")
	// ErrStateExpired: the state is older than its MaxSuspendedAge.
	ErrStateExpired = errors.New("coderun: the state has expired")
	// ErrStateMemory: the run's memory is larger than this Runtime's
	// MemoryLimitBytes allows.
	ErrStateMemory = errors.New("coderun: the suspended run needs more memory than this Runtime allows")
	// ErrStateBindings: the bindings do not match the namespaces the run
	// was suspended with.
	ErrStateBindings = errors.New("coderun: the bindings do not match the suspended run's namespaces")
	// ErrAnswers: an answer names no pending call, or names one twice.
	ErrAnswers = errors.New("coderun: the answers do not match the pending calls")
)

// suspend seals the run and ends the segment with a Suspended result.
func (r *run) suspend() {
	state, err := r.seal()
	if err != nil {
		r.fail(KindWorkerExit, "the run could not be suspended: "+err.Error())
		return
	}
	pending := make([]PendingCall, len(r.parked))
	for i, p := range r.parked {
		pending[i] = p.pending(r.namespaces)
	}
	r.settled = true
	r.result = Result{Suspended: &Suspension{State: state, Pending: pending}}
}

// pending is the caller's view of a parked call.
func (p parkedCall) pending(nss []Namespace) PendingCall {
	return PendingCall{
		ID:        callID(p.ID),
		Namespace: nss[p.Namespace].Global,
		Function:  p.Function,
		Args:      p.Args,
		Reason:    p.Reason,
	}
}

func matchBindings(saved []namespaceState, bindings []Namespace) error {
	got := namespaceStates(bindings)
	if len(got) != len(saved) {
		return fmt.Errorf("%w: the run has %d namespaces (%s), the bindings %d", ErrStateBindings, len(saved), describeNamespaces(saved), len(got))
	}
	for i := range saved {
		if got[i] != saved[i] {
			return fmt.Errorf("%w: namespace %d is %s in the run and %s in the bindings; pass the namespaces the run started with, in the same order",
				ErrStateBindings, i, describeNamespaces(saved[i:i+1]), describeNamespaces(got[i:i+1]))
		}
	}
	return nil
}

func describeNamespaces(nss []namespaceState) string {
	s := ""
	for i, ns := range nss {
		if i > 0 {
			s += ", "
		}
		s += strconv.Quote(ns.Global)
		if ns.Class != "" {
			s += fmt.Sprintf(" (ErrorClass %s.%s)", ns.Class, ns.Member)
		}
	}
	return s
}

// indexAnswers matches answers to parked calls by ID.
func indexAnswers(parked []parkedState, answers []Answer) (map[uint32]Answer, error) {
	ids := make(map[string]uint32, len(parked))
	for _, p := range parked {
		ids[callID(p.ID)] = p.ID
	}
	out := make(map[uint32]Answer, len(answers))
	for _, a := range answers {
		id, ok := ids[a.ID]
		if !ok {
			return nil, fmt.Errorf("%w: no pending call has ID %q (the pending IDs are those of Suspension.Pending)", ErrAnswers, a.ID)
		}
		if _, dup := out[id]; dup {
			return nil, fmt.Errorf("%w: call %q is answered twice", ErrAnswers, a.ID)
		}
		out[id] = a
	}
	return out, nil
}

// answerPayload turns an Answer into a completion for the guest, as a
// Function's result or error would be. The value's MarshalJSON and the
// error's Error method are the caller's code: a panic in them rejects the
// call.
func answerPayload(a Answer, name string) (ok bool, payload []byte) {
	defer func() {
		if p := recover(); p != nil {
			ok, payload = false, []byte(fmt.Sprintf("%s failed: its answer panicked: %v", name, p))
		}
	}()
	if a.Err != nil {
		msg := a.Err.Error()
		if msg == "" {
			msg = name + " failed"
		}
		return false, []byte(msg)
	}
	b, err := hostcalls.EncodeResult(a.Value)
	if err != nil {
		return false, []byte(fmt.Sprintf("%s was answered with a value that cannot cross into the program: %v", name, err))
	}
	return true, b
}
