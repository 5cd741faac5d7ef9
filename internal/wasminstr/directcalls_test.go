package wasminstr

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/api"
)

// tableModule exercises call_indirect against a table filled by two element
// segments:
//
//	index 0: null, 1: inc, 2: double, 3: seven, 4: env.triple (imported),
//	index 5: inc again; the table has 6 entries
//	then a third segment overwrites index 3 with double
//
// inc is (i32) -> i32 with type 0; double has type 3, a duplicate of type 0,
// which call_indirect must accept as the same signature; seven is () -> i32.
// Exports: call(idx, x) does call_indirect (i32) -> i32 and call0(idx) does
// call_indirect () -> i32.
func tableModule(extra ...[]byte) []byte {
	typeCall := fnType([]byte{0x7f, 0x7f}, []byte{0x7f}) // (i32, i32) -> i32
	sections := [][]byte{
		vecSec(1, typeI2I, typeTick, typeCall, typeI2I),
		vecSec(2, importFunc("env", "triple", 0)), // function 0
		vecSec(3, []byte{0}, []byte{3}, []byte{1}, []byte{2}, []byte{0}),
		vecSec(4, []byte{0x70, 0x00, 6}),
		vecSec(7, exportEntry("call", 0, 4), exportEntry("call0", 0, 5)),
		vecSec(9,
			cat([]byte{0x00, 0x41, 1, 0x0b}, vec([]byte{1}, []byte{2}, []byte{3}, []byte{0})),
			cat([]byte{0x02, 0x00, 0x41, 5, 0x0b, 0x00}, vec([]byte{1})),
			cat([]byte{0x00, 0x41, 3, 0x0b}, vec([]byte{2})),
		),
		vecSec(10,
			funcBody(nil, []byte{0x20, 0, 0x41, 1, 0x6a, 0x0b}),       // inc: x + 1
			funcBody(nil, []byte{0x20, 0, 0x41, 2, 0x6c, 0x0b}),       // double: x * 2
			funcBody(nil, []byte{0x41, 7, 0x0b}),                      // seven
			funcBody(nil, []byte{0x20, 1, 0x20, 0, 0x11, 0, 0, 0x0b}), // call
			funcBody(nil, []byte{0x20, 0, 0x11, 1, 0, 0x0b}),          // call0
		),
	}
	return wasmModule(append(sections, extra...)...)
}

// callAll instantiates wasm and records what call(i, 5) and call0(i) give
// for every index, a trap included.
func callAll(t *testing.T, cfg wazero.RuntimeConfig, wasm []byte) []string {
	t.Helper()
	ctx := context.Background()
	rt := wazero.NewRuntimeWithConfig(ctx, cfg)
	t.Cleanup(func() { rt.Close(ctx) })
	_, err := rt.NewHostModuleBuilder("env").NewFunctionBuilder().
		WithFunc(func(x int32) int32 { return 3 * x }).Export("triple").
		Instantiate(ctx)
	require.NoError(t, err)
	mod, err := rt.Instantiate(ctx, wasm)
	require.NoError(t, err)
	var got []string
	record := func(name string, f api.Function, args ...uint64) {
		r, err := f.Call(ctx, args...)
		if err != nil {
			got = append(got, fmt.Sprintf("%s%v: trap", name, args))
		} else {
			got = append(got, fmt.Sprintf("%s%v: %d", name, args, int32(r[0])))
		}
	}
	for i := range uint64(8) {
		record("call", mod.ExportedFunction("call"), i, 5)
		record("call0", mod.ExportedFunction("call0"), i)
	}
	return got
}

func TestDirectCallsBehaveLikeTheTable(t *testing.T) {
	in := tableModule()
	out, err := DirectCalls(in)
	require.NoError(t, err)
	for _, s := range splitModule(t, out) {
		assert.NotContains(t, []byte{secTable, secElement}, s.id, "section %d survived", s.id)
	}
	for _, e := range engines {
		t.Run(e.name, func(t *testing.T) {
			want := callAll(t, e.cfg(), in)
			assert.Equal(t, []string{
				"call[0 5]: trap", "call0[0]: trap", // null entry
				"call[1 5]: 6", "call0[1]: trap", // wrong signature for call0
				"call[2 5]: 10", "call0[2]: trap", // type 3 is type 0 by structure
				"call[3 5]: 10", "call0[3]: trap", // overwritten by the third segment
				"call[4 5]: 15", "call0[4]: trap", // the imported function
				"call[5 5]: 6", "call0[5]: trap", // the second segment
				"call[6 5]: trap", "call0[6]: trap", // past the table
				"call[7 5]: trap", "call0[7]: trap",
			}, want, "the original module, as wazero runs it")
			assert.Equal(t, want, callAll(t, e.cfg(), out))
		})
	}
}

