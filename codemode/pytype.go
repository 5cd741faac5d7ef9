package codemode

import (
	"encoding/json"
	"regexp"
	"strconv"
	"strings"
)

// This file translates JSON Schema into Python types for the SDK, as
// tstype.go does into TypeScript, and by the same reading: what it does not
// understand becomes Any, which is honest, rather than a guess. Python
// differs in two ways that shape the translation. An object type is a
// TypedDict, which must be defined, with a name, before it is used; and
// there is no intersection, so allOf is merged where its parts are plain
// objects. A $ref to an object becomes one TypedDict however often it is
// used, which also lets a recursive schema refer to itself.

// pyType is a rendered Python type expression. forward says it names a
// TypedDict defined further down (a recursive schema), which only a
// deferred annotation may do.
type pyType struct {
	text    string
	forward bool
	// literals are the values of a Literal type, so a union joins them
	// into one Literal.
	literals []string
}

var (
	pyAny   = pyType{text: "Any"}
	pyNever = pyType{text: "Never"}
	pyNone  = pyType{text: "None"}
)

// pyModule is one Python SDK text being built: its module-level names and
// its type definitions, each placed before its first use.
type pyModule struct {
	names   *pyNames
	defs    []string        // TypedDict definitions, in order
	defined map[string]bool // the names defs define
	// future says a definition refers to one further down, which needs
	// `from __future__ import annotations`.
	future bool

	markDefs    int      // len(defs) at the last mark
	markDefined []string // names defined since the last mark
}

func newPyModule() *pyModule {
	return &pyModule{names: newPyNames(), defined: make(map[string]bool)}
}

// mark starts a translation that may be abandoned with release.
func (m *pyModule) mark() {
	m.names.mark()
	m.markDefs = len(m.defs)
	m.markDefined = m.markDefined[:0]
}

// release abandons what was defined since the last mark.
func (m *pyModule) release() {
	m.names.release()
	m.defs = m.defs[:m.markDefs]
	for _, n := range m.markDefined {
		delete(m.defined, n)
	}
	m.markDefined = m.markDefined[:0]
}

// define adds the definition of name.
func (m *pyModule) define(name, text string) {
	m.defs = append(m.defs, text)
	m.defined[name] = true
	m.markDefined = append(m.markDefined, name)
}

// pyGen translates the schemas of one document; root is what local $refs
// resolve against.
type pyGen struct {
	m    *pyModule
	root any
	// prefix starts the name of every type of the document: the tool's
	// name in CamelCase, so that tools' types stay apart.
	prefix string
	// rootName is the name of the document's own type, for "#".
	rootName string
	// refs are the types of the $refs translated so far: each is
	// translated once, however often it is used.
	refs map[string]pyType
	// expanding holds the $refs being translated, with the name of the
	// TypedDict each becomes ("" for none), so a recursive schema names
	// its TypedDict or, when there is none to name, degrades to Any.
	expanding map[string]string
	// opaqueRefs renders every $ref as Any instead of translating it.
	opaqueRefs bool
	// budget and exceeded bound the translation as tsGen's do: every type
	// and definition built is charged its length.
	budget   int
	exceeded bool
}

func newPyGen(m *pyModule, root any, prefix, rootName string, budget int) *pyGen {
	return &pyGen{m: m, root: root, prefix: prefix, rootName: rootName,
		refs: make(map[string]pyType), expanding: make(map[string]string), budget: budget}
}

// charge spends n bytes of the budget, and reports whether any is left.
func (g *pyGen) charge(n int) bool {
	if g.budget -= n; g.budget < 0 {
		g.exceeded = true
	}
	return !g.exceeded
}

// convert translates schema s; name is what a TypedDict for it is called.
func (g *pyGen) convert(s any, name string) pyType {
	if g.exceeded {
		return pyAny
	}
	t := g.convertValue(s, name)
	if !g.charge(len(t.text)) {
		return pyAny
	}
	return t
}

func (g *pyGen) convertValue(s any, name string) pyType {
	switch v := s.(type) {
	case bool:
		if v {
			return pyAny
		}
		return pyNever
	case *orderedObject:
		t := g.convertObject(v, name)
		if v.get("nullable") == true { // OpenAPI 3.0 style
			t = pyUnion([]pyType{t, pyNone})
		}
		return t
	}
	return pyAny
}

func (g *pyGen) convertObject(o *orderedObject, name string) pyType {
	if ref, ok := o.str("$ref"); ok {
		return g.ref(ref, name)
	}
	if o.has("const") {
		return pyLiteral([]any{o.get("const")})
	}
	if o.has("enum") {
		values, ok := o.get("enum").([]any)
		if !ok {
			return pyAny
		}
		return pyLiteral(values)
	}
	for _, kw := range []string{"anyOf", "oneOf"} {
		if o.has(kw) {
			return pyUnion(g.convertAll(o.get(kw), name))
		}
	}
	if o.has("allOf") {
		return g.allOf(o.get("allOf"), name)
	}
	return g.convertByType(o, name)
}

