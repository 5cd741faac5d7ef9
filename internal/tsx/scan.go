package tsx

import (
	"unicode/utf8"
)

// findTopLevelReturns returns the byte offsets of return keywords in src
// that look like top-level return statements (not inside any function,
// class, namespace or object literal), in increasing order.
//
// It exists for speed, not correctness. esbuild reports every top-level
// return of a module-like file itself, but each report costs time
// proportional to the distance between the return and the file's last
// top-level await (it locates a note there by scanning), which makes a
// large program with many top-level returns take minutes. Replacing the
// returns found here beforehand means esbuild has (almost) nothing left to
// report. The guess may be wrong both ways without harm:
//   - a return it misses is still reported by esbuild and replaced then;
//   - a return statement inside a function that it takes for top-level
//     becomes a placeholder and is restored like the others, which is
//     exactly what the user wrote;
//   - a "return" that is not a statement at all (it misread a regular
//     expression, say, and found one in a string) leaves a placeholder
//     that cannot be found in the output, and Transform tries again
//     without that part of the guess.
//
// It is a small tokenizer: strings, template literals (with nesting),
// comments and regular expressions are skipped, and each "{" is
// classified as a statement block or something else from the token
// before it. Only returns whose enclosing braces are all statement blocks
// are reported; where in doubt a brace counts as "something else".
func findTopLevelReturns(src string) []int {
	s := scanner{src: src}
	return s.run()
}

// braceKind classifies an open brace.
type braceKind uint8

const (
	braceBlock    braceKind = iota // a statement block: if/else/for/try/... or a bare block
	braceOther                     // function or class body, object literal, type, namespace, ...
	braceTemplate                  // a ${ substitution inside a template literal
)

// token kinds the scanner distinguishes.
type tokenKind uint8

const (
	tokNone  tokenKind = iota // start of input
	tokWord                   // identifier or keyword
	tokValue                  // number, string, template, regexp
	tokPunct                  // punctuator
)

type scanner struct {
	src    string
	i      int
	braces []braceKind
	// parens holds, for each open parenthesis, the keyword before it
	// ("if", "for", ...) or "" so that a following "{" or "/" can be
	// classified when the parenthesis closes.
	parens []string

	prevKind tokenKind
	prevText string // the word or punctuator, for tokWord and tokPunct
	prevWord string // the word before prevText, if that was a word too
	closed   string // for prevText ")": the keyword its "(" followed
	popped   braceKind
	// inCase is set by "case" or "default" in a block (a switch body),
	// so that the next ":" is known to end a case label, after which "{"
	// opens a block rather than, say, an object literal's value.
	inCase bool

	found []int

	// lim, when set, measures the program for checkLimits.
	lim *limits
}

// statementHeads are the keywords whose parenthesized part is followed by
// a statement (so "{" there opens a block, "/" a regular expression).
var statementHeads = map[string]bool{"if": true, "for": true, "while": true, "switch": true, "catch": true, "with": true}

// regexpAfterWord are the keywords after which "/" starts a regular
// expression rather than dividing.
var regexpAfterWord = map[string]bool{
	"return": true, "typeof": true, "instanceof": true, "in": true, "of": true, "new": true,
	"delete": true, "void": true, "throw": true, "case": true, "do": true, "else": true,
	"yield": true, "await": true,
}

// blockAfterWord are the keywords directly followed by a block.
var blockAfterWord = map[string]bool{"else": true, "try": true, "finally": true, "do": true}

