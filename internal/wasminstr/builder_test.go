package wasminstr

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/require"
)

// This file holds a tiny hand-rolled wasm byte builder for the tests. It
// deliberately re-implements the LEB128 encoders instead of reusing the
// package's, so that encoder bugs cannot hide behind matching decoder bugs.

// leb encodes v as unsigned LEB128.
func leb(v uint64) []byte {
	var out []byte
	for {
		b := byte(v & 0x7f)
		v >>= 7
		if v == 0 {
			return append(out, b)
		}
		out = append(out, b|0x80)
	}
}

// sleb encodes v as signed LEB128.
func sleb(v int64) []byte {
	var out []byte
	for {
		b := byte(v & 0x7f)
		v >>= 7
		done := (v == 0 && b&0x40 == 0) || (v == -1 && b&0x40 != 0)
		if done {
			return append(out, b)
		}
		out = append(out, b|0x80)
	}
}

// cat concatenates byte slices.
func cat(parts ...[]byte) []byte { return bytes.Join(parts, nil) }

// vec encodes a vector: element count followed by the elements.
func vec(items ...[]byte) []byte { return cat(leb(uint64(len(items))), cat(items...)) }

// str encodes a name.
func str(s string) []byte { return cat(leb(uint64(len(s))), []byte(s)) }

// sec frames payload as a section with the given id.
func sec(id byte, payload ...[]byte) []byte {
	p := cat(payload...)
	return cat([]byte{id}, leb(uint64(len(p))), p)
}

// vecSec is a section whose payload is a vector of items.
func vecSec(id byte, items ...[]byte) []byte { return sec(id, vec(items...)) }

// customSec is a custom section with the given name and contents.
func customSec(name string, contents []byte) []byte { return sec(0, str(name), contents) }

// wasmModule prepends the magic number and version to the sections.
func wasmModule(sections ...[]byte) []byte {
	return cat([]byte("\x00asm\x01\x00\x00\x00"), cat(sections...))
}

// fnType encodes a function type; params and results are value type bytes.
func fnType(params, results []byte) []byte {
	ps := make([][]byte, len(params))
	for i, p := range params {
		ps[i] = []byte{p}
	}
	rs := make([][]byte, len(results))
	for i, r := range results {
		rs[i] = []byte{r}
	}
	return cat([]byte{0x60}, vec(ps...), vec(rs...))
}

// importFunc encodes a function import entry.
func importFunc(module, name string, typeIdx uint32) []byte {
	return cat(str(module), str(name), []byte{0x00}, leb(uint64(typeIdx)))
}

// importGlobal encodes a global import entry.
func importGlobal(module, name string, valType byte, mutable bool) []byte {
	mut := byte(0)
	if mutable {
		mut = 1
	}
	return cat(str(module), str(name), []byte{0x03, valType, mut})
}

// exportEntry encodes an export entry.
func exportEntry(name string, kind byte, idx uint32) []byte {
	return cat(str(name), []byte{kind}, leb(uint64(idx)))
}

// funcBody encodes a code section entry: size, local declarations (pairs of
// count and type) and instructions. The caller supplies the final end.
func funcBody(locals [][2]byte, instrs ...[]byte) []byte {
	ls := make([][]byte, len(locals))
	for i, l := range locals {
		ls[i] = []byte{l[0], l[1]}
	}
	body := cat(vec(ls...), cat(instrs...))
	return cat(leb(uint64(len(body))), body)
}

// Frequently used types.
var (
	typeTick = fnType(nil, []byte{0x7f})             // () -> i32
	typeRun  = fnType([]byte{0x7f}, nil)             // (i32) -> ()
	typeVoid = fnType(nil, nil)                      // () -> ()
	typeI2I  = fnType([]byte{0x7f}, []byte{0x7f})    // (i32) -> i32
	typeII   = fnType([]byte{0x7f, 0x7f}, nil)       // (i32, i32) -> ()
	fuelImp  = importFunc("coderun", "fuel_tick", 0) // function 0
	i32Local = [][2]byte{{1, 0x7f}}                  // one i32 local
	twoI32   = [][2]byte{{2, 0x7f}}                  // two i32 locals
	loopVoid = []byte{0x03, 0x40}                    // loop (empty block type)
	endOp    = []byte{0x0b}                          // end
	brIf0    = []byte{0x0d, 0x00}                    // br_if 0
	incTee   = func(l byte) []byte {                 // local.get l; i32.const 1; i32.add; local.tee l
		return []byte{0x20, l, 0x41, 0x01, 0x6a, 0x22, l}
	}
	ltS = func(l byte) []byte { return []byte{0x20, l, 0x48} } // local.get l; i32.lt_s
)

