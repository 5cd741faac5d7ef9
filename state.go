package coderun

import (
	"bufio"
	"bytes"
	"compress/flate"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"sync"
	"time"

	"github.com/fxamacker/cbor/v2"

	"github.com/coderun/coderun/internal/engine"
	"github.com/coderun/coderun/internal/seal"
)

// A suspended run is sealed as an internal/seal box whose clear header
// names the sandbox build, the expiry and the size of the guest's memory
// (so that a refusal can say which, before anything is inflated).
//
// Between two export calls the guest's whole state is its linear memory and
// its globals (ABI.md); its stack is empty. So a state holds the memory as
// the bytes that differ from the snapshot image every instance starts from,
// plus the fuel countdown and the host's side of the run: logs, budgets
// spent, timers, clock, the parked calls (a runState).
//
// The payload is uvarint(length of the metadata) | the metadata (a
// runState, CBOR) | the memory diff (writeDiff's runs), deflated as one
// stream. The memory goes into the compressor and comes out of the
// decompressor run by run, and the box is sealed in place, so the host
// holds about one compressed copy of the guest's memory at a time.

// statePurpose binds a box to its use: a box sealed for anything else under
// the same key does not open as a run.
const statePurpose = "coderun suspended run"

// stateChunk is the granularity of the memory diff.
const stateChunk = 4096

// maxStateMeta bounds the inflated metadata Resume accepts (everything but
// the memory, which goes straight into the guest): a state comes back from
// outside, and even an authenticated one must not make the host allocate
// without bound. The logs are its bulk, and no Config lets them exceed
// maxOutputLimit.
const maxStateMeta = maxOutputLimit + MaxProgramBytes + 64<<20

// deflaters keeps compressors between suspensions: a new one allocates
// about a megabyte of tables, more than the rest of a small suspension
// costs.
var deflaters = sync.Pool{New: func() any {
	zw, _ := flate.NewWriter(nil, flate.BestSpeed) // BestSpeed is a valid level
	return zw
}}

// stateDecoding decodes the metadata with limits that fit coderun's own:
// fxamacker/cbor's defaults (131,072 array elements) are below the logs
// and parked calls a valid run may hold.
var stateDecoding = func() cbor.DecMode {
	m, err := cbor.DecOptions{MaxArrayElements: math.MaxInt32, MaxMapPairs: math.MaxInt32, MaxNestedLevels: 16}.DecMode()
	if err != nil {
		panic(err)
	}
	return m
}()

// stateHeader is the clear, authenticated header: what Resume checks
// before it inflates anything.
type stateHeader struct {
	build   [32]byte // the sandbox module's sha256
	expires time.Time
	memSize uint64 // the guest's linear memory, in bytes
}

const stateHeaderLen = 48

func (h stateHeader) encode() []byte {
	b := make([]byte, 0, stateHeaderLen)
	b = append(b, h.build[:]...)
	b = binary.BigEndian.AppendUint64(b, uint64(h.expires.UnixNano()))
	return binary.BigEndian.AppendUint64(b, h.memSize)
}

func decodeStateHeader(b []byte) (stateHeader, bool) {
	var h stateHeader
	if len(b) != stateHeaderLen {
		return h, false
	}
	copy(h.build[:], b)
	h.expires = time.Unix(0, int64(binary.BigEndian.Uint64(b[32:])))
	h.memSize = binary.BigEndian.Uint64(b[40:])
	return h, true
}

// runState is everything of a suspended run. Field numbers, not names, are
// the encoding, so renaming a field never breaks a stored state.
type runState struct {
	Program    string           `cbor:"1,keyasint"`
	Namespaces []namespaceState `cbor:"2,keyasint"`
	Logs       []string         `cbor:"3,keyasint"`
	OutBytes   int64            `cbor:"4,keyasint"`
	Compute    time.Duration    `cbor:"5,keyasint"`
	Wall       time.Duration    `cbor:"6,keyasint"` // live time so far
	Ticks      uint64           `cbor:"7,keyasint"`
	Calls      int              `cbor:"8,keyasint"`
	Clock      clockState       `cbor:"9,keyasint"`
	Timers     []timerState     `cbor:"10,keyasint"`
	Parked     []parkedState    `cbor:"11,keyasint"`
	Fuel       uint32           `cbor:"12,keyasint"`
	FileName   string           `cbor:"13,keyasint,omitempty"` // Request.FileName
	// Trace is the W3C traceparent of the span of the segment that
	// suspended, so that a resume in any process continues its trace.
	Trace string `cbor:"14,keyasint,omitempty"`
}

// namespaceState is what the guest holds of a namespace: its global and
// error class, which a resume's bindings must match.
type namespaceState struct {
	Global string `cbor:"1,keyasint"`
	Class  string `cbor:"2,keyasint,omitempty"`
	Member string `cbor:"3,keyasint,omitempty"`
}