// convertAll translates the members of a union. When more than one of them
// is an object of its own, their TypedDicts are numbered.
func (g *pyGen) convertAll(list any, name string) []pyType {
	schemas, ok := list.([]any)
	if !ok || len(schemas) == 0 {
		return []pyType{pyAny}
	}
	objects := 0
	for _, s := range schemas {
		if o, ok := s.(*orderedObject); ok && pyTypedDictShape(o) {
			objects++
		}
	}
	out := make([]pyType, len(schemas))
	n := 0
	for i, s := range schemas {
		memberName := name
		if o, ok := s.(*orderedObject); ok && objects > 1 && pyTypedDictShape(o) {
			n++
			memberName = name + strconv.Itoa(n)
		}
		out[i] = g.convert(s, memberName)
	}
	return out
}

// convertByType handles "type", a string or a list of strings; without it
// the type is inferred from the keywords present.
func (g *pyGen) convertByType(o *orderedObject, name string) pyType {
	types, ok := schemaTypes(o)
	if !ok {
		return pyAny
	}
	members := make([]pyType, 0, len(types))
	for _, t := range types {
		switch t {
		case "string":
			members = append(members, pyType{text: "str"})
		case "integer":
			members = append(members, pyType{text: "int"})
		case "number":
			members = append(members, pyType{text: "float"})
		case "boolean":
			members = append(members, pyType{text: "bool"})
		case "null":
			members = append(members, pyNone)
		case "array":
			members = append(members, g.array(o, name))
		case "object":
			members = append(members, g.object(o, name, ""))
		default:
			members = append(members, pyAny)
		}
	}
	return pyUnion(members)
}

// schemaTypes returns the types o allows by its "type", or by the keywords
// present when it has none; ok is false when neither says.
func schemaTypes(o *orderedObject) (types []string, ok bool) {
	switch t := o.get("type").(type) {
	case string:
		return []string{t}, true
	case []any:
		for _, x := range t {
			s, ok := x.(string)
			if !ok {
				return nil, false
			}
			types = append(types, s)
		}
		return types, true
	case nil:
		switch {
		case o.has("properties") || o.has("additionalProperties") || o.has("required"):
			return []string{"object"}, true
		case o.has("items"):
			return []string{"array"}, true
		}
	}
	return nil, false
}

// array translates "items" into a list. A tuple (prefixItems, or items as
// a list in drafts before 2020-12) is a list too, of its elements' union:
// the program gets a JSON array as a list, never as a tuple.
func (g *pyGen) array(o *orderedObject, name string) pyType {
	item := name + "Item"
	var elems []any
	var rest any
	switch items := o.get("items").(type) {
	case nil:
		if prefix, ok := o.get("prefixItems").([]any); ok {
			elems = prefix
			break
		}
		return pyType{text: "list[Any]"}
	case []any:
		elems, rest = items, o.get("additionalItems")
	default:
		if prefix, ok := o.get("prefixItems").([]any); ok {
			elems, rest = prefix, items
			break
		}
		t := g.convert(items, item)
		return pyType{text: "list[" + t.text + "]", forward: t.forward}
	}
	members := make([]pyType, 0, len(elems)+1)
	for _, e := range elems {
		members = append(members, g.convert(e, item))
	}
	switch r := rest.(type) {
	case nil:
	case bool:
		if r {
			members = append(members, pyAny)
		}
	default:
		members = append(members, g.convert(r, item))
	}
	t := pyUnion(members)
	return pyType{text: "list[" + t.text + "]", forward: t.forward}
}

// pyField is a key of a TypedDict, or a keyword parameter.
type pyField struct {
	key      string
	typ      pyType
	required bool
	doc      []string
}

// fields translates properties and required; parent starts the names of
// the fields' own types.
func (g *pyGen) fields(o *orderedObject, parent string) []pyField {
	required := stringSet(o.get("required"))
	var out []pyField
	declared := make(map[string]bool)
	if props, _ := o.get("properties").(*orderedObject); props != nil {
		for _, key := range props.keys {
			declared[key] = true
			schema := props.get(key)
			out = append(out, pyField{key: key, typ: g.convert(schema, parent+pyCamel(key)), required: required[key], doc: pyPropertyDoc(schema)})
		}
	}
	// A required property with no schema may hold anything, but it is there.
	for _, key := range jsonStrings(o.get("required")) {
		if !declared[key] {
			declared[key] = true
			out = append(out, pyField{key: key, typ: pyAny, required: true})
		}
	}
	return out
}

