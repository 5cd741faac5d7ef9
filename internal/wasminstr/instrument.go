// Package wasminstr rewrites WebAssembly modules at build time.
//
// Instrument adds a fuel counter checked at every loop header. A guest that
// spins inside native code (for instance QuickJS's C sort or
// String.prototype.repeat) never returns to the host on its own. After
// instrumentation every loop iteration decrements a mutable i32 global, and
// whenever the counter drops to zero the guest calls a host import, which
// returns the next counter value. The host can use that callback to enforce a
// deadline (by panicking, which traps the guest), to yield the goroutine, or
// to account deterministic fuel. Instrument adds no functions, so function
// indices are unchanged; the counter global is appended after all existing
// globals, so existing global indices are unchanged too.
//
// DirectCalls replaces the function table by dispatch functions, so that
// instantiating the module has no table to fill.
//
// Everything a transformation does not need to rewrite, including custom
// sections, is copied byte for byte.
package wasminstr

import (
	"fmt"
	"math"
	"unicode/utf8"

	"github.com/coderun/coderun/internal/leb128"
)

// Defaults applied by Instrument to zero-valued Options fields.
const (
	// DefaultImportModule is the module name of the fuel import.
	DefaultImportModule = "coderun"
	// DefaultImportName is the field name of the fuel import.
	DefaultImportName = "fuel_tick"
	// DefaultExportName is the name under which the counter global is
	// exported.
	DefaultExportName = "coderun_fuel"
	// DefaultQuantum is the counter's initial value: the number of loop
	// iterations between two host calls.
	DefaultQuantum int32 = 10000
)

// Options configures Instrument. The zero value selects all defaults.
type Options struct {
	// ImportModule and ImportName identify the function import called when
	// the counter runs out. It must already be imported by the module with
	// type () -> i32; its result becomes the new counter value.
	ImportModule string
	ImportName   string
	// Quantum is the initial counter value. It must not be negative; zero
	// means DefaultQuantum.
	Quantum int32
	// ExportName is the export name of the counter global, so the host can
	// read or reset it. It must not already be exported by the module.
	ExportName string
	// RejectPassiveData makes Instrument fail if any function uses
	// memory.init or data.drop. A later step that replaces the module's data
	// segments (a memory snapshot) is sound only then, and the instrumenter
	// is already decoding every instruction.
	RejectPassiveData bool
}

// withDefaults fills in zero-valued fields and validates the rest.
func (o Options) withDefaults() (Options, error) {
	if o.ImportModule == "" {
		o.ImportModule = DefaultImportModule
	}
	if o.ImportName == "" {
		o.ImportName = DefaultImportName
	}
	if o.ExportName == "" {
		o.ExportName = DefaultExportName
	}
	if o.Quantum == 0 {
		o.Quantum = DefaultQuantum
	}
	if o.Quantum < 0 {
		return o, newError(ErrOptions, "", -1, -1, "quantum %d must be positive", o.Quantum)
	}
	// Names are encoded verbatim into the binary, where they must be UTF-8.
	for _, s := range []string{o.ImportModule, o.ImportName, o.ExportName} {
		if !utf8.ValidString(s) {
			return o, newError(ErrOptions, "", -1, -1, "name %q is not valid UTF-8", s)
		}
	}
	return o, nil
}

// Section ids of the core binary format.
const (
	secCustom    byte = 0
	secType      byte = 1
	secImport    byte = 2
	secFunction  byte = 3
	secTable     byte = 4
	secMemory    byte = 5
	secGlobal    byte = 6
	secExport    byte = 7
	secStart     byte = 8
	secElement   byte = 9
	secCode      byte = 10
	secData      byte = 11
	secDataCount byte = 12
)

// sectionNames names section ids in error messages.
var sectionNames = [...]string{"custom", "type", "import", "function", "table", "memory",
	"global", "export", "start", "element", "code", "data", "data count"}

// sectionRank gives the position each non-custom section must occupy. It is
// not the id: the data count section (12) sits between element and code.
var sectionRank = [...]int{
	secType: 1, secImport: 2, secFunction: 3, secTable: 4, secMemory: 5,
	secGlobal: 6, secExport: 7, secStart: 8, secElement: 9, secDataCount: 10,
	secCode: 11, secData: 12,
}

// External kinds used in the import and export sections.
const (
	kindFunc   byte = 0
	kindTable  byte = 1
	kindMemory byte = 2
	kindGlobal byte = 3
)

