package wasminstr

import (
	"unicode/utf8"
)

// reader decodes the primitive encodings of the WebAssembly binary format
// from a byte slice. Every read is bounds-checked and reports an *Error
// carrying the absolute module offset, so malformed input can never cause a
// panic or an out-of-range slice.
type reader struct {
	buf []byte
	pos int
	// base is the absolute offset of buf[0] within the whole module, so that
	// errors raised while reading a sub-slice still point at the right byte.
	base int
	// section and fn give errors their context; fn is -1 outside function
	// bodies.
	section string
	fn      int64
	// rejectPassiveData makes memory.init and data.drop an error.
	rejectPassiveData bool
}

// newReader returns a reader over buf, whose first byte lives at the absolute
// module offset base.
func newReader(buf []byte, base int, section string) *reader {
	return &reader{buf: buf, base: base, section: section, fn: -1}
}

// offset reports the absolute module offset of the next unread byte.
func (r *reader) offset() int { return r.base + r.pos }

// remaining reports how many unread bytes are left.
func (r *reader) remaining() int { return len(r.buf) - r.pos }

// errAt builds an *Error for the byte at the relative position pos.
func (r *reader) errAt(pos int, kind error, format string, args ...any) *Error {
	return newError(kind, r.section, r.fn, r.base+pos, format, args...)
}

// eof is the error for a read that ran past the end of the buffer.
func (r *reader) eof(start int, what string) *Error {
	return r.errAt(start, ErrMalformed, "unexpected end of %s while reading %s", r.scope(), what)
}

// scope names the region being read, for end-of-input messages.
func (r *reader) scope() string {
	if r.fn >= 0 {
		return "function body"
	}
	if r.section == "" {
		return "module"
	}
	return "section"
}

// readByte returns the next byte.
func (r *reader) readByte(what string) (byte, error) {
	if r.pos >= len(r.buf) {
		return 0, r.eof(r.pos, what)
	}
	b := r.buf[r.pos]
	r.pos++
	return b, nil
}

// readBytes returns the next n bytes as a sub-slice of the input (no copy).
func (r *reader) readBytes(n int, what string) ([]byte, error) {
	if n < 0 || n > r.remaining() {
		return nil, r.eof(r.pos, what)
	}
	b := r.buf[r.pos : r.pos+n]
	r.pos += n
	return b, nil
}

// readU32 decodes an unsigned LEB128 value of at most 32 bits.
func (r *reader) readU32(what string) (uint32, error) {
	v, err := r.readUnsigned(32, what)
	return uint32(v), err
}

// readUnsigned decodes an unsigned LEB128 value of at most bits bits. It
// enforces the spec's limits: no more than ceil(bits/7) bytes, and the unused
// high bits of the final byte must be zero.
func (r *reader) readUnsigned(bits uint, what string) (uint64, error) {
	start := r.pos
	var result uint64
	for shift := uint(0); ; shift += 7 {
		b, err := r.readByte(what)
		if err != nil {
			return 0, r.eof(start, what)
		}
		if left := bits - shift; left <= 7 {
			if b&0x80 != 0 || uint64(b) >= 1<<left {
				return 0, r.errAt(start, ErrMalformed, "%s: LEB128 integer too long or out of range for u%d", what, bits)
			}
			return result | uint64(b)<<shift, nil
		}
		result |= uint64(b&0x7f) << shift
		if b&0x80 == 0 {
			return result, nil
		}
	}
}

// readSigned decodes a signed LEB128 value of at most bits bits (32, 33 or
// 64). The final byte's unused bits must all equal the sign bit, as the spec
// requires.
func (r *reader) readSigned(bits uint, what string) (int64, error) {
	start := r.pos
	var result int64
	for shift := uint(0); ; {
		b, err := r.readByte(what)
		if err != nil {
			return 0, r.eof(start, what)
		}
		left := bits - shift
		if left <= 7 {
			// Bits left-1 .. 6 of the payload must be a pure sign extension.
			mask := byte(0x7f) &^ (byte(1)<<(left-1) - 1)
			if top := b & mask; b&0x80 != 0 || (top != 0 && top != mask) {
				return 0, r.errAt(start, ErrMalformed, "%s: LEB128 integer too long or out of range for s%d", what, bits)
			}
		}
		result |= int64(b&0x7f) << shift
		shift += 7
		if b&0x80 == 0 {
			if b&0x40 != 0 && shift < 64 {
				result |= -1 << shift
			}
			return result, nil
		}
	}
}

// readName decodes a length-prefixed UTF-8 name.
func (r *reader) readName(what string) (string, error) {
	start := r.pos
	n, err := r.readU32(what + " length")
	if err != nil {
		return "", err
	}
	b, err := r.readBytes(int(n), what)
	if err != nil {
		return "", err
	}
	if !utf8.Valid(b) {
		return "", r.errAt(start, ErrMalformed, "%s is not valid UTF-8", what)
	}
	return string(b), nil
}

// readCount decodes a vector length and rejects lengths that cannot possibly
// fit in the remaining bytes (every element takes at least minSize bytes).
// This keeps hostile counts from driving huge allocations or long loops.
func (r *reader) readCount(what string, minSize int) (int, error) {
	start := r.pos
	n, err := r.readU32(what + " count")
	if err != nil {
		return 0, err
	}
	if uint64(n)*uint64(minSize) > uint64(r.remaining()) {
		return 0, r.errAt(start, ErrMalformed, "%s count %d exceeds the remaining %d bytes", what, n, r.remaining())
	}
	return int(n), nil
}

// readValType decodes a single-byte value type.
func (r *reader) readValType(what string) (byte, error) {
	start := r.pos
	b, err := r.readByte(what)
	if err != nil {
		return 0, err
	}
	if !isValType(b) {
		return 0, r.errAt(start, ErrUnsupported, "%s: unknown value type 0x%02x", what, b)
	}
	return b, nil
}

// Value type encodings we understand. Anything else (e.g. the GC proposal's
// reference type forms) is rejected rather than guessed at.
const (
	valI32       byte = 0x7f
	valI64       byte = 0x7e
	valF32       byte = 0x7d
	valF64       byte = 0x7c
	valV128      byte = 0x7b
	valFuncref   byte = 0x70
	valExternref byte = 0x6f
)

// isValType reports whether b is a value type encoding we understand.
func isValType(b byte) bool {
	switch b {
	case valI32, valI64, valF32, valF64, valV128, valFuncref, valExternref:
		return true
	}
	return false
}

// appendU32 appends v as a minimal unsigned LEB128.
func appendU32(dst []byte, v uint32) []byte {
	for v >= 0x80 {
		dst = append(dst, byte(v)|0x80)
		v >>= 7
	}
	return append(dst, byte(v))
}

// appendS32 appends v as a minimal signed LEB128.
func appendS32(dst []byte, v int32) []byte {
	x := int64(v)
	for {
		b := byte(x & 0x7f)
		x >>= 7
		if (x == 0 && b&0x40 == 0) || (x == -1 && b&0x40 != 0) {
			return append(dst, b)
		}
		dst = append(dst, b|0x80)
	}
}
