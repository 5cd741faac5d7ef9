package tsx

import (
	"fmt"
)

// The program is untrusted, and esbuild, a recursive-descent parser with
// no limits of its own, spends on some small inputs far more than their
// size suggests (measured with esbuild v0.28.2 on the 2-core CI machine;
// bench/README.md has the table):
//
//   - every nesting level costs a Go stack frame: "[".repeat(300000) ends
//     the process with "fatal error: stack overflow", which no recover can
//     catch;
//   - scopes nest quadratically: 10,000 nested blocks take 7.5 s and 1.8 GB,
//     1,000 nested `x =>` arrows 8.7 s, 1,000 nested functions 15 s;
//   - a comma-operator chain is quadratic in time (10,000 terms: 4 s);
//   - `'a' + 'a' + ...` is folded into one string, copying the growing
//     string at every step (30,000 terms: 6.5 s and 920 MB).
//
// checkLimits bounds all of these in one linear pass over the program
// before esbuild sees it, using the same tokenizer as findTopLevelReturns.
// Each bound is far above what a program written by hand or by a model
// needs, and low enough that esbuild's cost stays within a small constant
// of the program's size.
const (
	// maxNesting bounds brackets of every kind ((, [, {, ${) plus the
	// operators that nest without brackets (prefix operators, ?:, =>,
	// assignments, **, statement heads, labels), counted together. 500
	// levels cost esbuild under 1 MB of stack; in the guest, QuickJS runs
	// out of its 256 MB at 1,000 nested functions, and 200 levels are more
	// than any program or data literal written by hand or by a model.
	maxNesting = 500
	// maxComplexity bounds the sum, over every bracket and nesting
	// operator, of the nesting depth at which it appears. esbuild's
	// super-linear costs (scopes, arrows, functions) grow with exactly
	// this sum (functions weighted by functionWeight); typical code
	// scores about 0.6 per byte, so this admits ordinary programs up to
	// about 3 MB, while the densest nested input it admits costs esbuild
	// about 3 s and under 300 MB (bench/README.md).
	maxComplexity = 2_000_000
	// maxCommas bounds a comma chain outside array and object literals
	// (the comma operator, argument and parameter lists); esbuild takes
	// 45 ms for 1,000 and 4 s for 10,000.
	maxCommas = 1000
	// maxObjectCommas bounds the entries of a brace that looks like an
	// object literal, which embedded data makes long. Commas there are
	// not operators and cost esbuild linear time; the bound stays for a
	// block the scanner might take for an object literal.
	maxObjectCommas = 20000
	// maxElses bounds an else-if chain at one level; each else is a
	// recursion level in esbuild (about 1.3 KB of stack).
	maxElses = 5000
	// maxStringFolding bounds the bytes esbuild copies folding adjacent
	// string literals joined by +.
	maxStringFolding = 64 << 20
	// maxEnumInlining bounds the bytes esbuild may write inlining enum
	// members: it computes string members at transform time (so
	// `B = A + A, C = B + B, ...` doubles with every member: 24 of them
	// took 2 s and 240 MB) and copies a string member's value into every
	// place that uses it.
	maxEnumInlining = 64 << 20
	// maxEnumValue bounds the estimated size of one enum member's value.
	maxEnumValue = 1 << 20
	// maxTokens bounds the tokens of a program. esbuild allocates 50 to
	// 100 bytes per token even on flat code (a 1.2 MB chain of a+a+...
	// costs 100 MB and 2 s), so this bounds the memory of what no other
	// limit sees at about 400 MB. Data written as literals takes about 0.4
	// tokens per byte, so a 5 MB data literal passes; longer data belongs
	// in a string given to JSON.parse, which is one token.
	maxTokens = 4_000_000
)

// LimitError reports a program that Transform refuses because
// transforming it would cost too much time or memory (see checkLimits).
// The position is where the limit was crossed, in the user's program.
type LimitError struct {
	Line, Column int
	// Message says what is wrong and what to change.
	Message string
}

// Error formats the error like a SyntaxError.
func (e *LimitError) Error() string {
	return fmt.Sprintf("%s:%d:%d: %s", FileName, e.Line, e.Column, e.Message)
}

