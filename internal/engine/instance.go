package engine

import (
	"context"
	"errors"
	"fmt"
	"math"

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

// Instance is one sandbox, fresh or reset (see Engine.Instantiate). It is
// not safe for concurrent use: the run loop drives it from one goroutine.
type Instance struct {
	ctx context.Context
	mod api.Module
	s   *sandbox

	clock  *clockSlot
	fuel0  uint64 // the fuel countdown of a fresh instance
	size0  uint32 // the memory's size in bytes when fresh
	failed bool   // an export call did not return normally
	closed bool

	// entry is the guest's one export for the host's operations, made on
	// first use (see Instance.call).
	entry api.Function

	// stack holds the operation and its arguments, then its result
	// (CallWithStack), so a binding round trip allocates no slices for them.
	stack [5]uint64
}

// errClosed is what a closed Instance answers: its module may be running
// another run's program by now.
var errClosed = errors.New("engine: the instance is closed")

// op is an operation of the guest's coderun_entry export (ABI.md).
type op uint64

const (
	opAlloc op = iota
	opFree
	opInit
	opReseed
	opSetHeapLimit
	opBind
	opRun
	opFireTimer
	opDeliver
	opTrim
	numOps
)

// opNames are the operations' names in ABI.md and glue/exports.c
// (GLUE_OP_…), which TestOpsAgreeEverywhere holds to these numbers.
var opNames = [numOps]string{
	opAlloc:        "alloc",
	opFree:         "free",
	opInit:         "init",
	opReseed:       "reseed",
	opSetHeapLimit: "set_heap_limit",
	opBind:         "bind",
	opRun:          "run",
	opFireTimer:    "fire_timer",
	opDeliver:      "deliver",
	opTrim:         "trim",
}

// entryExport is the guest's export for every operation. One export
// rather than one per operation: wazero gives every function handle its
// own 10 KiB call stack, allocated and zeroed with the instance's first
// call of it, and a run used three to five.
const entryExport = "coderun_entry"

// checkExports reports an export of the ABI that module lacks, so an ABI
// mismatch fails New instead of a run.
func checkExports(module wazero.CompiledModule) error {
	if _, ok := module.ExportedFunctions()[entryExport]; !ok {
		return fmt.Errorf("engine: guest does not export %q (ABI mismatch)", entryExport)
	}
	return nil
}

// call runs operation o with up to four arguments and returns its result.
func (in *Instance) call(o op, args ...uint32) (int32, error) {
	if in.closed {
		return 0, errClosed
	}
	if in.entry == nil {
		in.entry = in.mod.ExportedFunction(entryExport)
	}
	in.stack = [5]uint64{uint64(o)}
	for i, a := range args {
		in.stack[1+i] = uint64(a)
	}
	if err := in.entry.CallWithStack(in.ctx, in.stack[:]); err != nil {
		in.failed = true
		return 0, err
	}
	return int32(in.stack[0]), nil
}

// Close ends the instance: the sandbox resets and keeps it for another run
// if it can (reuse.go), and releases it otherwise. Nothing of it may be
// used after: its module is forgotten, since it may be running another
// run's program. A second Close does nothing. Close must happen before the
// last Close of the instance's Engine, which frees what the instance uses.
func (in *Instance) Close() error {
	if in.closed {
		return nil
	}
	in.closed = true
	err := in.s.release(in)
	in.mod, in.entry = nil, nil
	return err
}

// Start readies the instance for a run with a heap limit of memLimit bytes.
// A pre-initialised snapshot (the embedded module) only needs reseeding; a
// plain module is initialised here: libc constructors, the JS runtime and
// context, the prelude. A false result means the guest settled with an
// exception instead.
func (in *Instance) Start(memLimit uint32) (bool, error) {
	r, err := in.call(opReseed, memLimit)
	if err != nil {
		return false, err
	}
	if r == 0 {
		return true, nil
	}
	if f := in.mod.ExportedFunction("_initialize"); f != nil {
		if _, err := f.Call(in.ctx); err != nil {
			in.failed = true
			return false, err
		}
	}
	r, err = in.call(opInit, memLimit)
	if err != nil {
		return false, err
	}
	return r == 0, nil
}

// Memory returns a copy of the instance's linear memory; nil after Close.
func (in *Instance) Memory() []byte {
	if in.closed {
		return nil
	}
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
	defer in.call(opFree, ptr)
	r, err := in.call(opBind, ptr, uint32(len(spec)))
	if err != nil {
		return false, err
	}
	return r == 0, nil
}

// Run evaluates js, which must evaluate to a function returning a promise,
// calls it and runs jobs until the guest is idle.
func (in *Instance) Run(js, filename string) (State, error) {
	// One allocation holds both strings, each NUL-terminated as QuickJS
	// requires, written straight from the strings without a copy in Go.
	n := uint64(len(js)) + 1 + uint64(len(filename)) + 1
	if n > math.MaxUint32 {
		return 0, fmt.Errorf("engine: a %d-byte program does not fit the guest's memory", len(js))
	}
	r, err := in.call(opAlloc, uint32(n))
	if err != nil {
		return 0, err
	}
	src, name := uint32(r), uint32(r)+uint32(len(js))+1
	mem := in.mod.Memory()
	if src == 0 || !mem.WriteString(src, js) || !mem.WriteByte(name-1, 0) ||
		!mem.WriteString(name, filename) || !mem.WriteByte(name+uint32(len(filename)), 0) {
		return 0, fmt.Errorf("engine: guest could not allocate %d bytes for the program", n)
	}
	r, err = in.call(opRun, src, uint32(len(js)), name)
	if err != nil {
		return 0, err
	}
	// The source stays allocated: QuickJS may keep pointers into it for
	// error positions, and the instance's memory is reset after the run.
	return State(r), nil
}

// FireTimer runs timer id's callback and the jobs it queues.
func (in *Instance) FireTimer(id uint32) (State, error) {
	r, err := in.call(opFireTimer, id)
	return State(r), err
}

// Deliver settles binding call id: ok with a CBOR value, or rejected with a
// UTF-8 message.
func (in *Instance) Deliver(id uint32, ok bool, payload []byte) (State, error) {
	ptr, err := in.write(payload)
	if err != nil {
		return 0, err
	}
	var okArg uint32
	if ok {
		okArg = 1
	}
	r, err := in.call(opDeliver, id, okArg, ptr, uint32(len(payload)))
	return State(r), err
}

// Trim gives the pages the guest holds nothing in back to the OS (the free
// parts of its heap, the unused part of its stack), while the program waits:
// see the trim operation in ABI.md. The program cannot observe it, and its fuel
// counter is kept as it was, so a deterministic run stays deterministic;
// fuel ticks the walk causes still reach the Host, which should not count
// them.
func (in *Instance) Trim() error {
	if !in.CanTrim() {
		return nil
	}
	left := in.Fuel()
	if _, err := in.call(opTrim); err != nil {
		return err
	}
	return in.SetFuel(left)
}

// CanTrim reports whether Trim can give anything back: the instance's
// memory is a mapping whose pages the OS can take back (Linux), not a Go
// slice.
func (in *Instance) CanTrim() bool {
	_, ok := instanceOf(in.ctx).mem.(discarder)
	return ok
}

// write copies b into a fresh guest allocation.
func (in *Instance) write(b []byte) (uint32, error) {
	r, err := in.call(opAlloc, uint32(len(b)))
	if err != nil {
		return 0, err
	}
	ptr := uint32(r)
	if ptr == 0 {
		return 0, fmt.Errorf("engine: guest could not allocate %d bytes", len(b))
	}
	if !in.mod.Memory().Write(ptr, b) {
		return 0, fmt.Errorf("engine: guest allocation %#x is out of range", ptr)
	}
	return ptr, nil
}
