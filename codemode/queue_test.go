package codemode

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"
)

// span is one fake task's life as the queue saw it: admitted (the queue let
// it start) and ended (its function returned, before the queue released it).
type span struct {
	class    Concurrency
	admitted time.Time
	ended    time.Time
	ran      bool
	err      error
}

// runScript enqueues tasks of the given classes in order on the test
// goroutine, which fixes submission order, then runs each on its own
// goroutine the way the runtime calls bindings. Every task sleeps d.
func runScript(t *testing.T, q *dispatchQueue, classes []Concurrency, d time.Duration) []span {
	t.Helper()
	spans := make([]span, len(classes))
	tickets := make([]*ticket, len(classes))
	for i, c := range classes {
		tickets[i] = q.enqueue(c)
		spans[i].class = c
	}
	var wg sync.WaitGroup
	for i := range classes {
		wg.Go(func() {
			spans[i].err = q.run(context.Background(), tickets[i], func(ctx context.Context) {
				spans[i].ran = true
				select {
				case <-time.After(d):
				case <-ctx.Done():
				}
				spans[i].ended = time.Now()
			})
			spans[i].admitted = tickets[i].admittedAt
		})
	}
	wg.Wait()
	return spans
}

// maxOverlap is the largest number of spans running at one instant.
func maxOverlap(spans []span) int {
	best := 0
	for _, s := range spans {
		n := 0
		for _, o := range spans {
			if !o.admitted.After(s.admitted) && o.ended.After(s.admitted) {
				n++
			}
		}
		best = max(best, n)
	}
	return best
}

const (
	P = ParallelSafe
	E = Exclusive
)

func TestQueueTimeline(t *testing.T) {
	defer goleak.VerifyNone(t)
	classes := []Concurrency{P, P, P, P, P, E, P, P, E, E, P, P, P}
	q := newDispatchQueue(3)
	spans := runScript(t, q, classes, 5*time.Millisecond)

	for i, s := range spans {
		require.NoError(t, s.err, "task %d", i)
		require.True(t, s.ran, "task %d", i)
	}
	// Strict submission order: every call is admitted no earlier than the
	// one submitted before it.
	for i := 1; i < len(spans); i++ {
		assert.False(t, spans[i].admitted.Before(spans[i-1].admitted), "task %d admitted before task %d", i, i-1)
	}
	// An exclusive call starts after everything before it ended, and
	// everything after it starts after it ended: it runs alone.
	for i, s := range spans {
		if s.class != E {
			continue
		}
		for j, o := range spans {
			switch {
			case j < i:
				assert.False(t, s.admitted.Before(o.ended), "exclusive task %d started before task %d ended", i, j)
			case j > i:
				assert.False(t, o.admitted.Before(s.ended), "task %d started before exclusive task %d ended", j, i)
			}
		}
	}
	// The first run of five parallel-safe calls overlaps up to the cap and
	// never beyond it.
	assert.Equal(t, 3, maxOverlap(spans[:5]))
	assert.Equal(t, 3, maxOverlap(spans))
	// The last three parallel-safe calls overlap too: the queue resumed
	// after the exclusive ones.
	assert.Equal(t, 3, maxOverlap(spans[10:]))
}

func TestQueueSerialWithLimitOne(t *testing.T) {
	defer goleak.VerifyNone(t)
	spans := runScript(t, newDispatchQueue(1), []Concurrency{P, P, P, P}, 2*time.Millisecond)
	assert.Equal(t, 1, maxOverlap(spans))
	for i := 1; i < len(spans); i++ {
		assert.False(t, spans[i].admitted.Before(spans[i-1].ended), "task %d overlapped task %d", i, i-1)
	}
}

// gatedTask blocks until released or cancelled, reporting that it started.
type gatedTask struct {
	started   chan struct{}
	release   chan struct{}
	cancelled atomic.Bool
}

func newGatedTask() *gatedTask {
	return &gatedTask{started: make(chan struct{}), release: make(chan struct{})}
}

