package wasminstr

import "github.com/coderun/coderun/internal/leb128"

// DirectCalls returns a copy of the wasm binary module without a function
// table: every call_indirect becomes a direct call to a dispatch function,
// one per signature, that switches on the table index and calls the
// function the element segments put there. Where call_indirect would trap
// (a null entry, an index past the table, a function of another signature)
// the dispatch function executes unreachable.
//
// A runtime fills a module's table from its element segments for every
// instance it creates, and wazero evaluates each entry separately: for
// QuickJS's five hundred entries that was most of the cost of an instance.
// Without a table there is nothing to fill. Function pointers keep their
// values (they are table indices, now switch cases), so a memory image taken
// of the original module stays valid, and existing function, type and
// global indices are unchanged: dispatch functions and their types are
// appended.
//
// The table must be the module's only one, defined in it, neither imported
// nor exported, and used by nothing but call_indirect; element segments must
// be active, for that table, at constant offsets, and list function
// indices. Anything else is ErrUnsupported. A module that neither defines
// nor imports a table is returned unchanged. Errors are of type *Error.
func DirectCalls(wasm []byte) ([]byte, error) {
	d := &dispatcher{module: newModule(Options{}), tableSec: -1, elemSec: -1}
	err := d.readSections(wasm, func(i int, s section, r *reader) error {
		switch {
		case s.id == secTable:
			d.tableSec = i
			return sectionEnd(r, d.readTable(r))
		case s.id == secElement && d.tableSec >= 0:
			// (Without a table, segments can only be declarative ones, for
			// ref.func: nothing to do.)
			d.elemSec = i
			return sectionEnd(r, d.readElements(r))
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	m := d.module
	switch {
	case m.importedTables > 0:
		return nil, newError(ErrUnsupported, "import", -1, -1, "the module imports a table")
	case m.exportsTable:
		return nil, newError(ErrUnsupported, "export", -1, -1, "the module exports its table")
	case d.tableSec < 0:
		return append([]byte(nil), wasm...), nil
	}
	if err := d.fillTable(); err != nil {
		return nil, err
	}
	if m.codeSec >= 0 {
		s := m.sections[m.codeSec]
		if err := d.rewriteCode(newReader(s.payload, s.off, "code")); err != nil {
			return nil, err
		}
	} else if m.definedFuncs != 0 {
		return nil, newError(ErrMalformed, "code", -1, -1, "function section declares %d functions but there is no code section", m.definedFuncs)
	}
	return d.assemble(wasm), nil
}

// dispatcher holds what DirectCalls learns about the table and builds the
// dispatch functions.
type dispatcher struct {
	*module
	tableSec, elemSec int // indices into sections, or -1

	tableSize uint32
	segments  []elemSegment
	// entries is the function index at each table index up to the end of
	// the last segment (past it every entry is null), -1 for null; keys
	// holds the sigKey of each entry's function.
	entries []int64
	keys    []string

	// sigs are the signatures called indirectly, in order of first use;
	// dispatch i serves sigs[i]. bySig maps a signature's key to i.
	sigs  []funcType
	bySig map[string]int
	code  []byte // the rewritten code section payload, bodies included
}

// elemSegment is an active element segment: funcs go to the table from
// offset on.
type elemSegment struct {
	offset uint32
	funcs  []uint32
	pos    int // absolute offset, for errors
}

// sigKey identifies a signature by structure, which is what call_indirect
// compares. The parameter count comes first: every byte is a possible value
// type, so no separator could tell (f64) -> (f64) from () -> (f64, f64).
func sigKey(t funcType) string {
	return string(leb128.AppendUint32(nil, uint32(len(t.params)))) + string(t.params) + string(t.results)
}

// readTable reads the table section: exactly one funcref table.
func (d *dispatcher) readTable(r *reader) error {
	start := r.pos
	n, err := r.readCount("table", 3)
	if err != nil {
		return err
	}
	if n != 1 {
		return r.errAt(start, ErrUnsupported, "%d tables; only one is supported", n)
	}
	typePos := r.pos
	t, err := r.readValType("table element type")
	if err != nil {
		return err
	}
	if t != valFuncref {
		return r.errAt(typePos, ErrUnsupported, "the table holds 0x%02x, not funcref", t)
	}
	flagsPos := r.pos
	flags, err := r.readByte("table limits flags")
	if err != nil {
		return err
	}
	if flags > 1 {
		return r.errAt(flagsPos, ErrUnsupported, "table limits flags 0x%02x", flags)
	}
	if d.tableSize, err = r.readU32("table minimum"); err != nil {
		return err
	}
	if flags == 1 {
		_, err = r.readU32("table maximum")
	}
	return err
}

// readElements reads the element section: active segments for table 0 with
// an i32.const offset and a vector of function indices (flags 0 or 2).
func (d *dispatcher) readElements(r *reader) error {
	n, err := r.readCount("element segment", 3)
	if err != nil {
		return err
	}
	for i := 0; i < n; i++ {
		start := r.pos
		flags, err := r.readU32("element segment flags")
		if err != nil {
			return err
		}
		switch flags {
		case 0:
		case 2:
			table, err := r.readU32("element table index")
			if err != nil {
				return err
			}
			if table != 0 {
				return r.errAt(start, ErrUnsupported, "element segment %d is for table %d", i, table)
			}
		default:
			return r.errAt(start, ErrUnsupported, "element segment %d has flags %d; only active segments of function indices are supported", i, flags)
		}
		exprPos := r.pos
		if op, err := r.readByte("element offset"); err != nil {
			return err
		} else if op != opI32Const {
			return r.errAt(exprPos, ErrUnsupported, "element segment %d has a non-constant offset", i)
		}
		offset, err := r.readSigned(32, "element offset")
		if err != nil {
			return err
		}
		if end, err := r.readByte("element offset end"); err != nil {
			return err
		} else if end != opEnd {
			return r.errAt(exprPos, ErrUnsupported, "element segment %d has a non-constant offset", i)
		}
		if flags == 2 {
			if kind, err := r.readByte("element kind"); err != nil {
				return err
			} else if kind != 0 {
				return r.errAt(r.pos-1, ErrUnsupported, "element segment %d has kind 0x%02x", i, kind)
			}
		}
		count, err := r.readCount("element", 1)
		if err != nil {
			return err
		}
		seg := elemSegment{offset: uint32(offset), funcs: make([]uint32, count), pos: r.base + start}
		for j := range seg.funcs {
			if seg.funcs[j], err = r.readU32("element function index"); err != nil {
				return err
			}
		}
		d.segments = append(d.segments, seg)
	}
	return nil
}

// fillTable lays the segments into the table, as instantiation would (a
// later segment overwrites an earlier one).
func (d *dispatcher) fillTable() error {
	used := uint64(0)
	for i, seg := range d.segments {
		end := uint64(seg.offset) + uint64(len(seg.funcs))
		if end > uint64(d.tableSize) {
			return newError(ErrMalformed, "element", -1, seg.pos, "segment %d ends at %d, past the table's %d entries", i, end, d.tableSize)
		}
		used = max(used, end)
	}
	// Segments are bounded by the input's size; the table's declared size
	// is not, and needs no memory: its unfilled entries are null.
	d.entries = make([]int64, used)
	d.keys = make([]string, used)
	for i := range d.entries {
		d.entries[i] = -1
	}
	for i, seg := range d.segments {
		for j, f := range seg.funcs {
			if uint64(f) >= uint64(len(d.funcTypes)) {
				return newError(ErrMalformed, "element", -1, seg.pos, "segment %d names function %d of %d", i, f, len(d.funcTypes))
			}
			d.entries[seg.offset+uint32(j)] = int64(f)
			d.keys[seg.offset+uint32(j)] = sigKey(d.types[d.funcTypes[f]])
		}
	}
	return nil
}

// rewriteCode replaces every call_indirect in the code section read by r
// with a call of its signature's dispatch function, and appends the
// dispatch functions' bodies.
func (d *dispatcher) rewriteCode(r *reader) error {
	firstDispatch := d.importedFuncs + uint32(d.definedFuncs)
	d.bySig = map[string]int{}
	type site struct {
		start, end int
		dispatch   uint32
	}
	var sites []site
	var bodies [][]byte
	err := d.eachBody(r, func(br *reader) *exprHooks {
		sites = sites[:0]
		return &exprHooks{
			callIndirect: func(start, end int, typeIdx, tableIdx uint32) error {
				if tableIdx != 0 {
					return br.errAt(start, ErrMalformed, "call_indirect of table %d", tableIdx)
				}
				if uint64(typeIdx) >= uint64(len(d.types)) {
					return br.errAt(start, ErrMalformed, "call_indirect of type %d of %d", typeIdx, len(d.types))
				}
				sites = append(sites, site{start, end, firstDispatch + uint32(d.signature(d.types[typeIdx]))})
				return nil
			},
			table: func(start int, name string) error {
				return br.errAt(start, ErrUnsupported, "%s: the table may only be used by call_indirect", name)
			},
		}
	}, func(_ *reader, body, _ []byte) error {
		out := make([]byte, 0, len(body))
		last := 0
		for _, s := range sites {
			out = append(out, body[last:s.start]...)
			out = leb128.AppendUint32(append(out, opCall), s.dispatch)
			last = s.end
		}
		bodies = append(bodies, append(out, body[last:]...))
		return nil
	})
	if err != nil {
		return err
	}
	for _, sig := range d.sigs {
		bodies = append(bodies, d.dispatchBody(sig))
	}
	code := leb128.AppendUint32(nil, uint32(len(bodies)))
	for _, b := range bodies {
		code = append(leb128.AppendUint32(code, uint32(len(b))), b...)
	}
	d.code = code
	return nil
}

// signature returns the dispatch number of sig, adding it on first use.
func (d *dispatcher) signature(sig funcType) int {
	k := sigKey(sig)
	i, ok := d.bySig[k]
	if !ok {
		i = len(d.sigs)
		d.sigs = append(d.sigs, sig)
		d.bySig[k] = i
	}
	return i
}

// dispatchBody is the body of sig's dispatch function, whose parameters are
// sig's followed by the i32 table index:
//
//	block                       ;; trap
//	  block ... block           ;; one per function of signature sig
//	    local.get $index
//	    br_table <case of every table index, else trap>
//	  end
//	  local.get 0 ... call $f0 return
//	  end
//	  ... one case per function
//	end
//	unreachable
func (d *dispatcher) dispatchBody(sig funcType) []byte {
	key := sigKey(sig)
	var cases []uint32        // function of each case
	caseOf := map[int64]int{} // function index -> case
	// Labels stop at the last entry of this signature: br_table sends
	// every index past them to its default, the trap.
	labels := make([]int, 0, len(d.entries))
	for i, f := range d.entries {
		if f < 0 || d.keys[i] != key {
			labels = append(labels, -1)
			continue
		}
		c, ok := caseOf[f]
		if !ok {
			c = len(cases)
			caseOf[f] = c
			cases = append(cases, uint32(f))
		}
		labels = append(labels, c)
	}
	for len(labels) > 0 && labels[len(labels)-1] < 0 {
		labels = labels[:len(labels)-1]
	}
	b := []byte{0} // no locals
	if len(cases) == 0 {
		return append(b, opUnreachable, opEnd)
	}
	trap := uint32(len(cases))
	for range len(cases) + 1 {
		b = append(b, opBlock, blockTypeEmpty)
	}
	b = leb128.AppendUint32(append(b, opLocalGet), uint32(len(sig.params)))
	b = leb128.AppendUint32(append(b, opBrTable), uint32(len(labels)))
	for _, l := range labels {
		if l < 0 {
			b = leb128.AppendUint32(b, trap)
		} else {
			b = leb128.AppendUint32(b, uint32(l))
		}
	}
	b = leb128.AppendUint32(b, trap)
	for _, f := range cases {
		b = append(b, opEnd)
		for p := range sig.params {
			b = leb128.AppendUint32(append(b, opLocalGet), uint32(p))
		}
		b = leb128.AppendUint32(append(b, opCall), f)
		b = append(b, opReturn)
	}
	return append(b, opEnd, opUnreachable, opEnd)
}

// assemble writes the output: the type and function sections extended with
// the dispatch functions, the code section rewritten, the table and element
// sections gone, everything else copied.
func (d *dispatcher) assemble(wasm []byte) []byte {
	// Each dispatch function's type: its signature plus the i32 index,
	// reusing an existing type of that structure where there is one.
	types := append([]funcType(nil), d.types...)
	typeIdx := map[string]uint32{}
	for i := len(types) - 1; i >= 0; i-- {
		typeIdx[sigKey(types[i])] = uint32(i)
	}
	var dispatchTypes []uint32
	for _, sig := range d.sigs {
		t := funcType{params: append(append([]byte(nil), sig.params...), valI32), results: sig.results}
		idx, ok := typeIdx[sigKey(t)]
		if !ok {
			idx = uint32(len(types))
			types = append(types, t)
			typeIdx[sigKey(t)] = idx
		}
		dispatchTypes = append(dispatchTypes, idx)
	}

	out := append([]byte(nil), wasm[:8]...)
	for i, s := range d.sections {
		switch {
		case i == d.tableSec, i == d.elemSec:
			// Gone: the dispatch functions hold the table now.
		case i == d.typeSec:
			out = append(out, encodeSection(secType, encodeTypes(types))...)
		case i == d.funcSec:
			payload := leb128.AppendUint32(nil, uint32(d.definedFuncs+len(dispatchTypes)))
			for _, t := range d.funcTypes[d.importedFuncs:] {
				payload = leb128.AppendUint32(payload, t)
			}
			for _, t := range dispatchTypes {
				payload = leb128.AppendUint32(payload, t)
			}
			out = append(out, encodeSection(secFunction, payload)...)
		case i == d.codeSec:
			out = append(out, encodeSection(secCode, d.code)...)
		default:
			out = append(out, wasm[s.start:s.end()]...)
		}
	}
	return out
}

// encodeTypes encodes a type section payload.
func encodeTypes(types []funcType) []byte {
	b := leb128.AppendUint32(nil, uint32(len(types)))
	for _, t := range types {
		b = leb128.AppendUint32(append(b, 0x60), uint32(len(t.params)))
		b = leb128.AppendUint32(append(b, t.params...), uint32(len(t.results)))
		b = append(b, t.results...)
	}
	return b
}
