package mcpproxy

import (
	"math/rand/v2"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
)

func proxied(server, tool string) ProxiedTool {
	return ProxiedTool{Server: server, Tool: &mcp.Tool{Name: tool}}
}

func TestAssignNamesWithoutCollisions(t *testing.T) {
	tools, collisions := assignNames([]ProxiedTool{proxied("gh", "create_issue"), proxied("fs", "read")})
	assert.Empty(t, collisions)
	assert.Equal(t, []string{"fs.read", "gh.create_issue"}, toolNames(tools))
}

func TestAssignNamesResolvesCollisionsDeterministically(t *testing.T) {
	input := []ProxiedTool{
		proxied("a.b", "c"), // server names cannot hold dots in a config, but a Hub must not rely on that
		proxied("a", "b.c"),
		proxied("a", "b.c_2"), // its natural name is reserved: the renamed tool must not take it
		proxied("x", "dup"),
		proxied("x", "dup"),
	}
	want := []string{"a.b.c", "a.b.c_2", "a.b.c_3", "x.dup", "x.dup_2"}
	wantCollisions := []Collision{
		{Name: "a.b.c", Kept: ToolRef{"a", "b.c"}, Renamed: ToolRef{"a.b", "c"}, As: "a.b.c_3"},
		{Name: "x.dup", Kept: ToolRef{"x", "dup"}, Renamed: ToolRef{"x", "dup"}, As: "x.dup_2"},
	}
	for range 20 {
		shuffled := append([]ProxiedTool(nil), input...)
		rand.Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
		tools, collisions := assignNames(shuffled)
		assert.Equal(t, want, toolNames(tools), "the same tools get the same names whatever order they come in")
		assert.Equal(t, wantCollisions, collisions)
	}
	byName := map[string]ProxiedTool{}
	tools, _ := assignNames(input)
	for _, p := range tools {
		byName[p.Name] = p
	}
	assert.Equal(t, "a", byName["a.b.c"].Server, `"a" sorts before "a.b", so it keeps the name`)
	assert.Equal(t, "b.c_2", byName["a.b.c_2"].Tool.Name)
	assert.Equal(t, "a.b", byName["a.b.c_3"].Server)
}

func TestCollisionIsReportedInWords(t *testing.T) {
	c := Collision{Name: "a.b.c", Kept: ToolRef{"a", "b.c"}, Renamed: ToolRef{"a.b", "c"}, As: "a.b.c_2"}
	assert.Equal(t, `tool name "a.b.c" is claimed by tool "b.c" of server "a" and tool "c" of server "a.b"; the latter is offered as "a.b.c_2"`, c.String())
}
