package codemode

import (
	"context"

	"github.com/coderun/coderun"
)

// programOrder reports a sub-call's position among the calls the program
// made, counting from 1, in the order the program made them. The runtime
// starts each binding call on its own goroutine, so calls reach the dispatch
// queue in scheduler order; the queue uses this position to start them in
// the program's order.
func programOrder(ctx context.Context) (int64, bool) { return coderun.CallSequence(ctx) }
