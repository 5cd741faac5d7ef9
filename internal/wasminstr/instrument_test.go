package wasminstr

import (
	"bytes"
	"context"
	"encoding/hex"
	"errors"
	"fmt"
	"math/rand"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/api"
)

// engines lists the wazero engines the runtime tests run under: the default
// (the compiler wherever wazero supports it) and the interpreter, so the
// instrumented code is checked by both validators and both executors.
var engines = []struct {
	name string
	cfg  func() wazero.RuntimeConfig
}{
	{"default", wazero.NewRuntimeConfig},
	{"interpreter", wazero.NewRuntimeConfigInterpreter},
}

// fuelHost counts fuel_tick calls; next decides each call's return value.
type fuelHost struct {
	ticks int
	next  func(tick int) int32
}

// newRuntime creates a runtime with a "coderun" host module whose fuel_tick
// is served by h. The runtime is closed when the test ends.
func newRuntime(t *testing.T, cfg wazero.RuntimeConfig, h *fuelHost) wazero.Runtime {
	t.Helper()
	ctx := context.Background()
	rt := wazero.NewRuntimeWithConfig(ctx, cfg)
	t.Cleanup(func() { _ = rt.Close(ctx) })
	_, err := rt.NewHostModuleBuilder("coderun").
		NewFunctionBuilder().
		WithFunc(func(context.Context) int32 {
			h.ticks++
			return h.next(h.ticks)
		}).
		Export("fuel_tick").
		Instantiate(ctx)
	require.NoError(t, err)
	return rt
}

// constant returns a fuelHost.next that always returns v.
func constant(v int32) func(int) int32 { return func(int) int32 { return v } }

// mustInstrument instruments wasm with quantum q and default names.
func mustInstrument(t *testing.T, wasm []byte, q int32) []byte {
	t.Helper()
	out, err := Instrument(wasm, Options{Quantum: q})
	require.NoError(t, err)
	return out
}

// fuel reads the exported counter global as a signed value.
func fuel(t *testing.T, mod api.Module) int32 {
	t.Helper()
	g := mod.ExportedGlobal(DefaultExportName)
	require.NotNil(t, g, "counter global is not exported")
	return int32(uint32(g.Get()))
}

func TestCountingLoopTicks(t *testing.T) {
	// run(n) executes the loop header max(n, 1) times. Starting from q, the
	// counter reaches zero on header q; each tick then sets it to the host's
	// return value r. With header count h >= q that gives
	// 1 + (h-q)/r ticks and a final counter of r - (h-q)%r.
	cases := []struct {
		name      string
		q, ret, n int32
		ticks     int
		fuel      int32
	}{
		{"fewer iterations than quantum", 1000, 1000, 999, 0, 1},
		{"exactly one quantum", 1000, 1000, 1000, 1, 1000},
		{"many quanta with remainder", 1000, 1000, 12345, 12, 655},
		{"quantum one ticks every iteration", 1, 1, 50, 50, 1},
		{"host shortens the next quantum", 10, 3, 100, 31, 3},
		{"host shortens the next quantum, remainder", 10, 3, 101, 31, 2},
		{"host returning zero ticks on every later iteration", 10, 0, 100, 91, 0},
		{"zero iterations still enter the loop once", 1, 5, 0, 1, 5},
	}
	inst := func(q int32) []byte { return mustInstrument(t, countingModule(), q) }
	for _, e := range engines {
		for _, tc := range cases {
			t.Run(e.name+"/"+tc.name, func(t *testing.T) {
				h := &fuelHost{next: constant(tc.ret)}
				rt := newRuntime(t, e.cfg(), h)
				mod, err := rt.Instantiate(context.Background(), inst(tc.q))
				require.NoError(t, err)
				assert.Equal(t, tc.q, fuel(t, mod), "counter starts at the quantum")
				_, err = mod.ExportedFunction("run").Call(context.Background(), api.EncodeI32(tc.n))
				require.NoError(t, err)
				assert.Equal(t, tc.ticks, h.ticks)
				assert.Equal(t, tc.fuel, fuel(t, mod))
			})
		}
	}
}