func (g *gatedTask) fn(ctx context.Context) {
	close(g.started)
	select {
	case <-g.release:
	case <-ctx.Done():
		g.cancelled.Store(true)
	}
}

func isClosed(ch chan struct{}) bool {
	select {
	case <-ch:
		return true
	default:
		return false
	}
}

// Deterministic version of the cap: with two calls running and the cap at
// two, the third waits until one of them finishes, and the exclusive call
// behind it waits for all of them.
func TestQueueAdmitsInOrderAsSlotsFree(t *testing.T) {
	defer goleak.VerifyNone(t)
	q := newDispatchQueue(2)
	classes := []Concurrency{P, P, P, E, P}
	tasks := make([]*gatedTask, len(classes))
	tickets := make([]*ticket, len(classes))
	for i, c := range classes {
		tasks[i], tickets[i] = newGatedTask(), q.enqueue(c)
	}
	var wg sync.WaitGroup
	for i := range tasks {
		wg.Go(func() { assert.NoError(t, q.run(context.Background(), tickets[i], tasks[i].fn)) })
	}
	started := func() string {
		s := ""
		for _, g := range tasks {
			if isClosed(g.started) {
				s += "1"
			} else {
				s += "0"
			}
		}
		return s
	}
	waitFor := func(want string) {
		t.Helper()
		require.Eventually(t, func() bool { return started() == want }, 2*time.Second, time.Millisecond, "started %s, want %s", started(), want)
		time.Sleep(5 * time.Millisecond) // give a wrong admission the chance to show
		require.Equal(t, want, started())
	}

	waitFor("11000")
	close(tasks[1].release) // a later call finishing first frees a slot for the head
	waitFor("11100")
	close(tasks[0].release)
	waitFor("11100") // the exclusive call waits for task 2
	close(tasks[2].release)
	waitFor("11110") // it runs alone: task 4 stays queued
	close(tasks[3].release)
	waitFor("11111")
	close(tasks[4].release)
	wg.Wait()
	q.wait()
}

func TestQueueSettleDropsQueuedAndCancelsRunning(t *testing.T) {
	defer goleak.VerifyNone(t)
	q := newDispatchQueue(4)
	running := newGatedTask()
	tickets := []*ticket{q.enqueue(Exclusive), q.enqueue(ParallelSafe), q.enqueue(Exclusive)}
	var executed atomic.Int32
	errs := make([]error, len(tickets))
	var wg sync.WaitGroup
	wg.Go(func() { errs[0] = q.run(context.Background(), tickets[0], running.fn) })
	for i := 1; i < len(tickets); i++ {
		wg.Go(func() {
			errs[i] = q.run(context.Background(), tickets[i], func(context.Context) { executed.Add(1) })
		})
	}
	<-running.started
	q.settle()
	wg.Wait()
	q.wait()

	assert.NoError(t, errs[0])
	assert.True(t, running.cancelled.Load(), "the running call sees its context cancelled")
	assert.ErrorIs(t, errs[1], errDropped)
	assert.ErrorIs(t, errs[2], errDropped)
	assert.Zero(t, executed.Load(), "queued calls never execute")

	late := q.enqueue(ParallelSafe)
	assert.ErrorIs(t, q.run(context.Background(), late, func(context.Context) { t.Error("ran after settle") }), errDropped)
}

// A caller that gives up while queued leaves the line, and the calls behind
// it move up.
func TestQueueCallerCancelledWhileQueued(t *testing.T) {
	defer goleak.VerifyNone(t)
	q := newDispatchQueue(1)
	first := newGatedTask()
	t0, t1, t2 := q.enqueue(ParallelSafe), q.enqueue(Exclusive), q.enqueue(ParallelSafe)
	var wg sync.WaitGroup
	wg.Go(func() { assert.NoError(t, q.run(context.Background(), t0, first.fn)) })
	<-first.started

	ctx, cancel := context.WithCancel(context.Background())
	errc := make(chan error, 1)
	go func() { errc <- q.run(ctx, t1, func(context.Context) { t.Error("cancelled call ran") }) }()
	cancel()
	assert.ErrorIs(t, <-errc, errDropped)

	close(first.release)
	var ran atomic.Bool
	assert.NoError(t, q.run(context.Background(), t2, func(context.Context) { ran.Store(true) }))
	assert.True(t, ran.Load())
	wg.Wait()
}

