package codemode

import (
	"context"
	"errors"
	"maps"
	"slices"
	"sync"
	"time"
)

// errDropped reports a queued call that never started because the run
// settled (or its caller gave up) first.
var errDropped = errors.New("codemode: sub-call dropped: the run settled before it started")

// errParked reports a queued call that cannot start before a parked call
// (one awaiting approval) is decided; it waits for the run's resume.
var errParked = errors.New("codemode: sub-call parked: it is queued behind a call that awaits approval")

// dispatchQueue orders the sub-calls of one program. Calls start strictly in
// submission order; consecutive parallel-safe calls overlap up to limit; an
// exclusive call waits until nothing runs, runs alone, and holds back
// everything after it until it is done. After settle, nothing starts again.
//
// Submission is split into enqueue (take a place in line, never blocks) and
// run (wait for the turn, then run on the caller's goroutine), so that the
// order is fixed by whoever enqueues and the queue needs no goroutines of
// its own. enqueueAt takes the place explicitly: calls that arrive before
// an earlier position wait outside the line until the gap is filled, since
// callers on separate goroutines arrive in no particular order.
//
// A call that ends up awaiting approval is parked: it keeps its place as a
// running call, since it will run on resume, in another queue. When only
// parked calls run and the head of the line cannot start, nothing can
// progress before the approvals arrive: the queue freezes, parking every
// waiting call and every later one, so the run can suspend with the
// program's order intact.
type dispatchQueue struct {
	limit int

	mu        sync.Mutex
	pending   []*ticket         // in line, not yet admitted, in submission order
	placed    int64             // positions 1..placed are in line (or were)
	early     map[int64]*ticket // arrived ahead of a lower position
	running   int               // admitted and not yet released
	exclusive bool              // an exclusive call is admitted
	parked    int               // admitted calls parked awaiting approval (counted in running)
	frozen    bool              // only parked calls run and the head is blocked: every call parks
	settled   bool
	cancels   map[*ticket]context.CancelFunc // calls whose fn is running
	wg        sync.WaitGroup                 // admitted calls not yet released
}

// ticket is one call's place in line.
type ticket struct {
	seq   int64 // 1-based position in submission order
	class Concurrency
	// admitted is closed when the call may start, has been dropped or
	// parked; dropped and parked, written before the close, tell which.
	admitted chan struct{}
	dropped  bool
	parked   bool
	// admittedAt is when the queue let the call start. It is taken under
	// the queue's lock, so admission times follow admission order exactly.
	admittedAt time.Time
}

func newDispatchQueue(limit int) *dispatchQueue {
	return &dispatchQueue{
		limit:   max(limit, 1),
		cancels: make(map[*ticket]context.CancelFunc),
		early:   make(map[int64]*ticket),
	}
}

// enqueue appends a call of the given class to the line: arrival order is
// submission order.
func (q *dispatchQueue) enqueue(class Concurrency) *ticket {
	q.mu.Lock()
	defer q.mu.Unlock()
	return q.enqueueLocked(q.placed+int64(len(q.early))+1, class)
}

// enqueueAt puts a call at position pos (1-based) of the submission order.
// It never blocks: a call ahead of its turn waits outside the line until
// every lower position has been enqueued. A position given twice is dropped
// rather than allowed to jump the line.
func (q *dispatchQueue) enqueueAt(pos int64, class Concurrency) *ticket {
	q.mu.Lock()
	defer q.mu.Unlock()
	return q.enqueueLocked(pos, class)
}

func (q *dispatchQueue) enqueueLocked(pos int64, class Concurrency) *ticket {
	t := &ticket{seq: pos, class: class, admitted: make(chan struct{})}
	if _, dup := q.early[pos]; q.settled || dup || pos <= q.placed {
		t.dropped = true
		close(t.admitted)
		return t
	}
	if q.frozen {
		t.parked = true
		close(t.admitted)
		return t
	}
	q.early[pos] = t
	q.fillLineLocked()
	return t
}

// fillLineLocked moves calls from early into the line once every lower
// position has arrived, then admits what it can.
func (q *dispatchQueue) fillLineLocked() {
	for {
		next, ok := q.early[q.placed+1]
		if !ok {
			break
		}
		delete(q.early, q.placed+1)
		q.placed++
		if next != nil { // nil: the caller gave up before its turn
			q.pending = append(q.pending, next)
		}
	}
	q.admitLocked()
}

// run waits for t's turn and runs fn with a context that is cancelled when
// ctx is or the queue settles. It returns errDropped, without running fn,
// if the queue settled or ctx ended before the call started.
func (q *dispatchQueue) run(ctx context.Context, t *ticket, fn func(context.Context)) error {
	return q.runParkable(ctx, t, func(ctx context.Context) bool {
		fn(ctx)
		return false
	})
}