// kindNames names external kinds in error messages.
var kindNames = [...]string{"function", "table", "memory", "global"}

// section is one section of the input, referencing the input bytes.
type section struct {
	id      byte
	start   int    // offset of the id byte
	payload []byte // the section contents, after the size
	off     int    // offset of payload[0]
}

// end returns the offset just past the section.
func (s section) end() int { return s.off + len(s.payload) }

// funcType is a function signature as raw value type bytes.
type funcType struct {
	params, results []byte
}

// String renders the signature like "(i32, i64) -> (f32)" for messages.
func (t funcType) String() string {
	return fmt.Sprintf("(%s) -> (%s)", valTypeList(t.params), valTypeList(t.results))
}

// valTypeList renders value type bytes as a comma-separated list.
func valTypeList(ts []byte) string {
	s := ""
	for i, t := range ts {
		if i > 0 {
			s += ", "
		}
		switch t {
		case valI32:
			s += "i32"
		case valI64:
			s += "i64"
		case valF32:
			s += "f32"
		case valF64:
			s += "f64"
		case valV128:
			s += "v128"
		case valFuncref:
			s += "funcref"
		case valExternref:
			s += "externref"
		}
	}
	return s
}

// module accumulates what Instrument learns while scanning the sections.
type module struct {
	opts     Options
	sections []section
	types    []funcType

	importedFuncs   uint32
	importedGlobals uint32
	importedTables  uint32
	definedFuncs    int
	// funcTypes is the type index of every function, imported ones first.
	funcTypes []uint32
	// exportsTable is set when the module exports a table.
	exportsTable bool
	fuelFunc     int64 // function index of the fuel import, -1 if absent

	// Indices into sections, -1 if the section is absent.
	typeSec, funcSec, globalSec, exportSec, codeSec int
	code                                            []byte // rewritten code section payload
	definedGlobals                                  uint32
	exportCount                                     uint32
	loops                                           int // number of instrumented loops, for tests
}

// Instrument returns a copy of the wasm binary module in which every loop
// header decrements a fuel counter and calls the import
// opts.ImportModule.opts.ImportName whenever the counter reaches zero (see
// the package documentation). The input is not modified. The output is a
// deterministic function of the input and opts. Errors are of type *Error.
func Instrument(wasm []byte, opts Options) ([]byte, error) {
	out, _, err := instrument(wasm, opts)
	return out, err
}

// instrument does the work of Instrument and also reports how many loops it
// instrumented, which the tests use to check the decoder.
func instrument(wasm []byte, opts Options) ([]byte, int, error) {
	opts, err := opts.withDefaults()
	if err != nil {
		return nil, 0, err
	}
	m := newModule(opts)
	if err := m.readSections(wasm, nil); err != nil {
		return nil, 0, err
	}
	if m.fuelFunc < 0 {
		return nil, 0, newError(ErrFuelImport, "import", -1, -1, "module does not import function %q.%q", opts.ImportModule, opts.ImportName)
	}
	fuelGlobal := m.importedGlobals + m.definedGlobals
	if m.codeSec >= 0 {
		s := m.sections[m.codeSec]
		if err := m.rewriteCode(newReader(s.payload, s.off, "code"), fuelGlobal); err != nil {
			return nil, 0, err
		}
	} else if m.definedFuncs != 0 {
		return nil, 0, newError(ErrMalformed, "code", -1, -1, "function section declares %d functions but there is no code section", m.definedFuncs)
	}
	return m.assemble(wasm, fuelGlobal), m.loops, nil
}

// newModule returns an empty module to read with opts.
func newModule(opts Options) *module {
	return &module{opts: opts, fuelFunc: -1, typeSec: -1, funcSec: -1, globalSec: -1, exportSec: -1, codeSec: -1}
}

