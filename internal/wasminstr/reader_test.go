package wasminstr

import (
	"math"
	"testing"

	"github.com/coderun/coderun/internal/leb128"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestLEBRoundTrip(t *testing.T) {
	for _, v := range []uint32{0, 1, 63, 64, 127, 128, 300, 16383, 16384, 1 << 28, math.MaxUint32} {
		enc := leb128.AppendUint32(nil, v)
		assert.Equal(t, leb(uint64(v)), enc, "u32 %d", v)
		r := newReader(enc, 0, "")
		got, err := r.readU32("x")
		require.NoError(t, err)
		assert.Equal(t, v, got)
		assert.Zero(t, r.remaining())
	}
	for _, v := range []int32{0, 1, -1, 63, 64, -64, -65, 8191, -8192, math.MaxInt32, math.MinInt32} {
		enc := leb128.AppendInt32(nil, v)
		assert.Equal(t, sleb(int64(v)), enc, "s32 %d", v)
		r := newReader(enc, 0, "")
		got, err := r.readSigned(32, "x")
		require.NoError(t, err)
		assert.Equal(t, int64(v), got)
	}
	for _, v := range []int64{math.MaxInt64, math.MinInt64, -1 << 40, 0x0303030303030303} {
		r := newReader(sleb(v), 0, "")
		got, err := r.readSigned(64, "x")
		require.NoError(t, err)
		assert.Equal(t, v, got)
	}
}

func TestLEBLimits(t *testing.T) {
	cases := []struct {
		name string
		in   []byte
		bits uint
		sign bool
		ok   bool
		want int64
	}{
		{"u32 padded zero is allowed", []byte{0x80, 0x80, 0x00}, 32, false, true, 0},
		{"u32 five bytes max", []byte{0xff, 0xff, 0xff, 0xff, 0x0f}, 32, false, true, math.MaxUint32},
		{"u32 unused bits set", []byte{0xff, 0xff, 0xff, 0xff, 0x1f}, 32, false, false, 0},
		{"u32 six bytes", []byte{0x80, 0x80, 0x80, 0x80, 0x80, 0x00}, 32, false, false, 0},
		{"u32 truncated", []byte{0x80}, 32, false, false, 0},
		{"s32 min", []byte{0x80, 0x80, 0x80, 0x80, 0x78}, 32, true, true, math.MinInt32},
		{"s32 sign bits disagree", []byte{0x80, 0x80, 0x80, 0x80, 0x70}, 32, true, false, 0},
		{"s32 positive overflow", []byte{0x80, 0x80, 0x80, 0x80, 0x08}, 32, true, false, 0},
		{"s33 block type index", []byte{0xff, 0xff, 0xff, 0xff, 0x0f}, 33, true, true, math.MaxUint32},
		{"s33 too large", []byte{0xff, 0xff, 0xff, 0xff, 0x1f}, 33, true, false, 0},
		{"s64 ten bytes", []byte{0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x7f}, 64, true, true, math.MinInt64},
		{"s64 final byte bad", []byte{0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01}, 64, true, false, 0},
		{"s64 eleven bytes", []byte{0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x00}, 64, true, false, 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := newReader(tc.in, 100, "type")
			var got int64
			var err error
			if tc.sign {
				got, err = r.readSigned(tc.bits, "x")
			} else {
				var u uint64
				u, err = r.readUnsigned(tc.bits, "x")
				got = int64(u)
			}
			if !tc.ok {
				var ie *Error
				require.ErrorAs(t, err, &ie)
				assert.ErrorIs(t, err, ErrMalformed)
				assert.Equal(t, 100, ie.Offset, "offset points at the start of the integer")
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.want, got)
			assert.Zero(t, r.remaining())
		})
	}
}
