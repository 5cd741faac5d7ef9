package engine

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"math"

	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/api"
	"github.com/tetratelabs/wazero/experimental"
)

// Host receives the guest's imports for one instance. Its methods run on
// the goroutine that called into the guest, in the middle of guest code, so
// they must be quick. To end the run from inside an import, a Host panics
// with a *Trap (see Stop): the guest unwinds and the export call that was
// running returns that Trap as its error.
type Host interface {
	// Log receives one console line.
	Log(line string)
	// Settle receives the program's outcome; see the Settle* kinds.
	Settle(kind SettleKind, payload []byte)
	// Call receives a binding call message (CBOR, see ABI.md). A non-empty
	// refusal rejects the call inside the program with that message. A
	// call answered at once writes its answer to answer (a kind byte, then
	// the payload: see the call import in ABI.md) and returns its length;
	// answer aliases the guest's memory and is valid only during Call.
	Call(msg, answer []byte) (n int, refusal string)
	// TimerSet asks for FireTimer(id) after delayMs milliseconds.
	TimerSet(id uint32, delayMs float64)
	// TimerClear cancels timer id.
	TimerClear(id uint32)
	// ReserveOutput is called before the guest converts or encodes a large
	// output (a log line, the completion value, an exception message) that
	// the host will count as at least n bytes against its output budget. To
	// refuse it, stop the run with Stop; the guest has not yet spent memory
	// on it.
	ReserveOutput(n int64)
	// OutOfMemory is called when the guest's heap limit is exhausted. It
	// must not return normally: it stops the run with Stop.
	OutOfMemory(requested uint32)
	// FuelTick is called every FuelQuantum loop iterations inside the guest.
	// It returns the next quantum, or stops the run with Stop.
	FuelTick() int32
	// MapStack maps the positions "program.ts:LINE:COLUMN" in the frames of
	// an error's stack from the evaluated script to the program's source.
	// Frames over maxMapStackBytes are answered unchanged, without a call.
	MapStack(frames string) string
	// Intl answers a request of the intl import (see internal/intl's
	// Session). req aliases the guest's memory and is valid only during
	// the call. The work is the program's: it runs inside the guest's
	// execution and counts as its compute time.
	Intl(req []byte) []byte
}

// maxMapStackBytes bounds the stack text the host maps: QuickJS prints at
// most a few hundred frames, so only frames with huge function names come
// near it, and mapping those would cost the host copies of them.
const maxMapStackBytes = 1 << 20

// SettleKind says what a Settle payload carries.
type SettleKind uint32

const (
	// SettleValue: the payload is the completion value as CBOR; empty means
	// the program returned undefined.
	SettleValue SettleKind = 0
	// SettleException: the payload is the rendered thrown value (UTF-8).
	SettleException SettleKind = 1
	// SettleInvalidOutput: the payload says why the value is not lossless
	// JSON (UTF-8), naming the path.
	SettleInvalidOutput SettleKind = 2
	// SettleUnhandled: a promise was rejected and nothing handled it. The
	// payload is the id of the binding call whose error the reason is (4
	// bytes, little-endian; 0 if it is not one), then the rendered reason
	// (UTF-8).
	SettleUnhandled SettleKind = 3
)

// Trap ends a run from inside a host import. The reason is whatever the
// Host wants the export call to fail with.
type Trap struct{ Reason error }

func (t *Trap) Error() string { return "trap: " + t.Reason.Error() }
func (t *Trap) Unwrap() error { return t.Reason }

// Stop unwinds the guest with reason; call it only from a Host method.
func Stop(reason error) { panic(&Trap{Reason: reason}) }

// AsTrap reports whether err came from Stop, and its reason.
func AsTrap(err error) (error, bool) {
	var t *Trap
	if errors.As(err, &t) {
		return t.Reason, true
	}
	return nil, false
}

type instanceKey struct{}