// run scans the whole source and returns the candidates found.
func (s *scanner) run() []int {
	src := s.src
	if s.i == 0 && len(src) >= 2 && src[0] == '#' && src[1] == '!' {
		s.skipLineComment()
	}
	for s.i < len(src) {
		if s.lim != nil && s.lim.err != nil {
			break
		}
		c := src[s.i]
		switch {
		case c == '\n' || c == '\r':
			s.i++
			if s.lim != nil {
				s.lim.lineBreak(s)
			}
		case c == ' ' || c == '\t' || c == '\v' || c == '\f':
			s.i++
		case c == '/' && s.peek(1) == '/':
			s.skip(s.skipLineComment, 2)
		case c == '/' && s.peek(1) == '*':
			s.skip(s.skipBlockComment, 2)
		case c == '/':
			if s.regexpAllowed() {
				s.skip(s.skipRegexp, 1)
				s.value()
			} else {
				s.i++
				s.punct("/")
			}
		case c == '"' || c == '\'':
			start := s.i
			s.skip(func() { s.skipString(c) }, 1)
			if s.lim != nil {
				s.lim.stringLiteral(start, s.i-start)
			}
			s.value()
		case c == '`':
			if s.lim != nil {
				s.lim.template()
			}
			s.i++
			s.skip(s.skipTemplate, 0)
		case isDigit(c) || (c == '.' && isDigit(s.peek(1))):
			for s.i < len(src) && (isIdentByte(src[s.i]) && src[s.i] < utf8.RuneSelf) {
				s.i++
			}
			s.value()
		case isIdentStart(c):
			start := s.i
			s.i++
			for s.i < len(src) && isIdentByte(src[s.i]) && src[s.i] != '.' {
				s.i++
			}
			s.word(src[start:s.i], start)
		case c == '{':
			s.i++
			s.openBrace()
			s.punct("{")
		case c == '}':
			s.i++
			s.closeBrace()
		case c == '(':
			s.i++
			s.parens = append(s.parens, s.parenHead())
			s.punct("(")
		case c == ')':
			s.i++
			head := ""
			if n := len(s.parens); n > 0 {
				head = s.parens[n-1]
				s.parens = s.parens[:n-1]
			}
			s.punct(")")
			s.closed = head
		case c == '=' && s.peek(1) == '>':
			s.i += 2
			s.punct("=>")
		case c == '?' && s.peek(1) == '.' && !isDigit(s.peek(2)):
			s.i += 2
			s.punct("?.")
		case c >= utf8.RuneSelf:
			r, size := utf8.DecodeRuneInString(src[s.i:])
			if isJSSpace(r) {
				s.i += size
				continue
			}
			// Any other non-ASCII character can only be part of an
			// identifier in valid code; treat a run of them as one.
			start := s.i
			for s.i < len(src) && isIdentByte(src[s.i]) && src[s.i] != '.' {
				s.i++
			}
			s.word(src[start:s.i], start)
		case c == ':' && s.inCase:
			s.i++
			s.inCase = false
			s.punct(":case")
		default:
			s.i++
			s.punct(src[s.i-1 : s.i])
		}
	}
	return s.found
}

// peek returns the byte k positions ahead, or 0 past the end.
func (s *scanner) peek(k int) byte {
	if s.i+k < len(s.src) {
		return s.src[s.i+k]
	}
	return 0
}

// value records a literal (number, string, template, regexp) token.
func (s *scanner) value() {
	if s.lim != nil {
		s.lim.token(s.i)
	}
	s.prevKind, s.prevText, s.prevWord = tokValue, "", ""
}

// punct records a punctuator token.
func (s *scanner) punct(p string) {
	if s.lim != nil {
		s.lim.token(s.i)
		s.lim.punct(s, p)
	}
	s.prevKind, s.prevText, s.prevWord = tokPunct, p, ""
}

// word records an identifier or keyword starting at byte start, noting
// it as a candidate if it is a return keyword at top level.
func (s *scanner) word(w string, start int) {
	if s.lim != nil {
		s.lim.token(s.i)
		s.lim.word(s, start, w)
	}
	if w == "return" && s.atTopLevel() && !(s.prevKind == tokPunct && (s.prevText == "." || s.prevText == "?.")) {
		// "return:" and "return?" can only be property names.
		if next := skipSpaceAndComments(s.src, s.i); next >= len(s.src) || (s.src[next] != ':' && s.src[next] != '?') {
			s.found = append(s.found, start)
		}
	}
	if (w == "case" || w == "default") && len(s.braces) > 0 && s.braces[len(s.braces)-1] == braceBlock &&
		(s.prevKind != tokPunct || (s.prevText != "." && s.prevText != "?.")) {
		s.inCase = true
	}
	prev := ""
	if s.prevKind == tokWord {
		prev = s.prevText
	}
	s.prevKind, s.prevText, s.prevWord = tokWord, w, prev
}

// atTopLevel reports whether every enclosing brace is a statement block.
func (s *scanner) atTopLevel() bool {
	for _, b := range s.braces {
		if b != braceBlock {
			return false
		}
	}
	return true
}

// parenHead returns the statement keyword an opening parenthesis follows,
// or "".
func (s *scanner) parenHead() string {
	if s.prevKind != tokWord {
		return ""
	}
	if statementHeads[s.prevText] {
		return s.prevText
	}
	if s.prevText == "await" && s.prevWord == "for" {
		return "for" // for await (...)
	}
	return ""
}

