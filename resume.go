package coderun

import (
	"context"
	"errors"
)

// Resume continues a suspended run in a fresh sandbox: it opens state
// (sealed by a Runtime with the same StateKey and sandbox build), settles
// the pending calls the answers name, and runs until the program settles or
// suspends again.
func (r *Runtime) Resume(ctx context.Context, state []byte, answers []Answer, bindings []Namespace) (Result, error) {
	return Result{}, errors.New("coderun: Resume is not implemented yet")
}
