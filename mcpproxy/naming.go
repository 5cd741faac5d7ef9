package mcpproxy

import (
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/coderun/coderun/codemode"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Tool names on the wire and in programs are "server__tool". Every model
// API accepts them: Claude's hosts withhold a whole connector when one
// tool name fails ^[a-zA-Z0-9_-]{1,64}$, and OpenAI's API allows 64
// characters at most. A dot would be more readable and is refused by both.
// A host may prefix the names further (Claude Code offers
// mcp__coderun__server__tool), so names are shortened to
// Options.MaxToolNameLength, which leaves it room.
const (
	// Separator joins a server's name and its tool's name.
	Separator = "__"
	// MaxNameLength is the longest tool name the model APIs accept, and
	// the largest Options.MaxToolNameLength.
	MaxNameLength = codemode.ToolNameLimit
)

// hashSuffixLength is the number of hex digits of the hash that ends a
// shortened name: 32 bits, so two long names that share their first 55
// characters part with odds of about one in four billion, and a clash that
// still happens is resolved like any other collision.
const hashSuffixLength = 8

// ProxiedTool is one upstream tool as coderun offers it.
type ProxiedTool struct {
	// Name is the name programs and clients call it by: "server__tool",
	// with characters outside [A-Za-z0-9_-] replaced by "_", a "_N" suffix
	// when another tool already has the name, and shortened to
	// Options.MaxToolNameLength.
	Name string
	// Server is the configured server's name.
	Server string
	// Tool is the definition as the server lists it; Tool.Name is the name
	// the server knows it by.
	Tool *mcp.Tool
	// InputSchema and OutputSchema are the tool's schemas exactly as the
	// server sent them, properties in the server's order; nil when they
	// were not captured. Tool holds them decoded into maps, which lose the
	// order when marshalled again.
	InputSchema, OutputSchema json.RawMessage
}

// Collision records two upstream tools whose natural names
// ("server__tool", made valid and short enough) are equal: a server
// listing two tools of one name, two tool names that differ only in
// characters a name cannot hold ("a.b" and "a/b"), or two long names cut to
// the same prefix and hash. The tool first in (server, tool) byte order
// keeps the name; the other is renamed.
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

// joinedName is "server__tool" with every character a name cannot hold
// replaced by "_", before any shortening.
func joinedName(server, tool string) string {
	var b strings.Builder
	b.Grow(len(server) + len(Separator) + len(tool))
	for _, part := range []string{server, Separator, tool} {
		for _, r := range part {
			if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '-' {
				b.WriteRune(r)
			} else {
				b.WriteByte('_')
			}
		}
	}
	return b.String()
}

// fitName shortens a name longer than maxLen to its first characters, "_"
// and the first hex digits of its SHA-256, so the result is deterministic
// and still tells which server and tool it is: maxLen leaves every server
// codemode.MinToolNameRoom characters after "server__", more than the hash
// takes (see codemode.ValidateMaxToolNameLength).
func fitName(name string, maxLen int) string {
	if len(name) <= maxLen {
		return name
	}
	sum := sha256.Sum256([]byte(name))
	return name[:maxLen-1-hashSuffixLength] + "_" + hex.EncodeToString(sum[:])[:hashSuffixLength]
}

// naturalName is the name a tool gets when nothing collides with it.
func naturalName(server, tool string, maxLen int) string {
	return fitName(joinedName(server, tool), maxLen)
}

// assignNames gives every tool its name. The result is sorted by name and
// depends only on the set of tools, never on the order servers answered
// in, so the same servers give the same SDK on every start:
//
//  1. every natural name is reserved;
//  2. among the tools sharing a natural name, the first in (server, tool)
//     byte order keeps it;
//  3. each other one gets the joined name with the smallest suffix "_N"
//     (N >= 2), shortened like a natural name, that is neither reserved
//     nor already given.
//
// Reserving every natural name first means a renamed tool never takes the
// name another tool would have had on its own. No name is longer than
// maxLen.
func assignNames(tools []ProxiedTool, maxLen int) ([]ProxiedTool, []Collision) {
	refs := make([]ToolRef, len(tools))
	for i, t := range tools {
		refs[i] = ToolRef{t.Server, t.Tool.Name}
	}
	names, collisions := nameRefs(refs, maxLen)
	tools = slices.Clone(tools)
	for i := range tools {
		tools[i].Name = names[i]
	}
	slices.SortFunc(tools, func(a, b ProxiedTool) int { return cmp.Compare(a.Name, b.Name) })
	return tools, collisions
}

// nameRefs names what refs point at (tools, or prompts) by the rule of
// assignNames, returning the names in refs' order.
func nameRefs(refs []ToolRef, maxLen int) ([]string, []Collision) {
	order := make([]int, len(refs))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		return cmp.Or(cmp.Compare(refs[a].Server, refs[b].Server), cmp.Compare(refs[a].Tool, refs[b].Tool))
	})
	reserved := make(map[string]bool, len(refs))
	for _, r := range refs {
		reserved[naturalName(r.Server, r.Tool, maxLen)] = true
	}
	names := make([]string, len(refs))
	given := make(map[string]ToolRef, len(refs))
	var collisions []Collision
	for _, i := range order {
		r := refs[i]
		natural := naturalName(r.Server, r.Tool, maxLen)
		kept, taken := given[natural]
		if !taken {
			names[i] = natural
			given[natural] = r
			continue
		}
		joined := joinedName(r.Server, r.Tool)
		var name string
		for n := 2; ; n++ {
			name = fitName(joined+"_"+strconv.Itoa(n), maxLen)
			if _, ok := given[name]; !ok && !reserved[name] {
				break
			}
		}
		names[i] = name
		given[name] = r
		collisions = append(collisions, Collision{Name: natural, Kept: kept, Renamed: r, As: name})
	}
	return names, collisions
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
