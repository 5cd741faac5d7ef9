package mcpproxy

import (
	"cmp"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// ProxiedTool is one upstream tool as coderun offers it.
type ProxiedTool struct {
	// Name is the name programs and clients call it by: "server.tool", or
	// that with a "_N" suffix when another tool already has it.
	Name string
	// Server is the configured server's name.
	Server string
	// Tool is the definition as the server lists it; Tool.Name is the name
	// the server knows it by.
	Tool *mcp.Tool
}

// Collision records two upstream tools whose natural names ("server.tool")
// are equal. Since server names cannot contain dots, that takes a server
// listing two tools of one name; the rule does not rely on it, and would
// equally separate server "a" with tool "b.c" from server "a.b" with tool
// "c". The tool first in (server, tool) byte order keeps the name; the
// other is renamed.
type Collision struct {
	// Name is the contested name, kept by Kept.
	Name string
	// Kept is the tool that keeps Name.
	Kept ToolRef
	// Renamed is the tool that had to yield.
	Renamed ToolRef
	// As is the name Renamed is offered under instead.
	As string
}

// ToolRef names a tool on a server, as the server knows it.
type ToolRef struct {
	// Server is the configured server's name.
	Server string `json:"server"`
	// Tool is the tool's name on that server.
	Tool string `json:"tool"`
}

// String formats a collision as the start-up report prints it.
func (c Collision) String() string {
	return fmt.Sprintf("tool name %q is claimed by tool %q of server %q and tool %q of server %q; the latter is offered as %q",
		c.Name, c.Kept.Tool, c.Kept.Server, c.Renamed.Tool, c.Renamed.Server, c.As)
}

// naturalName is the name a tool gets when nothing collides with it.
func naturalName(server, tool string) string { return server + "." + tool }

// assignNames gives every tool its name. The result is sorted by name and
// depends only on the set of tools, never on the order servers answered
// in, so the same servers give the same SDK on every start:
//
//  1. every natural name is reserved;
//  2. among the tools sharing a natural name, the first in (server, tool)
//     byte order keeps it;
//  3. each other one gets the natural name with the smallest suffix "_N"
//     (N >= 2) that is neither reserved nor already given.
//
// Reserving every natural name first means a renamed tool never takes the
// name another tool would have had on its own.
func assignNames(tools []ProxiedTool) ([]ProxiedTool, []Collision) {
	tools = slices.Clone(tools)
	slices.SortFunc(tools, func(a, b ProxiedTool) int {
		return cmp.Or(cmp.Compare(a.Server, b.Server), cmp.Compare(a.Tool.Name, b.Tool.Name))
	})
	reserved := make(map[string]bool, len(tools))
	for _, t := range tools {
		reserved[naturalName(t.Server, t.Tool.Name)] = true
	}
	given := make(map[string]ToolRef, len(tools))
	var collisions []Collision
	for i, t := range tools {
		natural := naturalName(t.Server, t.Tool.Name)
		kept, taken := given[natural]
		if !taken {
			tools[i].Name = natural
			given[natural] = ToolRef{t.Server, t.Tool.Name}
			continue
		}
		name := natural
		for n := 2; ; n++ {
			name = natural + "_" + strconv.Itoa(n)
			if _, ok := given[name]; !ok && !reserved[name] {
				break
			}
		}
		tools[i].Name = name
		given[name] = ToolRef{t.Server, t.Tool.Name}
		collisions = append(collisions, Collision{Name: natural, Kept: kept, Renamed: ToolRef{t.Server, t.Tool.Name}, As: name})
	}
	slices.SortFunc(tools, func(a, b ProxiedTool) int { return cmp.Compare(a.Name, b.Name) })
	return tools, collisions
}

// fingerprint is a tool's definition in canonical JSON, for telling whether
// a re-listed tool changed.
func fingerprint(t *mcp.Tool) string {
	b, err := json.Marshal(t)
	if err != nil {
		// A tool decoded from JSON marshals back; if it somehow does not,
		// treating it as changed is the safe answer.
		return fmt.Sprintf("unmarshalable %p", t)
	}
	return string(b)
}