// level is the state of one bracket level (or the program's top level).
type level struct {
	// base is the nesting depth at the bracket that opened this level,
	// operators of the enclosing levels included.
	base int
	// implicit counts the operators nesting without brackets since the
	// current expression or statement began.
	implicit int
	// pendingQ counts "?" still waiting for their ":".
	pendingQ int
	commas   int
	maxComma int  // commas allowed at this level, 0 for no limit
	object   bool // the level is an object literal (or type literal)
	elses    int
}

// limits accumulates the measures as the scanner walks the program.
type limits struct {
	src        string
	levels     []level
	complexity int
	tokens     int
	stringRun  int  // bytes of string literals in the current + chain
	afterPlus  bool // a + came last, maybe followed by "("
	folding    int  // bytes esbuild copies folding + chains
	// condColon is set when the last ":" ended a conditional's middle
	// part, so that a "{" after it opens an object literal.
	condColon bool
	enums     enumMeasure
	// inShadow is set on the limits of a shadow scan, which look at
	// nesting only.
	inShadow bool
	err      *LimitError
}

// enumMeasure bounds what esbuild writes for enums. A member's value is
// no longer than its initializer's text if that refers to no other
// member, and no longer than all initializers together if each refers to
// at most one; an initializer that can build a string (it has + or a
// template literal) from r >= 2 references multiplies the bound by at most
// r, which is below 1.5^r. Every identifier in the program may be a use
// that esbuild replaces by the value.
type enumMeasure struct {
	first     int  // offset of the first enum keyword, or -1
	pending   bool // "enum Name" seen, its "{" not yet
	level     int  // index in limits.levels of the enum body being read, or 0
	initStart int  // offset of the current initializer's "=", or -1
	initRefs  int  // identifiers in the current initializer
	initGrows bool // the current initializer has + or a template literal
	maxInit   int  // longest initializer, in bytes
	initBytes int  // all initializers, in bytes
	chained   bool // some initializer refers to something
	refs      int  // identifiers in initializers that can build strings
	words     int  // identifiers in the whole program
}

// checkLimits scans src once and reports the first bound it exceeds.
func checkLimits(src string) *LimitError {
	l := &limits{src: src, levels: []level{{maxComma: maxCommas}}, enums: enumMeasure{first: -1, initStart: -1}}
	s := scanner{src: src, lim: l}
	s.run()
	l.checkEnums()
	return l.err
}

// checkEnums applies maxEnumValue and maxEnumInlining once the whole
// program is read.
func (l *limits) checkEnums() {
	e := &l.enums
	if e.first < 0 || l.err != nil {
		return
	}
	value := float64(e.maxInit)
	if e.chained {
		value = float64(e.initBytes)
	}
	if e.refs > 0 {
		for i := 0; i < e.refs && value <= maxEnumValue; i++ {
			value *= 1.5
		}
	}
	if value > maxEnumValue {
		l.fail(e.first, "the program's enums build string members from other members so often that a value could exceed %d bytes: build such strings at run time, outside the enum", maxEnumValue)
	} else if value*float64(e.words) > maxEnumInlining {
		l.fail(e.first, "the program's enum members are so long, and the program uses so many names, that copying the values into every use could exceed %d bytes: use a plain object (const E = { ... } as const) for long strings", maxEnumInlining)
	}
}

// inEnumInit reports whether the scanner is inside an enum initializer.
func (l *limits) inEnumInit() bool {
	return l.enums.level > 0 && l.enums.initStart >= 0 && len(l.levels) > l.enums.level
}

// endEnumInit closes the current enum initializer at byte offset at.
func (l *limits) endEnumInit(at int) {
	e := &l.enums
	if e.initStart < 0 {
		return
	}
	n := at - e.initStart
	e.maxInit = max(e.maxInit, n)
	e.initBytes += n
	e.chained = e.chained || e.initRefs > 0
	if e.initGrows && e.initRefs >= 2 {
		// One reference only adds to the value it copies, which
		// initBytes already bounds; r >= 2 references multiply it by at
		// most r <= 1.5^r.
		e.refs += e.initRefs
	}
	e.initStart, e.initRefs, e.initGrows = -1, 0, false
}

