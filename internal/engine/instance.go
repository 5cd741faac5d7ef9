package engine

import (
	"context"
	"fmt"

	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/api"
)

// State is where a guest is after an export returns.
type State int32

const (
	// Pending: the program waits on timers or binding calls.
	Pending State = 0
	// Settled: the guest has called Host.Settle.
	Settled State = 1
)

// Instance is one fresh sandbox. It is not safe for concurrent use: the
// run loop drives it from one goroutine.
type Instance struct {
	ctx context.Context
	mod api.Module

	// exports holds the function handles made so far (see Instance.export).
	exports [numExports]api.Function

	// stack holds the parameters and results of the per-call exports
	// (CallWithStack), so a binding round trip allocates no slices for them.
	stack [4]uint64
}

// export names one of the guest's exports (ABI.md).
type export int

const (
	exportAlloc export = iota
	exportFree
	exportInit
	exportReseed
	exportHeapLimit
	exportBind
	exportRun
	exportFireTimer
	exportDeliver
	exportTrim
	numExports
)

var exportNames = [numExports]string{
	exportAlloc:     "coderun_alloc",
	exportFree:      "coderun_free",
	exportInit:      "coderun_init",
	exportReseed:    "coderun_reseed",
	exportHeapLimit: "coderun_set_heap_limit",
	exportBind:      "coderun_bind",
	exportRun:       "coderun_run",
	exportFireTimer: "coderun_fire_timer",
	exportDeliver:   "coderun_deliver",
	exportTrim:      "coderun_trim",
}

// checkExports reports an export of the ABI that module lacks, so an ABI
// mismatch fails New instead of a run.
func checkExports(module wazero.CompiledModule) error {
	defs := module.ExportedFunctions()
	for _, name := range exportNames {
		if _, ok := defs[name]; !ok {
			return fmt.Errorf("engine: guest does not export %q (ABI mismatch)", name)
		}
	}
	return nil
}

// export returns the guest's export e. wazero gives every function handle
// its own 10 KiB call stack, and a run uses three or four of the eight, so
// handles are made on first use rather than with the instance.
func (in *Instance) export(e export) api.Function {
	f := in.exports[e]
	if f == nil {
		f = in.mod.ExportedFunction(exportNames[e])
		in.exports[e] = f
	}
	return f
}

// Close releases the instance's memory.
func (in *Instance) Close() error { return in.mod.Close(in.ctx) }

// Start readies the instance for a run with a heap limit of memLimit bytes.
// A pre-initialised snapshot (the embedded module) only needs reseeding; a
// plain module is initialised here: libc constructors, the JS runtime and
// context, the prelude. A false result means the guest settled with an
// exception instead.
func (in *Instance) Start(memLimit uint32) (bool, error) {
	r, err := in.export(exportReseed).Call(in.ctx, uint64(memLimit))
	if err != nil {
		return false, err
	}
	if int32(r[0]) == 0 {
		return true, nil
	}
	if f := in.mod.ExportedFunction("_initialize"); f != nil {
		if _, err := f.Call(in.ctx); err != nil {
			return false, err
		}
	}
	r, err = in.export(exportInit).Call(in.ctx, uint64(memLimit))
	if err != nil {
		return false, err
	}
	return int32(r[0]) == 0, nil
}

// Memory returns a copy of the instance's linear memory.
func (in *Instance) Memory() []byte {
	mem := in.mod.Memory()
	b, _ := mem.Read(0, mem.Size())
	return append([]byte(nil), b...)
}

// Bind installs the binding namespaces described by spec (CBOR, ABI.md).
func (in *Instance) Bind(spec []byte) (bool, error) {
	ptr, err := in.write(spec)
	if err != nil {
		return false, err
	}
	defer in.export(exportFree).Call(in.ctx, uint64(ptr))
	r, err := in.export(exportBind).Call(in.ctx, uint64(ptr), uint64(len(spec)))
	if err != nil {
		return false, err
	}
	return int32(r[0]) == 0, nil
}

// Run evaluates js, which must evaluate to a function returning a promise,
// calls it and runs jobs until the guest is idle.
func (in *Instance) Run(js, filename string) (State, error) {
	// QuickJS requires the source to be NUL-terminated.
	src, err := in.write(append([]byte(js), 0))
	if err != nil {
		return 0, err
	}
	name, err := in.write(append([]byte(filename), 0))
	if err != nil {
		return 0, err
	}
	r, err := in.export(exportRun).Call(in.ctx, uint64(src), uint64(len(js)), uint64(name))
	if err != nil {
		return 0, err
	}
	// The source stays allocated: QuickJS may keep pointers into it for
	// error positions, and the instance is discarded after the run anyway.
	return State(int32(r[0])), nil
}

// FireTimer runs timer id's callback and the jobs it queues.
func (in *Instance) FireTimer(id uint32) (State, error) {
	r, err := in.export(exportFireTimer).Call(in.ctx, uint64(id))
	if err != nil {
		return 0, err
	}
	return State(int32(r[0])), nil
}

// Deliver settles binding call id: ok with a CBOR value, or rejected with a
// UTF-8 message.
func (in *Instance) Deliver(id uint32, ok bool, payload []byte) (State, error) {
	ptr, err := in.write(payload)
	if err != nil {
		return 0, err
	}
	var okArg uint64
	if ok {
		okArg = 1
	}
	in.stack = [4]uint64{uint64(id), okArg, uint64(ptr), uint64(len(payload))}
	if err := in.export(exportDeliver).CallWithStack(in.ctx, in.stack[:]); err != nil {
		return 0, err
	}
	return State(int32(in.stack[0])), nil
}

// Trim gives the pages the guest holds nothing in back to the OS (the free
// parts of its heap, the unused part of its stack), while the program waits:
// see coderun_trim in ABI.md. The program cannot observe it, and its fuel
// counter is kept as it was, so a deterministic run stays deterministic;
// fuel ticks the walk causes still reach the Host, which should not count
// them.
func (in *Instance) Trim() error {
	left := in.Fuel()
	if err := in.export(exportTrim).CallWithStack(in.ctx, in.stack[:]); err != nil {
		return err
	}
	return in.SetFuel(left)
}

// write copies b into a fresh guest allocation.
func (in *Instance) write(b []byte) (uint32, error) {
	in.stack[0] = uint64(len(b))
	if err := in.export(exportAlloc).CallWithStack(in.ctx, in.stack[:]); err != nil {
		return 0, err
	}
	ptr := uint32(in.stack[0])
	if ptr == 0 {
		return 0, fmt.Errorf("engine: guest could not allocate %d bytes", len(b))
	}
	if !in.mod.Memory().Write(ptr, b) {
		return 0, fmt.Errorf("engine: guest allocation %#x is out of range", ptr)
	}
	return ptr, nil
}