// extraKeys is the type of the keys an object does not declare, from
// additionalProperties; nil when there may be none.
func (g *pyGen) extraKeys(o *orderedObject, name string, declared bool) *pyType {
	switch ap := o.get("additionalProperties").(type) {
	case nil:
		// As in TypeScript: an object that declares nothing is an open
		// map; one that declares keys is shown with those alone.
		if !declared {
			return &pyAny
		}
	case bool:
		if ap {
			return &pyAny
		}
	default:
		t := g.convert(ap, name+"Value")
		return &t
	}
	return nil
}

// object translates an object schema: a TypedDict when it declares keys,
// called as named (or as preset, a name already taken for it), and a dict
// otherwise.
func (g *pyGen) object(o *orderedObject, name, preset string) pyType {
	if !pyDeclaresKeys(o) {
		if extra := g.extraKeys(o, name, false); extra != nil {
			return pyType{text: "dict[str, " + extra.text + "]", forward: extra.forward}
		}
		return pyType{text: "dict[str, Never]"}
	}
	if preset == "" {
		preset = g.m.names.take(name)
	}
	fields := g.fields(o, preset)
	extra := g.extraKeys(o, preset, true)
	text := pyTypedDict(preset, fields, extra, g.m)
	if !g.charge(len(text)) {
		return pyAny
	}
	g.m.define(preset, text)
	return pyType{text: preset}
}

// ref translates a local $ref ("#", "#/$defs/Name", ...), once. Remote
// refs, anchors and recursion through anything but an object degrade to
// Any, and so does every $ref with opaqueRefs.
func (g *pyGen) ref(ref, name string) pyType {
	if g.opaqueRefs {
		return pyAny
	}
	if t, ok := g.refs[ref]; ok {
		return t
	}
	if self, ok := g.expanding[ref]; ok {
		if self == "" {
			return pyAny
		}
		return pyType{text: self, forward: true}
	}
	target, ok := resolvePointer(g.root, ref)
	if !ok {
		return pyAny
	}
	name = g.refName(ref, name)
	var t pyType
	if o, ok := target.(*orderedObject); ok && pyTypedDictShape(o) {
		self := g.m.names.take(name)
		g.expanding[ref] = self
		t = g.object(o, name, self)
		if o.get("nullable") == true {
			t = pyUnion([]pyType{t, pyNone})
		}
	} else {
		g.expanding[ref] = ""
		t = g.convert(target, name)
	}
	delete(g.expanding, ref)
	g.refs[ref] = t
	return t
}

// refName names the type of a $ref after what it points at, so every use
// of a definition shares one name.
func (g *pyGen) refName(ref, name string) string {
	i := strings.LastIndexByte(ref, '/')
	if i < 0 {
		return g.rootName
	}
	tok := strings.ReplaceAll(strings.ReplaceAll(ref[i+1:], "~1", "/"), "~0", "~")
	if c := pyCamel(tok); c != "" {
		return g.prefix + c
	}
	return name
}

// deref follows s's $refs to the schema they name; nil when one does not
// resolve (or with opaqueRefs).
func (g *pyGen) deref(s any) any {
	for range maxRefChain {
		o, ok := s.(*orderedObject)
		if !ok {
			return s
		}
		ref, ok := o.str("$ref")
		if !ok {
			return s
		}
		if g.opaqueRefs {
			return nil
		}
		if s, ok = resolvePointer(g.root, ref); !ok {
			return nil
		}
	}
	return nil
}

// maxRefChain bounds a chain of $refs to $refs, which may be a cycle.
const maxRefChain = 32

// allOf translates a conjunction. Python has no intersection type, so
// plain objects are merged into one, with every part's keys; otherwise the
// one part that says something stands for the whole, and several are Any.
func (g *pyGen) allOf(list any, name string) pyType {
	if merged := g.mergeAllOf(list); merged != nil {
		return g.convert(merged, name)
	}
	var informative []pyType
	for _, t := range g.convertAll(list, name) {
		if t.text != "Any" {
			informative = append(informative, t)
		}
	}
	if len(informative) == 1 {
		return informative[0]
	}
	return pyAny
}

// mergeAllOf merges the parts of an allOf into one object schema, or
// returns nil when a part is not a plain object. A key declared by several
// parts keeps the first part's schema.
func (g *pyGen) mergeAllOf(list any) *orderedObject {
	schemas, ok := list.([]any)
	if !ok || len(schemas) == 0 {
		return nil
	}
	props := &orderedObject{vals: make(map[string]any)}
	var required []any
	for _, s := range schemas {
		s = g.deref(s)
		o, ok := s.(*orderedObject)
		switch {
		case s == true || (ok && !pyConstrains(o)):
			continue // adds nothing
		case !ok || !pyPlainObject(o):
			return nil
		}
		if p, ok := o.get("properties").(*orderedObject); ok {
			for _, k := range p.keys {
				if !props.has(k) {
					props.keys = append(props.keys, k)
					props.vals[k] = p.get(k)
				}
			}
		}
		if r, ok := o.get("required").([]any); ok {
			required = append(required, r...)
		}
	}
	merged := &orderedObject{vals: map[string]any{"type": "object", "properties": props, "required": required}}
	merged.keys = []string{"type", "properties", "required"}
	return merged
}

