package coderun

import (
	"cmp"
	"container/heap"
	"slices"
	"time"
)

// timerQueue holds a run's armed timers, earliest deadline first and, for
// equal deadlines, in the order they were set, as Node fires them.
type timerQueue struct {
	h     timerHeap
	armed map[uint32]uint64 // id -> seq of its live entry
	seq   uint64
}

type timerEntry struct {
	deadline time.Duration
	seq      uint64
	id       uint32
}

type timerHeap []timerEntry

func (h timerHeap) Len() int { return len(h) }
func (h timerHeap) Less(i, j int) bool {
	if h[i].deadline != h[j].deadline {
		return h[i].deadline < h[j].deadline
	}
	return h[i].seq < h[j].seq
}
func (h timerHeap) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *timerHeap) Push(x any)   { *h = append(*h, x.(timerEntry)) }
func (h *timerHeap) Pop() any {
	old := *h
	e := old[len(old)-1]
	*h = old[:len(old)-1]
	return e
}

// Len is the number of armed timers.
func (q *timerQueue) Len() int { return len(q.armed) }

func (q *timerQueue) set(id uint32, deadline time.Duration) {
	if q.armed == nil {
		q.armed = make(map[uint32]uint64)
	}
	q.seq++
	q.armed[id] = q.seq
	heap.Push(&q.h, timerEntry{deadline: deadline, seq: q.seq, id: id})
}

// clear disarms id; its heap entry goes stale and is skipped later.
func (q *timerQueue) clear(id uint32) { delete(q.armed, id) }

func (q *timerQueue) dropStale() {
	for len(q.h) > 0 {
		top := q.h[0]
		if seq, ok := q.armed[top.id]; ok && seq == top.seq {
			return
		}
		heap.Pop(&q.h)
	}
}

// next is the earliest armed deadline.
func (q *timerQueue) next() (time.Duration, bool) {
	q.dropStale()
	if len(q.h) == 0 {
		return 0, false
	}
	return q.h[0].deadline, true
}

// popDue disarms and returns the earliest timer due at now.
func (q *timerQueue) popDue(now time.Duration) (uint32, bool) {
	q.dropStale()
	if len(q.h) == 0 || q.h[0].deadline > now {
		return 0, false
	}
	e := heap.Pop(&q.h).(timerEntry)
	delete(q.armed, e.id)
	return e.id, true
}

// timerState is what a suspended run keeps of an armed timer: its id and
// its deadline on the run's clock.
type timerState struct {
	ID       uint32        `cbor:"1,keyasint"`
	Deadline time.Duration `cbor:"2,keyasint"`
}

// save lists the armed timers in the order they were set, which, with their
// deadlines, is all their firing order depends on.
func (q *timerQueue) save() []timerState {
	q.dropStale()
	entries := make([]timerEntry, 0, len(q.armed))
	for _, e := range q.h {
		if seq, ok := q.armed[e.id]; ok && seq == e.seq {
			entries = append(entries, e)
		}
	}
	slices.SortFunc(entries, func(a, b timerEntry) int { return cmp.Compare(a.seq, b.seq) })
	out := make([]timerState, len(entries))
	for i, e := range entries {
		out[i] = timerState{ID: e.id, Deadline: e.deadline}
	}
	return out
}

// restore arms saved timers, in their saved order.
func (q *timerQueue) restore(ts []timerState) {
	for _, t := range ts {
		q.set(t.ID, t.Deadline)
	}
}
