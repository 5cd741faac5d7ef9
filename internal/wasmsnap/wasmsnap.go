// Package wasmsnap bakes a captured linear memory into a wasm module, so
// that a fresh instance starts where another instance left off.
//
// coderun's build runs the QuickJS-ng module once (libc constructors, JS
// runtime, context, prelude), captures its memory and rewrites the module
// with that memory as its data. Every run then instantiates the rewritten
// module and skips initialisation. The only mutable global the module has is
// the shadow stack pointer, which is back at its initial value whenever an
// export returns, so memory is the whole state to capture.
package wasmsnap

import (
	"bytes"
	"errors"
	"fmt"

	"github.com/coderun/coderun/internal/leb128"
)

// Section ids of the wasm binary format used here.
const (
	secMemory    = 5
	secGlobal    = 6
	secData      = 11
	secDataCount = 12
)

type section struct {
	id      byte
	payload []byte
}

// Bake returns module with its memory section's minimum raised to hold mem
// and its data section replaced by mem's non-zero bytes. Bytes below
// stackTop are dropped: with --stack-first the shadow stack occupies
// [0, stackTop), and what is left there after an export returns is dead.
// The module's code must not use memory.init or data.drop (see
// wasminstr.Options.RejectPassiveData). The output is deterministic.
func Bake(module, mem []byte, stackTop uint32) ([]byte, error) {
	if len(mem)%pageSize != 0 {
		return nil, fmt.Errorf("wasmsnap: memory size %d is not a whole number of pages", len(mem))
	}
	secs, err := split(module)
	if err != nil {
		return nil, err
	}
	data, segs := dataSegments(mem, stackTop)
	var out bytes.Buffer
	out.Write(module[:8])
	sawData := false
	for _, s := range secs {
		switch s.id {
		case secMemory:
			p, err := raiseMemoryMin(s.payload, uint32(len(mem)/pageSize))
			if err != nil {
				return nil, err
			}
			writeSection(&out, secMemory, p)
		case secDataCount:
			// Only memory.init and data.drop refer to segments by index;
			// the build instruments with RejectPassiveData, which proves
			// the code uses neither, so the count is all that changes.
			writeSection(&out, secDataCount, leb128.AppendUint32(nil, segs))
		case secData:
			sawData = true
			writeSection(&out, secData, data)
		default:
			writeSection(&out, s.id, s.payload)
		}
	}
	if !sawData {
		return nil, errors.New("wasmsnap: module has no data section to replace")
	}
	return out.Bytes(), nil
}

// StackTop reads the initial value of the module's first global, which
// wasm-ld makes the shadow stack pointer.
func StackTop(module []byte) (uint32, error) {
	secs, err := split(module)
	if err != nil {
		return 0, err
	}
	for _, s := range secs {
		if s.id != secGlobal {
			continue
		}
		r := &reader{b: s.payload}
		n, err := r.u32()
		if err != nil || n == 0 {
			return 0, errors.New("wasmsnap: global section is empty")
		}
		// valtype i32 (0x7f), mutable (1), i32.const (0x41) <value> end
		if t, _ := r.byte(); t != 0x7f {
			return 0, errors.New("wasmsnap: first global is not an i32")
		}
		if m, _ := r.byte(); m != 1 {
			return 0, errors.New("wasmsnap: first global is not mutable")
		}
		if op, _ := r.byte(); op != 0x41 {
			return 0, errors.New("wasmsnap: first global is not initialised by i32.const")
		}
		v, err := r.s32()
		if err != nil {
			return 0, err
		}
		return uint32(v), nil
	}
	return 0, errors.New("wasmsnap: module has no global section")
}

// MutableGlobals returns how many mutable globals the module defines. A
// host that reuses an instance after resetting its memory must know every
// other piece of its state: a module built by coderun's recipe has two, the
// shadow stack pointer and the instrumenter's fuel countdown.
func MutableGlobals(module []byte) (int, error) {
	secs, err := split(module)
	if err != nil {
		return 0, err
	}
	mutable := 0
	for _, s := range secs {
		if s.id != secGlobal {
			continue
		}
		r := &reader{b: s.payload}
		n, err := r.u32()
		if err != nil {
			return 0, err
		}
		for range n {
			if _, err := r.byte(); err != nil { // the value type
				return 0, err
			}
			m, err := r.byte()
			if err != nil {
				return 0, err
			}
			if m == 1 {
				mutable++
			}
			if err := r.skipConstExpr(); err != nil {
				return 0, err
			}
		}
	}
	return mutable, nil
}

