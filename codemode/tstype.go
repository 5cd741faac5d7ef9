package codemode

import (
	"bytes"
	"encoding/json"
	"net/url"
	"regexp"
	"strings"
)

// This file translates JSON Schema into TypeScript types for the SDK. The
// translation is for a model reading the types, so it favours the plain
// reading of a schema over completeness: what it does not understand becomes
// unknown, which is honest, rather than a guess, which could mislead.

// Operator precedence of a type expression, to know when it needs
// parentheses inside another.
const (
	precUnion        = iota // A | B
	precIntersection        // A & B
	precAtom                // string, {…}, T[], "lit"
)

// tsType is a rendered type expression.
type tsType struct {
	text string
	prec int
}

var (
	tsUnknown = tsType{"unknown", precAtom}
	tsNever   = tsType{"never", precAtom}
	tsNull    = tsType{"null", precAtom}
)

// tsGen translates the schemas of one document; root is what local $refs
// resolve against.
type tsGen struct {
	root any
	// expanding holds the $refs being inlined, so a recursive schema
	// degrades to unknown instead of recursing forever.
	expanding map[string]bool
	// opaqueRefs renders every $ref as unknown instead of inlining it.
	opaqueRefs bool
	// budget is how many more bytes of type text the translation may
	// build. Every type built is charged its length, so a nested type is
	// charged once for each type around it: the charge bounds the work
	// done, not only the text produced. Inlining $refs makes text grow
	// with the number of paths through the schema, which doubles with
	// each level of a schema whose definitions use the next one twice.
	budget int
	// exceeded is set once budget is spent; from then on every type is
	// unknown and the translation is abandoned by its caller.
	exceeded bool
}

// newTSGen returns a translator for the document root, allowed budget
// bytes of type text (see typeBudget).
func newTSGen(root any, budget int) *tsGen {
	return &tsGen{root: root, expanding: make(map[string]bool), budget: budget}
}

// convert translates schema s. indent is the indentation of the line the
// type starts on; nested object members are indented one level deeper.
func (g *tsGen) convert(s any, indent string) tsType {
	if g.exceeded {
		return tsUnknown
	}
	t := g.convertValue(s, indent)
	if g.budget -= len(t.text); g.budget < 0 {
		g.exceeded = true
		return tsUnknown
	}
	return t
}

func (g *tsGen) convertValue(s any, indent string) tsType {
	switch v := s.(type) {
	case bool:
		if v {
			return tsUnknown
		}
		return tsNever
	case *orderedObject:
		t := g.convertObject(v, indent)
		if v.get("nullable") == true { // OpenAPI 3.0 style
			t = union([]tsType{t, tsNull})
		}
		return t
	}
	return tsUnknown
}

func (g *tsGen) convertObject(o *orderedObject, indent string) tsType {
	if ref, ok := o.str("$ref"); ok {
		return g.ref(ref, indent)
	}
	if o.has("const") {
		return literalUnion([]any{o.get("const")})
	}
	if o.has("enum") {
		values, ok := o.get("enum").([]any)
		if !ok {
			return tsUnknown
		}
		return literalUnion(values)
	}
	for _, kw := range []string{"anyOf", "oneOf"} {
		if o.has(kw) {
			return union(g.convertAll(o.get(kw), indent))
		}
	}
	if o.has("allOf") {
		return intersection(g.convertAll(o.get("allOf"), indent))
	}
	return g.convertByType(o, indent)
}

func (g *tsGen) convertAll(list any, indent string) []tsType {
	schemas, ok := list.([]any)
	if !ok || len(schemas) == 0 {
		return []tsType{tsUnknown}
	}
	out := make([]tsType, len(schemas))
	for i, s := range schemas {
		out[i] = g.convert(s, indent)
	}
	return out
}

