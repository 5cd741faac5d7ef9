package tsx

import (
	"fmt"
	"strings"

	"github.com/evanw/esbuild/pkg/api"
)

// SyntaxError reports a program that cannot be run: a TypeScript or
// JavaScript syntax error, a construct coderun does not support (such as an
// import or export statement), or source text that is not valid UTF-8 or
// contains NUL.
// The position is in the user's original program.
type SyntaxError struct {
	// Line is the 1-based line. Lines are split the way JavaScript splits
	// them: at LF, CR, CRLF, U+2028 and U+2029.
	Line int
	// Column is the 1-based column, counted in UTF-16 code units as
	// JavaScript tools (tsc, V8, editors) count them; for ASCII text it is
	// simply the character position.
	Column int
	// Message describes the problem, without position.
	Message string
	// File is the file name the position is given in; empty means
	// FileName.
	File string
}

// Error formats the error like a compiler diagnostic, for example
// `program.ts:3:7: Expected ";" but found "x"`.
func (e *SyntaxError) Error() string {
	file := e.File
	if file == "" {
		file = FileName
	}
	return fmt.Sprintf("%s:%d:%d: %s", file, e.Line, e.Column, e.Message)
}

// syntaxErrorFromEsbuild converts an esbuild diagnostic on the text esbuild
// was given (which may contain placeholder edits) into a SyntaxError in
// the user's coordinates.
func syntaxErrorFromEsbuild(msg api.Message, edits *sourceEdits) *SyntaxError {
	// Some esbuild texts end in ":" to introduce a note we do not show.
	e := &SyntaxError{Line: 1, Column: 1, Message: strings.TrimSuffix(msg.Text, ":")}
	loc := msg.Location
	if loc == nil {
		return e
	}
	// esbuild's column counts bytes; convert to UTF-16 using the line text
	// it hands back, which is the line of the text it parsed.
	byteCol := min(max(loc.Column, 0), len(loc.LineText))
	col := utf16Len(loc.LineText[:byteCol])
	line := max(loc.Line-1, 0)
	e.Line = line + 1
	e.Column = edits.toUser(line, col) + 1
	return e
}
