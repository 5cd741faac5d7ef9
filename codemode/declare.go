package codemode

import (
	"fmt"
	"strings"
)

// writeToolDecl writes one tool as a method of the Tools interface. It is
// the one place a tool's declaration is rendered: the full SDK and
// describe_tools both use it, so the model reads the same text either way.
func writeToolDecl(b *strings.Builder, t Tool) {
	d := declare(t)
	var doc []string
	if desc := strings.TrimSpace(t.Description); desc != "" {
		doc = strings.Split(desc, "\n")
	}
	if d.problem != nil {
		doc = append(doc, tooComplexNote)
	}
	if t.Concurrency == ParallelSafe {
		doc = append(doc, "@parallelSafe")
	}
	writeDoc(b, "  ", doc)
	q := ""
	if d.optional {
		q = "?"
	}
	fmt.Fprintf(b, "  %s(args%s: %s): Promise<%s>;\n", jsString(t.Name), q, d.param, d.result)
}

// tooComplexNote ends the description of a tool whose schema is too
// complex to declare in full, so the model knows the types understate it.
const tooComplexNote = "(Its schema is too complex to declare in full: parts of it are shown as unknown.)"

// declarationBlock renders tools as one `interface Tools { ... }` block.
// TypeScript merges interfaces of one name, so blocks from several
// describe_tools calls, and the SDK's own, combine into one type.
func declarationBlock(tools []Tool) string {
	var b strings.Builder
	b.WriteString("interface Tools {\n")
	for i, t := range sortTools(tools) {
		if i > 0 {
			b.WriteByte('\n')
		}
		writeToolDecl(&b, t)
	}
	b.WriteString("}\n")
	return b.String()
}

// argsOptional reports whether a program may call the tool with no argument:
// its input is an object with no required property (a missing argument is
// sent as {}).
func argsOptional(schema any) bool {
	o, ok := schema.(*orderedObject)
	if !ok || o.has("$ref") || len(jsonStrings(o.get("required"))) > 0 {
		return false
	}
	typ, _ := o.str("type")
	return typ == "object" || (!o.has("type") && o.has("properties"))
}
