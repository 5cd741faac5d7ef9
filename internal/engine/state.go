package engine

import (
	"crypto/sha256"
	"fmt"
)

// GuestStackBytes is the size of the guest's shadow stack, which the build
// places first in linear memory (build.sh: --stack-first, 1 MiB). Between
// two export calls the stack is empty, so those bytes hold nothing a run
// needs: a host saving a waiting run may skip them.
const GuestStackBytes = 1 << 20

// Image returns the memory every instance starts from (the snapshot image),
// or nil when the module carries no snapshot. Callers must not modify it.
func (e *Engine) Image() []byte {
	if e.s.memory == nil {
		return nil
	}
	return e.s.memory.bytes()
}

// ModuleHash is the sha256 of the module the Engine runs, computed once: it
// names the sandbox build, so that state saved by one build is never
// restored into another.
func (e *Engine) ModuleHash() [32]byte {
	e.s.hashOnce.Do(func() { e.s.hash = sha256.Sum256(e.s.module) })
	return e.s.hash
}

// MemoryView returns the instance's linear memory itself, not a copy. It is
// valid until the next export call, Grow or Close; nil after Close.
func (in *Instance) MemoryView() []byte {
	if in.closed {
		return nil
	}
	mem := in.mod.Memory()
	b, _ := mem.Read(0, mem.Size())
	return b
}

// Grow grows the linear memory to at least size bytes.
func (in *Instance) Grow(size uint64) error {
	if in.closed {
		return errClosed
	}
	mem := in.mod.Memory()
	have := uint64(mem.Size())
	if size <= have {
		return nil
	}
	pages := (size - have + pageSize - 1) / pageSize
	if _, ok := mem.Grow(uint32(pages)); !ok {
		return fmt.Errorf("engine: cannot grow the guest's memory to %d bytes: over this Runtime's memory limit", size)
	}
	return nil
}

// fuelGlobal is the instrumenter's countdown to the next fuel tick (ABI.md).
const fuelGlobal = "coderun_fuel"

// Fuel returns the guest's fuel countdown: the loop iterations left before
// its next fuel tick; 0 after Close.
func (in *Instance) Fuel() uint32 {
	if in.closed {
		return 0
	}
	return uint32(in.mod.ExportedGlobal(fuelGlobal).Get())
}

// SetFuel sets the guest's fuel countdown, to restore a saved run exactly.
func (in *Instance) SetFuel(v uint32) error {
	if in.closed {
		return errClosed
	}
	g, ok := in.mod.ExportedGlobal(fuelGlobal).(interface{ Set(uint64) })
	if !ok {
		return fmt.Errorf("engine: the guest's %s global is not mutable (ABI mismatch)", fuelGlobal)
	}
	g.Set(uint64(v))
	return nil
}

// SetHeapLimit sets the guest's heap limit in bytes. A memory restored from
// a suspended run holds the limit it was saved with; the host resuming it
// sets its own.
func (in *Instance) SetHeapLimit(limit uint32) error {
	_, err := in.call(opSetHeapLimit, limit)
	return err
}
