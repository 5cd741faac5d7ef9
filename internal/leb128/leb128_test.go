package leb128

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestRoundTrip(t *testing.T) {
	for _, v := range []uint32{0, 1, 0x7f, 0x80, 0x3fff, 0x4000, math.MaxUint32} {
		b := AppendUint32(nil, v)
		got, n, err := DecodeUint(b, 32)
		assert.NoError(t, err)
		assert.Equal(t, uint64(v), got)
		assert.Equal(t, len(b), n)
	}
	for _, v := range []int32{0, 1, -1, 63, 64, -64, -65, math.MaxInt32, math.MinInt32} {
		b := AppendInt32(nil, v)
		got, n, err := DecodeInt(b, 32)
		assert.NoError(t, err)
		assert.Equal(t, int64(v), got)
		assert.Equal(t, len(b), n)
	}
}

func TestDecodeLimits(t *testing.T) {
	cases := []struct {
		name   string
		in     []byte
		bits   uint
		signed bool
		want   int64
		err    error
	}{
		{"empty", nil, 32, false, 0, ErrTruncated},
		{"ends inside", []byte{0x80, 0x80}, 32, false, 0, ErrTruncated},
		{"padded but within five bytes", []byte{0x81, 0x80, 0x80, 0x80, 0x00}, 32, false, 1, nil},
		{"six bytes", []byte{0x80, 0x80, 0x80, 0x80, 0x80, 0x00}, 32, false, 0, ErrOverflow},
		{"bit 32 set", []byte{0x80, 0x80, 0x80, 0x80, 0x10}, 32, false, 0, ErrOverflow},
		{"trailing bytes are not read", []byte{0x05, 0xff}, 32, false, 5, nil},
		{"s32 -1 padded", []byte{0xff, 0xff, 0xff, 0xff, 0x7f}, 32, true, -1, nil},
		{"s32 bad sign extension", []byte{0xff, 0xff, 0xff, 0xff, 0x4f}, 32, true, 0, ErrOverflow},
		{"s33 block type -64", []byte{0x40}, 33, true, -64, nil},
		{"s64 min", []byte{0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x7f}, 64, true, math.MinInt64, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var got int64
			var err error
			if tc.signed {
				got, _, err = DecodeInt(tc.in, tc.bits)
			} else {
				var u uint64
				u, _, err = DecodeUint(tc.in, tc.bits)
				got = int64(u)
			}
			assert.ErrorIs(t, err, tc.err)
			assert.Equal(t, tc.want, got)
		})
	}
}