func TestCounterPersistsAcrossCalls(t *testing.T) {
	for _, e := range engines {
		t.Run(e.name, func(t *testing.T) {
			h := &fuelHost{next: constant(1000)}
			rt := newRuntime(t, e.cfg(), h)
			mod, err := rt.Instantiate(context.Background(), mustInstrument(t, countingModule(), 1000))
			require.NoError(t, err)
			run := mod.ExportedFunction("run")
			for i := 0; i < 250; i++ {
				_, err := run.Call(context.Background(), api.EncodeI32(10))
				require.NoError(t, err)
			}
			// 2500 headers in total: ticks at 1000 and 2000, then 500 more.
			assert.Equal(t, 2, h.ticks)
			assert.Equal(t, int32(500), fuel(t, mod))
		})
	}
}

func TestHostCanResetCounter(t *testing.T) {
	h := &fuelHost{next: constant(100)}
	rt := newRuntime(t, wazero.NewRuntimeConfig(), h)
	mod, err := rt.Instantiate(context.Background(), mustInstrument(t, countingModule(), 100))
	require.NoError(t, err)
	// The global is exported mutable, so the host can top it up between calls.
	mod.ExportedGlobal(DefaultExportName).(api.MutableGlobal).Set(api.EncodeI32(1000))
	_, err = mod.ExportedFunction("run").Call(context.Background(), api.EncodeI32(999))
	require.NoError(t, err)
	assert.Equal(t, 0, h.ticks)
	assert.Equal(t, int32(1), fuel(t, mod))
}

func TestNestedLoops(t *testing.T) {
	out, loops, err := instrument(nestedModule(), Options{Quantum: 100})
	require.NoError(t, err)
	assert.Equal(t, 2, loops)
	for _, e := range engines {
		t.Run(e.name, func(t *testing.T) {
			h := &fuelHost{next: constant(100)}
			rt := newRuntime(t, e.cfg(), h)
			mod, err := rt.Instantiate(context.Background(), out)
			require.NoError(t, err)
			_, err = mod.ExportedFunction("run").Call(context.Background(), api.EncodeI32(30), api.EncodeI32(40))
			require.NoError(t, err)
			// 30 outer headers + 30*40 inner headers = 1230.
			assert.Equal(t, 12, h.ticks)
			assert.Equal(t, int32(70), fuel(t, mod))
		})
	}
}

func TestBrTableBackEdge(t *testing.T) {
	for _, e := range engines {
		t.Run(e.name, func(t *testing.T) {
			h := &fuelHost{next: constant(100)}
			rt := newRuntime(t, e.cfg(), h)
			mod, err := rt.Instantiate(context.Background(), mustInstrument(t, brTableModule(), 100))
			require.NoError(t, err)
			_, err = mod.ExportedFunction("run").Call(context.Background(), api.EncodeI32(550))
			require.NoError(t, err)
			assert.Equal(t, 5, h.ticks)
			assert.Equal(t, int32(50), fuel(t, mod))
		})
	}
}

func TestPanickingTickStopsInfiniteLoop(t *testing.T) {
	errDeadline := errors.New("deadline exceeded")
	for _, e := range engines {
		t.Run(e.name, func(t *testing.T) {
			h := &fuelHost{next: func(tick int) int32 {
				if tick == 5 {
					panic(errDeadline)
				}
				return 1000
			}}
			rt := newRuntime(t, e.cfg(), h)
			mod, err := rt.Instantiate(context.Background(), mustInstrument(t, spinModule(), 1000))
			require.NoError(t, err)
			_, err = mod.ExportedFunction("run").Call(context.Background())
			require.Error(t, err)
			assert.ErrorIs(t, err, errDeadline)
			assert.Equal(t, 5, h.ticks)
		})
	}
}