// convertByType handles "type", a string or a list of strings; without it
// the type is inferred from the keywords present.
func (g *tsGen) convertByType(o *orderedObject, indent string) tsType {
	var types []string
	switch t := o.get("type").(type) {
	case string:
		types = []string{t}
	case []any:
		for _, x := range t {
			s, ok := x.(string)
			if !ok {
				return tsUnknown
			}
			types = append(types, s)
		}
	case nil:
		switch {
		case o.has("properties") || o.has("additionalProperties") || o.has("required"):
			types = []string{"object"}
		case o.has("items"):
			types = []string{"array"}
		default:
			return tsUnknown
		}
	default:
		return tsUnknown
	}
	members := make([]tsType, 0, len(types))
	for _, t := range types {
		switch t {
		case "string":
			members = append(members, tsType{"string", precAtom})
		case "number", "integer":
			members = append(members, tsType{"number", precAtom})
		case "boolean":
			members = append(members, tsType{"boolean", precAtom})
		case "null":
			members = append(members, tsNull)
		case "array":
			members = append(members, g.array(o, indent))
		case "object":
			members = append(members, g.object(o, indent))
		default:
			members = append(members, tsUnknown)
		}
	}
	return union(members)
}

// array translates "items", and tuples: prefixItems, or items as a list in
// drafts before 2020-12.
func (g *tsGen) array(o *orderedObject, indent string) tsType {
	if prefix, ok := o.get("prefixItems").([]any); ok {
		return g.tuple(o, prefix, o.get("items"), indent)
	}
	items := o.get("items")
	if list, ok := items.([]any); ok {
		return g.tuple(o, list, o.get("additionalItems"), indent)
	}
	if !o.has("items") {
		return tsType{"unknown[]", precAtom}
	}
	return tsType{paren(g.convert(items, indent), precAtom) + "[]", precAtom}
}

// tuple renders the positional schemas as a TypeScript tuple. Elements at
// or past minItems, when it is given, are optional; rest (the schema for
// elements after them) adds a rest element unless it is absent or false,
// so a plain prefixItems reads as the fixed-length tuple it usually means.
func (g *tsGen) tuple(o *orderedObject, elems []any, rest any, indent string) tsType {
	required := len(elems)
	if n, ok := o.get("minItems").(json.Number); ok {
		if v, err := n.Int64(); err == nil && v >= 0 && v < int64(required) {
			required = int(v)
		}
	}
	parts := make([]string, 0, len(elems)+1)
	for i, e := range elems {
		t := g.convert(e, indent)
		if i >= required {
			parts = append(parts, paren(t, precAtom)+"?")
		} else {
			parts = append(parts, t.text)
		}
	}
	switch r := rest.(type) {
	case nil:
	case bool:
		if r {
			parts = append(parts, "...unknown[]")
		}
	default:
		parts = append(parts, "..."+paren(g.convert(r, indent), precAtom)+"[]")
	}
	return tsType{"[" + strings.Join(parts, ", ") + "]", precAtom}
}

// object translates properties, required and additionalProperties.
func (g *tsGen) object(o *orderedObject, indent string) tsType {
	inner := indent + "  "
	var b strings.Builder
	required := stringSet(o.get("required"))
	declared := make(map[string]bool)
	props, _ := o.get("properties").(*orderedObject)
	if props != nil {
		for _, name := range props.keys {
			declared[name] = true
			schema := props.get(name)
			writeDoc(&b, inner, propertyDoc(schema))
			b.WriteString(inner + propertyKey(name))
			if !required[name] {
				b.WriteByte('?')
			}
			b.WriteString(": " + g.convert(schema, inner).text + ";\n")
		}
	}
	// A required property with no schema may hold anything, but it is there.
	for _, name := range jsonStrings(o.get("required")) {
		if !declared[name] {
			declared[name] = true
			b.WriteString(inner + propertyKey(name) + ": unknown;\n")
		}
	}

	var index *tsType // type of undeclared keys; nil means none allowed
	switch ap := o.get("additionalProperties").(type) {
	case nil:
		// JSON Schema allows extra keys by default, but listing an index
		// signature on every object would drown the declared shape; an
		// object that declares nothing is shown as an open map.
		if len(declared) == 0 {
			index = &tsUnknown
		}
	case bool:
		if ap {
			index = &tsUnknown
		}
	default:
		t := g.convert(ap, inner)
		index = &t
	}

	switch {
	case len(declared) == 0 && index == nil:
		return tsType{"Record<string, never>", precAtom}
	case len(declared) == 0:
		return tsType{"{ [key: string]: " + index.text + " }", precAtom}
	case index != nil && index.text == "unknown":
		b.WriteString(inner + "[key: string]: unknown;\n")
	case index != nil:
		// TypeScript requires every declared property to fit the index
		// signature; an intersection states both without that constraint.
		return tsType{"{\n" + b.String() + indent + "} & { [key: string]: " + index.text + " }", precIntersection}
	}
	return tsType{"{\n" + b.String() + indent + "}", precAtom}
}

