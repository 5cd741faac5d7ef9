package hostcalls

import (
	"bytes"
	"testing"

	"github.com/fxamacker/cbor/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func mustCBOR(t testing.TB, v any) []byte {
	t.Helper()
	b, err := cbor.Marshal(v)
	require.NoError(t, err)
	return b
}

func TestDecodeCall(t *testing.T) {
	msg := mustCBOR(t, []any{7, 1, "read", map[string]any{"path": "a.txt", "n": 3, "tags": []any{"x", true, nil}}})
	c, err := DecodeCall(msg)
	require.NoError(t, err)
	assert.Equal(t, Call{ID: 7, Namespace: 1, Function: "read", Args: map[string]any{
		"path": "a.txt", "n": 3.0, "tags": []any{"x", true, nil},
	}, ArgsCBOR: msg[len(msg)-len(c.ArgsCBOR):], HeldBytes: c.HeldBytes}, c)
	assert.Greater(t, c.HeldBytes, int64(len(msg)), "the message and the Go values are held")
	j, err := CBORToJSON(c.ArgsCBOR)
	require.NoError(t, err)
	assert.JSONEq(t, `{"path":"a.txt","n":3,"tags":["x",true,null]}`, string(j), "ArgsCBOR is exactly the arguments item")
}

func TestDecodeCallRejectsHostileMessages(t *testing.T) {
	dupKeys := []byte{0x84, 0x01, 0x00, 0x61, 'f', 0xa2, 0x61, 'a', 0x01, 0x61, 'a', 0x02}
	indefinite := []byte{0x84, 0x01, 0x00, 0x61, 'f', 0x9f, 0x01, 0xff}
	tagged := []byte{0x84, 0x01, 0x00, 0x61, 'f', 0xc1, 0x01}
	badUTF8 := []byte{0x84, 0x01, 0x00, 0x62, 0xff, 0xfe, 0xf6}
	nan := []byte{0x84, 0x01, 0x00, 0x61, 'f', 0xf9, 0x7e, 0x00}
	undef := []byte{0x84, 0x01, 0x00, 0x61, 'f', 0xf7}
	byteString := []byte{0x84, 0x01, 0x00, 0x61, 'f', 0x41, 0x00}
	intKeyMap := []byte{0x84, 0x01, 0x00, 0x61, 'f', 0xa1, 0x01, 0x02}
	deep := append(bytes.Repeat([]byte{0x81}, 2000), 0xf6)
	deepMsg := append([]byte{0x84, 0x01, 0x00, 0x61, 'f'}, deep...)
	cases := map[string][]byte{
		"empty":             nil,
		"garbage":           []byte{0xff, 0x00, 0x13},
		"not an array":      mustCBOR(t, map[string]any{"id": 1}),
		"too few items":     mustCBOR(t, []any{1, 0, "f"}),
		"too many items":    mustCBOR(t, []any{1, 0, "f", nil, nil}),
		"zero id":           mustCBOR(t, []any{0, 0, "f", nil}),
		"negative id":       mustCBOR(t, []any{-1, 0, "f", nil}),
		"id too large":      mustCBOR(t, []any{uint64(1) << 40, 0, "f", nil}),
		"namespace string":  mustCBOR(t, []any{1, "tools", "f", nil}),
		"function number":   mustCBOR(t, []any{1, 0, 5, nil}),
		"duplicate keys":    dupKeys,
		"indefinite length": indefinite,
		"tag":               tagged,
		"invalid UTF-8":     badUTF8,
		"NaN argument":      nan,
		"undefined":         undef,
		"byte string":       byteString,
		"integer map key":   intKeyMap,
		"nested too deep":   deepMsg,
		"trailing bytes":    append(mustCBOR(t, []any{1, 0, "f", nil}), 0x00),
		"oversized":         make([]byte, MaxPayloadBytes+1),
	}
	for name, msg := range cases {
		t.Run(name, func(t *testing.T) {
			_, err := DecodeCall(msg)
			assert.Error(t, err)
		})
	}
}

func TestCBORToJSONKeepsOrderAndRejectsNonJSON(t *testing.T) {
	// {"z": 1, "a": [1.5, -2, "s", true, false, null]} with keys in that order.
	b := []byte{0xa2, 0x61, 'z', 0x01, 0x61, 'a', 0x86,
		0xfb, 0x3f, 0xf8, 0, 0, 0, 0, 0, 0, 0x21, 0x61, 's', 0xf5, 0xf4, 0xf6}
	j, err := CBORToJSON(b)
	require.NoError(t, err)
	assert.Equal(t, `{"z":1,"a":[1.5,-2,"s",true,false,null]}`, string(j))

	for name, bad := range map[string][]byte{
		"truncated":   {0x82, 0x01},
		"bytes":       {0x41, 0x00},
		"NaN":         {0xf9, 0x7e, 0x00},
		"undefined":   {0xf7},
		"int key":     {0xa1, 0x01, 0x01},
		"trailing":    {0x01, 0x01},
		"huge length": {0x9b, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff},
		"bad utf8":    {0x61, 0xff},
		"unsafe int":  {0x1b, 0x00, 0x40, 0, 0, 0, 0, 0, 0},
	} {
		_, err := CBORToJSON(bad)
		assert.Error(t, err, name)
	}
}

func TestEncodeResultRoundTripsThroughJSON(t *testing.T) {
	type row struct {
		Name string  `json:"name"`
		Size float64 `json:"size,omitempty"`
		Skip string  `json:"-"`
	}
	b, err := EncodeResult([]any{row{Name: "a", Skip: "x"}, map[string]int{"b": 2, "a": 1}, 1e300, "é"})
	require.NoError(t, err)
	j, err := CBORToJSON(b)
	require.NoError(t, err)
	assert.Equal(t, `[{"name":"a"},{"a":1,"b":2},1e+300,"é"]`, string(j))

	_, err = EncodeResult(int64(1<<53 + 1))
	assert.ErrorContains(t, err, "cannot be represented exactly")
	_, err = EncodeResult(func() {})
	assert.ErrorContains(t, err, "not JSON")
}

// The message's size does not bound the Go values it becomes: millions of
// one-byte items are refused before they are built, while the same bytes
// as one string decode.
func TestDecodeCallBoundsTheDecodedArgument(t *testing.T) {
	n := 4 << 20 // zeros: 4 MiB of CBOR, about 100 MiB of []any
	head := []byte{0x84, 0x01, 0x00, 0x61, 'f', 0x9a, byte(n >> 24), byte(n >> 16), byte(n >> 8), byte(n)}
	_, err := DecodeCall(append(head, make([]byte, n)...))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "over the 64 MiB limit: pass fewer items")

	c, err := DecodeCall(mustCBOR(t, []any{1, 0, "f", string(bytes.Repeat([]byte("x"), n))}))
	require.NoError(t, err)
	assert.Len(t, c.Args, n)
}