// openBrace classifies and pushes a "{" from the token before it.
func (s *scanner) openBrace() {
	kind := braceOther
	switch s.prevKind {
	case tokNone:
		kind = braceBlock
	case tokWord:
		if blockAfterWord[s.prevText] {
			kind = braceBlock
		}
	case tokPunct:
		switch s.prevText {
		case ";", "}", ":case":
			kind = braceBlock
		case "{":
			// A brace right after a block's brace is a nested block; after
			// anything else's it is not a statement.
			if n := len(s.braces); n >= 1 && s.braces[n-1] == braceBlock {
				kind = braceBlock
			}
		case ")":
			if s.closed != "" {
				kind = braceBlock
			}
		}
	}
	s.braces = append(s.braces, kind)
}

// closeBrace pops a "}", resuming template text if it closed a "${".
func (s *scanner) closeBrace() {
	n := len(s.braces)
	if n == 0 {
		s.punct("}")
		s.popped = braceBlock
		return
	}
	kind := s.braces[n-1]
	s.braces = s.braces[:n-1]
	if kind == braceTemplate {
		if s.lim != nil {
			s.lim.close()
		}
		s.skip(s.skipTemplate, 0)
		return
	}
	s.punct("}")
	s.popped = kind
}

// regexpAllowed decides whether a "/" starts a regular expression, from
// the token before it.
func (s *scanner) regexpAllowed() bool {
	switch s.prevKind {
	case tokNone:
		return true
	case tokValue:
		return false
	case tokWord:
		return regexpAfterWord[s.prevText]
	}
	switch s.prevText {
	case ")":
		return s.closed != "" // if (...) /re/.test(x)
	case "]":
		return false
	case "}":
		return s.popped == braceBlock
	}
	return true
}

// skip runs f, which skips text that is not code (a comment, a string,
// template text or a regular expression) and its opening delimiter of
// open bytes, and lets the limits look at that text too.
func (s *scanner) skip(f func(), open int) {
	start := s.i + open
	f()
	if s.lim != nil {
		s.lim.shadow(start, min(s.i, len(s.src)))
	}
}

// skipLineComment skips to the end of the line.
func (s *scanner) skipLineComment() {
	for s.i < len(s.src) && s.src[s.i] != '\n' && s.src[s.i] != '\r' {
		s.i++
	}
}

// skipBlockComment skips a /* */ comment, to the end if unterminated.
func (s *scanner) skipBlockComment() {
	s.i += 2
	for s.i < len(s.src) {
		if s.src[s.i] == '*' && s.peek(1) == '/' {
			s.i += 2
			return
		}
		s.i++
	}
}

// skipString skips a quoted string; an unterminated one ends at the line.
func (s *scanner) skipString(quote byte) {
	s.i++
	for s.i < len(s.src) {
		switch s.src[s.i] {
		case quote:
			s.i++
			return
		case '\\':
			s.i += 2
		case '\n', '\r':
			return
		default:
			s.i++
		}
	}
}

// skipRegexp skips a regular expression literal with its flags; one that
// does not end on its line is taken to end at the line.
func (s *scanner) skipRegexp() {
	s.i++
	inClass := false
	for s.i < len(s.src) {
		switch s.src[s.i] {
		case '\\':
			s.i += 2
			continue
		case '[':
			inClass = true
		case ']':
			inClass = false
		case '/':
			if !inClass {
				s.i++
				for s.i < len(s.src) && isIdentByte(s.src[s.i]) && s.src[s.i] != '.' {
					s.i++
				}
				return
			}
		case '\n', '\r':
			return
		}
		s.i++
	}
}

// skipTemplate skips template literal text up to the closing backtick or
// a "${", which it records as an open template brace.
func (s *scanner) skipTemplate() {
	for s.i < len(s.src) {
		switch s.src[s.i] {
		case '\\':
			s.i += 2
			continue
		case '`':
			s.i++
			s.value()
			return
		case '$':
			if s.peek(1) == '{' {
				s.i += 2
				s.braces = append(s.braces, braceTemplate)
				s.punct("${")
				return
			}
		}
		s.i++
	}
	s.value()
}

// isDigit reports whether c is an ASCII digit.
func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// isIdentStart reports whether an ASCII byte starts a word: an identifier,
// a private name (#x), a decorator (@x) or an escaped identifier.
func isIdentStart(c byte) bool {
	return c == '_' || c == '$' || c == '#' || c == '@' || ('a' <= c && c <= 'z') || ('A' <= c && c <= 'Z') || c == '\\'
}