// ref inlines a local $ref ("#", "#/$defs/Name", ...). Remote refs, anchors
// and cycles degrade to unknown, and so does every $ref with opaqueRefs.
func (g *tsGen) ref(ref, indent string) tsType {
	if g.opaqueRefs {
		return tsUnknown
	}
	target, ok := resolvePointer(g.root, ref)
	if !ok || g.expanding[ref] {
		return tsUnknown
	}
	g.expanding[ref] = true
	defer delete(g.expanding, ref)
	return g.convert(target, indent)
}

// resolvePointer resolves a same-document URI fragment holding a JSON
// Pointer.
func resolvePointer(root any, ref string) (any, bool) {
	frag, ok := strings.CutPrefix(ref, "#")
	if !ok {
		return nil, false
	}
	frag, err := url.PathUnescape(frag)
	if err != nil || (frag != "" && !strings.HasPrefix(frag, "/")) {
		return nil, false
	}
	cur := root
	if frag == "" {
		return cur, true
	}
	for _, tok := range strings.Split(frag[1:], "/") {
		tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
		switch c := cur.(type) {
		case *orderedObject:
			if !c.has(tok) {
				return nil, false
			}
			cur = c.get(tok)
		default:
			return nil, false
		}
	}
	return cur, true
}

// literalUnion renders const and enum values. Only scalars have literal
// types; an object or array value makes the whole type unknown.
func literalUnion(values []any) tsType {
	members := make([]tsType, 0, len(values))
	for _, v := range values {
		switch x := v.(type) {
		case nil:
			members = append(members, tsNull)
		case bool:
			if x {
				members = append(members, tsType{"true", precAtom})
			} else {
				members = append(members, tsType{"false", precAtom})
			}
		case json.Number:
			members = append(members, tsType{x.String(), precAtom})
		case string:
			members = append(members, tsType{jsString(x), precAtom})
		default:
			return tsUnknown
		}
	}
	return union(members)
}

// union joins members with |, dropping duplicates and never; unknown absorbs
// everything.
func union(members []tsType) tsType {
	var out []tsType
	seen := make(map[tsType]bool, len(members)) // a set: an enum may list thousands of values
	for _, m := range members {
		if m.text == "unknown" {
			return tsUnknown
		}
		if m.text == "never" || seen[m] {
			continue
		}
		seen[m] = true
		out = append(out, m)
	}
	switch len(out) {
	case 0:
		return tsNever
	case 1:
		return out[0]
	}
	texts := make([]string, len(out))
	for i, m := range out {
		texts[i] = m.text // & and atoms bind tighter than |
	}
	return tsType{strings.Join(texts, " | "), precUnion}
}

