package mcpproxy

import (
	"github.com/coderun/coderun/codemode"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// offer makes the tools registered on the MCP server match the session's
// wire list. The go-sdk server tells connected clients with
// notifications/tools/list_changed whenever a tool is added or removed, so
// only the tools that actually changed are touched.
func (s *Server) offer() {
	s.offerMu.Lock()
	defer s.offerMu.Unlock()

	upstream := make(map[string]ProxiedTool)
	for _, p := range s.hub.Tools() {
		upstream[p.Name] = p
	}
	want := make(map[string]*mcp.Tool)
	for _, wt := range s.session.WireTools() {
		t := &mcp.Tool{Name: wt.Name, Description: wt.Description, InputSchema: wt.InputSchema}
		if len(wt.OutputSchema) > 0 {
			t.OutputSchema = wt.OutputSchema
		}
		if wt.Name == codemode.RunCodeToolName {
			t.Description = runCodeDescription(wt.Description, s.session.SDK())
		} else if wt.Name == codemode.DescribeToolsToolName {
			t.Annotations = &mcp.ToolAnnotations{ReadOnlyHint: true, Title: "Describe tools"}
		} else if p, ok := upstream[wt.Name]; ok {
			// The server's own hints and title still describe the tool
			// it offers through coderun.
			t.Annotations, t.Title = p.Tool.Annotations, p.Tool.Title
		}
		want[wt.Name] = t
	}

	var gone []string
	for name := range s.offered {
		if _, ok := want[name]; !ok {
			gone = append(gone, name)
			delete(s.offered, name)
		}
	}
	if len(gone) > 0 {
		s.mcp.RemoveTools(gone...)
	}
	for name, t := range want {
		fp := fingerprint(t)
		if s.offered[name] == fp {
			continue
		}
		s.mcp.AddTool(t, s.handle)
		s.offered[name] = fp
	}
}

// runCodeDescription puts the SDK into run_code's description: the one
// place an MCP client is sure to show the model, and one that changes
// together with the tool list.
func runCodeDescription(description, sdk string) string {
	return description + "\n\n" + sdk
}
