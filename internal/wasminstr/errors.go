package wasminstr

import (
	"errors"
	"fmt"
	"strings"
)

// Error kinds. Every error returned by Instrument wraps exactly one of these,
// so callers can tell a broken input (ErrMalformed) from a valid module that
// uses something the instrumenter cannot handle (ErrUnsupported) or one that
// lacks a usable fuel import (ErrFuelImport).
var (
	// ErrMalformed reports input that is not a well-formed wasm binary.
	ErrMalformed = errors.New("malformed module")
	// ErrUnsupported reports a well-formed construct the instrumenter does
	// not decode, such as SIMD instructions or an unknown opcode.
	ErrUnsupported = errors.New("unsupported feature")
	// ErrFuelImport reports a missing or mistyped fuel import.
	ErrFuelImport = errors.New("fuel import")
	// ErrOptions reports invalid Options.
	ErrOptions = errors.New("invalid options")
)

// Error describes why a module could not be instrumented and where.
type Error struct {
	// Kind is one of ErrMalformed, ErrUnsupported, ErrFuelImport or
	// ErrOptions.
	Kind error
	// Section names the section being processed ("code", "import", ...), or
	// is empty for module-level problems.
	Section string
	// Func is the function index (in the module's function index space) whose
	// body is at fault, or -1.
	Func int64
	// Offset is the absolute byte offset in the input, or -1 if the problem
	// has no single location.
	Offset int
	// Msg is the human-readable detail.
	Msg string
}

// newError builds an *Error; it exists so call sites stay on one line.
func newError(kind error, section string, fn int64, offset int, format string, args ...any) *Error {
	return &Error{Kind: kind, Section: section, Func: fn, Offset: offset, Msg: fmt.Sprintf(format, args...)}
}

// Error formats the error as "wasminstr: <kind>: <where>: <msg>".
func (e *Error) Error() string {
	var where []string
	if e.Section != "" {
		where = append(where, e.Section+" section")
	}
	if e.Func >= 0 {
		where = append(where, fmt.Sprintf("function %d", e.Func))
	}
	if e.Offset >= 0 {
		where = append(where, fmt.Sprintf("offset 0x%x", e.Offset))
	}
	s := "wasminstr: " + e.Kind.Error()
	if len(where) > 0 {
		s += ": " + strings.Join(where, ", ")
	}
	return s + ": " + e.Msg
}

// Unwrap returns the error kind, so errors.Is(err, ErrMalformed) works.
func (e *Error) Unwrap() error { return e.Kind }