// intersection joins members with &; unknown members add nothing and never
// absorbs everything.
func intersection(members []tsType) tsType {
	var out []tsType
	seen := make(map[tsType]bool, len(members))
	for _, m := range members {
		if m.text == "never" {
			return tsNever
		}
		if m.text == "unknown" || seen[m] {
			continue
		}
		seen[m] = true
		out = append(out, m)
	}
	switch len(out) {
	case 0:
		return tsUnknown
	case 1:
		return out[0]
	}
	texts := make([]string, len(out))
	for i, m := range out {
		texts[i] = paren(m, precIntersection)
	}
	return tsType{strings.Join(texts, " & "), precIntersection}
}

// paren wraps t in parentheses if it binds looser than prec.
func paren(t tsType, prec int) string {
	if t.prec < prec {
		return "(" + t.text + ")"
	}
	return t.text
}

// propertyDoc is the JSDoc of a property: its description (or title) and
// its default value.
func propertyDoc(schema any) []string {
	o, ok := schema.(*orderedObject)
	if !ok {
		return nil
	}
	var lines []string
	if d, ok := o.str("description"); ok && strings.TrimSpace(d) != "" {
		lines = append(lines, strings.Split(strings.TrimSpace(d), "\n")...)
	} else if t, ok := o.str("title"); ok && strings.TrimSpace(t) != "" {
		lines = append(lines, strings.Split(strings.TrimSpace(t), "\n")...)
	}
	if o.has("default") {
		if raw, err := json.Marshal(plainJSON(o.get("default"))); err == nil {
			lines = append(lines, "@default "+string(raw))
		}
	}
	return lines
}

// plainJSON converts decoded values back into something encoding/json
// marshals with key order intact enough for a one-line @default.
func plainJSON(v any) any {
	switch x := v.(type) {
	case *orderedObject:
		return orderedJSON{x}
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = plainJSON(e)
		}
		return out
	}
	return v
}

// orderedJSON marshals an orderedObject in its key order.
type orderedJSON struct{ o *orderedObject }

// MarshalJSON implements json.Marshaler.
func (j orderedJSON) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, k := range j.o.keys {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(jsString(k))
		b.WriteByte(':')
		v, err := json.Marshal(plainJSON(j.o.vals[k]))
		if err != nil {
			return nil, err
		}
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// writeDoc writes lines as a JSDoc comment at indent; nothing for no lines.
func writeDoc(b *strings.Builder, indent string, lines []string) {
	if len(lines) == 0 {
		return
	}
	if len(lines) == 1 {
		b.WriteString(indent + "/** " + docEscape(lines[0]) + " */\n")
		return
	}
	b.WriteString(indent + "/**\n")
	for _, l := range lines {
		if l = strings.TrimRight(docEscape(l), " \t\r"); l == "" {
			b.WriteString(indent + " *\n")
		} else {
			b.WriteString(indent + " * " + l + "\n")
		}
	}
	b.WriteString(indent + " */\n")
}

// docEscape keeps a description from closing its comment early.
func docEscape(s string) string { return strings.ReplaceAll(s, "*/", "*\\/") }

var identifierRE = regexp.MustCompile(`^[A-Za-z_$][A-Za-z0-9_$]*$`)

// propertyKey writes a property name bare when it is an identifier and
// quoted otherwise.
func propertyKey(name string) string {
	if identifierRE.MatchString(name) {
		return name
	}
	return jsString(name)
}

// jsString quotes s as a JavaScript string literal. JSON strings are valid
// JS strings; HTML escaping is off because it only hurts readability.
func jsString(s string) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s) // a string always encodes
	return strings.TrimSuffix(b.String(), "\n")
}

// stringSet returns the strings of a JSON array as a set.
func stringSet(v any) map[string]bool {
	set := make(map[string]bool)
	for _, s := range jsonStrings(v) {
		set[s] = true
	}
	return set
}

// jsonStrings returns the strings of a JSON array, skipping other values.
func jsonStrings(v any) []string {
	arr, _ := v.([]any)
	var out []string
	for _, x := range arr {
		if s, ok := x.(string); ok {
			out = append(out, s)
		}
	}
	return out
}
