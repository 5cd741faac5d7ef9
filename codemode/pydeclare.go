package codemode

import (
	"fmt"
	"slices"
	"strings"
)

// pyDecl is one tool's declaration in Python: the keyword arguments of its
// call and what the call returns.
type pyDecl struct {
	tool   Tool
	sig    pySig
	result string
	// shapes lists, for arguments that are one of several objects, the
	// keys of each, since one signature takes the keys of them all.
	shapes []string
	// problem says a schema was too complex to declare in full.
	problem bool
}

// pySig is the parameter list of a tool's call after self.
type pySig struct {
	params []pyField // keyword-only
	// kwargs is the ** parameter, "kwargs: Any" or "kwargs: Unpack[...]";
	// empty for none.
	kwargs string
	// selfKey says the unpacked TypedDict has a key "self", which a
	// positional-only self leaves free.
	selfKey bool
}

// pyArgs are the keyword arguments a tool's input schema allows.
type pyArgs struct {
	fields []pyField
	extra  *pyType // the type of keywords it does not declare; nil for none
	any    bool    // no usable schema: any keyword goes
	shapes []string
}

// maxArgUnionDepth bounds the unions of unions whose members' keys the
// arguments merge (a member may be a $ref back to the root).
const maxArgUnionDepth = 4

// declarePython translates t's schemas in m, which keeps the TypedDicts
// they need. Like declare for TypeScript, a schema over its budget is
// translated again with its $refs as Any, and failing that is Any.
func declarePython(m *pyModule, t Tool) pyDecl {
	prefix := pyCamel(t.Name)
	if prefix == "" {
		prefix = "Tool"
	}
	d := pyDecl{tool: t, sig: pySig{kwargs: "kwargs: Any"}, result: "Any"}
	in := t.InputSchema
	if len(in) == 0 {
		in = []byte(defaultInputSchema)
	}
	if root, err := decodeOrdered(in); err == nil {
		full, ok := pyAttempt(m, root, prefix, prefix+"Args", len(in), func(g *pyGen) {
			args := g.args(root, 0)
			d.sig, d.shapes = g.signature(args), args.shapes
		})
		if !ok {
			d.sig, d.shapes = pySig{kwargs: "kwargs: Any"}, nil
		}
		d.problem = !full
	}
	if len(t.OutputSchema) > 0 {
		if root, err := decodeOrdered(t.OutputSchema); err == nil {
			full, ok := pyAttempt(m, root, prefix, prefix+"Result", len(t.OutputSchema), func(g *pyGen) {
				d.result = g.convert(root, prefix+"Result").text
			})
			if !ok {
				d.result = "Any"
			}
			d.problem = d.problem || !full
		}
	}
	return d
}

// pyAttempt runs translate over root as schemaType does for TypeScript: in
// full, then with every $ref as Any, each within the budget of a schema of
// size bytes. It reports whether the first fitted (full) and whether
// either did (ok); when neither did, nothing translate defined is kept,
// and the caller must drop what it set.
func pyAttempt(m *pyModule, root any, prefix, rootName string, size int, translate func(*pyGen)) (full, ok bool) {
	for _, opaque := range []bool{false, true} {
		m.mark()
		g := newPyGen(m, root, prefix, rootName, typeBudget(size))
		g.opaqueRefs = opaque
		translate(g)
		if !g.exceeded {
			return !opaque, true
		}
		m.release()
	}
	return false, false
}

// args translates a tool's input schema into keyword arguments. A union of
// objects takes the keys of every member, each required only where every
// member requires it.
func (g *pyGen) args(s any, depth int) pyArgs {
	s = g.deref(s)
	o, ok := s.(*orderedObject)
	switch {
	case s == false:
		return pyArgs{} // nothing is valid; no arguments comes closest
	case !ok:
		return pyArgs{any: true}
	}
	for _, kw := range []string{"anyOf", "oneOf"} {
		members, ok := o.get(kw).([]any)
		if !ok || len(members) == 0 || pyDeclaresKeys(o) {
			continue
		}
		if depth >= maxArgUnionDepth {
			return pyArgs{any: true}
		}
		parts := make([]pyArgs, len(members))
		for i, m := range members {
			if parts[i] = g.args(m, depth+1); parts[i].any {
				return pyArgs{any: true}
			}
		}
		return mergeArgs(parts)
	}
	if o.has("allOf") {
		if merged := g.mergeAllOf(o.get("allOf")); merged != nil {
			return g.args(merged, depth)
		}
		return pyArgs{any: true}
	}
	if !pyPlainObject(o) {
		return pyArgs{any: true}
	}
	fields := g.fields(o, g.prefix)
	return pyArgs{fields: fields, extra: g.extraKeys(o, g.prefix, len(fields) > 0)}
}

