package hostcalls

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The one decoder's rules hold for both of its uses: a call's arguments
// (DecodeCall) and a completion value (CBORToJSON).

// callWith wraps an argument item in a call message [1, 0, "f", item].
func callWith(item []byte) []byte {
	return append([]byte{0x84, 0x01, 0x00, 0x61, 'f'}, item...)
}

// bothDecoders decodes item as a call's arguments and as a completion
// value, returning the arguments and the two errors.
func bothDecoders(t *testing.T, item []byte) (args any, callErr, valueErr error) {
	t.Helper()
	c, callErr := DecodeCall(callWith(item))
	_, valueErr = CBORToJSON(item)
	return c.Args, callErr, valueErr
}

func TestIntegerRangeIsTheABIs(t *testing.T) {
	cases := []struct {
		name string
		item []byte
		ok   bool
		want float64
		json string
	}{
		{"2^53-1", []byte{0x1b, 0x00, 0x1f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff}, true, 1<<53 - 1, "9007199254740991"},
		{"-(2^53-1)", []byte{0x3b, 0x00, 0x1f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfe}, true, -(1<<53 - 1), "-9007199254740991"},
		{"2^53", []byte{0x1b, 0x00, 0x20, 0, 0, 0, 0, 0, 0}, false, 0, ""},
		{"-2^53", []byte{0x3b, 0x00, 0x1f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff}, false, 0, ""},
		{"2^64-1", []byte{0x1b, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff}, false, 0, ""},
		{"-2^64", []byte{0x3b, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff}, false, 0, ""},
		// 2^53 as a float64 is what the guest sends for it: a float, fine.
		{"2^53 as float64", []byte{0xfb, 0x43, 0x40, 0, 0, 0, 0, 0, 0}, true, 1 << 53, "9007199254740992"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			args, callErr, valueErr := bothDecoders(t, c.item)
			if !c.ok {
				assert.ErrorContains(t, callErr, "outside the safe range")
				assert.ErrorContains(t, valueErr, "outside the safe range")
				return
			}
			require.NoError(t, callErr)
			require.NoError(t, valueErr)
			assert.Equal(t, c.want, args)
			j, _ := CBORToJSON(c.item)
			assert.Equal(t, c.json, string(j))
		})
	}
}

// mapItem encodes a map of n text keys (key i is keys(i)) to null.
func mapItem(n int, keys func(i int) string) []byte {
	b := appendHead(nil, 5, uint64(n))
	for i := range n {
		k := keys(i)
		b = append(appendHead(b, 3, uint64(len(k))), k...)
		b = append(b, 0xf6)
	}
	return b
}

func TestDuplicateKeysRefusedEverywhere(t *testing.T) {
	for _, n := range []int{2, smallMap, smallMap + 1, 100} {
		dupLast := mapItem(n, func(i int) string {
			if i == n-1 {
				return "k0"
			}
			return fmt.Sprint("k", i)
		})
		distinct := mapItem(n, func(i int) string { return fmt.Sprint("k", i) })
		for name, item := range map[string][]byte{
			"top level": dupLast,
			"nested":    append([]byte{0x82, 0x01, 0xa1, 0x61, 'x'}, dupLast...),
		} {
			_, callErr, valueErr := bothDecoders(t, item)
			assert.ErrorContains(t, callErr, `duplicate map key "k0"`, "%d keys, %s", n, name)
			assert.ErrorContains(t, valueErr, `duplicate map key "k0"`, "%d keys, %s", n, name)
		}
		args, callErr, valueErr := bothDecoders(t, distinct)
		require.NoError(t, callErr, "%d distinct keys", n)
		require.NoError(t, valueErr, "%d distinct keys", n)
		assert.Len(t, args, n)
	}
	// The same key in two sibling maps, or in a map and the map inside it,
	// is no duplicate.
	siblings := []byte{0x82, 0xa1, 0x61, 'a', 0x01, 0xa1, 0x61, 'a', 0x02}
	inner := []byte{0xa2, 0x61, 'a', 0xa1, 0x61, 'a', 0x01, 0x61, 'b', 0x02}
	for _, item := range [][]byte{siblings, inner} {
		_, callErr, valueErr := bothDecoders(t, item)
		assert.NoError(t, callErr, "%x", item)
		assert.NoError(t, valueErr, "%x", item)
	}
	j, err := CBORToJSON(inner)
	require.NoError(t, err)
	assert.Equal(t, `{"a":{"a":1},"b":2}`, string(j))
}

func TestNestingLimitIsTheSameForBoth(t *testing.T) {
	for n, ok := range map[int]bool{maxDepth - 1: true, maxDepth: true, maxDepth + 1: false} {
		arrays := append(bytes.Repeat([]byte{0x81}, n), 0xf6)
		maps := append(bytes.Repeat([]byte{0xa1, 0x60}, n), 0xf6) // {"": {"": … null}}
		for name, item := range map[string][]byte{"arrays": arrays, "maps": maps} {
			_, callErr, valueErr := bothDecoders(t, item)
			if ok {
				assert.NoError(t, callErr, "%d %s", n, name)
				assert.NoError(t, valueErr, "%d %s", n, name)
			} else {
				assert.ErrorContains(t, callErr, "nested deeper than 1000 levels", "%d %s", n, name)
				assert.ErrorContains(t, valueErr, "nested deeper than 1000 levels", "%d %s", n, name)
			}
		}
	}
}

func TestCBORToJSONShapes(t *testing.T) {
	for item, want := range map[string]string{
		"\x80":                            `[]`,
		"\xa0":                            `{}`,
		"\x83\x80\xa0\x81\x80":            `[[],{},[[]]]`,
		"\xa2\x61b\x80\x61a\xa1\x61c\xf5": `{"b":[],"a":{"c":true}}`,
		"\xf9\x80\x00":                    `-0`,
		"\xfa\x3f\xc0\x00\x00":            `1.5`,
		"\x63\xe2\x80\xa8":                `"\u2028"`,
	} {
		j, err := CBORToJSON([]byte(item))
		require.NoError(t, err, "%x", item)
		assert.Equal(t, want, string(j), "%x", item)
	}
}