// template observes the start of a template literal.
func (l *limits) template() {
	if l.inEnumInit() {
		l.enums.initGrows = true
	}
}

// shadow scans src[start:end], text the scanner skipped as a comment,
// string, template text or regular expression, once more as if it were
// code, for bracket nesting only. The scanner decides between a regular
// expression and a division from the token before the "/", as every
// tokenizer without a parser must, and where it decides differently from
// esbuild it takes code for text (or text for code) until the line, the
// template or the comment ends. Deep nesting hidden that way would reach
// esbuild's recursion unchecked, so skipped text must not nest too deeply
// either. Text shorter than the nesting still allowed cannot, and is not
// scanned again; the rest is scanned once more, which keeps the scan
// linear.
func (l *limits) shadow(start, end int) {
	if l.inShadow || l.err != nil || end-start <= maxNesting-l.nesting() {
		return
	}
	sub := &limits{src: l.src, levels: []level{{base: l.nesting()}}, enums: enumMeasure{first: -1, initStart: -1}, inShadow: true}
	// The text follows a delimiter that esbuild may have read as the end
	// of a literal, so it starts as if after a value (a "/" divides).
	s := scanner{src: l.src[:end], i: start, lim: sub, prevKind: tokValue}
	s.run()
	l.err = sub.err
}

// token counts one token, which ends at byte offset at.
func (l *limits) token(at int) {
	l.tokens++
	if l.tokens > maxTokens && !l.inShadow {
		l.fail(at, "the program has more than %d tokens, too many to transform: pass large data as one JSON string to JSON.parse, or make the program smaller", maxTokens)
	}
}

// nesting returns the current nesting depth.
func (l *limits) nesting() int {
	lv := &l.levels[len(l.levels)-1]
	return lv.base + lv.implicit
}

// fail records the first exceeded bound, at byte offset at.
func (l *limits) fail(at int, format string, args ...any) {
	if l.err == nil {
		e := positionError(l.src, min(at, len(l.src)), fmt.Sprintf(format, args...))
		l.err = &LimitError{Line: e.Line, Column: e.Column, Message: e.Message}
	}
}

// deeper records one more nesting level (a bracket or an operator) at at.
func (l *limits) deeper(at int) {
	n := l.nesting()
	if n > maxNesting {
		l.fail(at, "the program nests brackets and operators %d levels deep here; the limit is %d: flatten the data or the code (build deep structures in a loop, split deep expressions into named steps)", n, maxNesting)
	}
	l.complexity += n
	if l.complexity > maxComplexity && !l.inShadow {
		l.fail(at, "the program is too large and deeply nested to transform (its nesting complexity passed %d here): make it smaller or flatter, for example by passing large data as JSON text to JSON.parse", maxComplexity)
	}
}

// functionWeight is how much more a function or class scope costs
// esbuild than a block at the same depth: measured at the complexity
// bound, dense nested arrows, functions and classes took 4 to 10 times
// longer than dense nested blocks before they were weighted.
const functionWeight = 8

// function records a function, arrow or class at at; the scanner sees its
// brackets too.
func (l *limits) function(at int) {
	l.complexity += functionWeight * (l.nesting() + 1)
	l.deeper(at)
}

// open enters a bracket at at; maxComma is the comma bound inside it.
func (l *limits) open(at, maxComma int, object bool) {
	l.levels = append(l.levels, level{base: l.nesting() + 1, maxComma: maxComma, object: object})
	l.deeper(at)
}

// close leaves a bracket; an unbalanced one is esbuild's to report.
func (l *limits) close() {
	if len(l.levels) > 1 {
		l.levels = l.levels[:len(l.levels)-1]
	}
}

// operator records an operator that nests without brackets.
func (l *limits) operator(at int) {
	if l.inShadow {
		// Text is full of "<", "=", ":" and "?" (HTML, prose) that
		// would add up as operators; brackets are what a shadow scan
		// is for.
		return
	}
	l.levels[len(l.levels)-1].implicit++
	l.deeper(at)
}

