package engine

import (
	"context"
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// wazero's interpreter, which runs the guest where its compiler cannot (a
// WASI host), runs it as the compiler does: a deep recursion ends in
// QuickJS's own RangeError, catchable and at the same depth, not in a trap
// of the engine, and a memory that is a Go slice changes nothing.
func TestInterpreterRunsTheGuestAsTheCompilerDoes(t *testing.T) {
	if runtime.GOARCH == "wasm" {
		t.Skip("inside a WASI host the interpreter keeps wazero's stack ceiling (backend.go)")
	}
	// A toJSON that recurses makes the most wasm frames per byte of the
	// guest's stack of the recursions tried.
	const js = `(async function () {
		let depth = 0
		const o = { toJSON() { depth++; return JSON.stringify(o) } }
		try { JSON.stringify(o) } catch (e) { return [depth, e instanceof RangeError] }
		return "no overflow" })`
	var results []any
	for _, opts := range []Options{
		{MemoryLimitBytes: 64 << 20},
		{MemoryLimitBytes: 64 << 20, interpret: true, heapMemory: true},
	} {
		e, err := New(context.Background(), opts)
		require.NoError(t, err)
		t.Cleanup(func() { e.Close(context.Background()) })
		in, h := runOn(t, e, nil, js)
		results = append(results, value(t, h))
		require.NoError(t, in.Close())
	}
	assert.Equal(t, results[0], results[1])
	assert.Equal(t, true, results[1].([]any)[1], "the interpreter's run ended in a RangeError")
}
