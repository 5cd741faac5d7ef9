package hostcalls

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strconv"
	"unicode/utf8"
)

// This file is the one CBOR decoder of the host. Everything the guest sends
// (call messages and completion values) is read by cborReader.item, which
// enforces the ABI's lossless-JSON subset of CBOR (wasm/build/ABI.md):
// unsigned and negative integers of magnitude at most 2^53 - 1, UTF-8 text,
// definite-length arrays, definite-length maps with distinct text keys,
// false, true, null, and finite float16/32/64. Tags, byte strings,
// undefined and other simple values, indefinite lengths, more than maxDepth
// nested containers and trailing bytes are refused. What the items become
// is up to a sink: JSON text (CBORToJSON) or Go values (DecodeCall).

// maxSafeInteger is 2^53 - 1, the largest magnitude the ABI encodes as a
// CBOR integer: every integer up to it is exact in a float64.
const maxSafeInteger = 1<<53 - 1

// sink receives a value's items in document order from cborReader.item.
type sink interface {
	null()
	boolean(v bool)
	// number gets every number as the float64 it denotes; integral tells a
	// CBOR integer from a float.
	number(v float64, integral bool)
	// text and key get slices of the message; a sink that keeps them must
	// copy.
	text(s []byte)
	beginArray(n int)
	beginMap(n int)
	key(k []byte)
	// end closes the innermost array or map.
	end()
}