// endOperand resets the counts of one operand: at "," and at the end
// of a statement.
func (l *limits) endOperand() {
	lv := &l.levels[len(l.levels)-1]
	lv.implicit, lv.pendingQ = 0, 0
	l.stringRun = 0
}

// endStatement resets the per-statement counts: at ";" and where a new
// statement starts on a new line.
func (l *limits) endStatement() {
	l.endOperand()
	l.levels[len(l.levels)-1].commas = 0
}

// comma counts a comma at at. Outside object literals and arrays a comma
// chain costs esbuild time quadratic in its length (its printer
// re-simplifies the left side at every comma, recursively), so each comma
// also adds the chain's length so far to the complexity.
func (l *limits) comma(at int) {
	l.endOperand()
	lv := &l.levels[len(l.levels)-1]
	lv.commas++
	if lv.maxComma > 0 && lv.commas > lv.maxComma && !l.inShadow {
		l.fail(at, "the program has a list of more than %d comma-separated items here, which is too long to transform: put the items in an array and loop over it", lv.maxComma)
	}
	if lv.maxComma == maxCommas {
		l.complexity += lv.commas
	}
}

// stringLiteral records a string literal of n bytes. After a + (with
// parentheses or not, which esbuild drops) esbuild folds it into the
// string before.
func (l *limits) stringLiteral(at, n int) {
	afterPlus := l.afterPlus
	l.afterPlus = false
	if !afterPlus {
		l.stringRun = n
		return
	}
	l.folding += l.stringRun + n
	l.stringRun += n
	if l.folding > maxStringFolding && !l.inShadow {
		l.fail(at, "the program joins string literals with + so many times that folding them costs more than %d bytes: write one literal, a template literal, or join an array", maxStringFolding)
	}
}

// punct observes a punctuator p ending at byte s.i, before the scanner
// records it (s.prev* still describe the token before it).
func (l *limits) punct(s *scanner, p string) {
	at := s.i - len(p)
	l.enumPunct(s, p, at)
	switch p {
	case "+":
		l.afterPlus = true
	case "(", ")":
		// A + chain continues through parentheses: ('a') + ('b') folds.
	default:
		l.stringRun, l.afterPlus = 0, false
	}
	prefix := !s.prevEndsValue()
	switch p {
	case "(", "${":
		l.open(at, maxCommas, false)
	case "[":
		l.open(at, 0, false) // array elements cost esbuild linear time
	case "{":
		// A brace in operand position (after an operator, "(", ",", a
		// key's ":", return, ...) is an object literal. One after a value
		// (a function's ")" or return type, a class name) is a body, and
		// one after "=>", a label or a statement end is a block; commas
		// there are comma operators.
		object := !s.prevEndsValue()
		if n := len(s.braces); n > 0 && s.braces[n-1] == braceBlock {
			object = false
		}
		if s.prevKind == tokPunct {
			switch s.prevText {
			case "=>":
				object = false
			case ":":
				object = l.condColon || l.levels[len(l.levels)-1].object
			}
		}
		if object {
			l.open(at, maxObjectCommas, true)
		} else {
			l.open(at, maxCommas, false)
		}
	case ")", "]", "}":
		l.close()
	case ";":
		l.endStatement()
	case ",":
		l.comma(at)
	case "=>":
		l.operator(at)
		l.function(at)
	case "!", "~":
		if prefix && s.peek(0) != '=' {
			l.operator(at)
		}
	case "-", "+":
		if prefix {
			l.operator(at)
		}
	case "<":
		// Type arguments nest (Array<Array<...>>); a comparison costs a
		// level until the expression ends, which is harmless.
		if s.peek(0) != '<' && s.peek(0) != '=' && !(at > 0 && l.src[at-1] == '<') {
			l.operator(at)
		}
	case "*":
		if s.peek(0) == '*' {
			l.operator(at) // ** is right-associative
		}
	case "?":
		if c := s.peek(0); c != '?' && c != '.' && !(at > 0 && l.src[at-1] == '?') {
			l.levels[len(l.levels)-1].pendingQ++
			l.operator(at)
		}
	case ":":
		l.condColon = false
		if lv := &l.levels[len(l.levels)-1]; lv.pendingQ > 0 {
			lv.pendingQ--
			l.condColon = true
		} else if !lv.object {
			l.operator(at) // a label or a type annotation
		}
	case "=":
		if isAssignment(l.src, at) {
			l.operator(at) // assignments are right-associative
		}
	}
}