func TestKitchenSinkStaysValidAndBehaves(t *testing.T) {
	orig := kitchenModule()
	out, loops, err := instrument(orig, Options{Quantum: 7})
	require.NoError(t, err)
	assert.Equal(t, 3, loops, "exactly the three real loops are instrumented")

	for _, e := range engines {
		t.Run(e.name, func(t *testing.T) {
			ctx := context.Background()
			for _, tc := range []struct {
				name  string
				wasm  []byte
				ticks int
			}{
				{"original", orig, 0},
				// 2*50 loop headers with quantum 7: 14 ticks, 100%7 = 2 left over.
				{"instrumented", out, 14},
			} {
				h := &fuelHost{next: constant(7)}
				rt := newRuntime(t, e.cfg(), h)
				mod, err := rt.Instantiate(ctx, tc.wasm)
				require.NoError(t, err, tc.name)
				res, err := mod.ExportedFunction("run").Call(ctx, api.EncodeI32(50))
				require.NoError(t, err, tc.name)
				assert.Equal(t, []uint64{50}, res, tc.name)
				assert.Equal(t, tc.ticks, h.ticks, tc.name)
			}
		})
	}

	// Every section but global, export and code is byte-identical and in the
	// original order, custom sections included.
	in, got := splitModule(t, orig), splitModule(t, out)
	require.Len(t, got, len(in))
	for i := range in {
		require.Equal(t, in[i].id, got[i].id)
		switch in[i].id {
		case 6, 7, 10:
			assert.NotEqual(t, in[i].payload, got[i].payload)
		default:
			assert.Equal(t, in[i].payload, got[i].payload, "section %d (id %d)", i, in[i].id)
		}
	}
}

func TestImportedGlobalsShiftCounterIndex(t *testing.T) {
	out := mustInstrument(t, importedGlobalModule(), 10)
	for _, e := range engines {
		t.Run(e.name, func(t *testing.T) {
			ctx := context.Background()
			h := &fuelHost{next: constant(10)}
			rt := newRuntime(t, e.cfg(), h)
			_, err := rt.InstantiateWithConfig(ctx, envModule(), wazero.NewModuleConfig().WithName("env"))
			require.NoError(t, err)
			mod, err := rt.Instantiate(ctx, out)
			require.NoError(t, err)
			_, err = mod.ExportedFunction("run").Call(ctx, api.EncodeI32(25))
			require.NoError(t, err)
			assert.Equal(t, 2, h.ticks)
			assert.Equal(t, int32(5), fuel(t, mod))
			// Existing globals keep their indices and values.
			res, err := mod.ExportedFunction("get").Call(ctx)
			require.NoError(t, err)
			assert.Equal(t, []uint64{42}, res)
		})
	}
	// The export points at global 3: one imported plus two defined before it.
	secs := splitModule(t, out)
	exp := secs[len(secs)-2]
	require.Equal(t, byte(7), exp.id)
	assert.True(t, bytes.HasSuffix(exp.payload, cat(str(DefaultExportName), []byte{0x03, 0x03})))
}

func TestCreatesMissingGlobalAndExportSections(t *testing.T) {
	orig := startModule()
	out := mustInstrument(t, orig, 10)
	var ids []byte
	for _, s := range splitModule(t, out) {
		ids = append(ids, s.id)
	}
	// type, import, custom, function, [global], [export], start, code, custom
	assert.Equal(t, []byte{1, 2, 0, 3, 6, 7, 8, 10, 0}, ids)

	for _, e := range engines {
		t.Run(e.name, func(t *testing.T) {
			h := &fuelHost{next: constant(10)}
			rt := newRuntime(t, e.cfg(), h)
			// The start function runs 25 loop headers during instantiation.
			mod, err := rt.Instantiate(context.Background(), out)
			require.NoError(t, err)
			assert.Equal(t, 2, h.ticks)
			assert.Equal(t, int32(5), fuel(t, mod))
		})
	}
}

func TestExactOutputBytes(t *testing.T) {
	// (import "coderun" "fuel_tick" (func (result i32)))
	// (func loop end)
	in := wasmModule(
		vecSec(1, typeTick, typeVoid),
		vecSec(2, fuelImp),
		vecSec(3, []byte{1}),
		vecSec(10, funcBody(nil, loopVoid, endOp, endOp)),
	)
	out, err := Instrument(in, Options{Quantum: 5})
	require.NoError(t, err)
	want := "0061736d01000000" +
		"0108" + "02" + "600001 7f" + "600000" + // type
		"0215" + "01" + "07" + hex.EncodeToString([]byte("coderun")) + "09" + hex.EncodeToString([]byte("fuel_tick")) + "0000" +
		"0302" + "0101" + // function
		"0606" + "01" + "7f01 4105 0b" + // global: mut i32 = i32.const 5
		"0710" + "01" + "0c" + hex.EncodeToString([]byte("coderun_fuel")) + "03 00" + // export global 0
		"0a1a" + "01" + "18" + "00" + "0340" +
		"2300 4101 6b 2400" + // fuel = fuel - 1
		"2300 4100 4c" + // fuel <= 0
		"0440 1000 2400 0b" + // if fuel = fuel_tick() end
		"0b 0b"
	assert.Equal(t, strings.ReplaceAll(want, " ", ""), hex.EncodeToString(out))
}

