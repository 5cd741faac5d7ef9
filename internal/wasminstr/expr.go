package wasminstr

// Opcodes the decoder needs by name. Everything else is handled by range in
// walkExpr.
const (
	opUnreachable  byte = 0x00
	opNop          byte = 0x01
	opBlock        byte = 0x02
	opLoop         byte = 0x03
	opIf           byte = 0x04
	opElse         byte = 0x05
	opEnd          byte = 0x0b
	opBr           byte = 0x0c
	opBrIf         byte = 0x0d
	opBrTable      byte = 0x0e
	opReturn       byte = 0x0f
	opCall         byte = 0x10
	opCallIndirect byte = 0x11
	opDrop         byte = 0x1a
	opSelect       byte = 0x1b
	opSelectTyped  byte = 0x1c
	opLocalGet     byte = 0x20
	opGlobalGet    byte = 0x23
	opGlobalSet    byte = 0x24
	opTableGet     byte = 0x25
	opTableSet     byte = 0x26
	opLoadFirst    byte = 0x28 // i32.load
	opStoreLast    byte = 0x3e // i64.store32
	opMemorySize   byte = 0x3f
	opMemoryGrow   byte = 0x40
	opI32Const     byte = 0x41
	opI64Const     byte = 0x42
	opF32Const     byte = 0x43
	opF64Const     byte = 0x44
	opNumericFirst byte = 0x45 // i32.eqz
	opI32LeS       byte = 0x4c
	opI32Sub       byte = 0x6b
	opNumericLast  byte = 0xc4 // i64.extend32_s (sign-extension proposal)
	opRefNull      byte = 0xd0
	opRefIsNull    byte = 0xd1
	opRefFunc      byte = 0xd2
	opPrefixFC     byte = 0xfc
	opPrefixSIMD   byte = 0xfd

	// blockTypeEmpty is the block type of a block with no params or results.
	blockTypeEmpty byte = 0x40
)

// exprHooks are the callbacks of walkExpr; nil ones are skipped. Positions
// are relative to the reader's buffer.
type exprHooks struct {
	// loop gets the position just past a loop's block type, which is where
	// the fuel check is spliced in.
	loop func(pos int)
	// callIndirect gets the span [start, end) of a call_indirect instruction
	// with its immediates.
	callIndirect func(start, end int, typeIdx, tableIdx uint32) error
	// table gets the position of every other instruction that uses a table
	// or an element segment: table.get, table.set, the 0xfc table
	// instructions, elem.drop and ref.func.
	table func(start int, name string) error
}

// walkExpr decodes one expression starting at r's position and stops right
// after the `end` that closes it (the implicit outermost block), calling h's
// hooks on the way (h may be nil). It only steps over immediates; it does
// not type-check, which is left to the runtime's validator.
func walkExpr(r *reader, h *exprHooks) error {
	if h == nil {
		h = &exprHooks{}
	}
	depth := 0
	for {
		start := r.pos
		op, err := r.readByte("opcode")
		if err != nil {
			return err
		}
		switch {
		case op == opUnreachable, op == opNop, op == opElse, op == opReturn,
			op == opDrop, op == opSelect, op == opRefIsNull,
			op >= opNumericFirst && op <= opNumericLast:
			// No immediates.
		case op == opBlock, op == opIf:
			if err := readBlockType(r); err != nil {
				return err
			}
			depth++
		case op == opLoop:
			if err := readBlockType(r); err != nil {
				return err
			}
			depth++
			if h.loop != nil {
				h.loop(r.pos)
			}
		case op == opEnd:
			if depth == 0 {
				return nil
			}
			depth--
		case op == opBr, op == opBrIf, op == opCall, op == opRefFunc,
			op >= opLocalGet && op <= opTableSet:
			// One index: label, function, local, global or table.
			if _, err := r.readU32("index immediate"); err != nil {
				return err
			}
			if name := tableOpName(op); name != "" && h.table != nil {
				if err := h.table(start, name); err != nil {
					return err
				}
			}
		case op == opBrTable:
			n, err := r.readCount("br_table label", 1)
			if err != nil {
				return err
			}
			// n labels plus the default label.
			for i := 0; i <= n; i++ {
				if _, err := r.readU32("br_table label"); err != nil {
					return err
				}
			}
		case op == opCallIndirect:
			typeIdx, err := r.readU32("call_indirect type index")
			if err != nil {
				return err
			}
			tableIdx, err := r.readU32("call_indirect table index")
			if err != nil {
				return err
			}
			if h.callIndirect != nil {
				if err := h.callIndirect(start, r.pos, typeIdx, tableIdx); err != nil {
					return err
				}
			}
		case op == opSelectTyped:
			n, err := r.readCount("select type", 1)
			if err != nil {
				return err
			}
			for i := 0; i < n; i++ {
				if _, err := r.readValType("select type"); err != nil {
					return err
				}
			}
		case op >= opLoadFirst && op <= opStoreLast:
			if err := readMemArg(r); err != nil {
				return err
			}
		case op == opMemorySize, op == opMemoryGrow:
			if err := readMemIndex(r); err != nil {
				return err
			}
		case op == opI32Const:
			if _, err := r.readSigned(32, "i32.const immediate"); err != nil {
				return err
			}
		case op == opI64Const:
			if _, err := r.readSigned(64, "i64.const immediate"); err != nil {
				return err
			}
		case op == opF32Const:
			if _, err := r.readBytes(4, "f32.const immediate"); err != nil {
				return err
			}
		case op == opF64Const:
			if _, err := r.readBytes(8, "f64.const immediate"); err != nil {
				return err
			}
		case op == opRefNull:
			b, err := r.readByte("ref.null type")
			if err != nil {
				return err
			}
			if b != valFuncref && b != valExternref {
				return r.errAt(start+1, ErrUnsupported, "ref.null with unsupported heap type 0x%02x", b)
			}
		case op == opPrefixFC:
			if err := readPrefixFC(r, start, h); err != nil {
				return err
			}
		case op == opPrefixSIMD:
			return r.errAt(start, ErrUnsupported, "unsupported opcode 0xfd (SIMD)")
		default:
			return r.errAt(start, ErrUnsupported, "unsupported opcode 0x%02x", op)
		}
	}
}