// instanceCtx is what the imports of one instance find in their context:
// the Host, and the linear memory, which it also allocates (it is the
// instance's experimental.MemoryAllocator when the engine serves memories
// from an image), so that discard knows what kind of memory it holds.
type instanceCtx struct {
	host  Host
	image imageSource // nil: wazero allocates the memory
	mem   experimental.LinearMemory
}

func (c *instanceCtx) Allocate(_, maxBytes uint64) experimental.LinearMemory {
	c.mem = c.image.newMemory(maxBytes)
	return c.mem
}

func withInstance(ctx context.Context, c *instanceCtx) context.Context {
	ctx = context.WithValue(ctx, instanceKey{}, c)
	if c.image != nil {
		ctx = experimental.WithMemoryAllocator(ctx, c)
	}
	return ctx
}

func instanceOf(ctx context.Context) *instanceCtx { return ctx.Value(instanceKey{}).(*instanceCtx) }

func hostOf(ctx context.Context) Host { return instanceOf(ctx).host }

// discarder is a memory that can give pages back to the OS; their contents
// become unspecified (the image's, or zeros) until written again.
type discarder interface {
	// discard gives back the OS pages inside [off, off+n), which is a
	// whole number of discardUnits.
	discard(off, n int)
}

// checkDiscard refuses a discard range that is not whole pages of a memory
// of size bytes.
func checkDiscard(ptr, n, size uint32) error {
	if ptr%discardUnit != 0 || n%discardUnit != 0 || uint64(ptr)+uint64(n) > uint64(size) {
		return fmt.Errorf("guest discarded pages that are not whole pages of its memory (%d bytes at %#x)", n, ptr)
	}
	return nil
}

// discardUnit is the page of the discard import (ABI.md): the guest's,
// whatever the OS's page size is.
const discardUnit = 4096

var cryptoReader = rand.Reader

// read copies len bytes at ptr out of guest memory. A range outside memory
// is a guest bug or an attack; it stops the run.
func read(mod api.Module, ptr, n uint32) []byte {
	return append([]byte(nil), view(mod, ptr, n)...)
}

// view is len bytes at ptr of guest memory, not copied: valid until the
// guest runs again or its memory grows.
func view(mod api.Module, ptr, n uint32) []byte {
	b, ok := mod.Memory().Read(ptr, n)
	if !ok {
		Stop(fmt.Errorf("guest passed an out-of-range buffer (%d bytes at %#x)", n, ptr))
	}
	return b
}

const i32, i64, f64 = api.ValueTypeI32, api.ValueTypeI64, api.ValueTypeF64

// writeAnswer completes a text import (intl, map_stack): resp goes to the
// guest's buffer (s[2], capacity s[3]) if it fits, and its length is the
// result either way, so the guest can call again with room enough.
func writeAnswer(mod api.Module, resp []byte, s []uint64) {
	if uint32(len(resp)) <= uint32(s[3]) && !mod.Memory().Write(uint32(s[2]), resp) {
		Stop(fmt.Errorf("guest passed an out-of-range answer buffer"))
	}
	s[0] = uint64(uint32(len(resp)))
}