// enumPunct follows enum bodies and their initializers.
func (l *limits) enumPunct(s *scanner, p string, at int) {
	e := &l.enums
	if p == "{" && e.pending && s.prevKind == tokWord {
		e.pending = false
		e.level = len(l.levels) // the level open is about to push
		return
	}
	e.pending = false
	if e.level == 0 {
		return
	}
	atBody := len(l.levels)-1 == e.level
	switch {
	case atBody && p == "=" && isAssignment(l.src, at):
		e.initStart = at
	case atBody && (p == "," || p == "}"):
		l.endEnumInit(at)
		if p == "}" {
			e.level = 0
		}
	case p == "+" && l.inEnumInit():
		e.initGrows = true
	}
}

// isAssignment reports whether the "=" at src[at] is an assignment
// operator (=, +=, **=, >>>=, ...) rather than part of ==, ===, !=, <=,
// >= or =>.
func isAssignment(src string, at int) bool {
	if at+1 < len(src) && (src[at+1] == '=' || src[at+1] == '>') {
		return false
	}
	if at == 0 {
		return true
	}
	switch src[at-1] {
	case '=', '!':
		return false
	case '<', '>':
		// <<= and >>= assign; <= and >= compare.
		return at >= 2 && src[at-2] == src[at-1]
	}
	return true
}

// nestingWords are the keywords after which esbuild recurses once more.
var nestingWords = map[string]bool{
	"typeof": true, "void": true, "delete": true, "await": true, "new": true, "yield": true,
	"if": true, "for": true, "while": true, "with": true, "do": true, "keyof": true, "infer": true,
}

// word observes an identifier or keyword starting at at.
func (l *limits) word(s *scanner, at int, w string) {
	l.afterPlus = false
	e := &l.enums
	e.words++
	if w == "enum" && !(s.prevKind == tokPunct && (s.prevText == "." || s.prevText == "?.")) {
		e.pending = true
		if e.first < 0 {
			e.first = at
		}
	}
	if l.inEnumInit() {
		e.initRefs++
	}
	if nestingWords[w] {
		l.operator(at)
	}
	if w == "function" || w == "class" {
		l.function(at)
	}
	if w == "else" {
		lv := &l.levels[len(l.levels)-1]
		lv.elses++
		if lv.elses > maxElses && !l.inShadow {
			l.fail(at, "the program has more than %d else branches in one block here: use a switch, a lookup table or an early return", maxElses)
		}
		l.deeper(at)
	}
}

// lineBreak observes a line break before the token at next: where the
// token before the break ended a value and the one after starts a new
// statement, automatic semicolon insertion ends the expression.
func (l *limits) lineBreak(s *scanner) {
	if !s.prevEndsValue() {
		return
	}
	j := skipSpaceAndComments(s.src, s.i)
	if j >= len(s.src) {
		return
	}
	c := s.src[j]
	if !(isIdentStart(c) && c != '@' && c != '#' && c != '\\') && !isDigit(c) && c != '"' && c != '\'' {
		return
	}
	k := j
	for k < len(s.src) && isIdentByte(s.src[k]) && s.src[k] != '.' {
		k++
	}
	switch s.src[j:k] {
	case "in", "instanceof", "as", "satisfies", "of", "else", "catch", "finally":
		return // these continue the statement before
	}
	l.endStatement()
}

// prevEndsValue reports whether the last token can end an operand, so
// that a following +, -, ! or / is binary or postfix.
func (s *scanner) prevEndsValue() bool {
	switch s.prevKind {
	case tokValue:
		return true
	case tokWord:
		return !regexpAfterWord[s.prevText] && !nestingWords[s.prevText]
	case tokPunct:
		switch s.prevText {
		case ")":
			return s.closed == "" // not if (...), while (...)
		case "]", "}":
			return true
		}
	}
	return false
}