// skipConstExpr reads past a constant expression of the MVP and its end.
func (r *reader) skipConstExpr() error {
	for {
		op, err := r.byte()
		if err != nil {
			return err
		}
		switch op {
		case 0x0b: // end
			return nil
		case 0x41: // i32.const
			_, err = r.s32()
		case 0x23, 0xd2: // global.get, ref.func
			_, err = r.u32()
		case 0x42: // i64.const
			_, n, lerr := leb128.DecodeInt(r.b[r.pos:], 64)
			r.pos, err = r.pos+n, lerr
		case 0x43, 0x44: // f32.const, f64.const
			width := 4
			if op == 0x44 {
				width = 8
			}
			if r.pos+width > len(r.b) {
				return errShort
			}
			r.pos += width
		case 0xd0: // ref.null t
			_, err = r.byte()
		default:
			return fmt.Errorf("wasmsnap: unsupported instruction %#x in a global's initial value", op)
		}
		if err != nil {
			return err
		}
	}
}

const pageSize = 65536

// maxGap is the run of zero bytes worth splitting a segment for: a segment
// header costs about this much.
const maxGap = 16

// dataSegments encodes mem's non-zero runs as active segments; it returns
// the section payload and the number of segments.
func dataSegments(mem []byte, stackTop uint32) ([]byte, uint32) {
	type run struct{ start, end int }
	var runs []run
	i := int(stackTop)
	for i < len(mem) {
		for i < len(mem) && mem[i] == 0 {
			i++
		}
		if i == len(mem) {
			break
		}
		// Extend the run while the zero gaps inside it stay short.
		start, last := i, i
		for i < len(mem) && i-last <= maxGap {
			if mem[i] != 0 {
				last = i
			}
			i++
		}
		runs = append(runs, run{start, last + 1})
		i = last + 1
	}
	var p []byte
	p = leb128.AppendUint32(p, uint32(len(runs)))
	for _, r := range runs {
		p = append(p, 0x00, 0x41) // active, memory 0; i32.const
		p = leb128.AppendInt32(p, int32(r.start))
		p = append(p, 0x0b) // end
		p = leb128.AppendUint32(p, uint32(r.end-r.start))
		p = append(p, mem[r.start:r.end]...)
	}
	return p, uint32(len(runs))
}

func raiseMemoryMin(payload []byte, pages uint32) ([]byte, error) {
	r := &reader{b: payload}
	n, err := r.u32()
	if err != nil || n != 1 {
		return nil, errors.New("wasmsnap: want exactly one memory")
	}
	flags, err := r.byte()
	if err != nil || flags > 1 {
		return nil, fmt.Errorf("wasmsnap: unsupported memory limits flags %#x", flags)
	}
	min, err := r.u32()
	if err != nil {
		return nil, err
	}
	p := leb128.AppendUint32(nil, 1)
	p = append(p, flags)
	p = leb128.AppendUint32(p, max(min, pages))
	if flags == 1 {
		maxPages, err := r.u32()
		if err != nil {
			return nil, err
		}
		if maxPages < pages {
			return nil, fmt.Errorf("wasmsnap: memory maximum %d pages is below the snapshot's %d", maxPages, pages)
		}
		p = leb128.AppendUint32(p, maxPages)
	}
	return p, nil
}

func split(module []byte) ([]section, error) {
	if len(module) < 8 || !bytes.Equal(module[:8], []byte("\x00asm\x01\x00\x00\x00")) {
		return nil, errors.New("wasmsnap: not a wasm 1.0 binary")
	}
	r := &reader{b: module, pos: 8}
	var secs []section
	for r.pos < len(r.b) {
		id, err := r.byte()
		if err != nil {
			return nil, err
		}
		size, err := r.u32()
		if err != nil {
			return nil, err
		}
		if int(size) > len(r.b)-r.pos {
			return nil, fmt.Errorf("wasmsnap: section %d overruns the module", id)
		}
		secs = append(secs, section{id: id, payload: r.b[r.pos : r.pos+int(size)]})
		r.pos += int(size)
	}
	return secs, nil
}