// instantiateHostModule defines the "coderun" import module. Each import
// finds its Host in the context the export was called with.
func instantiateHostModule(ctx context.Context, rt wazero.Runtime) error {
	b := rt.NewHostModuleBuilder("coderun")
	fn := func(name string, f api.GoModuleFunc, params, results []api.ValueType) {
		b.NewFunctionBuilder().WithGoModuleFunction(f, params, results).Export(name)
	}
	fn("log", func(ctx context.Context, mod api.Module, s []uint64) {
		hostOf(ctx).Log(string(read(mod, uint32(s[0]), uint32(s[1]))))
	}, []api.ValueType{i32, i32}, nil)
	fn("settle", func(ctx context.Context, mod api.Module, s []uint64) {
		hostOf(ctx).Settle(SettleKind(uint32(s[0])), read(mod, uint32(s[1]), uint32(s[2])))
	}, []api.ValueType{i32, i32, i32}, nil)
	fn("call", func(ctx context.Context, mod api.Module, s []uint64) {
		msg := read(mod, uint32(s[0]), uint32(s[1]))
		errPtr, errCap := uint32(s[2]), uint32(s[3])
		buf, ok := mod.Memory().Read(errPtr, errCap)
		if !ok {
			Stop(fmt.Errorf("guest passed an out-of-range answer buffer"))
		}
		n, refusal := hostOf(ctx).Call(msg, buf)
		switch {
		case refusal != "":
			n = copy(buf, refusal)
			s[0] = uint64(uint32(-int32(n)))
		default:
			s[0] = uint64(uint32(n))
		}
	}, []api.ValueType{i32, i32, i32, i32}, []api.ValueType{i32})
	fn("timer_set", func(ctx context.Context, mod api.Module, s []uint64) {
		hostOf(ctx).TimerSet(uint32(s[0]), math.Float64frombits(s[1]))
	}, []api.ValueType{i32, f64}, nil)
	fn("timer_clear", func(ctx context.Context, mod api.Module, s []uint64) {
		hostOf(ctx).TimerClear(uint32(s[0]))
	}, []api.ValueType{i32}, nil)
	fn("output_reserve", func(ctx context.Context, mod api.Module, s []uint64) {
		hostOf(ctx).ReserveOutput(int64(s[0]))
	}, []api.ValueType{i64}, nil)
	fn("intl", func(ctx context.Context, mod api.Module, s []uint64) {
		// The request is not copied: the Host bounds what it reads of it.
		writeAnswer(mod, hostOf(ctx).Intl(view(mod, uint32(s[0]), uint32(s[1]))), s)
	}, []api.ValueType{i32, i32, i32, i32}, []api.ValueType{i32})
	fn("crypto", func(ctx context.Context, mod api.Module, s []uint64) {
		// Like intl: computed inside the guest's call, so it counts as
		// compute time, and it ticks fuel as it goes.
		s[0] = uint64(uint32(hostCrypto(hostOf(ctx), mod, s)))
	}, []api.ValueType{i32, i32, i32, i32, i32, i32}, []api.ValueType{i32})
	fn("map_stack", func(ctx context.Context, mod api.Module, s []uint64) {
		text := view(mod, uint32(s[0]), uint32(s[1]))
		if len(text) > maxMapStackBytes {
			writeAnswer(mod, text, s)
			return
		}
		writeAnswer(mod, []byte(hostOf(ctx).MapStack(string(text))), s)
	}, []api.ValueType{i32, i32, i32, i32}, []api.ValueType{i32})
	fn("discard", func(ctx context.Context, mod api.Module, s []uint64) {
		// Only a whole page range inside memory is given back: the guest's
		// word is trusted about what its pages hold, never about where they
		// are.
		ptr, n := uint32(s[0]), uint32(s[1])
		if err := checkDiscard(ptr, n, mod.Memory().Size()); err != nil {
			Stop(err)
		}
		if d, ok := instanceOf(ctx).mem.(discarder); ok && n > 0 {
			d.discard(int(ptr), int(n))
		}
	}, []api.ValueType{i32, i32}, nil)
	fn("oom", func(ctx context.Context, mod api.Module, s []uint64) {
		hostOf(ctx).OutOfMemory(uint32(s[0]))
		Stop(errors.New("out of memory"))
	}, []api.ValueType{i32}, nil)
	fn("fuel_tick", func(ctx context.Context, mod api.Module, s []uint64) {
		s[0] = uint64(uint32(hostOf(ctx).FuelTick()))
	}, nil, []api.ValueType{i32})
	if _, err := b.Instantiate(ctx); err != nil {
		return fmt.Errorf("engine: host module: %w", err)
	}
	return nil
}