func TestDeterministicAndInputUntouched(t *testing.T) {
	for name, build := range map[string]func() []byte{
		"counting": countingModule, "kitchen": kitchenModule, "start": startModule,
	} {
		t.Run(name, func(t *testing.T) {
			in := build()
			orig := bytes.Clone(in)
			a, err := Instrument(in, Options{})
			require.NoError(t, err)
			b, err := Instrument(in, Options{})
			require.NoError(t, err)
			assert.Equal(t, a, b)
			assert.Equal(t, orig, in, "input must not be modified")
		})
	}
}

func TestCustomNames(t *testing.T) {
	m := wasmModule(
		vecSec(1, typeTick, typeRun),
		vecSec(2, importFunc("other", "f", 0), importFunc("host", "tick", 0)),
		vecSec(3, []byte{1}),
		vecSec(7, exportEntry("run", 0, 2)),
		vecSec(10, funcBody(i32Local, loopVoid, incTee(1), ltS(0), brIf0, endOp, endOp)),
	)
	_, err := Instrument(m, Options{})
	require.ErrorIs(t, err, ErrFuelImport)

	out, err := Instrument(m, Options{ImportModule: "host", ImportName: "tick", ExportName: "gas", Quantum: 3})
	require.NoError(t, err)
	rt := wazero.NewRuntime(context.Background())
	defer rt.Close(context.Background())
	ticks := 0
	tick := func(context.Context) int32 { ticks++; return 3 }
	_, err = rt.NewHostModuleBuilder("host").NewFunctionBuilder().WithFunc(tick).Export("tick").Instantiate(context.Background())
	require.NoError(t, err)
	_, err = rt.NewHostModuleBuilder("other").NewFunctionBuilder().WithFunc(func(context.Context) int32 {
		t.Error("wrong import called")
		return 0
	}).Export("f").Instantiate(context.Background())
	require.NoError(t, err)
	mod, err := rt.Instantiate(context.Background(), out)
	require.NoError(t, err)
	_, err = mod.ExportedFunction("run").Call(context.Background(), api.EncodeI32(10))
	require.NoError(t, err)
	assert.Equal(t, 3, ticks, "the second import (function 1) is the one called")
	assert.Equal(t, uint64(2), mod.ExportedGlobal("gas").Get())
}

func TestReinstrumentingNeedsANewExportName(t *testing.T) {
	once := mustInstrument(t, countingModule(), 10)
	_, err := Instrument(once, Options{})
	require.ErrorIs(t, err, ErrOptions)
	assert.Contains(t, err.Error(), "already instrumented")

	twice, err := Instrument(once, Options{ExportName: "second"})
	require.NoError(t, err)
	_, err = wazero.NewRuntime(context.Background()).CompileModule(context.Background(), twice)
	require.NoError(t, err)
}

