package codemode

import "fmt"

// The work of translating one schema into a TypeScript type, counted as
// tsGen.budget counts it, may be at most typeBytesBase plus
// typeBytesPerSchemaByte for each byte of the schema: linear in what the
// tool's server sent. The schemas of the corpus of real tools
// (testdata/corpus) cost at most 4 bytes per byte (mongodb's explain) and
// 404,082 in all (brave-search's brave_place_search, a 140 KB schema),
// well within it; without a cap, a schema of a few kilobytes whose
// definitions each use the next one twice inlines into gigabytes.
const (
	typeBytesBase          = 64 << 10
	typeBytesPerSchemaByte = 16
)

// typeBudget is the budget of translating a schema of n bytes.
func typeBudget(n int) int { return typeBytesBase + typeBytesPerSchemaByte*n }

// SchemaTooComplexError reports a tool whose schema is too complex to
// declare in full: the SDK and describe_tools show it as unknown, or show
// its $refs as unknown. Calls are still checked against the whole schema.
type SchemaTooComplexError struct {
	// Tool is the tool's name.
	Tool string
	// Schema says which schema: "input" or "output".
	Schema string
}

// Error implements error.
func (e *SchemaTooComplexError) Error() string {
	return fmt.Sprintf("tool %s is too complex to declare: its %s schema takes too much TypeScript with its $refs inlined, "+
		"so the SDK and describe_tools show parts of it as unknown (calls are still checked against the whole schema)",
		e.Tool, e.Schema)
}

// CheckDeclaration reports whether t is declared in full, in the
// TypeScript SDK and by describe_tools: nil, or a *SchemaTooComplexError
// naming the schema that is not. A host reports the error so the tool's
// author can see why models misuse the tool. (The Python SDK names each
// $ref's type instead of inlining it, so it declares such schemas in full.)
func CheckDeclaration(t Tool) error {
	return declare(t).problem
}

// declaredTypes are the types a tool's declaration shows.
type declaredTypes struct {
	param    string // the argument's type
	optional bool   // whether the argument may be left out
	result   string // the type the call resolves to
	problem  error  // a *SchemaTooComplexError, or nil
}

// declare translates t's schemas for its declaration.
func declare(t Tool) declaredTypes {
	in := t.InputSchema
	if len(in) == 0 {
		in = []byte(defaultInputSchema)
	}
	d := declaredTypes{param: tsUnknown.text, result: tsUnknown.text}
	if root, err := decodeOrdered(in); err == nil {
		var full bool
		d.param, full = schemaType(root, len(in))
		d.optional = argsOptional(root)
		if !full {
			d.problem = &SchemaTooComplexError{Tool: t.Name, Schema: "input"}
		}
	}
	if len(t.OutputSchema) > 0 {
		if root, err := decodeOrdered(t.OutputSchema); err == nil {
			var full bool
			d.result, full = schemaType(root, len(t.OutputSchema))
			if !full && d.problem == nil {
				d.problem = &SchemaTooComplexError{Tool: t.Name, Schema: "output"}
			}
		}
	}
	return d
}

// schemaType translates root, a tool's input or output schema of size
// bytes. A type over its budget is translated again with every $ref as unknown, since
// inlining definitions is what makes a small schema's type huge; if that
// is still over, the type is unknown. full reports whether the type is the
// whole translation.
func schemaType(root any, size int) (text string, full bool) {
	g := newTSGen(root, typeBudget(size))
	if t := g.convert(root, "  "); !g.exceeded {
		return t.text, true
	}
	g = newTSGen(root, typeBudget(size))
	g.opaqueRefs = true
	if t := g.convert(root, "  "); !g.exceeded {
		return t.text, false
	}
	return tsUnknown.text, false
}
