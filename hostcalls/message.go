package hostcalls

import (
	"errors"
	"fmt"

	"github.com/fxamacker/cbor/v2"
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
}

// wireCall is the message as the guest sends it: the CBOR array
// [id, namespace index, function name, args].
type wireCall struct {
	_         struct{} `cbor:",toarray"`
	ID        uint64
	Namespace uint64
	Function  string
	Args      cbor.RawMessage
}

// DecodeCall parses and validates a call message. It never trusts the
// guest: the size, the shape, every field's type and range, and the
// argument's JSON-ness are checked before anything acts on the message.
func DecodeCall(msg []byte) (Call, error) {
	if len(msg) > MaxPayloadBytes {
		return Call{}, fmt.Errorf("call message is %d bytes, over the %d-byte limit", len(msg), MaxPayloadBytes)
	}
	if len(msg) == 0 {
		return Call{}, errors.New("empty call message")
	}
	var w wireCall
	if err := decMode.Unmarshal(msg, &w); err != nil {
		return Call{}, fmt.Errorf("malformed call message: %w", err)
	}
	if w.ID == 0 || w.ID > 1<<32-1 {
		return Call{}, fmt.Errorf("call id %d out of range", w.ID)
	}
	if w.Namespace > 1<<32-1 {
		return Call{}, fmt.Errorf("namespace index %d out of range", w.Namespace)
	}
	if len(w.Args) == 0 {
		return Call{}, errors.New("call message has no arguments item")
	}
	args, err := decodeJSONValue(w.Args)
	if err != nil {
		return Call{}, fmt.Errorf("call arguments: %w", err)
	}
	return Call{ID: uint32(w.ID), Namespace: uint32(w.Namespace), Function: w.Function, Args: args}, nil
}