func TestDirectCallsTellSignaturesApart(t *testing.T) {
	// Byte for byte, (f64) -> (f64) and () -> (f64, f64) are the same value
	// types; call_indirect must still see two signatures. No function in
	// the table has the signature called, so every index traps.
	f64 := byte(0x7c)
	in := wasmModule(
		vecSec(1, fnType([]byte{f64}, []byte{f64}), fnType(nil, []byte{f64, f64}), fnType([]byte{0x7f}, []byte{f64})),
		vecSec(3, []byte{1}, []byte{2}),
		vecSec(4, []byte{0x70, 0x00, 2}),
		vecSec(7, exportEntry("call", 0, 1)),
		vecSec(9, cat([]byte{0x00, 0x41, 0, 0x0b}, vec([]byte{0}, []byte{0}))),
		vecSec(10,
			funcBody(nil, cat([]byte{0x44}, make([]byte, 8), []byte{0x44}, make([]byte, 8), []byte{0x0b})), // two f64 zeros
			funcBody(nil, cat([]byte{0x44}, make([]byte, 8), []byte{0x20, 0, 0x11, 0, 0, 0x0b})),           // call_indirect (f64) -> (f64)
		),
	)
	out, err := DirectCalls(in)
	require.NoError(t, err)
	ctx := context.Background()
	for _, wasm := range [][]byte{in, out} {
		rt := wazero.NewRuntime(ctx)
		mod, err := rt.Instantiate(ctx, wasm)
		require.NoError(t, err)
		for idx := range uint64(3) {
			_, err := mod.ExportedFunction("call").Call(ctx, idx)
			assert.Error(t, err, "index %d", idx)
		}
		rt.Close(ctx)
	}
}

func TestDirectCallsNeedNoMemoryForAHugeTable(t *testing.T) {
	// A table may declare 2^32-1 entries in a few bytes; only the entries
	// the segments fill take memory or code.
	in := wasmModule(
		vecSec(1, typeTick, typeI2I),
		vecSec(3, []byte{0}, []byte{1}),
		vecSec(4, cat([]byte{0x70, 0x00}, leb(1<<32-1))),
		vecSec(7, exportEntry("call", 0, 1)),
		vecSec(9, cat([]byte{0x00, 0x41, 1, 0x0b}, vec([]byte{0}))),
		vecSec(10,
			funcBody(nil, []byte{0x41, 42, 0x0b}),
			funcBody(nil, []byte{0x20, 0, 0x11, 0, 0, 0x0b}),
		),
	)
	out, err := DirectCalls(in)
	require.NoError(t, err)
	assert.Less(t, len(out), 2*len(in)+64)
	ctx := context.Background()
	rt := wazero.NewRuntime(ctx)
	defer rt.Close(ctx)
	mod, err := rt.Instantiate(ctx, out)
	require.NoError(t, err)
	r, err := mod.ExportedFunction("call").Call(ctx, 1)
	require.NoError(t, err)
	assert.Equal(t, uint64(42), r[0])
	for _, idx := range []uint64{0, 2, 1 << 31} {
		_, err := mod.ExportedFunction("call").Call(ctx, idx)
		assert.Error(t, err, "index %d", idx)
	}
}

func TestDirectCallsKeepIndicesAndAreDeterministic(t *testing.T) {
	in := tableModule(customSec("note", []byte{1, 2, 3}))
	orig := bytes.Clone(in)
	out, err := DirectCalls(in)
	require.NoError(t, err)
	assert.Equal(t, orig, in, "the input is not modified")
	again, err := DirectCalls(in)
	require.NoError(t, err)
	assert.Equal(t, out, again)

	ctx := context.Background()
	rt := newValidator(t)
	cm, err := rt.CompileModule(ctx, out)
	require.NoError(t, err)
	// The exports still name the same functions, and the two dispatch
	// functions come after every original one.
	assert.Equal(t, uint32(4), cm.ExportedFunctions()["call"].Index())
	assert.Equal(t, uint32(5), cm.ExportedFunctions()["call0"].Index())
	funcs := 0
	for _, s := range splitModule(t, out) {
		if s.id == secFunction {
			funcs = int(s.payload[0])
		}
	}
	assert.Equal(t, 5+2, funcs)
	assert.Equal(t, customSec("note", []byte{1, 2, 3}), out[len(out)-len(customSec("note", []byte{1, 2, 3})):], "custom sections are kept")
}

