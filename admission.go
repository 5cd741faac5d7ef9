package coderun

import (
	"context"
	"sync/atomic"
	"time"
)

// admission lets at most a fixed number of runs execute guest code at
// once, and admits the rest in the order they asked.
//
// A run never blocks while it executes: it computes until it settles or
// waits. Left to the Go scheduler, the goroutines that hold a processor
// run their programs back to back and the others wait for preemption, so
// under overload a 50 µs run can wait seconds. A FIFO bound of about one
// run per processor keeps throughput and turns that into a queueing delay
// proportional to the queue's length.
//
// The slots are a buffered channel: Go queues goroutines blocked sending
// on a channel in arrival order and hands a freed slot to the first of
// them, and a sender arriving later finds the buffer full, so no run can
// overtake one already waiting.
//
// A run that computes for long gives its slot up now and then while others
// wait (see requeue), so a few long runs cannot hold every slot while
// short ones queue behind them.
type admission struct {
	slots   chan struct{}
	waiting atomic.Int32 // goroutines blocked in acquire
}

// admissionSlice is how long a run computes before it lets a waiting run
// go first: the Go scheduler's own time slice, so a long run gets about
// the share of a processor it would get without admission.
const admissionSlice = 10 * time.Millisecond

func newAdmission(n int) *admission {
	return &admission{slots: make(chan struct{}, n)}
}

// acquire waits for a slot, or until ctx ends.
func (a *admission) acquire(ctx context.Context) error {
	select {
	case a.slots <- struct{}{}:
		return nil
	default:
	}
	a.waiting.Add(1)
	defer a.waiting.Add(-1)
	select {
	case a.slots <- struct{}{}:
		return nil
	case <-ctx.Done():
		return context.Cause(ctx)
	}
}

// release frees a slot taken by acquire.
func (a *admission) release() { <-a.slots }

// contended says some run waits for a slot.
func (a *admission) contended() bool { return a.waiting.Load() > 0 }

// admit gives r a slot before it executes guest code, unless it holds one.
// A run aborted while it waits for one ends as aborted.
func (r *run) admit() bool {
	if r.admitted {
		return true
	}
	if err := r.rt.admission.acquire(r.ctx); err != nil {
		r.fail(KindAbort, r.abortMessage())
		return false
	}
	r.admitted, r.admittedAt = true, time.Now()
	return true
}

// requeue is called from inside the guest, at a fuel tick, when r has
// computed for a whole admissionSlice while other runs wait: it gives its
// slot to the first of them and queues behind the rest. The wait is the
// host's, not the program's: it does not count as compute time. An abort
// while it waits stops the run at once.
func (r *run) requeue(now time.Time) {
	r.yieldSlot()
	if err := r.rt.admission.acquire(r.ctx); err != nil {
		r.stop(KindAbort, "%s", r.abortMessage())
	}
	admitted := time.Now()
	r.callStart = r.callStart.Add(admitted.Sub(now))
	r.admitted, r.admittedAt = true, admitted
}

// yieldSlot gives r's slot to the next run while r waits on timers or
// bindings, or when it ends.
func (r *run) yieldSlot() {
	if r.admitted {
		r.admitted = false
		r.rt.admission.release()
	}
}
