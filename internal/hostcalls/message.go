package hostcalls

import (
	"errors"
	"fmt"
	"math"
	"unicode/utf8"
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
// duplicate or non-text map keys, non-finite floats, integers beyond 2^53,
// nesting deeper than 1000 levels and trailing bytes are all refused.
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
	args, err := r.jsonValue(0)
	if err != nil {
		return Call{}, fmt.Errorf("call arguments: %w", err)
	}
	if r.off != len(r.b) {
		return Call{}, errors.New("malformed call message: trailing bytes")
	}
	return Call{ID: uint32(id), Namespace: uint32(ns), Function: fn, Args: args, ArgsCBOR: msg[argsStart:]}, nil
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
	if uint64(len(r.b)-r.off) < n {
		return "", errTruncated
	}
	s := r.b[r.off : r.off+int(n)]
	r.off += int(n)
	if !utf8.Valid(s) {
		return "", errors.New("invalid UTF-8 in string")
	}
	return string(s), nil
}

// jsonValue decodes one lossless-JSON item into the shapes encoding/json
// produces for an any: map[string]any, []any, string, float64, bool, nil.
// depth is the item's nesting level, 0 for the arguments themselves.
func (r *cborReader) jsonValue(depth int) (any, error) {
	if depth > maxDepth {
		return nil, fmt.Errorf("nested deeper than %d levels", maxDepth)
	}
	major, info, arg, err := r.head()
	if err != nil {
		return nil, err
	}
	switch major {
	case 0:
		if arg > 1<<53 {
			return nil, fmt.Errorf("integer %d is outside the safe range", arg)
		}
		return float64(arg), nil
	case 1:
		if arg >= 1<<53 {
			return nil, fmt.Errorf("integer -%d is outside the safe range", arg+1)
		}
		return -1 - float64(arg), nil
	case 3:
		return r.str(arg)
	case 4:
		// Every element takes at least one byte: a length beyond the rest
		// of the message is a lie, refused before anything is allocated.
		if arg > uint64(len(r.b)-r.off) {
			return nil, errTruncated
		}
		a := make([]any, arg)
		for i := range a {
			if a[i], err = r.jsonValue(depth + 1); err != nil {
				return nil, err
			}
		}
		return a, nil
	case 5:
		if arg > uint64(len(r.b)-r.off)/2 {
			return nil, errTruncated
		}
		m := make(map[string]any, arg)
		for i := uint64(0); i < arg; i++ {
			km, _, kn, err := r.head()
			if err != nil {
				return nil, err
			}
			if km != 3 {
				return nil, errors.New("map key is not a string")
			}
			k, err := r.str(kn)
			if err != nil {
				return nil, err
			}
			if _, dup := m[k]; dup {
				return nil, fmt.Errorf("duplicate map key %q", k)
			}
			if m[k], err = r.jsonValue(depth + 1); err != nil {
				return nil, err
			}
		}
		return m, nil
	case 7:
		switch info {
		case 20:
			return false, nil
		case 21:
			return true, nil
		case 22:
			return nil, nil
		}
		return cborFloat(info, arg)
	default:
		return nil, fmt.Errorf("unsupported CBOR major type %d", major)
	}
}