func TestQueueManyConcurrentCallers(t *testing.T) {
	defer goleak.VerifyNone(t)
	q := newDispatchQueue(5)
	var inFlight, peak, exclusiveOverlap atomic.Int32
	var wg sync.WaitGroup
	for i := range 200 {
		class := ParallelSafe
		if i%17 == 0 {
			class = Exclusive
		}
		tk := q.enqueue(class)
		wg.Go(func() {
			err := q.run(context.Background(), tk, func(context.Context) {
				n := inFlight.Add(1)
				defer inFlight.Add(-1)
				for p := peak.Load(); n > p && !peak.CompareAndSwap(p, n); p = peak.Load() {
				}
				if class == Exclusive && n != 1 {
					exclusiveOverlap.Add(1)
				}
				time.Sleep(100 * time.Microsecond)
			})
			assert.NoError(t, err)
		})
	}
	wg.Wait()
	assert.LessOrEqual(t, peak.Load(), int32(5))
	assert.Zero(t, exclusiveOverlap.Load())
	assert.Zero(t, inFlight.Load())
}

// Callers on separate goroutines arrive in any order; with explicit
// positions the line still forms in submission order.
func TestQueueExplicitPositionsRestoreSubmissionOrder(t *testing.T) {
	defer goleak.VerifyNone(t)
	q := newDispatchQueue(10)
	t3 := q.enqueueAt(3, ParallelSafe)
	t2 := q.enqueueAt(2, Exclusive)
	assert.False(t, isClosed(t3.admitted), "position 3 waits for 1 and 2")
	assert.False(t, isClosed(t2.admitted))
	dup := q.enqueueAt(2, ParallelSafe)
	assert.True(t, isClosed(dup.admitted) && dup.dropped, "a repeated position is dropped")

	first := newGatedTask()
	t1 := q.enqueueAt(1, ParallelSafe)
	var wg sync.WaitGroup
	wg.Go(func() { assert.NoError(t, q.run(context.Background(), t1, first.fn)) })
	<-first.started
	assert.False(t, isClosed(t2.admitted), "the exclusive call waits for call 1")
	close(first.release)

	var order []int64
	var mu sync.Mutex
	for _, tk := range []*ticket{t3, t2} {
		wg.Go(func() {
			assert.NoError(t, q.run(context.Background(), tk, func(context.Context) {
				mu.Lock()
				order = append(order, tk.seq)
				mu.Unlock()
			}))
		})
	}
	wg.Wait()
	assert.Equal(t, []int64{2, 3}, order)
	assert.True(t, t1.admittedAt.Before(t2.admittedAt) || t1.admittedAt.Equal(t2.admittedAt))
	assert.False(t, t3.admittedAt.Before(t2.admittedAt))
}

func TestQueueEarlyCallerGivesUp(t *testing.T) {
	defer goleak.VerifyNone(t)
	q := newDispatchQueue(10)
	t2 := q.enqueueAt(2, ParallelSafe)
	t3 := q.enqueueAt(3, ParallelSafe)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	assert.ErrorIs(t, q.run(ctx, t2, func(context.Context) { t.Error("ran") }), errDropped)

	t1 := q.enqueueAt(1, ParallelSafe)
	assert.True(t, isClosed(t1.admitted))
	assert.True(t, isClosed(t3.admitted), "the abandoned position does not hold the line")
	assert.NoError(t, q.run(context.Background(), t1, func(context.Context) {}))
	assert.NoError(t, q.run(context.Background(), t3, func(context.Context) {}))

	q.enqueueAt(5, ParallelSafe)
	q.settle()
	q.wait()
	assert.Empty(t, q.early, "settle drops calls waiting for their turn")
}