func TestErrors(t *testing.T) {
	// simd is a body using v128.const; it sits in function 2 so the error
	// can be checked to name the function index, not the body index.
	simdBody := []byte{0xfd, 0x0c, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x1a, 0x0b}
	simd := wasmModule(
		vecSec(1, typeTick, typeVoid),
		vecSec(2, fuelImp),
		vecSec(3, []byte{1}, []byte{1}),
		vecSec(10, funcBody(nil, endOp), funcBody(nil, simdBody)),
	)
	withBody := func(instrs ...[]byte) []byte { return runModule(typeVoid, nil, instrs...) }

	cases := []struct {
		name   string
		in     []byte
		opts   Options
		kind   error
		substr []string
		offset int // expected Error.Offset, or 0 to skip the check
	}{
		{"empty", nil, Options{}, ErrMalformed, []string{"magic number"}, 0},
		{"bad magic", []byte("\x00wasm\x01\x00\x00\x00"), Options{}, ErrMalformed, []string{"bad magic"}, 0},
		{"truncated version", []byte("\x00asm\x01"), Options{}, ErrMalformed, []string{"version"}, 0},
		{"version 2", []byte("\x00asm\x02\x00\x00\x00"), Options{}, ErrMalformed, []string{"version"}, 0},
		{"component model", []byte("\x00asm\x0d\x00\x01\x00"), Options{}, ErrMalformed, []string{"version"}, 0},
		{"unknown section", wasmModule(sec(14, nil)), Options{}, ErrUnsupported, []string{"section id 14", "offset 0x8"}, 8},
		{"tag section", wasmModule(sec(13, nil)), Options{}, ErrUnsupported, []string{"exception handling"}, 8},
		{"section too long", wasmModule([]byte{1, 5, 0}), Options{}, ErrMalformed, []string{"type section", "exceeds"}, 8},
		{"overlong section size", wasmModule([]byte{1, 0x80, 0x80, 0x80, 0x80, 0x80, 0x00}), Options{}, ErrMalformed, []string{"LEB128"}, 9},
		{"u32 overflow", wasmModule([]byte{1, 0xff, 0xff, 0xff, 0xff, 0x7f}), Options{}, ErrMalformed, []string{"LEB128"}, 9},
		{"sections out of order", wasmModule(vecSec(2), vecSec(1)), Options{}, ErrMalformed, []string{"type section", "out of order"}, 11},
		{"duplicate section", wasmModule(vecSec(1), vecSec(1)), Options{}, ErrMalformed, []string{"duplicated"}, 11},
		{"missing import", wasmModule(vecSec(1, typeTick), vecSec(2, importFunc("coderun", "other", 0))), Options{},
			ErrFuelImport, []string{`"coderun"."fuel_tick"`}, 0},
		{"no import section", wasmModule(), Options{}, ErrFuelImport, []string{"does not import"}, 0},
		{"wrong signature", wasmModule(vecSec(1, typeI2I), vecSec(2, fuelImp)), Options{},
			ErrFuelImport, []string{`"coderun"."fuel_tick"`, "(i32) -> (i32)", "want () -> (i32)"}, 0},
		{"wrong result type", wasmModule(vecSec(1, fnType(nil, []byte{0x7e})), vecSec(2, fuelImp)), Options{},
			ErrFuelImport, []string{"() -> (i64)"}, 0},
		{"import is a global", wasmModule(vecSec(2, importGlobal("coderun", "fuel_tick", 0x7f, true))), Options{},
			ErrFuelImport, []string{"is a global"}, 0},
		{"import type out of range", wasmModule(vecSec(1), vecSec(2, fuelImp)), Options{}, ErrMalformed, []string{"type index 0"}, 0},
		{"simd", simd, Options{}, ErrUnsupported, []string{"0xfd", "function 2", "code section"}, bytes.Index(simd, simdBody)},
		{"exception handling try", withBody([]byte{0x06, 0x40, 0x0b, 0x0b}), Options{}, ErrUnsupported, []string{"opcode 0x06", "function 1"}, 0},
		{"tail call", withBody([]byte{0x12, 0x00, 0x0b}), Options{}, ErrUnsupported, []string{"opcode 0x12"}, 0},
		{"unknown 0xfc op", withBody([]byte{0xfc, 0x12, 0x0b}), Options{}, ErrUnsupported, []string{"0xfc 18"}, 0},
		{"threads prefix", withBody([]byte{0xfe, 0x03, 0x00, 0x0b}), Options{}, ErrUnsupported, []string{"opcode 0xfe"}, 0},
		{"bad block type", withBody([]byte{0x02, 0x60, 0x0b, 0x0b}), Options{}, ErrUnsupported, []string{"block type 0x60"}, 0},
		{"bad ref.null type", withBody([]byte{0xd0, 0x7f, 0x1a, 0x0b}), Options{}, ErrUnsupported, []string{"ref.null"}, 0},
		{"multi-memory memarg", withBody([]byte{0x41, 0, 0x28, 0x40, 0x01, 0x00, 0x1a, 0x0b}), Options{}, ErrUnsupported, []string{"multi-memory"}, 0},
		{"memory index", withBody([]byte{0x3f, 0x01, 0x1a, 0x0b}), Options{}, ErrUnsupported, []string{"memory index 1"}, 0},
		{"missing final end", withBody([]byte{0x01}), Options{}, ErrMalformed, []string{"unexpected end of function body"}, 0},
		{"unclosed loop", withBody(loopVoid, endOp), Options{}, ErrMalformed, []string{"unexpected end of function body"}, 0},
		{"bytes after final end", withBody(endOp, []byte{0x01}), Options{}, ErrMalformed, []string{"after the function's final end"}, 0},
		{"truncated immediate", withBody([]byte{0x44, 0, 0}), Options{}, ErrMalformed, []string{"f64.const"}, 0},
		{"overlong i32.const", withBody([]byte{0x41, 0x80, 0x80, 0x80, 0x80, 0x10, 0x1a, 0x0b}), Options{}, ErrMalformed, []string{"s32"}, 0},
		{"huge br_table", withBody([]byte{0x0e, 0xff, 0xff, 0xff, 0xff, 0x0f, 0x0b}), Options{}, ErrMalformed, []string{"br_table label count"}, 0},
		{"code count mismatch", wasmModule(vecSec(1, typeTick, typeVoid), vecSec(2, fuelImp), vecSec(3, []byte{1}, []byte{1}),
			vecSec(10, funcBody(nil, endOp))), Options{}, ErrMalformed, []string{"1 bodies", "2 functions"}, 0},
		{"functions without code", wasmModule(vecSec(1, typeTick, typeVoid), vecSec(2, fuelImp), vecSec(3, []byte{1})), Options{},
			ErrMalformed, []string{"no code section"}, 0},
		{"trailing bytes in section", wasmModule(sec(1, vec(typeTick), []byte{0}), vecSec(2, fuelImp)), Options{},
			ErrMalformed, []string{"type section", "unexpected bytes"}, 0},
		{"function type out of range", wasmModule(vecSec(1, typeTick), vecSec(2, fuelImp), vecSec(3, []byte{1})), Options{},
			ErrMalformed, []string{"function section", "function 1 uses type index 1"}, 0},
		{"non-function type", wasmModule(vecSec(1, []byte{0x5f, 0x00})), Options{}, ErrUnsupported, []string{"form 0x5f"}, 0},
		{"invalid utf-8 name", wasmModule(vecSec(1, typeTick), vecSec(2, importFunc("\xff", "x", 0))), Options{},
			ErrMalformed, []string{"UTF-8"}, 0},
		{"export name taken", wasmModule(vecSec(1, typeTick), vecSec(2, fuelImp), vecSec(7, exportEntry("coderun_fuel", 0, 0))),
			Options{}, ErrOptions, []string{"coderun_fuel"}, 0},
		{"negative quantum", countingModule(), Options{Quantum: -1}, ErrOptions, []string{"quantum -1"}, 0},
		{"invalid utf-8 option", countingModule(), Options{ExportName: "\xff"}, ErrOptions, []string{"UTF-8"}, 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			out, err := Instrument(tc.in, tc.opts)
			require.Error(t, err)
			assert.Nil(t, out)
			assert.ErrorIs(t, err, tc.kind)
			var ie *Error
			require.ErrorAs(t, err, &ie)
			for _, s := range tc.substr {
				assert.Contains(t, err.Error(), s)
			}
			if tc.offset != 0 {
				assert.Equal(t, tc.offset, ie.Offset, "error: %v", err)
			}
		})
	}
}

