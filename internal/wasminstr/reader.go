package wasminstr

import (
	"errors"
	"unicode/utf8"

	"github.com/coderun/coderun/internal/leb128"
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

// readUnsigned decodes an unsigned LEB128 value of at most bits bits,
// within the spec's limits (package leb128).
func (r *reader) readUnsigned(bits uint, what string) (uint64, error) {
	v, n, err := leb128.DecodeUint(r.buf[r.pos:], bits)
	if err != nil {
		return 0, r.lebError(err, what, "u", bits)
	}
	r.pos += n
	return v, nil
}

// readSigned decodes a signed LEB128 value of at most bits bits (32, 33 or
// 64), within the spec's limits (package leb128).
func (r *reader) readSigned(bits uint, what string) (int64, error) {
	v, n, err := leb128.DecodeInt(r.buf[r.pos:], bits)
	if err != nil {
		return 0, r.lebError(err, what, "s", bits)
	}
	r.pos += n
	return v, nil
}

// lebError turns a leb128 error at the current position into an *Error.
func (r *reader) lebError(err error, what, sign string, bits uint) error {
	if errors.Is(err, leb128.ErrTruncated) {
		return r.eof(r.pos, what)
	}
	return r.errAt(r.pos, ErrMalformed, "%s: LEB128 integer too long or out of range for %s%d", what, sign, bits)
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
