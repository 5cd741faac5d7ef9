package codemode

import (
	"context"
	"encoding/json"
	"log/slog"
	"slices"
)

// WireTool is one entry of the tool list sent to the model provider.
type WireTool struct {
	// Name is the tool's name.
	Name string `json:"name"`
	// Description is the tool's description.
	Description string `json:"description"`
	// InputSchema is the tool's input JSON Schema.
	InputSchema json.RawMessage `json:"inputSchema"`
	// OutputSchema is the tool's output JSON Schema, if it declares one.
	OutputSchema json.RawMessage `json:"outputSchema,omitempty"`
}

// WireTools assembles the tool list for the model in the session's mode:
// the visible native tools (ModeNative), run_code alone (ModeCode), or the
// native tools followed by run_code (ModeBoth). When the SDK takes the
// catalogue form, describe_tools follows run_code. Native tools are sorted by
// name in byte order, then moved to the front by CapabilityOrder. The list
// is written to the session log whenever it differs from the one logged last.
func (s *Session) WireTools() []WireTool {
	var list []WireTool
	if s.cfg.Mode != ModeCode {
		tools, _ := s.visible()
		for _, e := range orderByCapability(tools, s.cfg.CapabilityOrder) {
			list = append(list, wireTool(e.tool))
		}
	}
	if s.cfg.Mode != ModeNative {
		list = append(list, wireTool(s.runCode.tool))
		if s.SDKForm() == SDKCatalogue {
			list = append(list, wireTool(s.describe.tool))
		}
	}
	s.logWire(list)
	return list
}

// logWire writes the list to the session log unless it is the list logged
// last, so a host assembling it per request does not flood the log while
// every change is still recorded.
func (s *Session) logWire(list []WireTool) {
	names := make([]string, len(list))
	for i, t := range list {
		names[i] = t.Name
	}
	s.wireMu.Lock()
	defer s.wireMu.Unlock()
	if s.loggedWire != nil && slices.Equal(s.loggedWire, names) {
		return
	}
	s.loggedWire = names
	s.log.LogAttrs(context.Background(), slog.LevelInfo, EventWireTools,
		slog.String("mode", string(s.cfg.Mode)), slog.Any("tools", names))
}

func wireTool(t Tool) WireTool {
	in := t.InputSchema
	if len(in) == 0 {
		in = json.RawMessage(defaultInputSchema)
	}
	return WireTool{Name: t.Name, Description: t.Description, InputSchema: in, OutputSchema: t.OutputSchema}
}

// orderByCapability moves tools matching earlier globs of order to the front;
// a tool matching several globs goes by the first. Tools matching none keep
// their (sorted) order after the rest.
func orderByCapability(tools []*entry, order []string) []*entry {
	if len(order) == 0 {
		return tools
	}
	rank := func(e *entry) int {
		for i, g := range order {
			if MatchTool(g, e.tool.Name, e.tool.QualifiedName()) {
				return i
			}
		}
		return len(order)
	}
	out := slices.Clone(tools)
	slices.SortStableFunc(out, func(a, b *entry) int { return rank(a) - rank(b) })
	return out
}