func TestSIMDErrorNamesFunctionAndOffset(t *testing.T) {
	body := []byte{0x41, 0x00, 0x1a, 0xfd, 0x0c}
	m := runModule(typeVoid, nil, body)
	_, err := Instrument(m, Options{})
	var ie *Error
	require.ErrorAs(t, err, &ie)
	assert.Equal(t, "code", ie.Section)
	assert.Equal(t, int64(1), ie.Func)
	assert.Equal(t, bytes.Index(m, body)+3, ie.Offset)
	assert.Equal(t, fmt.Sprintf("wasminstr: unsupported feature: code section, function 1, offset %#x: unsupported opcode 0xfd (SIMD)",
		ie.Offset), err.Error())
}

func TestTruncatedInputIsRejected(t *testing.T) {
	// A prefix that ends exactly between two sections can be a valid module
	// of its own (e.g. just types and imports); any other proper prefix
	// must be rejected, and none may panic.
	for name, m := range map[string][]byte{"counting": countingModule(), "kitchen": kitchenModule()} {
		ok := sectionBoundaries(t, m)
		for n := 0; n < len(m); n++ {
			_, err := Instrument(m[:n], Options{})
			if !ok[n] {
				assert.Error(t, err, "%s: prefix of %d bytes", name, n)
			}
		}
	}
}

