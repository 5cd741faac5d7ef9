package mcpproxy

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"

	"github.com/coderun/coderun/codemode"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// objectSchema stands in for a tool that lists no input schema, which the
// protocol requires but some servers omit.
var objectSchema = json.RawMessage(`{"type":"object"}`)

// ConcurrencyOf maps a tool's annotations onto the pipeline's concurrency
// class: only a tool that declares itself read-only may overlap with other
// calls. Anything else, including a tool without annotations, is exclusive,
// since running an unsafe tool in parallel can corrupt state while running a
// safe one serially only costs time.
func ConcurrencyOf(t *mcp.Tool) codemode.Concurrency {
	if t.Annotations != nil && t.Annotations.ReadOnlyHint {
		return codemode.ParallelSafe
	}
	return codemode.Exclusive
}

// QualifiedName returns the name policy rules and the tools filter know p
// by besides Name: "server.tool", the server's configured name and the
// tool's own name as the server lists it (see codemode.MatchTool).
func (p ProxiedTool) QualifiedName() string { return p.identity().QualifiedName() }

// CodemodeTool returns p as a pipeline tool whose Execute calls the upstream
// server through h.
func (h *Hub) CodemodeTool(p ProxiedTool) (codemode.Tool, error) {
	in, err := p.InputSchema, error(nil)
	if in == nil {
		in, err = schemaJSON(p.Tool.InputSchema)
	}
	if err != nil {
		return codemode.Tool{}, fmt.Errorf("tool %q of server %q: input schema: %w", p.Tool.Name, p.Server, err)
	}
	if in, err = objectInputSchema(in); err != nil {
		return codemode.Tool{}, fmt.Errorf("tool %q of server %q: input schema: %w", p.Tool.Name, p.Server, err)
	}
	out := p.OutputSchema
	if out == nil {
		out, err = schemaJSON(p.Tool.OutputSchema)
	}
	if err != nil {
		return codemode.Tool{}, fmt.Errorf("tool %q of server %q: output schema: %w", p.Tool.Name, p.Server, err)
	}
	server, name := p.Server, p.Tool.Name
	t := p.identity()
	t.Description = p.Tool.Description
	t.InputSchema, t.OutputSchema = in, out
	t.Concurrency = ConcurrencyOf(p.Tool)
	t.Execute = func(ctx context.Context, call *codemode.Call) (*codemode.Output, error) {
		res, err := h.Call(ctx, server, name, call.Args)
		if err != nil {
			return nil, err
		}
		return toOutput(res)
	}
	return t, nil
}

// identity is p as a codemode.Tool with only the fields that name it: the
// names policy rules and the tools filter match.
func (p ProxiedTool) identity() codemode.Tool {
	return codemode.Tool{Name: p.Name, Group: p.Server, OriginalName: p.Tool.Name}
}

// objectInputSchema checks that an input schema describes an object, as
// MCP requires (the go-sdk server refuses to offer a tool otherwise). A
// missing schema or a schema without "type" is taken to mean an object,
// which is what a server that omits it means; any other type is an error.
func objectInputSchema(schema json.RawMessage) (json.RawMessage, error) {
	if schema == nil {
		return objectSchema, nil
	}
	var m map[string]any
	if err := json.Unmarshal(schema, &m); err != nil {
		return nil, fmt.Errorf("not a JSON object: %w", err)
	}
	switch typ, ok := m["type"]; {
	case !ok:
		// Added in front by hand, so the properties keep their order.
		rest := bytes.TrimSpace(schema)[1:]
		if len(m) > 0 {
			return append([]byte(`{"type":"object",`), rest...), nil
		}
		return objectSchema, nil
	case typ != "object":
		return nil, fmt.Errorf(`type is %v; tool arguments must be an object ("type": "object")`, typ)
	}
	return schema, nil
}

// schemaJSON marshals a schema as the client SDK decoded it (a map); nil
// stays nil.
func schemaJSON(schema any) (json.RawMessage, error) {
	if schema == nil {
		return nil, nil
	}
	b, err := json.Marshal(schema)
	if err != nil {
		return nil, err
	}
	if string(b) == "null" {
		return nil, nil
	}
	return b, nil
}