type cborReader struct {
	b   []byte
	off int
	// keys holds the keys of the maps being read, innermost last, for the
	// duplicate check of small maps without allocating.
	keys [][]byte
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
	case info == 31:
		return 0, 0, 0, errors.New("indefinite-length CBOR item")
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

// textBytes returns the n bytes of a text item's content, checked to be
// UTF-8.
func (r *cborReader) textBytes(n uint64) ([]byte, error) {
	if uint64(len(r.b)-r.off) < n {
		return nil, errTruncated
	}
	s := r.b[r.off : r.off+int(n)]
	r.off += int(n)
	if !utf8.Valid(s) {
		return nil, errors.New("invalid UTF-8 in string")
	}
	return s, nil
}

// smallMap is the size up to which duplicate keys are found by comparing
// with the keys already read rather than through a Go map.
const smallMap = 16

// item reads one value and feeds it to s. depth is the number of containers
// around it: at most maxDepth containers nest, the guest encoder's limit.
func (r *cborReader) item(s sink, depth int) error {
	major, info, arg, err := r.head()
	if err != nil {
		return err
	}
	switch major {
	case 0:
		if arg > maxSafeInteger {
			return fmt.Errorf("integer %d is outside the safe range (magnitude at most 2^53-1)", arg)
		}
		s.number(float64(arg), true)
	case 1:
		// The item denotes -1-arg, whose magnitude is arg+1.
		if arg >= maxSafeInteger {
			return fmt.Errorf("integer -%d is outside the safe range (magnitude at most 2^53-1)", arg+1)
		}
		s.number(-1-float64(arg), true)
	case 3:
		t, err := r.textBytes(arg)
		if err != nil {
			return err
		}
		s.text(t)
	case 4:
		if depth >= maxDepth {
			return fmt.Errorf("nested deeper than %d levels", maxDepth)
		}
		// Every element takes at least one byte: a length beyond the rest
		// of the message is a lie, refused before anything is allocated.
		if arg > uint64(len(r.b)-r.off) {
			return errTruncated
		}
		s.beginArray(int(arg))
		for range arg {
			if err := r.item(s, depth+1); err != nil {
				return err
			}
		}
		s.end()
	case 5:
		if depth >= maxDepth {
			return fmt.Errorf("nested deeper than %d levels", maxDepth)
		}
		if arg > uint64(len(r.b)-r.off)/2 {
			return errTruncated
		}
		if err := r.mapItems(s, int(arg), depth); err != nil {
			return err
		}
	case 7:
		switch info {
		case 20:
			s.boolean(false)
		case 21:
			s.boolean(true)
		case 22:
			s.null()
		default:
			f, err := cborFloat(info, arg)
			if err != nil {
				return err
			}
			s.number(f, false)
		}
	default:
		return fmt.Errorf("unsupported CBOR major type %d", major)
	}
	return nil
}

// mapItems reads the n pairs of a map, refusing non-text and duplicate
// keys.
func (r *cborReader) mapItems(s sink, n int, depth int) error {
	var seen map[string]struct{} // for maps beyond smallMap
	if n > smallMap {
		seen = make(map[string]struct{}, n)
	}
	base := len(r.keys)
	defer func() { r.keys = r.keys[:base] }()
	s.beginMap(n)
	for range n {
		km, _, kn, err := r.head()
		if err != nil {
			return err
		}
		if km != 3 {
			return errors.New("map key is not a string")
		}
		k, err := r.textBytes(kn)
		if err != nil {
			return err
		}
		if seen != nil {
			if _, dup := seen[string(k)]; dup {
				return fmt.Errorf("duplicate map key %q", k)
			}
			seen[string(k)] = struct{}{}
		} else {
			for _, prev := range r.keys[base:] {
				if bytes.Equal(prev, k) {
					return fmt.Errorf("duplicate map key %q", k)
				}
			}
			r.keys = append(r.keys, k)
		}
		s.key(k)
		if err := r.item(s, depth+1); err != nil {
			return err
		}
	}
	s.end()
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

// CBORToJSON renders the guest's CBOR encoding of a completion value as JSON
// text, keeping object key order. The guest only emits the lossless-JSON
// subset of CBOR; anything else is refused.
func CBORToJSON(b []byte) (json.RawMessage, error) {
	r := cborReader{b: b}
	w := jsonWriter{}
	if err := r.item(&w, 0); err != nil {
		return nil, fmt.Errorf("hostcalls: value: %w", err)
	}
	if r.off != len(b) {
		return nil, errors.New("hostcalls: value: trailing bytes")
	}
	return w.out.Bytes(), nil
}

// jsonWriter is the sink that writes JSON text.
type jsonWriter struct {
	out bytes.Buffer
	// strings quotes strings into out; see quote.
	strings *json.Encoder
	// open are the containers being written, innermost last.
	open []jsonContainer
	// afterKey is set between a key and its value, which takes no comma.
	afterKey bool
}

type jsonContainer struct {
	close byte // ']' or '}'
	empty bool // no element written yet
}

// sep writes the comma before an element or a key, unless it is the first
// one or a value right after its key.
func (w *jsonWriter) sep() {
	if w.afterKey {
		w.afterKey = false
		return
	}
	if n := len(w.open); n > 0 {
		if !w.open[n-1].empty {
			w.out.WriteByte(',')
		}
		w.open[n-1].empty = false
	}
}

func (w *jsonWriter) null() { w.sep(); w.out.WriteString("null") }

func (w *jsonWriter) boolean(v bool) {
	w.sep()
	w.out.WriteString(strconv.FormatBool(v))
}

func (w *jsonWriter) number(f float64, integral bool) {
	w.sep()
	switch {
	case integral:
		w.out.WriteString(strconv.FormatInt(int64(f), 10))
	case f == 0 && math.Signbit(f):
		w.out.WriteString("-0")
	default:
		enc, _ := json.Marshal(f) // finite: cborFloat refused the rest
		w.out.Write(enc)
	}
}

func (w *jsonWriter) text(s []byte) {
	w.sep()
	w.quote(s)
}

// quote writes s as a JSON string. The value is read by programs and
// models, not embedded in HTML, so <, > and & stay as they are rather
// than becoming \u003c escapes (json.Marshal's default).
func (w *jsonWriter) quote(s []byte) {
	if w.strings == nil {
		w.strings = json.NewEncoder(&w.out)
		w.strings.SetEscapeHTML(false)
	}
	_ = w.strings.Encode(string(s)) // valid UTF-8: textBytes checked it; writes to memory
	w.out.Truncate(w.out.Len() - 1) // Encode ends each value with a newline
}

func (w *jsonWriter) beginArray(int) { w.begin('[', ']') }
func (w *jsonWriter) beginMap(int)   { w.begin('{', '}') }

func (w *jsonWriter) begin(open, close byte) {
	w.sep()
	w.out.WriteByte(open)
	w.open = append(w.open, jsonContainer{close: close, empty: true})
}

func (w *jsonWriter) key(k []byte) {
	w.sep()
	w.quote(k)
	w.out.WriteByte(':')
	w.afterKey = true
}

func (w *jsonWriter) end() {
	n := len(w.open) - 1
	w.out.WriteByte(w.open[n].close)
	w.open = w.open[:n]
}
