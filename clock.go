package coderun

import (
	"crypto/rand"
	"encoding/binary"
	mrand "math/rand/v2"
	"time"

	"github.com/coderun/coderun/internal/engine"
)

// virtualEpoch is where the deterministic clock starts: Date.now() in a
// Deterministic run reads this instant plus virtual time.
var virtualEpoch = time.Date(2025, time.January, 1, 0, 0, 0, 0, time.UTC)

// runClock is a run's sense of time. In real mode it is the wall clock. In
// virtual mode (Config.Deterministic) time stands still while the guest
// computes and jumps to the next timer's deadline when the program waits, so
// the same program gives the same Result on any machine. Binding calls take
// no virtual time: while one is in flight, a timer not yet due waits for it,
// so the order of timers and call results never depends on how fast a host
// function answered.
//
// Either way the run's elapsed time counts only the time it was live in a
// process: a suspended run's clock stops, and resumes where it stopped, so
// timers keep their remaining delay and performance.now never jumps.
type runClock struct {
	virtual bool
	start   time.Time      // real mode: now minus the elapsed time of earlier segments
	v       time.Duration  // virtual time since start
	rng     *mrand.ChaCha8 // virtual mode: the guest's randomness
}

func newRunClock(now time.Time, virtual bool, seed int64) *runClock {
	c := &runClock{virtual: virtual, start: now}
	if virtual {
		var s [32]byte
		binary.LittleEndian.PutUint64(s[:], uint64(seed))
		c.rng = mrand.NewChaCha8(s)
	}
	return c
}

// startedAt is when the run would have started had it been live all along.
func (c *runClock) startedAt() time.Time { return c.start }

// elapsed is the run's time since it started.
func (c *runClock) elapsed() time.Duration {
	if c.virtual {
		return c.v
	}
	return time.Since(c.start)
}

// due reports whether a deadline has been reached without waiting.
func (c *runClock) due(deadline time.Duration) bool { return deadline <= c.elapsed() }

// until returns how long to really wait for a deadline. A virtual clock
// jumps straight to it.
func (c *runClock) until(deadline time.Duration) time.Duration {
	if !c.virtual {
		return deadline - time.Since(c.start)
	}
	c.v = max(c.v, deadline)
	return 0
}

// advanceTo moves virtual time forward to t.
func (c *runClock) advanceTo(t time.Duration) {
	if c.virtual {
		c.v = max(c.v, t)
	}
}

// engineClock gives the guest its clocks and randomness. The monotonic
// clock is the run's elapsed time, so it continues across a suspension.
func (c *runClock) engineClock() *engine.Clock {
	if !c.virtual {
		return &engine.Clock{
			Walltime: func() (int64, int32) {
				t := time.Now()
				return t.Unix(), int32(t.Nanosecond())
			},
			Nanotime: func() int64 { return int64(time.Since(c.start)) },
			Random:   rand.Read,
		}
	}
	return &engine.Clock{
		Walltime: func() (int64, int32) {
			t := virtualEpoch.Add(c.v)
			return t.Unix(), int32(t.Nanosecond())
		},
		Nanotime: func() int64 { return int64(c.v) },
		Random:   c.rng.Read,
	}
}

// clockState is what a suspended run keeps of its clock.
type clockState struct {
	Virtual bool          `cbor:"1,keyasint"`
	Elapsed time.Duration `cbor:"2,keyasint"`
	RNG     []byte        `cbor:"3,keyasint,omitempty"`
}

func (c *runClock) save() (clockState, error) {
	s := clockState{Virtual: c.virtual, Elapsed: c.elapsed()}
	if c.rng != nil {
		b, err := c.rng.MarshalBinary()
		if err != nil {
			return s, err
		}
		s.RNG = b
	}
	return s, nil
}

// restoreClock continues a saved clock from now.
func restoreClock(s clockState, now time.Time) (*runClock, error) {
	c := &runClock{virtual: s.Virtual, start: now.Add(-s.Elapsed)}
	if s.Virtual {
		c.v = s.Elapsed
		c.rng = &mrand.ChaCha8{}
		if err := c.rng.UnmarshalBinary(s.RNG); err != nil {
			return nil, err
		}
	}
	return c, nil
}
