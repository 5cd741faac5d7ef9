package seal

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func key(b byte) []byte { return bytes.Repeat([]byte{b}, KeySize) }

func TestRoundTrip(t *testing.T) {
	box, err := Seal(key(1), "run", []byte("hdr"), []byte("secret payload"))
	require.NoError(t, err)
	assert.NotContains(t, string(box), "secret payload", "the payload is encrypted")
	h, p, err := Open(key(1), "run", box)
	require.NoError(t, err)
	assert.Equal(t, "hdr", string(h))
	assert.Equal(t, "secret payload", string(p))

	again, err := Seal(key(1), "run", []byte("hdr"), []byte("secret payload"))
	require.NoError(t, err)
	assert.NotEqual(t, box, again, "every box has a fresh nonce")
}

func TestRefusals(t *testing.T) {
	box, err := Seal(key(1), "run", []byte("hdr"), []byte("payload"))
	require.NoError(t, err)

	_, _, err = Open(key(2), "run", box)
	assert.ErrorIs(t, err, ErrKey)
	_, _, err = Open(key(1), "other purpose", box)
	assert.ErrorIs(t, err, ErrInvalid, "a box is bound to its purpose")

	for i := range box {
		tampered := bytes.Clone(box)
		tampered[i] ^= 0x40
		_, _, err := Open(key(1), "run", tampered)
		assert.Error(t, err, "flipping byte %d must be detected", i)
	}
	for n := 0; n < len(box); n++ {
		_, _, err := Open(key(1), "run", box[:n])
		assert.ErrorIs(t, err, ErrInvalid, "truncated to %d bytes", n)
	}
	_, _, err = Open(key(1), "run", append(bytes.Clone(box), 0))
	assert.ErrorIs(t, err, ErrInvalid, "an extra byte is detected")

	_, err = Seal(key(1)[:31], "run", nil, nil)
	assert.ErrorContains(t, err, "31 bytes, want 32")
	_, _, err = Open(nil, "run", box)
	assert.ErrorContains(t, err, "0 bytes, want 32")
	_, err = Seal(key(1), "run", make([]byte, MaxHeader+1), nil)
	assert.Error(t, err)
}

func TestHeaderReadableBeforeOpen(t *testing.T) {
	box, err := Seal(key(3), "run", []byte("build-42"), []byte("x"))
	require.NoError(t, err)
	h, id, err := Header(box)
	require.NoError(t, err)
	assert.Equal(t, "build-42", string(h))
	assert.Equal(t, KeyID(key(3)), id)
	assert.NotEqual(t, KeyID(key(3)), KeyID(key(4)))
}

func FuzzOpen(f *testing.F) {
	box, _ := Seal(key(1), "run", []byte("h"), []byte("p"))
	f.Add(box)
	f.Add([]byte("crsb"))
	f.Fuzz(func(t *testing.T, b []byte) {
		h, p, err := Open(key(1), "run", b)
		if err == nil && (string(h) != "h" || string(p) != "p") {
			t.Fatalf("forged box opened: %q %q", h, p)
		}
	})
}
