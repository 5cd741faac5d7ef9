// Package leb128 encodes and decodes the LEB128 integers of the WebAssembly
// binary format within the format's limits: an n-bit value takes at most
// ceil(n/7) bytes, and the unused bits of its last byte are zero (unsigned)
// or copies of the sign bit (signed).
package leb128

import "errors"

var (
	// ErrTruncated reports input that ends inside a value.
	ErrTruncated = errors.New("leb128: truncated")
	// ErrOverflow reports a value that is too long or out of range for its
	// size.
	ErrOverflow = errors.New("leb128: too long or out of range")
)

// AppendUint32 appends v as a minimal unsigned LEB128.
func AppendUint32(dst []byte, v uint32) []byte {
	for v >= 0x80 {
		dst = append(dst, byte(v)|0x80)
		v >>= 7
	}
	return append(dst, byte(v))
}

// AppendInt32 appends v as a minimal signed LEB128.
func AppendInt32(dst []byte, v int32) []byte {
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

// DecodeUint decodes an unsigned value of at most bits bits (1 to 64) from
// the start of b, and returns it with the number of bytes it took.
func DecodeUint(b []byte, bits uint) (uint64, int, error) {
	var v uint64
	for i, shift := 0, uint(0); ; i, shift = i+1, shift+7 {
		if i == len(b) {
			return 0, 0, ErrTruncated
		}
		c := b[i]
		if left := bits - shift; left <= 7 {
			if c&0x80 != 0 || uint64(c) >= 1<<left {
				return 0, 0, ErrOverflow
			}
			return v | uint64(c)<<shift, i + 1, nil
		}
		v |= uint64(c&0x7f) << shift
		if c&0x80 == 0 {
			return v, i + 1, nil
		}
	}
}

// DecodeInt decodes a signed value of at most bits bits (1 to 64) from the
// start of b, and returns it with the number of bytes it took.
func DecodeInt(b []byte, bits uint) (int64, int, error) {
	var v int64
	for i, shift := 0, uint(0); ; i++ {
		if i == len(b) {
			return 0, 0, ErrTruncated
		}
		c := b[i]
		if left := bits - shift; left <= 7 {
			// Bits left-1 .. 6 of the payload must be a pure sign extension.
			mask := byte(0x7f) &^ (byte(1)<<(left-1) - 1)
			if top := c & mask; c&0x80 != 0 || (top != 0 && top != mask) {
				return 0, 0, ErrOverflow
			}
		}
		v |= int64(c&0x7f) << shift
		shift += 7
		if c&0x80 == 0 {
			if c&0x40 != 0 && shift < 64 {
				v |= -1 << shift
			}
			return v, i + 1, nil
		}
	}
}
