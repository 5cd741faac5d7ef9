package tsx

import (
	"strconv"
	"strings"
)

// MapStack rewrites every "program.ts:LINE:COLUMN" in stack (an error's
// stack, message, or any text the engine produced about Program.JS) from a
// position in Program.JS to the matching position in the user's program.
// Positions with no mapping, such as those inside the wrapper, are left
// unchanged, as is all other text.
//
// Frames read "    at NAME (program.ts:LINE:COLUMN)", or "    at
// program.ts:LINE:COLUMN" for an anonymous function and a parse error;
// both are handled, as is any other context, since only the position
// itself is matched. An
// occurrence preceded by a file-name character (as in "myprogram.ts:1:2"
// or "/x/program.ts:1:2") is some other file and is left alone.
func (p *Program) MapStack(stack string) string { return p.MapStackAs(stack, FileName) }

// MapStackAs is MapStack, writing each mapped position with the file name
// name instead of FileName, so that positions name the file the user ran.
// Positions with no mapping keep FileName: they are not in the user's file.
func (p *Program) MapStackAs(stack, name string) string {
	const needle = FileName + ":"
	if !strings.Contains(stack, needle) {
		return stack
	}
	var b strings.Builder
	b.Grow(len(stack))
	prev := 0
	for i := 0; i < len(stack); {
		j := strings.Index(stack[i:], needle)
		if j < 0 {
			break
		}
		start := i + j
		i = start + len(needle)
		if start > 0 && isFileNameByte(stack[start-1]) {
			continue
		}
		line, afterLine, ok := parseNumber(stack, i)
		if !ok || afterLine >= len(stack) || stack[afterLine] != ':' {
			continue
		}
		col, end, ok := parseNumber(stack, afterLine+1)
		if !ok {
			continue
		}
		i = end
		mLine, mCol, ok := p.MapPosition(line, col)
		if !ok {
			continue
		}
		b.WriteString(stack[prev:start])
		b.WriteString(name)
		b.WriteByte(':')
		b.WriteString(strconv.Itoa(mLine))
		b.WriteByte(':')
		b.WriteString(strconv.Itoa(mCol))
		prev = end
	}
	if prev == 0 {
		return stack
	}
	b.WriteString(stack[prev:])
	return b.String()
}

// MapPosition maps a position in Program.JS, as QuickJS-ng reports it
// (1-based line; 1-based column counting UTF-8 bytes), to the user's
// program (1-based line; 1-based column counting UTF-16 code units). ok is
// false when the position has no mapping, such as a position in the
// wrapper lines.
func (p *Program) MapPosition(line, col int) (userLine, userCol int, ok bool) {
	p.ensureMap()
	if p.smap == nil || line < 1 || col < 1 {
		return 0, 0, false
	}
	// The generated column is needed in UTF-16 units; QuickJS counts bytes.
	start, end, exists := lineBounds(p.JS, p.genStarts, line-1)
	if !exists {
		return 0, 0, false
	}
	lineText := p.JS[start:end]
	genCol := min(col-1, len(lineText))
	if !p.jsASCII {
		genCol = utf16Len(lineText[:genCol])
	}

	indent := 0
	for indent < len(lineText) && (lineText[indent] == ' ' || lineText[indent] == '\t') {
		indent++
	}
	srcLine, srcCol, ok := p.smap.lookup(line-1-prefixLines, genCol, indent)
	if !ok {
		return 0, 0, false
	}
	return srcLine + 1, p.edits.toUser(srcLine, srcCol) + 1, true
}

// parseNumber parses the decimal number at s[i:], returning it and the
// index after it. Overlong numbers are not positions and are rejected.
func parseNumber(s string, i int) (n, end int, ok bool) {
	end = i
	for end < len(s) && '0' <= s[end] && s[end] <= '9' {
		end++
		if end-i > 9 {
			return 0, i, false
		}
	}
	if end == i {
		return 0, i, false
	}
	n, _ = strconv.Atoi(s[i:end])
	return n, end, true
}

// isFileNameByte reports whether c could be part of a longer file name or
// path ending in "program.ts".
func isFileNameByte(c byte) bool {
	return isIdentByte(c) || c == '-' || c == '/' || c == '\\' || c == '@' || c == '~'
}