func TestCorruptedInputNeverPanics(t *testing.T) {
	// Flip every byte of a rich module in a few ways. Many variants remain
	// valid wasm (a changed constant, index or name), and those must stay
	// valid after instrumentation.
	rt := newValidator(t)
	k := kitchenModule()
	for i := range k {
		for _, x := range []byte{0x01, 0x40, 0x80, 0xff} {
			c := bytes.Clone(k)
			c[i] ^= x
			checkRoundTrip(t, rt, c)
		}
	}
	rng := rand.New(rand.NewSource(1))
	for i := 0; i < 2000; i++ {
		junk := make([]byte, 8+rng.Intn(64))
		rng.Read(junk)
		copy(junk, "\x00asm\x01\x00\x00\x00")
		checkRoundTrip(t, rt, junk)
	}
}

// checkRoundTrip instruments in and checks the properties every input must
// satisfy: failures are *Error values; on success the output is
// deterministic, parses again under another export name, and, if wazero's
// validator (rt) accepts the input, it accepts the output too.
func checkRoundTrip(t testing.TB, rt wazero.Runtime, in []byte) {
	out, err := Instrument(in, Options{})
	if err != nil {
		var ie *Error
		if !errors.As(err, &ie) {
			t.Fatalf("error of type %T, want *Error: %v", err, err)
		}
		return
	}
	again, err := Instrument(in, Options{})
	if err != nil || !bytes.Equal(out, again) {
		t.Fatalf("second run differs: %v", err)
	}
	if _, err := Instrument(out, Options{ExportName: "again"}); err != nil {
		t.Fatalf("output of a successful run does not parse again: %v", err)
	}
	if validate(rt, in) != nil {
		return // invalid input: there is no validity to preserve
	}
	if err := validate(rt, out); err != nil {
		t.Fatalf("wazero accepts the input but rejects the output: %v", err)
	}
}

// validate compiles wasm with rt. A panic inside wazero (v1.12.0 has a few on
// malformed input) is reported as an error rather than crashing the test.
func validate(rt wazero.Runtime, wasm []byte) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("wazero panicked: %v", r)
		}
	}()
	ctx := context.Background()
	cm, err := rt.CompileModule(ctx, wasm)
	if err != nil {
		return err
	}
	return cm.Close(ctx)
}

// newValidator returns a runtime used only to validate modules. The
// interpreter validates exactly like the compiler but compiles much faster.
func newValidator(t testing.TB) wazero.Runtime {
	ctx := context.Background()
	rt := wazero.NewRuntimeWithConfig(ctx, wazero.NewRuntimeConfigInterpreter())
	t.Cleanup(func() { _ = rt.Close(ctx) })
	return rt
}

// TestExternalModule instruments a real module, such as a QuickJS-ng
// wasm32-wasi build, named by $WASMINSTR_TEST_WASM, and checks that wazero
// still compiles it. The module must import coderun.fuel_tick () -> i32.
func TestExternalModule(t *testing.T) {
	path := os.Getenv("WASMINSTR_TEST_WASM")
	if path == "" {
		t.Skip("set WASMINSTR_TEST_WASM to a wasm file importing coderun.fuel_tick")
	}
	in, err := os.ReadFile(path)
	require.NoError(t, err)
	out, loops, err := instrument(in, Options{})
	require.NoError(t, err)
	assert.Positive(t, loops)
	t.Logf("%d loops instrumented; %d -> %d bytes (+%.2f%%)", loops, len(in), len(out),
		100*float64(len(out)-len(in))/float64(len(in)))
	for _, e := range engines {
		rt := wazero.NewRuntimeWithConfig(context.Background(), e.cfg())
		_, err := rt.CompileModule(context.Background(), out)
		assert.NoError(t, err, e.name)
		_ = rt.Close(context.Background())
	}
}
