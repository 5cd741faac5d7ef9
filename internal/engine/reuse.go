package engine

import (
	"context"
	"time"

	"github.com/tetratelabs/wazero/api"
	"github.com/tetratelabs/wazero/experimental"
)

// Reusing instances.
//
// Making and dropping a wazero module instance is most of what a short run
// costs beyond the guest's own work: instantiation, the call engine with a
// stack that starts at 10 KiB and grows while QuickJS parses, and the
// collector reclaiming all of it. So an instance whose run ended cleanly is
// reset and kept for the next run instead of closed.
//
// A reset instance is indistinguishable from a fresh one. Its state lives
// in three places:
//   - linear memory, which is reset to the image: on Linux exactly as a
//     released memory is (mappedImage.reset restores every page the run
//     wrote), elsewhere by copying the whole image back (heapMemory.keep);
//   - the module's two mutable globals (checked when the sandbox is built):
//     the shadow stack pointer, which every export returns to where it
//     started, and the fuel countdown, which is set back to its initial
//     value;
//   - the clocks and the random source wazero fixes at instantiation,
//     which here are a clockSlot that the next run points at its own Clock.
//
// The module has no table and wazero keeps nothing else per instance that a
// guest can change. An instance is kept only if every export call returned
// normally (a trap leaves the stack pointer wherever the guest was) and its
// memory never grew (wazero cannot shrink it back).

// maxIdleInstances bounds the reset instances a sandbox keeps. Each holds a
// memory (its resident pages counted against maxIdleWarmBytes with the
// pooled memories) and about 40 KiB of wazero's structures and stack.
const maxIdleInstances = 64

// idleInstance is a reset instance waiting for its next run.
type idleInstance struct {
	mod   api.Module
	entry api.Function
	clock *clockSlot
	mem   keptMemory
	fuel0 uint64 // the fuel countdown of a fresh instance
}

// keptMemory is a linear memory that can be reset in place for the next run
// of the instance that holds it: on Linux a mapping of the image, elsewhere
// a Go slice.
type keptMemory interface {
	experimental.LinearMemory
	// keep resets the memory to the image, with size bytes in use, and
	// counts its resident pages against the idle budget. False: it could
	// not, and the instance must be closed instead (which releases the
	// memory).
	keep(size int) bool
	// unkeep takes the memory out of the idle budget for its next run.
	unkeep()
}

// clockSlot is an instance's clocks and random source. wazero fixes them
// when it instantiates the module, so they read the Clock of whichever run
// holds the instance now; nil means the host's real clocks and
// crypto/rand.
type clockSlot struct{ c *Clock }

// epoch anchors the real monotonic clock of runs without a Clock.
var epoch = time.Now()

func (s *clockSlot) walltime() (int64, int32) {
	if s.c == nil {
		t := time.Now()
		return t.Unix(), int32(t.Nanosecond())
	}
	return s.c.Walltime()
}

func (s *clockSlot) nanotime() int64 {
	if s.c == nil {
		return int64(time.Since(epoch))
	}
	return s.c.Nanotime()
}

func (s *clockSlot) Read(p []byte) (int, error) {
	if s.c == nil {
		return cryptoReader.Read(p)
	}
	return s.c.Random(p)
}

// takeIdle returns a reset instance, or nil if none is kept.
func (s *sandbox) takeIdle() *idleInstance {
	s.idleMu.Lock()
	defer s.idleMu.Unlock()
	n := len(s.idle)
	if n == 0 {
		return nil
	}
	idle := s.idle[n-1]
	s.idle[n-1] = idleInstance{}
	s.idle = s.idle[:n-1]
	idle.mem.unkeep()
	return &idle
}

// release ends in's run: an instance that can be kept is reset and kept,
// any other closed, which releases its memory.
//
// The reset runs before Close returns. Handing it to another goroutine took
// it off the run's path, but waking that goroutine cost more CPU than the
// reset itself (BenchmarkColdStart: 64 against 40 µs of CPU per run, and a
// slower p50).
func (s *sandbox) release(in *Instance) error {
	idle, ok := s.claim(in)
	if !ok {
		return in.mod.Close(in.ctx)
	}
	s.keep(in.ctx, idle, in.size0)
	return nil
}

// claim checks that in can be kept and reserves it a place among the idle
// instances.
func (s *sandbox) claim(in *Instance) (idleInstance, bool) {
	if !s.reusable || in.failed || in.mod.Memory().Size() != in.size0 {
		return idleInstance{}, false
	}
	mem, ok := instanceOf(in.ctx).mem.(keptMemory)
	if !ok {
		return idleInstance{}, false
	}
	s.idleMu.Lock()
	defer s.idleMu.Unlock()
	if s.idleClosed || len(s.idle)+s.resetting >= maxIdleInstances {
		return idleInstance{}, false
	}
	s.resetting++
	return idleInstance{mod: in.mod, entry: in.entry, clock: in.clock, mem: mem, fuel0: in.fuel0}, true
}

// keep resets a claimed instance and adds it to the idle ones, or closes it
// if it cannot be reset or the sandbox is closing.
func (s *sandbox) keep(ctx context.Context, idle idleInstance, size uint32) {
	idle.clock.c = nil // the run's Clock may hold the run
	fuel, ok := idle.mod.ExportedGlobal(fuelGlobal).(api.MutableGlobal)
	kept := ok && idle.mem.keep(int(size))
	if kept {
		fuel.Set(idle.fuel0)
	}
	s.idleMu.Lock()
	s.resetting--
	if kept && !s.idleClosed {
		s.idle = append(s.idle, idle)
		s.idleMu.Unlock()
		return
	}
	s.idleMu.Unlock()
	if kept {
		idle.mem.unkeep()
	}
	_ = idle.mod.Close(ctx)
}

// closeIdle stops keeping instances. The runtime's Close then closes the
// ones kept, which releases their memories.
func (s *sandbox) closeIdle() {
	s.idleMu.Lock()
	idle := s.idle
	s.idle, s.idleClosed = nil, true
	s.idleMu.Unlock()
	for _, in := range idle {
		in.mem.unkeep()
	}
}