// runParkable is run for a call that may park: fn returns park when its
// call awaits approval, and the call then keeps its place until the queue
// is gone. It returns errParked, without running fn, if the queue froze
// before the call's turn.
func (q *dispatchQueue) runParkable(ctx context.Context, t *ticket, fn func(context.Context) (park bool)) error {
	select {
	case <-t.admitted:
	case <-ctx.Done():
		q.mu.Lock()
		if q.removePendingLocked(t) {
			q.mu.Unlock()
			return errDropped
		}
		q.mu.Unlock()
		<-t.admitted // admitted or dropped at the same moment; see which
	}
	switch {
	case t.dropped:
		return errDropped
	case t.parked:
		return errParked
	}
	runCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	q.mu.Lock()
	if q.settled || ctx.Err() != nil { // admitted, but the run ended before fn could start
		q.releaseLocked(t)
		q.mu.Unlock()
		return errDropped
	}
	q.cancels[t] = cancel
	q.mu.Unlock()

	if fn(runCtx) {
		q.park(t)
	} else {
		q.release(t)
	}
	return nil
}

// park keeps t admitted but idle, and freezes the queue if nothing else
// can now start.
func (q *dispatchQueue) park(t *ticket) {
	q.mu.Lock()
	defer q.mu.Unlock()
	delete(q.cancels, t)
	q.parked++
	q.wg.Done()
	q.freezeIfStuckLocked()
}

// freezeIfStuckLocked parks every waiting call when only parked calls run
// and the head of the line cannot start: no call would ever start again
// before the run is resumed. Calls early for their turn park too, since
// every call before them is blocked as well.
func (q *dispatchQueue) freezeIfStuckLocked() {
	if q.settled || q.running == 0 || q.running != q.parked || len(q.pending) == 0 {
		return
	}
	q.frozen = true
	q.releaseWaitingLocked(func(t *ticket) { t.parked = true })
}

// releaseWaitingLocked lets every call still waiting for its turn go, in
// line or early, marked by mark (parked or dropped) so it does not run.
func (q *dispatchQueue) releaseWaitingLocked(mark func(*ticket)) {
	for _, t := range q.pending {
		mark(t)
		close(t.admitted)
	}
	q.pending = nil
	for pos, t := range q.early {
		if t != nil {
			mark(t)
			close(t.admitted)
		}
		delete(q.early, pos)
	}
}

// restore puts a resumed run's parked calls back in line, in program
// order, as the first calls of a fresh queue: positions up to placed
// (which includes them) are taken, so the program's next calls queue
// behind them.
func (q *dispatchQueue) restore(placed int64, classes map[int64]Concurrency) map[int64]*ticket {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.placed = placed
	tickets := make(map[int64]*ticket, len(classes))
	for _, seq := range slices.Sorted(maps.Keys(classes)) {
		t := &ticket{seq: seq, class: classes[seq], admitted: make(chan struct{})}
		q.pending = append(q.pending, t)
		tickets[seq] = t
	}
	q.admitLocked()
	return tickets
}

// settle stops the queue: pending calls are dropped and running ones see
// their contexts cancelled. It does not wait; see wait.
func (q *dispatchQueue) settle() {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.settled = true
	q.releaseWaitingLocked(func(t *ticket) { t.dropped = true })
	for _, cancel := range q.cancels {
		cancel()
	}
}

// wait blocks until every admitted call has been released.
func (q *dispatchQueue) wait() { q.wg.Wait() }

func (q *dispatchQueue) release(t *ticket) {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.releaseLocked(t)
}

func (q *dispatchQueue) releaseLocked(t *ticket) {
	delete(q.cancels, t)
	q.running--
	if t.class == Exclusive {
		q.exclusive = false
	}
	q.wg.Done()
	q.admitLocked()
}

// admitLocked starts as many calls from the head of the line as the rules
// allow. It never looks past the head: a parallel-safe call behind a waiting
// exclusive one waits too, which is what keeps submission order.
func (q *dispatchQueue) admitLocked() {
	q.admitHeadLocked()
	q.freezeIfStuckLocked()
}

func (q *dispatchQueue) admitHeadLocked() {
	for len(q.pending) > 0 && !q.settled {
		t := q.pending[0]
		if t.class == Exclusive {
			if q.running > 0 {
				return
			}
			q.exclusive = true
		} else if q.exclusive || q.running >= q.limit {
			return
		}
		q.pending = q.pending[1:]
		q.running++
		q.wg.Add(1)
		t.admittedAt = time.Now()
		close(t.admitted)
	}
}

// removePendingLocked takes t out of the line if it has not been admitted.
// A call that leaves before reaching the line keeps its position, so the
// calls behind it are not held back waiting for it.
func (q *dispatchQueue) removePendingLocked(t *ticket) bool {
	if q.early[t.seq] == t {
		t.dropped = true
		close(t.admitted)
		q.early[t.seq] = nil // a placeholder: the position is taken, by nobody
		return true
	}
	for i, p := range q.pending {
		if p == t {
			q.pending = append(q.pending[:i], q.pending[i+1:]...)
			t.dropped = true
			close(t.admitted)
			// The head may have changed, letting later calls start.
			q.admitLocked()
			return true
		}
	}
	return false
}
