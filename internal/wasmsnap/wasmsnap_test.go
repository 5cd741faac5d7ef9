package wasmsnap

import (
	"bytes"
	"testing"

	"github.com/coderun/coderun/internal/leb128"
	"github.com/coderun/coderun/wasm"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// decodeSegments applies a data section payload to a zeroed memory.
func decodeSegments(t *testing.T, payload []byte, size int) []byte {
	t.Helper()
	mem := make([]byte, size)
	r := &reader{b: payload}
	n, err := r.u32()
	require.NoError(t, err)
	for range n {
		flag, _ := r.byte()
		op, _ := r.byte()
		require.Equal(t, byte(0), flag)
		require.Equal(t, byte(0x41), op)
		off, err := r.s32()
		require.NoError(t, err)
		end, _ := r.byte()
		require.Equal(t, byte(0x0b), end)
		l, err := r.u32()
		require.NoError(t, err)
		copy(mem[off:], r.b[r.pos:r.pos+int(l)])
		r.pos += int(l)
	}
	require.Equal(t, len(r.b), r.pos)
	return mem
}

func TestDataSegmentsReproduceMemoryAboveTheStack(t *testing.T) {
	mem := make([]byte, 4*pageSize)
	// Stack garbage below the top, then runs with short and long gaps,
	// single bytes and a byte at the very end.
	for i := 0; i < 1000; i++ {
		mem[i] = 0xAA
	}
	pattern := []int{4096, 4097, 4100, 4100 + maxGap, 4100 + 2*maxGap + 2, 9000, len(mem) - 1}
	for _, p := range pattern {
		mem[p] = byte(p%250 + 1)
	}
	payload, segs := dataSegments(mem, 2048)
	got := decodeSegments(t, payload, len(mem))
	want := bytes.Clone(mem)
	clear(want[:2048])
	assert.Equal(t, want, got)
	assert.Equal(t, uint32(4), segs, "short gaps merge, long gaps split")
}

func TestDataSegmentsOfEmptyMemory(t *testing.T) {
	payload, segs := dataSegments(make([]byte, pageSize), 0)
	assert.Equal(t, uint32(0), segs)
	assert.Equal(t, []byte{0}, payload)
}

func TestBakeRejectsMalformedInput(t *testing.T) {
	_, err := Bake([]byte("not wasm"), make([]byte, pageSize), 0)
	assert.ErrorContains(t, err, "not a wasm 1.0 binary")
	_, err = Bake([]byte("\x00asm\x01\x00\x00\x00"), make([]byte, 10), 0)
	assert.ErrorContains(t, err, "whole number of pages")
	_, err = Bake([]byte("\x00asm\x01\x00\x00\x00\x0b\x05\x00"), make([]byte, pageSize), 0)
	assert.ErrorContains(t, err, "overruns")
}

func TestLEB128RoundTrip(t *testing.T) {
	for _, v := range []int32{0, 1, -1, 63, 64, -64, -65, 1 << 20, -(1 << 30), 1<<31 - 1, -1 << 31} {
		r := &reader{b: leb128.AppendInt32(nil, v)}
		got, err := r.s32()
		require.NoError(t, err)
		assert.Equal(t, v, got)
	}
	for _, v := range []uint32{0, 127, 128, 1 << 21, 1<<32 - 1} {
		r := &reader{b: leb128.AppendUint32(nil, v)}
		got, err := r.u32()
		require.NoError(t, err)
		assert.Equal(t, v, got)
	}
}

func TestSplitRecoversTheBakedImage(t *testing.T) {
	// A minimal module: one memory (min 1 page) and an empty data section.
	module := []byte("\x00asm\x01\x00\x00\x00")
	module = append(module, secMemory, 3, 1, 0, 1)
	module = append(module, secData, 1, 0)
	mem := make([]byte, 2*pageSize)
	mem[70000] = 7
	mem[pageSize+5] = 9
	baked, err := Bake(module, mem, 0)
	require.NoError(t, err)
	image, stripped, err := Split(baked)
	require.NoError(t, err)
	assert.Equal(t, mem, image)
	_, again, err := Split(stripped)
	require.NoError(t, err)
	assert.Equal(t, stripped, again, "a stripped module has no data left")
}

func TestMutableGlobalsCountsEveryInitialValueKind(t *testing.T) {
	// Five globals: a mutable i32 = -1 (a negative constant), an immutable
	// i64, a mutable f32, an immutable f64 and a mutable global.get 0.
	globals := []byte{5,
		0x7f, 1, 0x41, 0x7f, 0x0b,
		0x7e, 0, 0x42, 0x80, 0x01, 0x0b,
		0x7d, 1, 0x43, 0, 0, 0x80, 0x3f, 0x0b,
		0x7c, 0, 0x44, 0, 0, 0, 0, 0, 0, 0xf0, 0x3f, 0x0b,
		0x7f, 1, 0x23, 0, 0x0b,
	}
	module := append([]byte("\x00asm\x01\x00\x00\x00"), secGlobal, byte(len(globals)))
	module = append(module, globals...)
	n, err := MutableGlobals(module)
	require.NoError(t, err)
	require.Equal(t, 3, n)

	// An initial value this reader does not know is an error, not a guess.
	bad := append([]byte("\x00asm\x01\x00\x00\x00"), secGlobal, 5, 1, 0x7f, 1, 0x6a, 0x0b)
	_, err = MutableGlobals(bad)
	require.ErrorContains(t, err, "unsupported instruction 0x6a")

	// The shipped module: the stack pointer and the fuel countdown.
	n, err = MutableGlobals(wasm.Binary)
	require.NoError(t, err)
	require.Equal(t, 2, n)
}
