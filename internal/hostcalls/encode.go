package hostcalls

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"math/big"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// MaxPayloadBytes bounds one call message from the guest and one encoded
// result to it. The guest's memory limit is the practical bound; this one
// keeps a hostile guest from making the host decode arbitrarily large input.
const MaxPayloadBytes = 32 << 20

// maxDepth bounds nesting in both directions, matching the guest's encoder.
const maxDepth = 1000

// EncodeResult marshals a Go value the way encoding/json does (struct tags
// included) and re-encodes it as CBOR for the guest. It fails when the value
// cannot cross losslessly: NaN, infinities, channels, funcs, and integers a
// JavaScript number cannot hold exactly.
//
// A json.RawMessage is transcoded as it is, keeping its object key order:
// a host that already holds the result as JSON (Code Mode does) pays for
// neither a marshal nor a sort.
func EncodeResult(v any) ([]byte, error) {
	if raw, ok := v.(json.RawMessage); ok {
		out, err := JSONToCBOR(raw)
		if err != nil {
			return nil, fmt.Errorf("result is not JSON: %w", err)
		}
		return out, nil
	}
	if out, ok := appendJSONFast(nil, v, 0); ok {
		if len(out) > MaxPayloadBytes {
			return nil, fmt.Errorf("result is %d bytes, over the %d-byte limit", len(out), MaxPayloadBytes)
		}
		return out, nil
	}
	raw, err := json.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("result is not JSON: %w", err)
	}
	return JSONToCBOR(raw)
}

// appendJSONFast encodes the shapes a Function most often returns (what
// encoding/json decodes into an any, and ints) straight to CBOR, skipping
// the JSON text and its re-parse, which cost more than the rest of a call.
// The bytes are exactly what json.Marshal followed by JSONToCBOR gives
// (map keys sorted, as encoding/json sorts them). It reports false for
// anything else, and for whatever that path would alter or refuse (invalid
// UTF-8, non-finite numbers, integers beyond 2^53, nesting past maxDepth,
// which also stops cycles): the caller then takes that path, errors
// included.
func appendJSONFast(b []byte, v any, depth int) ([]byte, bool) {
	if depth > maxDepth {
		return b, false
	}
	switch x := v.(type) {
	case nil:
		return append(b, 0xf6), true
	case bool:
		if x {
			return append(b, 0xf5), true
		}
		return append(b, 0xf4), true
	case string:
		if !utf8.ValidString(x) {
			return b, false
		}
		return append(appendHead(b, 3, uint64(len(x))), x...), true
	case float64:
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return b, false
		}
		return appendNumber(b, x), true
	case int:
		if x > 1<<53-1 || x < -(1<<53-1) {
			return b, false
		}
		return appendNumber(b, float64(x)), true
	case int64:
		if x > 1<<53-1 || x < -(1<<53-1) {
			return b, false
		}
		return appendNumber(b, float64(x)), true
	case []any:
		if x == nil {
			return append(b, 0xf6), true // encoding/json writes a nil slice as null
		}
		b = appendHead(b, 4, uint64(len(x)))
		for _, e := range x {
			var ok bool
			if b, ok = appendJSONFast(b, e, depth+1); !ok {
				return b, false
			}
		}
		return b, true
	case map[string]any:
		if x == nil {
			return append(b, 0xf6), true
		}
		keys := make([]string, 0, len(x))
		for k := range x {
			if !utf8.ValidString(k) {
				return b, false
			}
			keys = append(keys, k)
		}
		slices.Sort(keys)
		b = appendHead(b, 5, uint64(len(x)))
		for _, k := range keys {
			b = append(appendHead(b, 3, uint64(len(k))), k...)
			var ok bool
			if b, ok = appendJSONFast(b, x[k], depth+1); !ok {
				return b, false
			}
		}
		return b, true
	}
	return b, false
}

// JSONToCBOR re-encodes JSON text as CBOR, keeping object key order.
func JSONToCBOR(raw []byte) ([]byte, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var out []byte
	if err := transcodeJSON(dec, &out, 0); err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("trailing data after JSON value")
	}
	if len(out) > MaxPayloadBytes {
		return nil, fmt.Errorf("result is %d bytes, over the %d-byte limit", len(out), MaxPayloadBytes)
	}
	return out, nil
}