// mergeArgs merges the arguments of a union's members into one set.
func mergeArgs(parts []pyArgs) pyArgs {
	var out pyArgs
	index := make(map[string]int)
	var extras []pyType
	for _, p := range parts {
		keys := make([]string, len(p.fields))
		for i, f := range p.fields {
			keys[i] = f.key
			at, seen := index[f.key]
			if !seen {
				index[f.key] = len(out.fields)
				out.fields = append(out.fields, f)
				continue
			}
			merged := &out.fields[at]
			merged.typ = pyUnion([]pyType{merged.typ, f.typ})
			merged.required = merged.required && f.required
		}
		if p.extra != nil {
			extras = append(extras, *p.extra)
		}
		out.shapes = append(out.shapes, "("+strings.Join(keys, ", ")+")")
	}
	// A key is required only where every member has it, and requires it.
	for i := range out.fields {
		for _, p := range parts {
			if !slices.ContainsFunc(p.fields, func(f pyField) bool { return f.key == out.fields[i].key }) {
				out.fields[i].required = false
			}
		}
	}
	if len(extras) > 0 {
		t := pyUnion(extras)
		out.extra = &t
	}
	return out
}

// signature writes args as a parameter list. Keys that cannot be keyword
// parameters (not identifiers, keywords, self) make the whole list a
// TypedDict unpacked into **kwargs, which takes any key; the caller then
// passes such a key as **{"content-type": ...}.
func (g *pyGen) signature(args pyArgs) pySig {
	if args.any {
		return pySig{kwargs: "kwargs: Any"}
	}
	if !slices.ContainsFunc(args.fields, func(f pyField) bool { return !pyIsParamName(f.key) }) {
		sig := pySig{params: args.fields}
		if args.extra != nil {
			name := "kwargs"
			for slices.ContainsFunc(args.fields, func(f pyField) bool { return f.key == name }) {
				name += "_"
			}
			sig.kwargs = name + ": " + args.extra.text
		}
		return sig
	}
	name := g.m.names.take(g.rootName)
	text := pyTypedDict(name, args.fields, args.extra, g.m)
	if !g.charge(len(text)) {
		return pySig{kwargs: "kwargs: Any"}
	}
	g.m.define(name, text)
	selfKey := slices.ContainsFunc(args.fields, func(f pyField) bool { return f.key == "self" })
	return pySig{kwargs: "kwargs: Unpack[" + name + "]", selfKey: selfKey}
}

// pyTypedDict renders a TypedDict definition. It takes the class syntax,
// unless a key cannot be an attribute name there (not an identifier, a
// keyword, a name the class body would mangle, or one its annotations
// use, which the key would shadow); then the functional syntax, whose keys
// are strings.
func pyTypedDict(name string, fields []pyField, extra *pyType, m *pyModule) string {
	used := map[string]bool{"NotRequired": true}
	for _, f := range fields {
		pyNamesIn(used, f.typ.text)
	}
	class := !slices.ContainsFunc(fields, func(f pyField) bool {
		return !pyIsName(f.key) || strings.HasPrefix(f.key, "__") || used[f.key]
	})
	var b strings.Builder
	indent := "    "
	if class {
		b.WriteString("class " + name + "(TypedDict):\n")
	} else {
		b.WriteString(name + " = TypedDict(" + pyString(name) + ", {\n")
	}
	for _, f := range fields {
		if f.key == "" { // a TypedDict cannot declare it; say it is allowed
			fmt.Fprintf(&b, "%s# The key \"\" is allowed too: %s%s.\n", indent, f.typ.text, map[bool]string{true: " (required)"}[f.required])
			continue
		}
		writeLineComments(&b, "#", indent, f.doc)
		typ := f.typ.text
		if f.typ.forward {
			if class {
				m.future = true
			} else {
				typ = pyForward(typ)
			}
		}
		if !f.required {
			typ = "NotRequired[" + typ + "]"
		}
		if class {
			b.WriteString(indent + f.key + ": " + typ + "\n")
		} else {
			b.WriteString(indent + pyString(f.key) + ": " + typ + ",\n")
		}
	}
	if extra != nil {
		b.WriteString(indent + "# Other keys may be present: " + extra.text + ".\n")
	}
	if !class {
		b.WriteString("})\n")
	}
	return b.String()
}

