package hostcalls

import (
	"errors"
	"fmt"
	"math"
)

// Call is one validated call message from the guest.
type Call struct {
	// ID is the guest's call id; unique within a run.
	ID uint32
	// Namespace indexes the run's namespaces in the order they were bound.
	Namespace uint32
	// Function is the name the program called.
	Function string
	// Args is the decoded argument, shaped as encoding/json decodes an any.
	Args any
	// ArgsCBOR is the argument's item as the guest encoded it (a slice of
	// the message).
	ArgsCBOR []byte
	// HeldBytes is about how much of the host's memory the call holds
	// while it is in flight: the message and the argument's Go values.
	HeldBytes int64
}

// DecodeCall parses and validates a call message, the CBOR array
// [id, namespace index, function name, args]. It never trusts the guest:
// the size, the shape, every field's type and range, and the argument's
// JSON-ness are checked before anything acts on the message.
//
// It is one pass of a hand-written decoder over the lossless-JSON subset of
// CBOR (ABI.md): a call is the hot path of every binding round trip, and
// this accepts exactly what the guest's encoder emits. Indefinite lengths,
// tags, byte strings, undefined and other simple values, invalid UTF-8,
// duplicate or non-text map keys, non-finite floats, integers of magnitude
// beyond 2^53-1, more than 1000 nested containers and trailing bytes are all
// refused: the rules of the one decoder, cborReader.item.
func DecodeCall(msg []byte) (Call, error) {
	if len(msg) > MaxPayloadBytes {
		return Call{}, fmt.Errorf("call message is %d bytes, over the %d-byte limit", len(msg), MaxPayloadBytes)
	}
	if len(msg) == 0 {
		return Call{}, errors.New("empty call message")
	}
	r := cborReader{b: msg}
	major, _, n, err := r.head()
	if err != nil {
		return Call{}, fmt.Errorf("malformed call message: %w", err)
	}
	if major != 4 || n != 4 {
		return Call{}, errors.New("malformed call message: not an array of 4 items")
	}
	id, err := r.uint("call id")
	if err != nil {
		return Call{}, err
	}
	if id == 0 || id > math.MaxUint32 {
		return Call{}, fmt.Errorf("call id %d out of range", id)
	}
	ns, err := r.uint("namespace index")
	if err != nil {
		return Call{}, err
	}
	if ns > math.MaxUint32 {
		return Call{}, fmt.Errorf("namespace index %d out of range", ns)
	}
	major, _, n, err = r.head()
	if err != nil {
		return Call{}, fmt.Errorf("malformed call message: %w", err)
	}
	if major != 3 {
		return Call{}, errors.New("malformed call message: function name is not text")
	}
	fn, err := r.str(n)
	if err != nil {
		return Call{}, fmt.Errorf("malformed call message: function name: %w", err)
	}
	if r.off == len(r.b) {
		return Call{}, errors.New("call message has no arguments item")
	}
	argsStart := r.off
	args, argsBytes, err := r.decodeValue()
	if err != nil {
		return Call{}, fmt.Errorf("call arguments: %w", err)
	}
	if r.off != len(r.b) {
		return Call{}, errors.New("malformed call message: trailing bytes")
	}
	return Call{ID: uint32(id), Namespace: uint32(ns), Function: fn, Args: args, ArgsCBOR: msg[argsStart:], HeldBytes: int64(len(msg)) + argsBytes}, nil
}

// uint reads an unsigned integer item.
func (r *cborReader) uint(what string) (uint64, error) {
	major, _, n, err := r.head()
	if err != nil {
		return 0, fmt.Errorf("malformed call message: %w", err)
	}
	if major != 0 {
		return 0, fmt.Errorf("malformed call message: %s is not an unsigned integer", what)
	}
	return n, nil
}

// str reads the n bytes of a text item's content.
func (r *cborReader) str(n uint64) (string, error) {
	s, err := r.textBytes(n)
	return string(s), err
}

// decodeValue decodes one item into the shapes encoding/json produces for
// an any: map[string]any, []any, string, float64, bool, nil.
// A value it would take more than maxDecodedBytes of the host's memory
// to build is refused before it is built: an item of one byte (a small
// number) becomes 24 bytes of Go values, so the size of the message alone
// does not bound them. It also returns that estimate.
func (r *cborReader) decodeValue() (any, int64, error) {
	start := r.off
	var size decodedSize
	if err := r.item(&size, 0); err != nil {
		return nil, 0, err
	}
	if size.bytes > maxDecodedBytes {
		return nil, 0, fmt.Errorf("the argument would take about %d MiB of the host's memory as Go values (%d items), over the %d MiB limit: pass fewer items, such as one string instead of an array of many small values", size.bytes>>20, size.items, maxDecodedBytes>>20)
	}
	r.off = start
	var b valueBuilder
	if err := r.item(&b, 0); err != nil {
		return nil, 0, err
	}
	return b.result, size.bytes, nil
}

// maxDecodedBytes bounds the Go values one call's argument becomes.
const maxDecodedBytes = 2 * MaxPayloadBytes

// decodedSize is the sink that estimates what valueBuilder would
// allocate: an interface slot per item, a box per number or string, the
// bytes of text, the headers of slices and maps and a map's per-entry
// overhead.
type decodedSize struct{ bytes, items int64 }

func (d *decodedSize) add(n int64)          { d.bytes += 16 + n; d.items++ }
func (d *decodedSize) null()                { d.add(0) }
func (d *decodedSize) boolean(bool)         { d.add(0) }
func (d *decodedSize) number(float64, bool) { d.add(8) }
func (d *decodedSize) text(s []byte)        { d.add(16 + int64(len(s))) }
func (d *decodedSize) beginArray(int)       { d.add(24) }
func (d *decodedSize) beginMap(int)         { d.add(48) }
func (d *decodedSize) key(k []byte)         { d.bytes += 32 + int64(len(k)) }
func (d *decodedSize) end()                 {}

// valueBuilder is the sink that builds Go values.
type valueBuilder struct {
	result any
	// open are the containers being filled, innermost last.
	open []openValue
}

type openValue struct {
	array []any
	obj   map[string]any // nil for an array
	key   string         // the key the next value goes under
}

// put places v in the innermost open container, or makes it the result.
func (b *valueBuilder) put(v any) {
	n := len(b.open)
	switch {
	case n == 0:
		b.result = v
	case b.open[n-1].obj != nil:
		b.open[n-1].obj[b.open[n-1].key] = v
	default:
		b.open[n-1].array = append(b.open[n-1].array, v)
	}
}

func (b *valueBuilder) null()                    { b.put(nil) }
func (b *valueBuilder) boolean(v bool)           { b.put(v) }
func (b *valueBuilder) number(f float64, _ bool) { b.put(f) }
func (b *valueBuilder) text(s []byte)            { b.put(string(s)) }
func (b *valueBuilder) key(k []byte)             { b.open[len(b.open)-1].key = string(k) }

func (b *valueBuilder) beginArray(n int) {
	b.open = append(b.open, openValue{array: make([]any, 0, n)})
}

func (b *valueBuilder) beginMap(n int) {
	b.open = append(b.open, openValue{obj: make(map[string]any, n)})
}

func (b *valueBuilder) end() {
	n := len(b.open) - 1
	c := b.open[n]
	b.open = b.open[:n]
	if c.obj != nil {
		b.put(c.obj)
	} else {
		b.put(c.array)
	}
}