// runModule builds a module importing coderun.fuel_tick (function 0) and
// defining one function, exported as "run", with type runType (type 1) and
// the given locals and instructions. The instructions must include the
// function's final end.
func runModule(runType []byte, locals [][2]byte, instrs ...[]byte) []byte {
	return wasmModule(
		vecSec(1, typeTick, runType),
		vecSec(2, fuelImp),
		vecSec(3, []byte{1}),
		vecSec(7, exportEntry("run", 0, 1)),
		vecSec(10, funcBody(locals, instrs...)),
	)
}

// countingModule's run(n) executes its single loop header max(n, 1) times:
//
//	(func (param $n i32) (local $i i32)
//	  loop
//	    $i = $i + 1
//	    br_if 0 ($i < $n)
//	  end)
func countingModule() []byte {
	return runModule(typeRun, i32Local, loopVoid, incTee(1), ltS(0), brIf0, endOp, endOp)
}

// nestedModule's run(n, m) executes the outer loop header n times and the
// inner one n*m times (n, m >= 1).
func nestedModule() []byte {
	return runModule(typeII, twoI32,
		loopVoid,                       // outer
		[]byte{0x41, 0x00, 0x21, 0x03}, // $j = 0
		loopVoid,                       // inner
		incTee(3), ltS(1), brIf0,
		endOp,
		incTee(2), ltS(0), brIf0,
		endOp,
		endOp)
}

// brTableModule's loop header runs n times (n >= 1); the back edge is a
// br_table rather than a br_if:
//
//	block $exit
//	  loop $l
//	    br_table $exit $l ($i+1 < $n)   ;; 0 -> $exit, 1 -> $l, default $exit
//	  end
//	end
func brTableModule() []byte {
	return runModule(typeRun, i32Local,
		[]byte{0x02, 0x40}, loopVoid,
		incTee(1), ltS(0),
		[]byte{0x0e, 0x02, 0x01, 0x00, 0x01}, // br_table [1 0] default 1
		endOp, endOp, endOp)
}

// spinModule's run never returns on its own: loop br 0 end.
func spinModule() []byte {
	return runModule(typeVoid, nil, loopVoid, []byte{0x0c, 0x00}, endOp, endOp)
}

