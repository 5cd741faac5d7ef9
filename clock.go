package coderun

import (
	"encoding/binary"
	"math/rand/v2"
	"time"

	"github.com/coderun/coderun/internal/engine"
)

// virtualEpoch is where the deterministic clock starts: Date.now() in a
// Deterministic run reads this instant plus virtual time.
var virtualEpoch = time.Date(2025, time.January, 1, 0, 0, 0, 0, time.UTC)

// runClock is a run's sense of time. In real mode it is the wall clock. In
// virtual mode (Config.Deterministic) time stands still while the guest
// computes and jumps to the next timer's deadline when the program waits, so
// the same program gives the same Result on any machine.
type runClock struct {
	virtual   bool
	start     time.Time
	v         time.Duration // virtual time since start
	waitStart time.Time
	waitLimit time.Duration
}

func newRunClock(start time.Time, virtual bool) *runClock {
	return &runClock{virtual: virtual, start: start}
}

// elapsed is the run's time since it started.
func (c *runClock) elapsed() time.Duration {
	if c.virtual {
		return c.v
	}
	return time.Since(c.start)
}

// until returns how long to really wait for a deadline. A virtual clock
// with nothing else to wait for jumps straight to it; with binding calls in
// flight it lets real time pass, since their completions are real events.
func (c *runClock) until(deadline time.Duration, callsInFlight bool) time.Duration {
	if !c.virtual {
		return deadline - time.Since(c.start)
	}
	if !callsInFlight {
		c.v = max(c.v, deadline)
		return 0
	}
	c.waitStart, c.waitLimit = time.Now(), deadline
	return deadline - c.v
}

// waited records that a real wait for a timer ended by the timer.
func (c *runClock) waited() {
	if c.virtual && !c.waitStart.IsZero() {
		c.v = max(c.v, c.waitLimit)
		c.waitStart = time.Time{}
	}
}

// interrupted records that a real wait for a timer ended early, by a call
// completion: virtual time advances by the real time that passed.
func (c *runClock) interrupted() {
	if c.virtual && !c.waitStart.IsZero() {
		c.v = min(c.v+time.Since(c.waitStart), c.waitLimit)
		c.waitStart = time.Time{}
	}
}

// advanceTo moves virtual time forward to t.
func (c *runClock) advanceTo(t time.Duration) {
	if c.virtual {
		c.v = max(c.v, t)
	}
}

// engineClock gives the guest its clocks and randomness: nil (the host's
// real ones) unless the run is deterministic.
func (c *runClock) engineClock(seed int64) *engine.Clock {
	if !c.virtual {
		return nil
	}
	var s [32]byte
	binary.LittleEndian.PutUint64(s[:], uint64(seed))
	rng := rand.NewChaCha8(s)
	return &engine.Clock{
		Walltime: func() (int64, int32) {
			t := virtualEpoch.Add(c.v)
			return t.Unix(), int32(t.Nanosecond())
		},
		Nanotime: func() int64 { return int64(c.v) },
		Random:   rng.Read,
	}
}