// tableOpName names the single-byte opcodes that use a table or an element
// segment, and is empty for the others.
func tableOpName(op byte) string {
	switch op {
	case opTableGet:
		return "table.get"
	case opTableSet:
		return "table.set"
	case opRefFunc:
		return "ref.func"
	}
	return ""
}

// readPrefixFC steps over the sub-opcode and immediates of a 0xFC-prefixed
// instruction (saturating truncation, bulk memory and table operations).
// start is the position of the prefix byte, for error messages.
func readPrefixFC(r *reader, start int, h *exprHooks) error {
	sub, err := r.readU32("0xfc sub-opcode")
	if err != nil {
		return err
	}
	if h.table != nil && sub >= 12 && sub <= 17 {
		names := [...]string{"table.init", "elem.drop", "table.copy", "table.grow", "table.size", "table.fill"}
		if err := h.table(start, names[sub-12]); err != nil {
			return err
		}
	}
	switch {
	case sub <= 7:
		// iNN.trunc_sat_fMM_{s,u}: no immediates.
		return nil
	case (sub == 8 || sub == 9) && r.rejectPassiveData:
		return r.errAt(start, ErrUnsupported, "memory.init and data.drop are not allowed (Options.RejectPassiveData)")
	case sub == 8: // memory.init dataidx memidx
		if _, err := r.readU32("memory.init data index"); err != nil {
			return err
		}
		return readMemIndex(r)
	case sub == 9: // data.drop dataidx
		_, err := r.readU32("data.drop data index")
		return err
	case sub == 10: // memory.copy memidx memidx
		if err := readMemIndex(r); err != nil {
			return err
		}
		return readMemIndex(r)
	case sub == 11: // memory.fill memidx
		return readMemIndex(r)
	case sub == 12, sub == 14: // table.init elemidx tableidx; table.copy tableidx tableidx
		return readIndices(r, 2, "table instruction immediate")
	case sub == 13, sub == 15, sub == 16, sub == 17: // elem.drop, table.grow, table.size, table.fill
		return readIndices(r, 1, "table instruction immediate")
	}
	return r.errAt(start, ErrUnsupported, "unsupported opcode 0xfc %d", sub)
}

// readIndices steps over n u32 index immediates.
func readIndices(r *reader, n int, what string) error {
	for i := 0; i < n; i++ {
		if _, err := r.readU32(what); err != nil {
			return err
		}
	}
	return nil
}

// readMemIndex steps over a memory index immediate. Only memory 0 exists
// without the multi-memory proposal, and a non-zero index would signal an
// encoding we do not otherwise decode, so it is rejected.
func readMemIndex(r *reader) error {
	start := r.pos
	idx, err := r.readU32("memory index")
	if err != nil {
		return err
	}
	if idx != 0 {
		return r.errAt(start, ErrUnsupported, "memory index %d (multi-memory is not supported)", idx)
	}
	return nil
}

// readMemArg steps over a load/store memarg: alignment exponent and offset.
func readMemArg(r *reader) error {
	start := r.pos
	align, err := r.readU32("memarg alignment")
	if err != nil {
		return err
	}
	// Bit 6 of the alignment field announces an explicit memory index in the
	// multi-memory proposal, which changes the layout of the immediates.
	if align >= 1<<6 {
		return r.errAt(start, ErrUnsupported, "memarg alignment field %d (multi-memory is not supported)", align)
	}
	_, err = r.readU32("memarg offset")
	return err
}

// readBlockType steps over a block type: 0x40 (empty), a single value type,
// or a non-negative s33 type index.
func readBlockType(r *reader) error {
	start := r.pos
	v, err := r.readSigned(33, "block type")
	if err != nil {
		return err
	}
	if v >= 0 {
		return nil // type index
	}
	// Negative values are the single-byte encodings (0x40 is -64, 0x7f is -1).
	if r.pos-start == 1 {
		b := r.buf[start]
		if b == blockTypeEmpty || isValType(b) {
			return nil
		}
	}
	return r.errAt(start, ErrUnsupported, "unsupported block type 0x%02x", r.buf[start])
}