func writeSection(out *bytes.Buffer, id byte, payload []byte) {
	out.WriteByte(id)
	out.Write(leb128.AppendUint32(nil, uint32(len(payload))))
	out.Write(payload)
}

type reader struct {
	b   []byte
	pos int
}

var errShort = errors.New("wasmsnap: unexpected end of input")

func (r *reader) byte() (byte, error) {
	if r.pos >= len(r.b) {
		return 0, errShort
	}
	c := r.b[r.pos]
	r.pos++
	return c, nil
}

func (r *reader) u32() (uint32, error) {
	v, n, err := leb128.DecodeUint(r.b[r.pos:], 32)
	if err != nil {
		return 0, fmt.Errorf("wasmsnap: at offset %d: %w", r.pos, err)
	}
	r.pos += n
	return uint32(v), nil
}

func (r *reader) s32() (int32, error) {
	v, n, err := leb128.DecodeInt(r.b[r.pos:], 32)
	if err != nil {
		return 0, fmt.Errorf("wasmsnap: at offset %d: %w", r.pos, err)
	}
	r.pos += n
	return int32(v), nil
}

// Split separates a module's memory image from its code: it returns the
// initial linear memory (the minimum size, with every active data segment
// applied) and the module with an empty data section. A host that supplies
// the image itself, e.g. as a copy-on-write mapping, instantiates the
// stripped module without copying data on every instance. Only active
// segments for memory 0 with an i32.const offset are supported; anything
// else is an error and the caller should use the module as it is.
func Split(module []byte) (image, stripped []byte, err error) {
	secs, err := split(module)
	if err != nil {
		return nil, nil, err
	}
	var minPages uint32
	for _, s := range secs {
		if s.id == secMemory {
			r := &reader{b: s.payload}
			if n, err := r.u32(); err != nil || n != 1 {
				return nil, nil, errors.New("wasmsnap: want exactly one memory")
			}
			if _, err := r.byte(); err != nil {
				return nil, nil, err
			}
			if minPages, err = r.u32(); err != nil {
				return nil, nil, err
			}
		}
	}
	if minPages == 0 {
		return nil, nil, errors.New("wasmsnap: module has no initial memory")
	}
	image = make([]byte, int(minPages)*pageSize)
	var out bytes.Buffer
	out.Write(module[:8])
	for _, s := range secs {
		switch s.id {
		case secData:
			if err := applySegments(image, s.payload); err != nil {
				return nil, nil, err
			}
			writeSection(&out, secData, leb128.AppendUint32(nil, 0))
		case secDataCount:
			writeSection(&out, secDataCount, leb128.AppendUint32(nil, 0))
		default:
			writeSection(&out, s.id, s.payload)
		}
	}
	return image, out.Bytes(), nil
}

func applySegments(image, payload []byte) error {
	r := &reader{b: payload}
	n, err := r.u32()
	if err != nil {
		return err
	}
	for i := uint32(0); i < n; i++ {
		flag, err := r.byte()
		if err != nil {
			return err
		}
		op, err := r.byte()
		if err != nil {
			return err
		}
		if flag != 0 || op != 0x41 {
			return fmt.Errorf("wasmsnap: data segment %d is not active with an i32.const offset", i)
		}
		off, err := r.s32()
		if err != nil {
			return err
		}
		if end, err := r.byte(); err != nil || end != 0x0b {
			return fmt.Errorf("wasmsnap: data segment %d has a complex offset", i)
		}
		size, err := r.u32()
		if err != nil {
			return err
		}
		if int(size) > len(r.b)-r.pos || uint64(uint32(off))+uint64(size) > uint64(len(image)) {
			return fmt.Errorf("wasmsnap: data segment %d is out of range", i)
		}
		copy(image[uint32(off):], r.b[r.pos:r.pos+int(size)])
		r.pos += int(size)
	}
	return nil
}
