package seal

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func key(b byte) []byte { return bytes.Repeat([]byte{b}, KeySize) }

func TestSealOpenRoundTrip(t *testing.T) {
	for _, plain := range [][]byte{nil, []byte("x"), bytes.Repeat([]byte("state"), 10000)} {
		sealed, err := Seal(key(1), []byte("purpose"), plain)
		require.NoError(t, err)
		assert.Len(t, sealed, len(plain)+Overhead)
		assert.NotContains(t, string(sealed), "state", "the plaintext does not show")
		got, err := Open(key(1), []byte("purpose"), sealed)
		require.NoError(t, err)
		assert.Equal(t, string(plain), string(got))
	}
}

func TestSealUsesAFreshNonceEachTime(t *testing.T) {
	a, err := Seal(key(1), nil, []byte("same"))
	require.NoError(t, err)
	b, err := Seal(key(1), nil, []byte("same"))
	require.NoError(t, err)
	assert.NotEqual(t, a, b)
}

func TestOpenRefuses(t *testing.T) {
	sealed, err := Seal(key(1), []byte("purpose"), []byte("the run"))
	require.NoError(t, err)

	_, err = Open(key(2), []byte("purpose"), sealed)
	assert.ErrorIs(t, err, ErrWrongKey)

	_, err = Open(key(1), []byte("another purpose"), sealed)
	assert.ErrorIs(t, err, ErrTampered, "a value does not open for another purpose")

	for i := range sealed {
		changed := bytes.Clone(sealed)
		changed[i] ^= 0x01
		_, err := Open(key(1), []byte("purpose"), changed)
		assert.Error(t, err, "byte %d flipped", i)
		switch {
		case i == 0:
			assert.ErrorIs(t, err, ErrMalformed, "the version byte")
		case i < 1+keyIDSize:
			assert.ErrorIs(t, err, ErrWrongKey, "the key id")
		default:
			assert.ErrorIs(t, err, ErrTampered, "byte %d", i)
		}
	}

	for _, n := range []int{0, 1, Overhead - 1} {
		_, err := Open(key(1), []byte("purpose"), sealed[:n])
		assert.ErrorIs(t, err, ErrMalformed, "cut to %d bytes", n)
	}
	_, err = Open(key(1), []byte("purpose"), sealed[:len(sealed)-1])
	assert.ErrorIs(t, err, ErrTampered, "one byte short")
}

func TestKeyMustBe32Bytes(t *testing.T) {
	_, err := Seal(make([]byte, 16), nil, nil)
	assert.ErrorIs(t, err, ErrKeySize)
	_, err = Open(nil, nil, make([]byte, 100))
	assert.ErrorIs(t, err, ErrKeySize)
}