type parkedState struct {
	ID        uint32 `cbor:"1,keyasint"`
	Seq       int64  `cbor:"2,keyasint"`
	Namespace uint32 `cbor:"3,keyasint"`
	Function  string `cbor:"4,keyasint"`
	Args      []byte `cbor:"5,keyasint"`
	Reason    string `cbor:"6,keyasint"`
}

func namespaceStates(nss []Namespace) []namespaceState {
	out := make([]namespaceState, len(nss))
	for i, ns := range nss {
		out[i].Global = ns.Global
		if ns.ErrorClass != nil {
			out[i].Class, out[i].Member = ns.ErrorClass.Name, ns.ErrorClass.Member
		}
	}
	return out
}

func (r *run) seal() ([]byte, error) {
	clock, err := r.clock.save()
	if err != nil {
		return nil, err
	}
	st := runState{
		Program:    r.program,
		Namespaces: namespaceStates(r.namespaces),
		Logs:       r.logs,
		OutBytes:   r.outBytes,
		Compute:    r.compute,
		Wall:       time.Since(r.start),
		Ticks:      r.ticks,
		Calls:      r.bridge.Calls(),
		Clock:      clock,
		Timers:     r.timers.save(),
		Fuel:       r.inst.Fuel(),
		FileName:   r.fileName,
		Trace:      r.rt.tel.traceparent(r.ctx),
	}
	for _, p := range r.parked {
		st.Parked = append(st.Parked, parkedState{ID: p.ID, Seq: p.Seq, Namespace: p.Namespace, Function: p.Function, Args: p.Args, Reason: p.Reason})
	}
	meta, err := cbor.Marshal(st)
	if err != nil {
		return nil, err
	}
	mem := r.inst.MemoryView()
	h := stateHeader{build: r.rt.engine.ModuleHash(), expires: time.Now().Add(r.cfg.MaxSuspendedAge), memSize: uint64(len(mem))}
	header := h.encode()

	var buf bytes.Buffer
	buf.Write(make([]byte, seal.PlaintextOffset(header)))
	zw := deflaters.Get().(*flate.Writer)
	defer func() {
		zw.Reset(io.Discard) // hold nothing of this state in the pool
		deflaters.Put(zw)
	}()
	zw.Reset(&buf)
	zw.Write(binary.AppendUvarint(nil, uint64(len(meta))))
	zw.Write(meta)
	if err := writeDiff(zw, mem, r.rt.engine.Image()); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	buf.Grow(16) // room for the tag, so sealing does not copy
	return seal.SealInPlace(r.cfg.StateKey, statePurpose, header, buf.Bytes())
}

// writeDiff writes the bytes of mem that differ from image (zeros past its
// end) to w as runs: (offset delta, length) as uvarints, then the run's
// bytes. Chunks equal to the image are skipped with one comparison; in a
// changed chunk, differences closer than diffGap bytes join one run, so the
// list holds little more than the bytes the run really changed. The guest's
// stack, empty between export calls, is skipped.
func writeDiff(w io.Writer, mem, image []byte) error {
	var zero [stateChunk]byte
	var head [2 * binary.MaxVarintLen64]byte
	prev := 0 // end of the previous run
	for off := engine.GuestStackBytes; off < len(mem); off += stateChunk {
		cur := mem[off:min(off+stateChunk, len(mem))]
		base := zero[:len(cur)]
		switch {
		case off+len(cur) <= len(image):
			base = image[off : off+len(cur)]
		case off < len(image): // the image ends inside this chunk
			base = make([]byte, len(cur))
			copy(base, image[off:])
		}
		if bytes.Equal(cur, base) {
			continue
		}
		for i := 0; i < len(cur); {
			// Most of a changed chunk is still equal: skip it a word at a
			// time.
			for i+8 <= len(cur) && binary.LittleEndian.Uint64(cur[i:]) == binary.LittleEndian.Uint64(base[i:]) {
				i += 8
			}
			if i >= len(cur) {
				break
			}
			if cur[i] == base[i] {
				i++
				continue
			}
			j, same := i+1, 0
			for ; j < len(cur) && same < diffGap; j++ {
				if cur[j] == base[j] {
					same++
				} else {
					same = 0
				}
			}
			end := j - same
			n := binary.PutUvarint(head[:], uint64(off+i-prev))
			n += binary.PutUvarint(head[n:], uint64(end-i))
			if _, err := w.Write(head[:n]); err != nil {
				return err
			}
			if _, err := w.Write(cur[i:end]); err != nil {
				return err
			}
			prev = off + end
			i = j
		}
	}
	return nil
}

// diffMemory is writeDiff into a slice.
func diffMemory(mem, image []byte) []byte {
	var b bytes.Buffer
	writeDiff(&b, mem, image)
	return b.Bytes()
}

// diffGap is the run of equal bytes that ends a run of differences: a
// shorter one costs less stored than a new run's header.
const diffGap = 8