// kitchenModule exercises every instruction family the decoder steps over,
// with immediates full of 0x03 bytes (the loop opcode) so that a decoder
// that loses sync would instrument the wrong places. run(n) returns n and
// executes loop headers 2n times (n >= 1); the module has exactly three
// loops, one of them in dead code.
func kitchenModule() []byte {
	run := funcBody([][2]byte{{1, 0x7f}, {1, 0x7e}, {1, 0x7c}},
		cat([]byte{0x42}, sleb(0x0303030303030303), []byte{0x21, 0x02}),          // i64.const; local.set 2
		[]byte{0x43, 0x03, 0x03, 0x03, 0x03, 0x1a},                               // f32.const; drop
		[]byte{0x44, 0x03, 0x03, 0x03, 0x03, 0x03, 0x03, 0x03, 0x03, 0x21, 0x03}, // f64.const; local.set 3
		[]byte{0x41, 0x03, 0x28, 0x02, 0x03, 0x1a},                               // i32.load align=2 offset=3
		[]byte{0x41, 0x00, 0x30, 0x00, 0x83, 0x06, 0x1a},                         // i64.load8_s offset=0x303
		[]byte{0x41, 0x00, 0x41, 0x03, 0x3a, 0x00, 0x03},                         // i32.store8 offset=3
		[]byte{0x3f, 0x00, 0x1a},                                                 // memory.size
		[]byte{0x41, 0x00, 0x40, 0x00, 0x1a},                                     // memory.grow
		[]byte{0x41, 0x00, 0x41, 0x00, 0x41, 0x03, 0xfc, 0x08, 0x01, 0x00},       // memory.init 1
		[]byte{0xfc, 0x09, 0x01},                                                 // data.drop 1
		[]byte{0x41, 0x00, 0x41, 0x03, 0x41, 0x03, 0xfc, 0x0a, 0x00, 0x00},       // memory.copy
		[]byte{0x41, 0x00, 0x41, 0x03, 0x41, 0x00, 0xfc, 0x0b, 0x00},             // memory.fill
		[]byte{0x41, 0x00, 0x41, 0x00, 0x41, 0x01, 0xfc, 0x0c, 0x01, 0x03},       // table.init elem 1 -> table 3
		[]byte{0xfc, 0x0d, 0x01},                                                 // elem.drop 1
		[]byte{0x41, 0x01, 0x41, 0x00, 0x41, 0x01, 0xfc, 0x0e, 0x00, 0x03},       // table.copy table 3 -> table 0
		[]byte{0xd0, 0x70, 0x41, 0x01, 0xfc, 0x0f, 0x00, 0x1a},                   // table.grow
		[]byte{0xfc, 0x10, 0x00, 0x1a},                                           // table.size
		[]byte{0x41, 0x00, 0xd2, 0x02, 0x41, 0x01, 0xfc, 0x11, 0x00},             // table.fill
		[]byte{0x41, 0x00, 0x25, 0x00, 0xd1, 0x1a},                               // table.get; ref.is_null
		[]byte{0x41, 0x00, 0xd2, 0x02, 0x26, 0x00},                               // table.set
		[]byte{0x43, 0x00, 0x00, 0x60, 0x40, 0xfc, 0x00, 0x1a},                   // i32.trunc_sat_f32_s 3.5
		[]byte{0x41, 0x03, 0xc0, 0x1a},                                           // i32.extend8_s
		[]byte{0x41, 0x01, 0x41, 0x02, 0x20, 0x00, 0x1c, 0x01, 0x7f, 0x1a},       // select (result i32)
		[]byte{0x41, 0x01, 0x41, 0x02, 0x41, 0x00, 0x1b, 0x1a},                   // select
		[]byte{0x41, 0x00, 0x11, 0x02, 0x03},                                     // call_indirect (type 2) table 3
		[]byte{0x10, 0x02},                                                       // call 2
		[]byte{0x02, 0x7f, 0x41, 0x03, 0x0b, 0x1a},                               // block (result i32)
		[]byte{0x41, 0x03, 0x02, 0x01, 0x0b, 0x1a},                               // block (type 1)
		[]byte{0x41, 0x01, 0x04, 0x7f, 0x41, 0x03, 0x05, 0x41, 0x04, 0x0b, 0x1a}, // if/else
		// Four nested blocks; br_table [0] default 3, whose default label
		// byte doubles as the loop opcode.
		[]byte{0x02, 0x40, 0x02, 0x40, 0x02, 0x40, 0x02, 0x40, 0x41, 0x01, 0x0e, 0x01, 0x00, 0x03, 0x0b, 0x0b, 0x0b, 0x0b},
		[]byte{0x02, 0x40, 0x0c, 0x00, 0x03, 0x40, 0x0b, 0x0b}, // dead loop after br
		// loop (type 1) carrying the countdown as a loop parameter: n headers.
		[]byte{0x20, 0x00, 0x03, 0x01, 0x41, 0x01, 0x6b, 0x22, 0x01, 0x20, 0x01, 0x41, 0x00, 0x4a, 0x0d, 0x00, 0x0b, 0x1a},
		// $i = 0; loop (type 2) counting to n: n headers.
		[]byte{0x41, 0x00, 0x21, 0x01, 0x03, 0x02}, incTee(1), ltS(0), brIf0, endOp,
		[]byte{0x20, 0x01}, // return $i
		endOp)
	nop := funcBody(nil, endOp)
	funcNames := vec(cat(leb(1), str("run")))
	nameSec := customSec("name", cat([]byte{0x01}, leb(uint64(len(funcNames))), funcNames))
	return wasmModule(
		vecSec(1, typeTick, typeI2I, typeVoid),
		customSec("between", []byte{0x03, 0x40, 0x0b}),
		vecSec(2, fuelImp),
		vecSec(3, []byte{1}, []byte{2}),
		// Four tables, so that table index 3 makes the last immediate of
		// table.init, table.copy and call_indirect another 0x03 byte.
		vecSec(4, []byte{0x70, 0x00, 0x02}, []byte{0x70, 0x00, 0x02}, []byte{0x70, 0x00, 0x02}, []byte{0x70, 0x00, 0x02}),
		vecSec(5, []byte{0x00, 0x01}),                   // memory min 1
		vecSec(6, []byte{0x7e, 0x01, 0x42, 0x7f, 0x0b}), // global i64 mut = -1
		vecSec(7, exportEntry("run", 0, 1)),
		vecSec(9,
			[]byte{0x00, 0x41, 0x00, 0x0b, 0x01, 0x02}, // active, table 0 offset 0: [2]
			[]byte{0x01, 0x00, 0x01, 0x02}),            // passive funcref: [2]
		sec(12, leb(2)), // data count
		vecSec(10, run, nop),
		vecSec(11,
			[]byte{0x00, 0x41, 0x00, 0x0b, 0x03, 'a', 'b', 'c'},
			[]byte{0x01, 0x03, 'x', 'y', 'z'}),
		nameSec,
		customSec("producers", []byte{0x00}),
	)
}

