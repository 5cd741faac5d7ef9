package codemode

import (
	"encoding/json"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
)

// This file holds the Python SDK's rules for names and literals: which
// strings may stand as identifiers, how generated type names are made and
// kept apart, and how text is quoted.

// pyIdentifierRE matches the identifiers the SDK writes bare. It is ASCII
// only: Python normalizes a non-ASCII identifier (NFKC), so a keyword
// argument or attribute spelled with one could reach the tool under another
// name than the schema's.
var pyIdentifierRE = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// pyKeywords are Python's reserved words, which cannot name an attribute,
// a parameter or a key in class syntax. Soft keywords (match, case, type,
// _) can, and are not listed.
var pyKeywords = []string{
	"False", "None", "True", "and", "as", "assert", "async", "await", "break",
	"class", "continue", "def", "del", "elif", "else", "except", "finally",
	"for", "from", "global", "if", "import", "in", "is", "lambda", "nonlocal",
	"not", "or", "pass", "raise", "return", "try", "while", "with", "yield",
}

// pyTypingNames are the names the SDK imports from typing; pyBuiltinTypes
// the builtins its annotations use. No generated name may take one, and no
// tool method or class-syntax key may shadow one inside the class whose
// annotations use it.
var (
	pyTypingNames  = []string{"Any", "Literal", "Never", "NotRequired", "Protocol", "TypedDict", "Unpack", "overload"}
	pyBuiltinTypes = []string{"bool", "dict", "float", "int", "list", "object", "str"}
)

// The fixed names of the Python SDK.
const (
	// pyToolsClass is the Protocol class of the tools object.
	pyToolsClass = "Tools"
	// pyDescribeResult is the TypedDict describe_tools returns.
	pyDescribeResult = "DescribeToolsResult"
	// pyErrorMember is the ToolCallError attribute naming the tool, in
	// Python's attribute style.
	pyErrorMember = "tool_name"
)

// pyIsName reports whether s can be written as a bare Python name.
func pyIsName(s string) bool {
	return pyIdentifierRE.MatchString(s) && !slices.Contains(pyKeywords, s)
}

// pyIsMemberName reports whether s can be a member of a class the program
// reaches from outside: a name that does not start with "_", since a
// leading "__" is mangled inside a class and a leading "_" marks a private
// member, which strict checking rejects outside the class.
func pyIsMemberName(s string) bool {
	return pyIsName(s) && !strings.HasPrefix(s, "_")
}

// pyIsParamName reports whether s can be a keyword-only parameter of a
// tool method: a name other than self that does not start with "__"
// (which a class body mangles).
func pyIsParamName(s string) bool {
	return pyIsName(s) && s != "self" && !strings.HasPrefix(s, "__")
}

// pyIdentsRE finds the names an annotation refers to (and, harmlessly,
// words inside its string literals).
var pyIdentsRE = regexp.MustCompile(`[A-Za-z_][A-Za-z0-9_]*`)

// pyNamesIn adds the names in the annotations texts to set.
func pyNamesIn(set map[string]bool, texts ...string) {
	for _, t := range texts {
		for _, n := range pyIdentsRE.FindAllString(t, -1) {
			set[n] = true
		}
	}
}

// pyCamel turns a tool or property name into the start of a class name:
// each run of ASCII letters and digits, its first letter upper-cased
// ("brave-search__web_search" is "BraveSearchWebSearch").
func pyCamel(s string) string {
	var b strings.Builder
	upper := true
	for _, r := range s {
		switch {
		case r < 0x80 && (unicode.IsLetter(r) || unicode.IsDigit(r)):
			if upper {
				r = unicode.ToUpper(r)
			}
			b.WriteRune(r)
			upper = false
		default:
			upper = true
		}
	}
	return b.String()
}

// pyNames hands out the module-level names of one SDK text, so that no two
// definitions share one and none takes a name the SDK uses otherwise.
type pyNames struct {
	taken map[string]bool
	// added are the names handed out since the last mark, so a declaration
	// that is abandoned (see pyGen) gives its names back.
	added []string
}

func newPyNames() *pyNames {
	n := &pyNames{taken: make(map[string]bool)}
	for _, s := range slices.Concat(pyTypingNames, pyBuiltinTypes, pyKeywords,
		[]string{pyToolsClass, pyDescribeResult, ToolCallErrorClass, ToolsGlobal, "Exception"}) {
		n.taken[s] = true
	}
	return n
}

// maxPyNameBytes caps a generated name. Names of nested types grow with
// the depth of the schema, so a deep one would otherwise make the SDK grow
// with the square of its size; cut names are told apart by their numbers.
const maxPyNameBytes = 64

// take returns want, made a class name and numbered if it is taken.
func (n *pyNames) take(want string) string {
	if want == "" || !unicode.IsUpper(rune(want[0])) {
		want = "T" + want
	}
	want = want[:min(len(want), maxPyNameBytes)]
	name := want
	for i := 2; n.taken[name]; i++ {
		name = want + strconv.Itoa(i)
	}
	n.taken[name] = true
	n.added = append(n.added, name)
	return name
}

// mark starts a new list of names handed out.
func (n *pyNames) mark() { n.added = n.added[:0] }

// release gives back the names handed out since the last mark.
func (n *pyNames) release() {
	for _, name := range n.added {
		delete(n.taken, name)
	}
	n.added = n.added[:0]
}

// pyString quotes s as a Python string literal. A JSON string is one, with
// the same escapes; HTML escaping is off, as for TypeScript.
func pyString(s string) string { return jsString(s) }

// pyTextLine makes one line of a description safe for a comment or a
// docstring: control characters would end the line or be invisible, so
// they become spaces.
func pyTextLine(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '\t' {
			return r
		}
		if unicode.IsControl(r) || r == '\u2028' || r == '\u2029' {
			return ' '
		}
		return r
	}, strings.TrimRight(s, " \t\r"))
}

// pyDocEscape keeps a docstring line a valid part of a """ string: a
// backslash would start an escape, and three quotes would end it.
func pyDocEscape(s string) string {
	s = strings.ReplaceAll(s, `\`, `\\`)
	return strings.ReplaceAll(s, `"""`, `\"\"\"`)
}

// pyLines splits a description into lines for a comment or docstring.
func pyLines(text string) []string {
	text = strings.TrimSpace(text)
	if text == "" {
		return nil
	}
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		lines[i] = pyTextLine(l)
	}
	return lines
}

// pyValue renders a JSON value (as decodeOrdered returns it) as the Python
// literal of the value a program would get, for a "Default:" note.
func pyValue(v any) string {
	switch x := v.(type) {
	case nil:
		return "None"
	case bool:
		if x {
			return "True"
		}
		return "False"
	case json.Number:
		return x.String()
	case string:
		return pyString(x)
	case []any:
		parts := make([]string, len(x))
		for i, e := range x {
			parts[i] = pyValue(e)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case *orderedObject:
		parts := make([]string, len(x.keys))
		for i, k := range x.keys {
			parts[i] = pyString(k) + ": " + pyValue(x.vals[k])
		}
		return "{" + strings.Join(parts, ", ") + "}"
	}
	return "None"
}