// diffReader reads a memory diff: varints byte by byte, runs in bulk.
type diffReader interface {
	io.Reader
	io.ByteReader
}

// applyDiff reads writeDiff's runs from r into mem, which holds the image,
// until r ends.
func applyDiff(mem []byte, r diffReader) error {
	pos := 0
	for {
		delta, err := binary.ReadUvarint(r)
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return errors.New("malformed memory diff")
		}
		length, err := binary.ReadUvarint(r)
		if err != nil {
			return errors.New("malformed memory diff")
		}
		if delta > uint64(len(mem)) || uint64(pos)+delta+length > uint64(len(mem)) {
			return fmt.Errorf("memory diff reaches past the memory (%d bytes)", len(mem))
		}
		pos += int(delta)
		if pos < engine.GuestStackBytes {
			return errors.New("memory diff writes into the stack")
		}
		if _, err := io.ReadFull(r, mem[pos:pos+int(length)]); err != nil {
			return errors.New("malformed memory diff: a run is cut short")
		}
		pos += int(length)
	}
}

// openedState is a sealed run, authenticated and with its metadata
// decoded; its memory is still compressed in mem, for restoreMemory.
type openedState struct {
	*runState
	memSize uint64
	mem     *bufio.Reader // positioned at the memory diff
}

// openState authenticates a sealed run and decodes its metadata, or says
// precisely why it cannot.
func (r *Runtime) openState(box []byte) (*openedState, error) {
	if r.cfg.StateKey == nil {
		return nil, fmt.Errorf("%w: this Runtime has no Config.StateKey; set the key the run was sealed with", ErrStateKey)
	}
	header, plain, err := seal.Open(r.cfg.StateKey, statePurpose, box)
	switch {
	case errors.Is(err, seal.ErrKey):
		return nil, fmt.Errorf("%w: resume it with the Runtime whose StateKey sealed it", ErrStateKey)
	case err != nil:
		return nil, fmt.Errorf("%w (%d bytes)", ErrStateInvalid, len(box))
	}
	h, ok := decodeStateHeader(header)
	if !ok {
		return nil, fmt.Errorf("%w: unknown header", ErrStateInvalid)
	}
	if h.build != r.engine.ModuleHash() {
		return nil, fmt.Errorf("%w: it needs the sandbox with sha256 %x; this Runtime runs %x", ErrStateBuild, h.build, r.engine.ModuleHash())
	}
	if now := time.Now(); now.After(h.expires) {
		return nil, fmt.Errorf("%w: it expired at %s (MaxSuspendedAge after it was last sealed)", ErrStateExpired, h.expires.UTC().Format(time.RFC3339))
	}
	if ceiling := uint64(memoryCeiling(r.cfg.MemoryLimitBytes)); h.memSize > ceiling {
		return nil, fmt.Errorf("%w: the run's memory is %d bytes, over the %d this Runtime allows; resume it with a larger MemoryLimitBytes", ErrStateMemory, h.memSize, ceiling)
	}
	zr := bufio.NewReader(flate.NewReader(bytes.NewReader(plain)))
	n, err := binary.ReadUvarint(zr)
	if err != nil || n > maxStateMeta {
		return nil, fmt.Errorf("%w: its payload does not inflate", ErrStateInvalid)
	}
	meta := make([]byte, n)
	if _, err := io.ReadFull(zr, meta); err != nil {
		return nil, fmt.Errorf("%w: its payload does not inflate", ErrStateInvalid)
	}
	var st runState
	if err := stateDecoding.Unmarshal(meta, &st); err != nil {
		return nil, fmt.Errorf("%w: its payload does not decode: %v", ErrStateInvalid, err)
	}
	for _, p := range st.Parked {
		if int(p.Namespace) >= len(st.Namespaces) {
			return nil, fmt.Errorf("%w: a parked call names namespace #%d of %d", ErrStateInvalid, p.Namespace, len(st.Namespaces))
		}
	}
	return &openedState{runState: &st, memSize: h.memSize, mem: zr}, nil
}

// restoreMemory lays the run's memory over the image a fresh instance
// starts from, and its globals: the fuel countdown, and the heap limit,
// which is this Runtime's, not the one the run was sealed with.
func (r *run) restoreMemory(st *openedState) error {
	if r.rt.engine.Image() == nil {
		return errors.New("coderun: this sandbox has no snapshot image to restore a run onto")
	}
	if err := r.inst.Grow(st.memSize); err != nil {
		return fmt.Errorf("%w: %v", ErrStateMemory, err)
	}
	if err := applyDiff(r.inst.MemoryView(), st.mem); err != nil {
		return fmt.Errorf("%w: %v", ErrStateInvalid, err)
	}
	if err := r.inst.SetFuel(st.Fuel); err != nil {
		return err
	}
	return r.inst.SetHeapLimit(uint32(r.cfg.MemoryLimitBytes))
}