// importedGlobalModule imports an immutable i32 global env.g and defines two
// globals, so the fuel counter must land at global index 3. run(n) counts
// like countingModule; get() returns global 2 (initialised from env.g).
func importedGlobalModule() []byte {
	return wasmModule(
		vecSec(1, typeTick, typeRun, fnType(nil, []byte{0x7f})),
		vecSec(2, importGlobal("env", "g", 0x7f, false), fuelImp),
		vecSec(3, []byte{1}, []byte{2}),
		vecSec(6,
			[]byte{0x7f, 0x01, 0x41, 0x00, 0x0b},  // global 1: mut i32 = 0
			[]byte{0x7f, 0x00, 0x23, 0x00, 0x0b}), // global 2: i32 = global.get 0
		vecSec(7, exportEntry("run", 0, 1), exportEntry("get", 0, 2)),
		vecSec(10,
			funcBody(i32Local, loopVoid, incTee(1), ltS(0), brIf0, endOp, endOp),
			funcBody(nil, []byte{0x23, 0x02}, endOp)),
	)
}

// envModule exports the immutable global g = 42 for importedGlobalModule.
func envModule() []byte {
	return wasmModule(
		vecSec(6, []byte{0x7f, 0x00, 0x41, 42, 0x0b}),
		vecSec(7, exportEntry("g", 3, 0)),
	)
}

// startModule has neither a global nor an export section, so Instrument must
// create both; its start function runs a 25-iteration loop.
func startModule() []byte {
	return wasmModule(
		vecSec(1, typeTick, typeVoid),
		vecSec(2, fuelImp),
		customSec("after-import", []byte{1, 2, 3}),
		vecSec(3, []byte{1}),
		sec(8, leb(1)), // start: function 1
		vecSec(10, funcBody(i32Local, loopVoid,
			incTee(0), []byte{0x41, 25, 0x48}, brIf0, // $i+1 < 25
			endOp, endOp)),
		customSec("name", []byte{}),
	)
}

// rawSection is a section as seen by the tests' independent walker.
type rawSection struct {
	id      byte
	payload []byte
	end     int // offset just past the section
}

// splitModule splits a module into sections using a walker independent of
// the package's, so tests can check the output layout.
func splitModule(t *testing.T, wasm []byte) []rawSection {
	t.Helper()
	require.Equal(t, "\x00asm\x01\x00\x00\x00", string(wasm[:8]))
	var out []rawSection
	p := 8
	for p < len(wasm) {
		id := wasm[p]
		p++
		var size, shift uint64
		for {
			b := wasm[p]
			p++
			size |= uint64(b&0x7f) << shift
			shift += 7
			if b&0x80 == 0 {
				break
			}
		}
		out = append(out, rawSection{id: id, payload: wasm[p : p+int(size)], end: p + int(size)})
		p += int(size)
	}
	return out
}

// sectionBoundaries returns the prefix lengths of wasm that end exactly
// between two sections, i.e. that are themselves well framed.
func sectionBoundaries(t *testing.T, wasm []byte) map[int]bool {
	t.Helper()
	out := map[int]bool{8: true}
	for _, s := range splitModule(t, wasm) {
		out[s.end] = true
	}
	return out
}