// readSections splits wasm into sections and reads the ones every
// transformation needs: types, imports, functions, globals and exports,
// noting the index of each and of the code section (which is rewritten
// later, by the caller). Any other section goes to other, if not nil, which
// may read it (and then check it with sectionEnd) or ignore it.
// Sections are in canonical order, so types and imports are known before
// the sections that refer to them.
func (m *module) readSections(wasm []byte, other func(i int, s section, r *reader) error) error {
	if err := m.splitSections(wasm); err != nil {
		return err
	}
	for i, s := range m.sections {
		r := newReader(s.payload, s.off, sectionNames[s.id])
		var err error
		switch s.id {
		case secType:
			m.typeSec = i
			err = sectionEnd(r, m.readTypes(r))
		case secImport:
			err = sectionEnd(r, m.readImports(r))
		case secFunction:
			m.funcSec = i
			err = sectionEnd(r, m.readFunctions(r))
		case secGlobal:
			m.globalSec = i
			err = sectionEnd(r, m.readGlobals(r))
		case secExport:
			m.exportSec = i
			err = sectionEnd(r, m.readExports(r))
		case secCode:
			m.codeSec = i
		default:
			if other != nil {
				err = other(i, s, r)
			}
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// sectionEnd returns err, or an error if r has not read its whole section.
func sectionEnd(r *reader, err error) error {
	if err == nil && r.remaining() != 0 {
		err = r.errAt(r.pos, ErrMalformed, "%d unexpected bytes at the end of the section", r.remaining())
	}
	return err
}

// splitSections validates the header and slices the input into sections,
// checking that non-custom sections are known, unique and in order.
func (m *module) splitSections(wasm []byte) error {
	r := newReader(wasm, 0, "")
	magic, err := r.readBytes(4, "magic number")
	if err != nil {
		return err
	}
	if string(magic) != "\x00asm" {
		return r.errAt(0, ErrMalformed, "bad magic number % x, want 00 61 73 6d", magic)
	}
	version, err := r.readBytes(4, "version")
	if err != nil {
		return err
	}
	if string(version) != "\x01\x00\x00\x00" {
		return r.errAt(4, ErrMalformed, "unsupported binary version % x, want 01 00 00 00", version)
	}
	lastRank := 0
	for r.remaining() > 0 {
		start := r.pos
		id, _ := r.readByte("section id") // cannot fail: remaining > 0
		if id == 13 {
			return r.errAt(start, ErrUnsupported, "tag section (exception handling) is not supported")
		}
		if int(id) >= len(sectionNames) {
			return r.errAt(start, ErrUnsupported, "unknown section id %d", id)
		}
		r.section = sectionNames[id]
		size, err := r.readU32("section size")
		if err != nil {
			return err
		}
		if int64(size) > int64(r.remaining()) {
			return r.errAt(start, ErrMalformed, "section size %d exceeds the remaining %d bytes", size, r.remaining())
		}
		off := r.offset()
		payload, _ := r.readBytes(int(size), "section payload")
		if id != secCustom {
			rank := sectionRank[id]
			if rank <= lastRank {
				return r.errAt(start, ErrMalformed, "section is duplicated or out of order")
			}
			lastRank = rank
		}
		m.sections = append(m.sections, section{id: id, start: start, payload: payload, off: off})
		r.section = ""
	}
	return nil
}

// readTypes records the function types of the type section.
func (m *module) readTypes(r *reader) error {
	n, err := r.readCount("type", 1)
	if err != nil {
		return err
	}
	m.types = make([]funcType, 0, n)
	for i := 0; i < n; i++ {
		start := r.pos
		form, err := r.readByte("type form")
		if err != nil {
			return err
		}
		if form != 0x60 {
			return r.errAt(start, ErrUnsupported, "type %d has form 0x%02x; only function types (0x60) are supported", i, form)
		}
		var t funcType
		if t.params, err = readValTypes(r, "parameter type"); err != nil {
			return err
		}
		if t.results, err = readValTypes(r, "result type"); err != nil {
			return err
		}
		m.types = append(m.types, t)
	}
	return nil
}

// readValTypes decodes a vector of single-byte value types.
func readValTypes(r *reader, what string) ([]byte, error) {
	n, err := r.readCount(what, 1)
	if err != nil {
		return nil, err
	}
	ts := make([]byte, n)
	for i := range ts {
		if ts[i], err = r.readValType(what); err != nil {
			return nil, err
		}
	}
	return ts, nil
}

// readImports counts imported functions and globals, which offset the index
// spaces, and locates and type-checks the fuel import.
func (m *module) readImports(r *reader) error {
	n, err := r.readCount("import", 4)
	if err != nil {
		return err
	}
	for i := 0; i < n; i++ {
		start := r.pos
		modName, err := r.readName("import module name")
		if err != nil {
			return err
		}
		name, err := r.readName("import name")
		if err != nil {
			return err
		}
		isFuel := m.opts.ImportName != "" && modName == m.opts.ImportModule && name == m.opts.ImportName
		kindPos := r.pos
		kind, err := r.readByte("import kind")
		if err != nil {
			return err
		}
		if isFuel && kind != kindFunc && int(kind) < len(kindNames) {
			return r.errAt(start, ErrFuelImport, "import %q.%q is a %s, want a function of type () -> (i32)", modName, name, kindNames[kind])
		}
		switch kind {
		case kindFunc:
			idxPos := r.pos
			typeIdx, err := r.readU32("import type index")
			if err != nil {
				return err
			}
			if uint64(typeIdx) >= uint64(len(m.types)) {
				return r.errAt(idxPos, ErrMalformed, "import %q.%q uses type index %d but only %d types are declared", modName, name, typeIdx, len(m.types))
			}
			// Should the import appear twice, the first one wins; both
			// resolve to the same host function anyway.
			if isFuel && m.fuelFunc < 0 {
				t := m.types[typeIdx]
				if len(t.params) != 0 || len(t.results) != 1 || t.results[0] != valI32 {
					return r.errAt(start, ErrFuelImport, "import %q.%q has type %s, want () -> (i32)", modName, name, t)
				}
				m.fuelFunc = int64(m.importedFuncs)
			}
			m.importedFuncs++
			m.funcTypes = append(m.funcTypes, typeIdx)
		case kindTable:
			if _, err := r.readValType("table element type"); err != nil {
				return err
			}
			err = readLimits(r)
			m.importedTables++
		case kindMemory:
			err = readLimits(r)
		case kindGlobal:
			if _, err := r.readValType("global type"); err != nil {
				return err
			}
			err = readMutability(r)
			m.importedGlobals++
		default:
			return r.errAt(kindPos, ErrUnsupported, "import %q.%q has unsupported kind 0x%02x", modName, name, kind)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// readLimits steps over table or memory limits. The flag bits are: 1 = has
// maximum, 2 = shared (threads), 4 = 64-bit (memory64).
func readLimits(r *reader) error {
	start := r.pos
	flags, err := r.readByte("limits flags")
	if err != nil {
		return err
	}
	if flags > 7 {
		return r.errAt(start, ErrUnsupported, "unknown limits flags 0x%02x", flags)
	}
	bits := uint(32)
	if flags&4 != 0 {
		bits = 64
	}
	if _, err := r.readUnsigned(bits, "limits minimum"); err != nil {
		return err
	}
	if flags&1 != 0 {
		_, err = r.readUnsigned(bits, "limits maximum")
	}
	return err
}

// readMutability steps over a global's mutability flag.
func readMutability(r *reader) error {
	start := r.pos
	mut, err := r.readByte("global mutability")
	if err != nil {
		return err
	}
	if mut > 1 {
		return r.errAt(start, ErrMalformed, "invalid global mutability 0x%02x", mut)
	}
	return nil
}

// readFunctions records how many functions the module defines, so the code
// section can be checked against it.
func (m *module) readFunctions(r *reader) error {
	n, err := r.readCount("function", 1)
	if err != nil {
		return err
	}
	for i := 0; i < n; i++ {
		start := r.pos
		typeIdx, err := r.readU32("function type index")
		if err != nil {
			return err
		}
		// Checked here because an out-of-range index makes wazero v1.12.0's
		// validator panic instead of returning an error.
		if uint64(typeIdx) >= uint64(len(m.types)) {
			return r.errAt(start, ErrMalformed, "function %d uses type index %d but only %d types are declared",
				int64(m.importedFuncs)+int64(i), typeIdx, len(m.types))
		}
		m.funcTypes = append(m.funcTypes, typeIdx)
	}
	m.definedFuncs = n
	return nil
}

// readGlobals counts the defined globals (the counter is appended after
// them) and checks that each entry decodes.
func (m *module) readGlobals(r *reader) error {
	n, err := r.readCount("global", 3)
	if err != nil {
		return err
	}
	for i := 0; i < n; i++ {
		if _, err := r.readValType("global type"); err != nil {
			return err
		}
		if err := readMutability(r); err != nil {
			return err
		}
		if err := walkExpr(r, nil); err != nil {
			return err
		}
	}
	m.definedGlobals = uint32(n)
	return nil
}

// readExports counts the exports and rejects a module that already uses the
// counter's export name (for example because it was instrumented before).
func (m *module) readExports(r *reader) error {
	n, err := r.readCount("export", 3)
	if err != nil {
		return err
	}
	for i := 0; i < n; i++ {
		start := r.pos
		name, err := r.readName("export name")
		if err != nil {
			return err
		}
		if m.opts.ExportName != "" && name == m.opts.ExportName {
			return r.errAt(start, ErrOptions, "export name %q is already used by the module (already instrumented?)", name)
		}
		kindPos := r.pos
		kind, err := r.readByte("export kind")
		if err != nil {
			return err
		}
		if int(kind) >= len(kindNames) {
			return r.errAt(kindPos, ErrUnsupported, "export %q has unsupported kind 0x%02x", name, kind)
		}
		m.exportsTable = m.exportsTable || kind == kindTable
		if _, err := r.readU32("export index"); err != nil {
			return err
		}
	}
	m.exportCount = uint32(n)
	return nil
}

// fuelCheck returns the instruction sequence spliced in after every loop
// header:
//
//	global.get $fuel
//	i32.const 1
//	i32.sub
//	global.set $fuel
//	global.get $fuel
//	i32.const 0
//	i32.le_s
//	if
//	  call $fuel_tick
//	  global.set $fuel
//	end
//
// WebAssembly has no global.tee, hence the set/get pair. The sequence is
// stack-neutral and opens and closes its own block, so branch depths of the
// surrounding code and loops with parameters are unaffected. Using le_s
// rather than eqz means a host that returns zero or a negative value gets
// called on every iteration instead of silently disabling the check.
func fuelCheck(global uint32, fn uint32) []byte {
	b := leb128.AppendUint32([]byte{opGlobalGet}, global)
	b = append(b, opI32Const, 1, opI32Sub, opGlobalSet)
	b = leb128.AppendUint32(b, global)
	b = append(b, opGlobalGet)
	b = leb128.AppendUint32(b, global)
	b = append(b, opI32Const, 0, opI32LeS, opIf, blockTypeEmpty, opCall)
	b = leb128.AppendUint32(b, fn)
	b = append(b, opGlobalSet)
	b = leb128.AppendUint32(b, global)
	return append(b, opEnd)
}

// rewriteCode inserts the fuel check after every loop header of every
// function body in the code section read by r, and stores the result in
// m.code.
func (m *module) rewriteCode(r *reader, fuelGlobal uint32) error {
	check := fuelCheck(fuelGlobal, uint32(m.fuelFunc))
	out := make([]byte, 0, len(r.buf)+len(r.buf)/8)
	out = leb128.AppendUint32(out, uint32(m.definedFuncs))
	var loops []int
	err := m.eachBody(r, func(*reader) *exprHooks {
		loops = loops[:0]
		return &exprHooks{loop: func(pos int) { loops = append(loops, pos) }}
	}, func(br *reader, body, entry []byte) error {
		if len(loops) == 0 {
			out = append(out, entry...)
			return nil
		}
		newSize := len(body) + len(loops)*len(check)
		if int64(newSize) > math.MaxUint32 {
			return br.errAt(0, ErrUnsupported, "instrumented body would be %d bytes, too large", newSize)
		}
		out = leb128.AppendUint32(out, uint32(newSize))
		last := 0
		for _, p := range loops {
			out = append(out, body[last:p]...)
			out = append(out, check...)
			last = p
		}
		out = append(out, body[last:]...)
		m.loops += len(loops)
		return nil
	})
	m.code = out
	return err
}

// eachBody decodes the code section read by r, which must hold one body per
// defined function. For each body it skips the local declarations, walks
// the instructions with the hooks that hooks returns (given the body's
// reader, whose positions are relative to the body), and then calls done
// with the body and its whole entry (size prefix included), to copy or
// rewrite.
func (m *module) eachBody(r *reader, hooks func(br *reader) *exprHooks, done func(br *reader, body, entry []byte) error) error {
	countPos := r.pos
	n, err := r.readCount("function body", 1)
	if err != nil {
		return err
	}
	if n != m.definedFuncs {
		return r.errAt(countPos, ErrMalformed, "code section has %d bodies but the function section declares %d functions", n, m.definedFuncs)
	}
	for i := 0; i < n; i++ {
		entryPos := r.pos
		size, err := r.readU32("function body size")
		if err != nil {
			return err
		}
		bodyPos := r.pos
		body, err := r.readBytes(int(size), "function body")
		if err != nil {
			return err
		}
		br := newReader(body, r.base+bodyPos, "code")
		br.fn = int64(m.importedFuncs) + int64(i)
		br.rejectPassiveData = m.opts.RejectPassiveData
		// Local declarations are kept verbatim; decode them only to find
		// where the instructions start.
		if err := skipLocals(br); err != nil {
			return err
		}
		if err := walkExpr(br, hooks(br)); err != nil {
			return err
		}
		if br.remaining() != 0 {
			return br.errAt(br.pos, ErrMalformed, "%d unexpected bytes after the function's final end", br.remaining())
		}
		if err := done(br, body, r.buf[entryPos:r.pos]); err != nil {
			return err
		}
	}
	if r.remaining() != 0 {
		return r.errAt(r.pos, ErrMalformed, "%d unexpected bytes at the end of the section", r.remaining())
	}
	return nil
}

// skipLocals steps over a body's local declarations.
func skipLocals(br *reader) error {
	locals, err := br.readCount("local declaration", 2)
	if err != nil {
		return err
	}
	for j := 0; j < locals; j++ {
		if _, err := br.readU32("local count"); err != nil {
			return err
		}
		if _, err := br.readValType("local type"); err != nil {
			return err
		}
	}
	return nil
}

// assemble writes the output module: every section in input order, with the
// global, export and code sections replaced by their extended versions, and
// global and export sections created if the input had none.
func (m *module) assemble(wasm []byte, fuelGlobal uint32) []byte {
	// The new global: mutable i32 initialised to i32.const Quantum.
	global := append([]byte{valI32, 1, opI32Const}, leb128.AppendInt32(nil, m.opts.Quantum)...)
	global = append(global, opEnd)
	export := leb128.AppendUint32(nil, uint32(len(m.opts.ExportName)))
	export = append(export, m.opts.ExportName...)
	export = append(export, kindGlobal)
	export = leb128.AppendUint32(export, fuelGlobal)

	type chunk struct {
		rank int // sectionRank, 0 for custom sections
		raw  []byte
	}
	chunks := make([]chunk, 0, len(m.sections)+2)
	for i, s := range m.sections {
		rank := 0
		if s.id != secCustom {
			rank = sectionRank[s.id]
		}
		raw := wasm[s.start:s.end()]
		switch {
		case i == m.globalSec:
			raw = encodeSection(secGlobal, appendVector(s.payload, m.definedGlobals, global))
		case i == m.exportSec:
			raw = encodeSection(secExport, appendVector(s.payload, m.exportCount, export))
		case i == m.codeSec:
			raw = encodeSection(secCode, m.code)
		}
		chunks = append(chunks, chunk{rank, raw})
	}
	// insert places a new section right after the last non-custom section
	// that must precede it, which keeps the canonical order and leaves custom
	// sections next to the sections they followed.
	insert := func(id byte, payload []byte) {
		rank := sectionRank[id]
		at := 0
		for i, c := range chunks {
			if c.rank != 0 && c.rank < rank {
				at = i + 1
			}
		}
		chunks = append(chunks[:at], append([]chunk{{rank, encodeSection(id, payload)}}, chunks[at:]...)...)
	}
	if m.globalSec < 0 {
		insert(secGlobal, append([]byte{1}, global...))
	}
	if m.exportSec < 0 {
		insert(secExport, append([]byte{1}, export...))
	}

	size := 8
	for _, c := range chunks {
		size += len(c.raw)
	}
	out := make([]byte, 0, size)
	out = append(out, wasm[:8]...)
	for _, c := range chunks {
		out = append(out, c.raw...)
	}
	return out
}

// appendVector re-encodes a vector section payload (count followed by
// entries) with one more entry appended.
func appendVector(payload []byte, count uint32, entry []byte) []byte {
	r := newReader(payload, 0, "")
	_, _ = r.readU32("count") // already validated while scanning
	out := leb128.AppendUint32(nil, count+1)
	out = append(out, payload[r.pos:]...)
	return append(out, entry...)
}

// encodeSection frames a payload as a section with a minimal size LEB128.
func encodeSection(id byte, payload []byte) []byte {
	out := leb128.AppendUint32([]byte{id}, uint32(len(payload)))
	return append(out, payload...)
}