// pyForward quotes a type naming a TypedDict defined further down, where
// the annotation is evaluated at once (a functional TypedDict's values).
// A type that cannot be quoted simply is Any.
func pyForward(typ string) string {
	if strings.ContainsAny(typ, `'\`) {
		return "Any"
	}
	return "'" + typ + "'"
}

// pyMaxLine is the longest signature written on one line.
const pyMaxLine = 88

// writePyDef writes `async def name(self, ...) -> result:` at indent with
// doc as its docstring, or `...` as its body when there is none.
func writePyDef(b *strings.Builder, indent, name string, sig pySig, result string, doc []string) {
	params := []string{"self"}
	if sig.selfKey {
		params = append(params, "/")
	}
	commented := false
	if len(sig.params) > 0 {
		params = append(params, "*")
	}
	for _, f := range sig.params {
		p := f.key + ": " + f.typ.text
		if !f.required {
			p += " = ..."
		}
		params = append(params, p)
		commented = commented || len(f.doc) > 0
	}
	if sig.kwargs != "" {
		params = append(params, "**"+sig.kwargs)
	}
	head := indent + "async def " + name + "("
	tail := ") -> " + result + ":"
	if line := head + strings.Join(params, ", ") + tail; !commented && len(line) <= pyMaxLine {
		b.WriteString(line)
	} else {
		inner := indent + "    "
		b.WriteString(head + "\n")
		i := 0
		for _, p := range params {
			if p != "self" && p != "/" && p != "*" && !strings.HasPrefix(p, "**") {
				writeLineComments(b, "#", inner, sig.params[i].doc)
				i++
			}
			b.WriteString(inner + p + ",\n")
		}
		b.WriteString(indent + tail)
	}
	if len(doc) == 0 {
		b.WriteString(" ...\n")
		return
	}
	b.WriteByte('\n')
	// A body of a docstring alone would be a function that returns None.
	writePyDocstring(b, indent+"    ", doc)
	b.WriteString(indent + "    ...\n")
}

// writePyDocstring writes lines as a docstring at indent.
func writePyDocstring(b *strings.Builder, indent string, lines []string) {
	if len(lines) == 1 {
		l := pyDocEscape(lines[0])
		if strings.HasSuffix(l, `"`) {
			l = l[:len(l)-1] + `\"` // a quote would run into the closing ones
		}
		b.WriteString(indent + `"""` + l + `"""` + "\n")
		return
	}
	for i, l := range lines {
		l = pyDocEscape(l)
		switch {
		case i == 0:
			b.WriteString(indent + `"""` + l + "\n")
		case l == "":
			b.WriteString("\n")
		default:
			b.WriteString(indent + l + "\n")
		}
	}
	b.WriteString(indent + `"""` + "\n")
}

// pyToolDoc is a tool's docstring: its description, the shapes its
// arguments take, the note of a schema too complex to declare, and the
// parallel-safe mark.
func pyToolDoc(d pyDecl) []string {
	doc := pyLines(d.tool.Description)
	if len(d.shapes) > 1 {
		doc = append(doc, "Takes the keywords of one of: "+strings.Join(d.shapes, ", ")+".")
	}
	if d.problem {
		doc = append(doc, tooComplexNote)
	}
	if d.tool.Concurrency == ParallelSafe {
		doc = append(doc, "@parallelSafe")
	}
	return doc
}

// pyCodeNames returns the names Python code refers to, outside comments
// and string literals. The SDK writes no single-quoted string but the
// quoted annotations of pyForward, whose names count, so a ' is read as
// space.
func pyCodeNames(src string) map[string]bool {
	names := make(map[string]bool)
	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case c == '#':
			for i < len(src) && src[i] != '\n' {
				i++
			}
		case strings.HasPrefix(src[i:], `"""`):
			for i += 3; i < len(src) && !strings.HasPrefix(src[i:], `"""`); i++ {
				if src[i] == '\\' {
					i++
				}
			}
			i += 3
		case c == '"':
			i++
			for i < len(src) && src[i] != '"' {
				if src[i] == '\\' {
					i++
				}
				i++
			}
			i++
		case c == '_' || c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z':
			j := i
			for j < len(src) && (src[j] == '_' || src[j] >= 'A' && src[j] <= 'Z' || src[j] >= 'a' && src[j] <= 'z' || src[j] >= '0' && src[j] <= '9') {
				j++
			}
			names[src[i:j]] = true
			i = j
		default:
			i++
		}
	}
	return names
}
