package hostcalls

import (
	"encoding/json"
	"testing"
)

// FuzzDecodeCall feeds the host-side decoder arbitrary bytes, as a hostile
// guest could. It must never panic, and what it accepts must be a call the
// bridge can act on: a non-zero id and JSON-shaped arguments.
func FuzzDecodeCall(f *testing.F) {
	seeds := [][]byte{
		mustCBOR(f, []any{1, 0, "read", map[string]any{"path": "a"}}),
		mustCBOR(f, []any{2, 1, "", []any{1.5, "x", true, nil}}),
		mustCBOR(f, []any{3, 0, "__proto__", nil}),
		{0x84, 0x01, 0x00, 0x61, 'f', 0xa2, 0x61, 'a', 0x01, 0x61, 'a', 0x02},
		{0x84, 0x01, 0x00, 0x61, 'f', 0x9f, 0x01, 0xff},
		{0x84, 0x01, 0x00, 0x61, 'f', 0xf9, 0x7e, 0x00},
		{0xff},
		{},
	}
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, msg []byte) {
		c, err := DecodeCall(msg)
		if err != nil {
			return
		}
		if c.ID == 0 {
			t.Fatalf("accepted id 0")
		}
		if !jsonShaped(c.Args, 0) {
			t.Fatalf("accepted non-JSON arguments %#v", c.Args)
		}
		if _, err := EncodeResult(c.Args); err != nil {
			t.Fatalf("accepted arguments cannot round-trip: %v", err)
		}
	})
}

// FuzzCBORToJSON checks the value transcoder never panics and only emits
// valid JSON.
func FuzzCBORToJSON(f *testing.F) {
	f.Add(mustCBOR(f, map[string]any{"a": []any{1, "b"}}))
	f.Add([]byte{0xfb, 0x3f, 0xf8, 0, 0, 0, 0, 0, 0})
	f.Add([]byte{0x9b, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff})
	f.Fuzz(func(t *testing.T, b []byte) {
		j, err := CBORToJSON(b)
		if err != nil {
			return
		}
		if !jsonValid(j) {
			t.Fatalf("invalid JSON %q from %x", j, b)
		}
	})
}

func jsonShaped(v any, depth int) bool {
	if depth > maxDepth+2 {
		return false
	}
	switch x := v.(type) {
	case nil, bool, string, float64:
		return true
	case []any:
		for _, e := range x {
			if !jsonShaped(e, depth+1) {
				return false
			}
		}
		return true
	case map[string]any:
		for _, e := range x {
			if !jsonShaped(e, depth+1) {
				return false
			}
		}
		return true
	}
	return false
}

func jsonValid(b []byte) bool { return json.Valid(b) }