func TestDirectCallsWithoutATableChangeNothing(t *testing.T) {
	in := countingModule()
	out, err := DirectCalls(in)
	require.NoError(t, err)
	assert.Equal(t, in, out)
}

func TestDirectCallsRefusals(t *testing.T) {
	body := func(instrs ...byte) []byte { return funcBody(nil, instrs) }
	typeCall := fnType([]byte{0x7f, 0x7f}, []byte{0x7f})
	withCode := func(code []byte, extra ...[]byte) []byte {
		return wasmModule(append([][]byte{
			vecSec(1, typeI2I, typeTick, typeCall),
			vecSec(3, []byte{0}),
			vecSec(4, []byte{0x70, 0x00, 2}),
		}, append(extra, vecSec(10, code))...)...)
	}
	cases := []struct {
		name string
		wasm []byte
		kind error
		msg  string
	}{
		{"table.get", withCode(body(0x41, 0, 0x25, 0, 0x1a, 0x20, 0, 0x0b)), ErrUnsupported, "table.get: the table may only be used by call_indirect"},
		{"table.size", withCode(body(0xfc, 16, 0, 0x0b)), ErrUnsupported, "table.size"},
		{"ref.func", withCode(body(0xd2, 0, 0x1a, 0x20, 0, 0x0b)), ErrUnsupported, "ref.func"},
		{"exported table", withCode(body(0x20, 0, 0x0b), vecSec(7, exportEntry("t", 1, 0))), ErrUnsupported, "exports its table"},
		{"passive segment", withCode(body(0x20, 0, 0x0b), vecSec(9, cat([]byte{0x01, 0x00}, vec([]byte{0})))), ErrUnsupported, "only active segments"},
		{"global offset", withCode(body(0x20, 0, 0x0b), vecSec(9, cat([]byte{0x00, 0x23, 0, 0x0b}, vec([]byte{0})))), ErrUnsupported, "non-constant offset"},
		{"segment past the table", withCode(body(0x20, 0, 0x0b), vecSec(9, cat([]byte{0x00, 0x41, 1, 0x0b}, vec([]byte{0}, []byte{0})))), ErrMalformed, "ends at 3, past the table's 2 entries"},
		{"unknown function", withCode(body(0x20, 0, 0x0b), vecSec(9, cat([]byte{0x00, 0x41, 0, 0x0b}, vec([]byte{9})))), ErrMalformed, "names function 9 of 1"},
		{"two tables", wasmModule(vecSec(4, []byte{0x70, 0x00, 1}, []byte{0x70, 0x00, 1})), ErrUnsupported, "2 tables"},
		{"imported table", wasmModule(vecSec(2, cat(str("env"), str("t"), []byte{0x01, 0x70, 0x00, 1}))), ErrUnsupported, "imports a table"},
		{"bad type index", withCode(body(0x20, 0, 0x11, 9, 0, 0x0b)), ErrMalformed, "call_indirect of type 9 of 3"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := DirectCalls(tc.wasm)
			require.Error(t, err)
			assert.ErrorIs(t, err, tc.kind)
			assert.Contains(t, err.Error(), tc.msg)
		})
	}
}

func TestDirectCallsOnCorruptedInput(t *testing.T) {
	// Flipped bytes of the table module: no panics, only *Error failures,
	// and any output from an input wazero accepts is accepted too.
	rt := newValidator(t)
	m := tableModule()
	check := func(in []byte) {
		out, err := DirectCalls(in)
		if err != nil {
			var ie *Error
			require.True(t, errors.As(err, &ie), "error of type %T: %v", err, err)
			return
		}
		if validate(rt, in) == nil {
			require.NoError(t, validate(rt, out), "wazero accepts the input but not the output")
		}
	}
	for i := range m {
		for _, x := range []byte{0x01, 0x40, 0x80, 0xff} {
			c := bytes.Clone(m)
			c[i] ^= x
			check(c)
		}
	}
	rng := rand.New(rand.NewSource(1))
	for range 500 {
		check(m[:rng.Intn(len(m))])
	}
}
