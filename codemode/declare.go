package codemode

import (
	"encoding/json"
	"fmt"
	"strings"
)

// writeToolDecl writes one tool as a method of the Tools interface. It is
// the one place a tool's declaration is rendered: the full SDK and
// describe_tools both use it, so the model reads the same text either way.
func writeToolDecl(b *strings.Builder, t Tool) {
	var doc []string
	if d := strings.TrimSpace(t.Description); d != "" {
		doc = strings.Split(d, "\n")
	}
	if t.Concurrency == ParallelSafe {
		doc = append(doc, "@parallelSafe")
	}
	writeDoc(b, "  ", doc)

	in := json.RawMessage(defaultInputSchema)
	if len(t.InputSchema) > 0 {
		in = t.InputSchema
	}
	param, optional := "unknown", false
	if root, err := decodeOrdered(in); err == nil {
		param = newTSGen(root).convert(root, "  ").text
		optional = argsOptional(root)
	}
	result := "unknown"
	if len(t.OutputSchema) > 0 {
		if root, err := decodeOrdered(t.OutputSchema); err == nil {
			result = newTSGen(root).convert(root, "  ").text
		}
	}
	q := ""
	if optional {
		q = "?"
	}
	fmt.Fprintf(b, "  %s(args%s: %s): Promise<%s>;\n", jsString(t.Name), q, param, result)
}

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