// pyConstrains reports whether o says anything about a value's type.
func pyConstrains(o *orderedObject) bool {
	for _, k := range []string{"type", "properties", "required", "additionalProperties", "items", "prefixItems", "const", "enum", "$ref", "anyOf", "oneOf", "allOf"} {
		if o.has(k) {
			return true
		}
	}
	return false
}

// pyPlainObject reports whether o is an object schema without
// combinators, one whose keys merge with another's.
func pyPlainObject(o *orderedObject) bool {
	for _, k := range []string{"$ref", "const", "enum", "anyOf", "oneOf", "allOf"} {
		if o.has(k) {
			return false
		}
	}
	types, ok := schemaTypes(o)
	return ok && len(types) == 1 && types[0] == "object"
}

// pyTypedDictShape reports whether o translates to a TypedDict: a plain
// object that declares keys.
func pyTypedDictShape(o *orderedObject) bool {
	return pyPlainObject(o) && pyDeclaresKeys(o)
}

// pyDeclaresKeys reports whether o names a property or a required key.
func pyDeclaresKeys(o *orderedObject) bool {
	props, _ := o.get("properties").(*orderedObject)
	return (props != nil && len(props.keys) > 0) || len(jsonStrings(o.get("required"))) > 0
}

var pyIntRE = regexp.MustCompile(`^-?[0-9]+$`)

// pyLiteral renders const and enum values. Strings, integers and booleans
// have Literal types; None stands for itself; a fraction is a float, since
// Literal takes no floats; an object or array value makes the type Any.
func pyLiteral(values []any) pyType {
	var lits []string
	var rest []pyType
	seen := make(map[string]bool, len(values)) // an enum may list thousands of values
	add := func(lit string) {
		if !seen[lit] {
			seen[lit] = true
			lits = append(lits, lit)
		}
	}
	for _, v := range values {
		switch x := v.(type) {
		case nil:
			rest = append(rest, pyNone)
		case bool:
			add(pyValue(x))
		case string:
			add(pyString(x))
		case json.Number:
			if pyIntRE.MatchString(x.String()) {
				add(x.String())
			} else {
				rest = append(rest, pyType{text: "float"})
			}
		default:
			return pyAny
		}
	}
	var members []pyType
	if len(lits) > 0 {
		members = append(members, pyType{text: "Literal[" + strings.Join(lits, ", ") + "]", literals: lits})
	}
	return pyUnion(append(members, rest...))
}

// pyUnion joins members with |, dropping duplicates and Never and joining
// Literals into one; Any absorbs everything.
func pyUnion(members []pyType) pyType {
	var texts, lits []string
	literalAt := -1 // where the joined Literal stands among texts
	forward := false
	seen := make(map[string]bool, len(members))
	for _, m := range members {
		if m.text == "Any" {
			return pyAny
		}
		if m.text == "Never" || seen[m.text] {
			continue
		}
		seen[m.text] = true
		forward = forward || m.forward
		if m.literals != nil {
			if literalAt < 0 {
				literalAt = len(texts)
				texts = append(texts, "")
			}
			for _, v := range m.literals {
				if !seen["Literal:"+v] {
					seen["Literal:"+v] = true
					lits = append(lits, v)
				}
			}
			continue
		}
		texts = append(texts, m.text)
	}
	if literalAt >= 0 {
		texts[literalAt] = "Literal[" + strings.Join(lits, ", ") + "]"
	}
	switch len(texts) {
	case 0:
		return pyNever
	case 1:
		t := pyType{text: texts[0], forward: forward}
		if literalAt == 0 {
			t.literals = lits
		}
		return t
	}
	return pyType{text: strings.Join(texts, " | "), forward: forward}
}

// pyPropertyDoc is the comment above a key or parameter: its description
// (or title) and its default value.
func pyPropertyDoc(schema any) []string {
	o, ok := schema.(*orderedObject)
	if !ok {
		return nil
	}
	var lines []string
	if d, ok := o.str("description"); ok && strings.TrimSpace(d) != "" {
		lines = pyLines(d)
	} else if t, ok := o.str("title"); ok && strings.TrimSpace(t) != "" {
		lines = pyLines(t)
	}
	if o.has("default") {
		lines = append(lines, "Default: "+pyTextLine(pyValue(o.get("default")))+".")
	}
	return lines
}
