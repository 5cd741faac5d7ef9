package hostcalls

import (
	"encoding/json"
	"math"
	"reflect"
	"testing"

	"github.com/fxamacker/cbor/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// referenceDecMode and referenceArgs are the general-purpose decoding the
// hand-written decoder replaced: fxamacker in strict mode, checked by
// CBORToJSON, normalised to encoding/json's shapes. They are the oracle the
// fast decoder is compared with.
var referenceDecMode = func() cbor.DecMode {
	dm, err := cbor.DecOptions{
		DupMapKey:        cbor.DupMapKeyEnforcedAPF,
		IndefLength:      cbor.IndefLengthForbidden,
		TagsMd:           cbor.TagsForbidden,
		MaxNestedLevels:  maxDepth + 2,
		MaxArrayElements: MaxPayloadBytes,
		MaxMapPairs:      MaxPayloadBytes,
		UTF8:             cbor.UTF8RejectInvalid,
		DefaultMapType:   reflect.TypeOf(map[string]any(nil)),
		IntDec:           cbor.IntDecConvertNone,
	}.DecMode()
	if err != nil {
		panic(err)
	}
	return dm
}()

func referenceArgs(b []byte) (any, error) {
	if _, err := CBORToJSON(b); err != nil {
		return nil, err
	}
	var v any
	if err := referenceDecMode.Unmarshal(b, &v); err != nil {
		return nil, err
	}
	return referenceNormalize(v, 0)
}

func referenceNormalize(v any, depth int) (any, error) {
	if depth > maxDepth {
		return nil, errTruncated
	}
	switch x := v.(type) {
	case nil, bool, string:
		return x, nil
	case uint64: // the ABI's integer rule, stated independently of the decoder
		if x > 1<<53-1 {
			return nil, errTruncated
		}
		return float64(x), nil
	case int64:
		if x > 1<<53-1 || x < -(1<<53-1) {
			return nil, errTruncated
		}
		return float64(x), nil
	case float64:
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return nil, errTruncated
		}
		return x, nil
	case float32:
		return referenceNormalize(float64(x), depth)
	case []any:
		for i, e := range x {
			n, err := referenceNormalize(e, depth+1)
			if err != nil {
				return nil, err
			}
			x[i] = n
		}
		return x, nil
	case map[string]any:
		for k, e := range x {
			n, err := referenceNormalize(e, depth+1)
			if err != nil {
				return nil, err
			}
			x[k] = n
		}
		return x, nil
	}
	return nil, errTruncated
}

// decodeArgs runs the fast decoder on one item, as DecodeCall does.
func decodeArgs(b []byte) (any, error) {
	r := cborReader{b: b}
	v, _, err := r.decodeValue()
	if err == nil && r.off != len(b) {
		err = errTruncated
	}
	return v, err
}

// FuzzArgsMatchReference: the fast decoder accepts exactly what the
// reference accepts, with the same result.
func FuzzArgsMatchReference(f *testing.F) {
	for _, s := range [][]byte{
		mustCBOR(f, map[string]any{"path": "a", "n": []any{1, -2, 2.5, true, nil}}),
		{0xa2, 0x61, 'a', 0x01, 0x61, 'a', 0x02},
		{0x9f, 0x01, 0xff},
		{0xf9, 0x7e, 0x00},
		{0xf9, 0x3c, 0x00},
		{0xfa, 0x3f, 0xc0, 0, 0},
		{0x1b, 0x00, 0x20, 0, 0, 0, 0, 0, 0},
		{0x3b, 0x00, 0x1f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff},
		{0x18, 0x05},
		{0xc1, 0x01},
		{0xf7},
		{0x62, 0xff, 0xfe},
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		got, err := decodeArgs(b)
		want, wantErr := referenceArgs(b)
		if (err == nil) != (wantErr == nil) {
			t.Fatalf("%x: fast error %v, reference error %v", b, err, wantErr)
		}
		if err == nil && !reflect.DeepEqual(got, want) {
			t.Fatalf("%x: fast %#v, reference %#v", b, got, want)
		}
	})
}

func TestArgsNestingLimitMatchesReference(t *testing.T) {
	for _, n := range []int{999, 1000, 1001, 1002} {
		b := make([]byte, 0, n+1)
		for range n {
			b = append(b, 0x81)
		}
		b = append(b, 0xf6)
		_, err := decodeArgs(b)
		_, wantErr := referenceArgs(b)
		assert.Equal(t, wantErr == nil, err == nil, "%d levels", n)
	}
}

// The fast encoder gives the bytes of the general path: json.Marshal, then
// JSONToCBOR.
func TestEncodeResultFastPathMatchesJSONPath(t *testing.T) {
	deep := any("leaf")
	for range maxDepth + 1 {
		deep = []any{deep}
	}
	for _, v := range []any{
		nil, true, false, "", "é ünïcode \u2028 <&>", "\xff bad utf-8",
		0.0, math.Copysign(0, -1), 1.5, -2.0, 1e300, 5e-324, float64(1 << 60), 1<<53 - 1, -(1<<53 - 1),
		1 << 53, int64(1<<53 + 1), int64(1 << 60), math.NaN(), math.Inf(1),
		[]any{}, []any(nil), []any{1, "a", []any{nil}}, map[string]any{},
		map[string]any(nil), map[string]any{"b": 1, "a": []any{true}, "": nil, "é": 2, "B": 3},
		map[string]any{"\xff": 1}, deep, float32(0.1), []int{1, 2},
	} {
		want, wantErr := jsonPath(v)
		got, err := EncodeResult(v)
		if wantErr != nil {
			assert.Error(t, err, "%#v", v)
			continue
		}
		require.NoError(t, err, "%#v", v)
		assert.Equal(t, want, got, "%#v", v)
	}
}

// jsonPath is EncodeResult's general path on its own.
func jsonPath(v any) ([]byte, error) {
	raw, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	return JSONToCBOR(raw)
}

func TestEncodeResultTranscodesRawJSONInOrder(t *testing.T) {
	got, err := EncodeResult(json.RawMessage(` {"b": 1, "a": [true, null, "x"]} `))
	require.NoError(t, err)
	back, err := CBORToJSON(got)
	require.NoError(t, err)
	assert.Equal(t, `{"b":1,"a":[true,null,"x"]}`, string(back), "the keys keep their order")

	for _, bad := range []string{`{"a":1}x`, `{"a":1} {"b":2}`, `{"a":`, ``, `NaN`} {
		_, err := EncodeResult(json.RawMessage(bad))
		assert.Error(t, err, "%q", bad)
	}
}
