package coderun

import (
	"context"
	"fmt"
	"time"

	"github.com/coderun/coderun/internal/engine"
	"github.com/coderun/coderun/internal/hostcalls"
)

// Resume continues a suspended run in a fresh sandbox: it opens state (from
// [Suspension].State, sealed by a Runtime with the same StateKey and
// sandbox build), settles the pending calls the answers name, in the order
// the program made them, and runs on until the program settles or suspends
// again. Answers may cover only some of the pending calls; the run then
// suspends again once it waits on nothing but the others.
//
// bindings must have the Globals and ErrorClasses the run was started with,
// in the same order. Their Functions may differ, within what the program
// saw when it started: a function gone since rejects the calls made to it,
// but one added since is not on the program's namespace object, which was
// frozen when the run started. The budgets of this Runtime's Config apply
// to the whole run: compute time, fuel, calls and output are counted from
// the run's start, wall time over the time it was live in any process, and
// the heap limit is this Runtime's MemoryLimitBytes. A run whose memory is
// larger than this Runtime allows is refused (ErrStateMemory).
//
// Resume returns an error, and runs nothing, for a state it cannot use
// (ErrStateInvalid, ErrStateKey, ErrStateBuild, ErrStateExpired,
// ErrStateMemory), bindings that do not match (ErrStateBindings), answers
// naming a call that is not pending or naming one twice (ErrAnswers),
// invalid bindings, or a closed Runtime (ErrClosed). A state may be resumed
// any number of times: each Resume continues from the same point.
func (r *Runtime) Resume(ctx context.Context, state []byte, answers []Answer, bindings []Namespace) (Result, error) {
	if err := validateBindings(bindings); err != nil {
		return Result{}, err
	}
	st, err := r.openState(state)
	if err != nil {
		return Result{}, err
	}
	if err := matchBindings(st.Namespaces, bindings); err != nil {
		return Result{}, err
	}
	byID, err := indexAnswers(st.Parked, answers)
	if err != nil {
		return Result{}, err
	}
	var restoreErr error
	seg := segment{resume: true, traceparent: st.Trace, answers: len(answers)}
	res, err := r.guarded(ctx, bindings, seg, func(rn *run) { restoreErr = rn.resume(st, byID) })
	if restoreErr != nil {
		return Result{}, restoreErr
	}
	return res, err
}

// resume restores a suspended run into a fresh instance, delivers the
// answers and goes on. An error means the state could not be restored, and
// nothing of the program ran.
func (r *run) resume(st *openedState, answers map[uint32]Answer) error {
	now := time.Now()
	clock, err := restoreClock(st.Clock, now)
	if err != nil {
		return fmt.Errorf("%w: its clock: %v", ErrStateInvalid, err)
	}
	r.clock, r.start = clock, now.Add(-st.Wall)
	r.program = st.Program
	r.fileName = st.FileName
	if r.rt.guest == nil {
		r.mapPos = lazyMapPos(r.ctx, r.start.Add(r.cfg.WallTime), st.Program, r.programFileName())
	}
	r.logs, r.outBytes = st.Logs, st.OutBytes
	r.compute, r.ticks = st.Compute, st.Ticks
	r.timers.restore(st.Timers)
	prior := hostcalls.Prior{Calls: st.Calls}
	for _, p := range st.Parked {
		prior.Parked = append(prior.Parked, p.ID)
		prior.ParkedBytes += int64(len(p.Args))
		r.parked = append(r.parked, parkedCall{ID: p.ID, Parked: hostcalls.Parked{
			Seq: p.Seq, Namespace: p.Namespace, Function: p.Function, Args: p.Args, Reason: p.Reason,
		}})
	}
	r.bridge = r.newBridge(prior)
	if !r.instantiate() {
		return nil
	}
	if err := r.restoreMemory(st); err != nil {
		return err
	}
	// Deliver in program order, whatever the order of the answers, so the
	// same answers always resume the same way.
	waiting := r.parked[:0]
	for _, p := range r.parked {
		a, ok := answers[p.ID]
		if !ok || r.settled {
			waiting = append(waiting, p)
			continue
		}
		r.bridge.Answered(p.Parked)
		okArg, payload := answerPayload(a, r.namespaces[p.Namespace].Global+"."+p.Function)
		if !okArg {
			r.bridge.NoteRejection(p.ID, hostcalls.Rejected{Seq: p.Seq, Namespace: p.Namespace, Function: p.Function})
		}
		r.guest(func() (engine.State, error) { return r.inst.Deliver(p.ID, okArg, payload) })
	}
	r.parked = waiting
	if !r.settled {
		r.loop()
	}
	return nil
}

// Pending opens a suspended run's state, as Resume would, and returns the
// calls it waits on, in the order the program made them, without running
// anything. It refuses the same states Resume refuses, with the same
// errors, so a host can check a state before it acts on the answers (for
// example, before running an approved call whose result is the answer).
func (r *Runtime) Pending(state []byte) ([]PendingCall, error) {
	st, err := r.openState(state)
	if err != nil {
		return nil, err
	}
	out := make([]PendingCall, len(st.Parked))
	for i, p := range st.Parked {
		ns := ""
		if int(p.Namespace) < len(st.Namespaces) {
			ns = st.Namespaces[p.Namespace].Global
		}
		out[i] = PendingCall{ID: callID(p.ID), Namespace: ns, Function: p.Function, Args: p.Args, Reason: p.Reason}
	}
	return out, nil
}
