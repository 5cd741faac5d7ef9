package coderun

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/coderun/coderun/internal/engine"
)

func TestMemoryDiffRoundTrip(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(3, 4))
	image := make([]byte, engine.GuestStackBytes+10*stateChunk+100) // ends inside a chunk
	for i := range image {
		image[i] = byte(rng.IntN(256))
	}
	mem := make([]byte, engine.GuestStackBytes+20*stateChunk)
	restored := make([]byte, len(mem))
	for trial := range 200 {
		clear(mem)
		copy(mem, image)
		for range rng.IntN(40) {
			at := engine.GuestStackBytes + rng.IntN(len(mem)-engine.GuestStackBytes)
			n := min(rng.IntN(300), len(mem)-at)
			for i := range n {
				mem[at+i] = byte(rng.IntN(256))
			}
		}
		mem[10] ^= 1 // the stack is not saved: it is dead between exports
		diff := diffMemory(mem, image)

		clear(restored)
		copy(restored, image)
		require.NoError(t, applyDiff(restored, bytes.NewReader(diff)), "trial %d", trial)
		restored[10] = mem[10]
		require.True(t, bytes.Equal(mem, restored), "trial %d: restored memory differs", trial)
	}
	assert.Empty(t, diffMemory(append(bytes.Clone(image), make([]byte, 5*stateChunk)...), image), "an unchanged memory has no diff")
}

func TestMemoryDiffRefusesMalformedInput(t *testing.T) {
	t.Parallel()
	mem := make([]byte, engine.GuestStackBytes+stateChunk)
	for _, diff := range [][]byte{
		{0x80},             // truncated varint
		{0x01, 0x05, 1, 2}, // run longer than the rest
		{0x01, 0x01, 7},    // writes into the stack
		append(binaryUvarints(uint64(len(mem)), 1), 9), // past the end
	} {
		assert.Error(t, applyDiff(mem, bytes.NewReader(diff)), "%x", diff)
	}
}

func binaryUvarints(vs ...uint64) []byte {
	var b []byte
	for _, v := range vs {
		for v >= 0x80 {
			b = append(b, byte(v)|0x80)
			v >>= 7
		}
		b = append(b, byte(v))
	}
	return b
}

func FuzzApplyDiff(f *testing.F) {
	f.Add([]byte{0x80, 0x80, 0x40, 0x02, 1, 2})
	f.Fuzz(func(t *testing.T, diff []byte) {
		mem := make([]byte, engine.GuestStackBytes+2*stateChunk)
		_ = applyDiff(mem, bytes.NewReader(diff)) // must not panic or write out of range
	})
}
