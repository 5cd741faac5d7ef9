package hostcalls

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
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
func EncodeResult(v any) ([]byte, error) {
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
	if _, err := dec.Token(); err == nil {
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

// CBORToJSON renders the guest's CBOR encoding of a completion value as JSON
// text, keeping object key order. The guest only emits the lossless-JSON
// subset of CBOR; anything else is refused.
func CBORToJSON(b []byte) (json.RawMessage, error) {
	r := cborReader{b: b}
	var out bytes.Buffer
	if err := r.value(&out, 0); err != nil {
		return nil, fmt.Errorf("hostcalls: value: %w", err)
	}
	if r.off != len(b) {
		return nil, errors.New("hostcalls: value: trailing bytes")
	}
	return out.Bytes(), nil
}

type cborReader struct {
	b   []byte
	off int
}

var errTruncated = errors.New("truncated CBOR")

func (r *cborReader) head() (major byte, info byte, arg uint64, err error) {
	if r.off >= len(r.b) {
		return 0, 0, 0, errTruncated
	}
	c := r.b[r.off]
	r.off++
	major, info = c>>5, c&31
	var n int
	switch {
	case info < 24:
		return major, info, uint64(info), nil
	case info == 24:
		n = 1
	case info == 25:
		n = 2
	case info == 26:
		n = 4
	case info == 27:
		n = 8
	default:
		return 0, 0, 0, fmt.Errorf("unsupported CBOR additional info %d", info)
	}
	if len(r.b)-r.off < n {
		return 0, 0, 0, errTruncated
	}
	for i := 0; i < n; i++ {
		arg = arg<<8 | uint64(r.b[r.off+i])
	}
	r.off += n
	return major, info, arg, nil
}

func (r *cborReader) text(out *bytes.Buffer, n uint64) error {
	if uint64(len(r.b)-r.off) < n {
		return errTruncated
	}
	s := r.b[r.off : r.off+int(n)]
	r.off += int(n)
	if !utf8.Valid(s) {
		return errors.New("invalid UTF-8 in string")
	}
	enc, _ := json.Marshal(string(s))
	out.Write(enc)
	return nil
}

func (r *cborReader) value(out *bytes.Buffer, depth int) error {
	if depth > maxDepth+1 {
		return fmt.Errorf("nested deeper than %d levels", maxDepth)
	}
	major, info, arg, err := r.head()
	if err != nil {
		return err
	}
	switch major {
	case 0:
		if arg > 1<<53 {
			return fmt.Errorf("integer %d is outside the safe range", arg)
		}
		out.WriteString(strconv.FormatUint(arg, 10))
	case 1:
		if arg >= 1<<53 {
			return fmt.Errorf("integer -%d is outside the safe range", arg+1)
		}
		out.WriteByte('-')
		out.WriteString(strconv.FormatUint(arg+1, 10))
	case 3:
		return r.text(out, arg)
	case 4:
		if arg > uint64(len(r.b)-r.off) {
			return errTruncated
		}
		out.WriteByte('[')
		for i := uint64(0); i < arg; i++ {
			if i > 0 {
				out.WriteByte(',')
			}
			if err := r.value(out, depth+1); err != nil {
				return err
			}
		}
		out.WriteByte(']')
	case 5:
		if arg > uint64(len(r.b)-r.off) {
			return errTruncated
		}
		out.WriteByte('{')
		for i := uint64(0); i < arg; i++ {
			if i > 0 {
				out.WriteByte(',')
			}
			km, _, kn, err := r.head()
			if err != nil {
				return err
			}
			if km != 3 {
				return errors.New("map key is not a string")
			}
			if err := r.text(out, kn); err != nil {
				return err
			}
			out.WriteByte(':')
			if err := r.value(out, depth+1); err != nil {
				return err
			}
		}
		out.WriteByte('}')
	case 7:
		var f float64
		switch info {
		case 20:
			out.WriteString("false")
			return nil
		case 21:
			out.WriteString("true")
			return nil
		case 22:
			out.WriteString("null")
			return nil
		default:
			var err error
			if f, err = cborFloat(info, arg); err != nil {
				return err
			}
		}
		enc, err := json.Marshal(f)
		if err != nil {
			return err
		}
		if f == 0 && math.Signbit(f) {
			enc = []byte("-0")
		}
		out.Write(enc)
	default:
		return fmt.Errorf("unsupported CBOR major type %d", major)
	}
	return nil
}

// cborFloat decodes a float item (additional info 25, 26, 27), refusing the
// non-finite values JSON cannot hold.
func cborFloat(info byte, arg uint64) (float64, error) {
	var f float64
	switch info {
	case 25:
		f = float64(float16ToFloat32(uint16(arg)))
	case 26:
		f = float64(math.Float32frombits(uint32(arg)))
	case 27:
		f = math.Float64frombits(arg)
	default:
		return 0, fmt.Errorf("unsupported CBOR simple value %d", info)
	}
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return 0, fmt.Errorf("non-finite number %v", f)
	}
	return f, nil
}

func float16ToFloat32(h uint16) float32 {
	sign := uint32(h>>15) << 31
	exp := uint32(h>>10) & 0x1f
	mant := uint32(h) & 0x3ff
	switch exp {
	case 0:
		f := float32(mant) / (1 << 24)
		if sign != 0 {
			f = -f
		}
		return f
	case 31:
		return math.Float32frombits(sign | 0x7f800000 | mant<<13)
	}
	return math.Float32frombits(sign | (exp+112)<<23 | mant<<13)
}