func transcodeJSON(dec *json.Decoder, out *[]byte, depth int) error {
	if depth > maxDepth {
		return fmt.Errorf("result nested deeper than %d levels", maxDepth)
	}
	tok, err := dec.Token()
	if err != nil {
		return fmt.Errorf("result is not JSON: %w", err)
	}
	switch t := tok.(type) {
	case nil:
		*out = append(*out, 0xf6)
	case bool:
		if t {
			*out = append(*out, 0xf5)
		} else {
			*out = append(*out, 0xf4)
		}
	case string:
		*out = appendHead(*out, 3, uint64(len(t)))
		*out = append(*out, t...)
	case json.Number:
		f, err := strconv.ParseFloat(string(t), 64)
		if err != nil || math.IsInf(f, 0) {
			return fmt.Errorf("number %s is out of range for JavaScript", t)
		}
		if isIntegerLiteral(string(t)) && !exactInteger(string(t), f) {
			return fmt.Errorf("integer %s cannot be represented exactly as a JavaScript number", t)
		}
		*out = appendNumber(*out, f)
	case json.Delim:
		switch t {
		case '[':
			var elems []byte
			n := 0
			for dec.More() {
				if err := transcodeJSON(dec, &elems, depth+1); err != nil {
					return err
				}
				n++
			}
			if _, err := dec.Token(); err != nil {
				return err
			}
			*out = appendHead(*out, 4, uint64(n))
			*out = append(*out, elems...)
		case '{':
			var pairs []byte
			n := 0
			for dec.More() {
				k, err := dec.Token()
				if err != nil {
					return err
				}
				ks := k.(string)
				pairs = appendHead(pairs, 3, uint64(len(ks)))
				pairs = append(pairs, ks...)
				if err := transcodeJSON(dec, &pairs, depth+1); err != nil {
					return err
				}
				n++
			}
			if _, err := dec.Token(); err != nil {
				return err
			}
			*out = appendHead(*out, 5, uint64(n))
			*out = append(*out, pairs...)
		}
	}
	return nil
}

// exactInteger reports whether the integer literal s denotes f without
// loss, so that a Go int64 or uint64 beyond 2^53 is refused rather than
// rounded. A literal is fine when it is f's shortest rendering (what
// encoding/json writes for a float64) or f's exact value (an integer type
// holding a representable number).
func exactInteger(s string, f float64) bool {
	if len(strings.TrimPrefix(s, "-")) <= 15 {
		return true // below 10^15 < 2^53: every integer is exact
	}
	if strconv.FormatFloat(f, 'f', -1, 64) == s {
		return true
	}
	want, ok := new(big.Int).SetString(s, 10)
	if !ok {
		return false
	}
	got, _ := new(big.Float).SetFloat64(f).Int(nil)
	return got.Cmp(want) == 0
}

func isIntegerLiteral(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '.' || c == 'e' || c == 'E' {
			return false
		}
	}
	return true
}

func appendHead(b []byte, major byte, v uint64) []byte {
	m := major << 5
	switch {
	case v < 24:
		return append(b, m|byte(v))
	case v <= math.MaxUint8:
		return append(b, m|24, byte(v))
	case v <= math.MaxUint16:
		return append(b, m|25, byte(v>>8), byte(v))
	case v <= math.MaxUint32:
		return append(b, m|26, byte(v>>24), byte(v>>16), byte(v>>8), byte(v))
	default:
		return append(b, m|27, byte(v>>56), byte(v>>48), byte(v>>40), byte(v>>32),
			byte(v>>24), byte(v>>16), byte(v>>8), byte(v))
	}
}

// appendNumber writes integral values in the safe range as CBOR integers and
// everything else as float64, the same rule the guest uses.
func appendNumber(b []byte, f float64) []byte {
	if f == math.Trunc(f) && math.Abs(f) <= 1<<53-1 && !(f == 0 && math.Signbit(f)) {
		if f >= 0 {
			return appendHead(b, 0, uint64(f))
		}
		return appendHead(b, 1, uint64(-f)-1)
	}
	u := math.Float64bits(f)
	return append(b, 0xfb, byte(u>>56), byte(u>>48), byte(u>>40), byte(u>>32),
		byte(u>>24), byte(u>>16), byte(u>>8), byte(u))
}
