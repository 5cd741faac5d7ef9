package mcpproxy

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/coderun/coderun/codemode"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
)

func proxied(server, tool string) ProxiedTool {
	return ProxiedTool{Server: server, Tool: &mcp.Tool{Name: tool}}
}

func TestAssignNamesWithoutCollisions(t *testing.T) {
	t.Parallel()
	tools, collisions := assignNames([]ProxiedTool{proxied("gh", "create_issue"), proxied("fs", "read")}, codemode.DefaultMaxToolNameLength)
	assert.Empty(t, collisions)
	assert.Equal(t, []string{"fs__read", "gh__create_issue"}, toolNames(tools))
}

// validName is what Claude's hosts check every tool name against; OpenAI's
// API allows the same characters and length.
var validName = regexp.MustCompile(`^[a-zA-Z0-9_-]{1,64}$`)

func TestAssignNamesMakesEveryNameValid(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("very_long_tool_name_", 5)
	input := []ProxiedTool{
		proxied("srv", "get.thing"),
		proxied("srv", "get/thing"), // the same after mapping: a collision
		proxied("srv", "ünïcode tool"),
		proxied("srv", long+"a"),
		proxied("srv", long+"b"), // the same first 41 characters: the hash tells them apart
		proxied("srv", long+"a"), // listed twice: suffixed, then shortened
	}
	tools, collisions := assignNames(input, codemode.DefaultMaxToolNameLength)
	seen := map[string]bool{}
	for _, p := range tools {
		assert.Regexp(t, validName, p.Name, "tool %q", p.Tool.Name)
		assert.False(t, seen[p.Name], "name %q given twice", p.Name)
		seen[p.Name] = true
	}
	assert.True(t, seen["srv__get_thing"])
	assert.True(t, seen["srv__get_thing_2"], "get/thing yields to get.thing, first in byte order")
	assert.True(t, seen["srv___n_code_tool"], "each character outside [A-Za-z0-9_-] becomes one _")
	assert.Len(t, collisions, 2)

	again, _ := assignNames(input, codemode.DefaultMaxToolNameLength)
	assert.Equal(t, toolNames(tools), toolNames(again), "shortening is deterministic")
	for _, p := range tools {
		if len(joinedName(p.Server, p.Tool.Name)) > codemode.DefaultMaxToolNameLength {
			assert.Len(t, p.Name, codemode.DefaultMaxToolNameLength)
			assert.True(t, strings.HasPrefix(p.Name, "srv__very_long_tool_name_"), p.Name)
		}
	}
}

func TestAssignNamesResolvesCollisionsDeterministically(t *testing.T) {
	t.Parallel()
	input := []ProxiedTool{
		proxied("a__b", "c"), // server names cannot hold "__" in a config, but a Hub must not rely on that
		proxied("a", "b__c"),
		proxied("a", "b__c_2"), // its natural name is reserved: the renamed tool must not take it
		proxied("x", "dup"),
		proxied("x", "dup"),
	}
	want := []string{"a__b__c", "a__b__c_2", "a__b__c_3", "x__dup", "x__dup_2"}
	wantCollisions := []Collision{
		{Name: "a__b__c", Kept: ToolRef{"a", "b__c"}, Renamed: ToolRef{"a__b", "c"}, As: "a__b__c_3"},
		{Name: "x__dup", Kept: ToolRef{"x", "dup"}, Renamed: ToolRef{"x", "dup"}, As: "x__dup_2"},
	}
	for range 20 {
		shuffled := append([]ProxiedTool(nil), input...)
		rand.Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
		tools, collisions := assignNames(shuffled, codemode.DefaultMaxToolNameLength)
		assert.Equal(t, want, toolNames(tools), "the same tools get the same names whatever order they come in")
		assert.Equal(t, wantCollisions, collisions)
	}
	byName := map[string]ProxiedTool{}
	tools, _ := assignNames(input, codemode.DefaultMaxToolNameLength)
	for _, p := range tools {
		byName[p.Name] = p
	}
	assert.Equal(t, "a", byName["a__b__c"].Server, `"a" sorts before "a__b", so it keeps the name`)
	assert.Equal(t, "b__c_2", byName["a__b__c_2"].Tool.Name)
	assert.Equal(t, "a__b", byName["a__b__c_3"].Server)
}

func TestCollisionIsReportedInWords(t *testing.T) {
	t.Parallel()
	c := Collision{Name: "a__b", Kept: ToolRef{"a", "b"}, Renamed: ToolRef{"a", "b"}, As: "a__b_2"}
	assert.Equal(t, `tool name "a__b" is claimed by tool "b" of server "a" and tool "b" of server "a"; the latter is offered as "a__b_2"`, c.String())
}

// A shortened name keeps at least one character of the tool's own name
// after "server__" in the room maxToolNameLength must leave.
func TestMinToolNameRoomHoldsTheHash(t *testing.T) {
	t.Parallel()
	assert.Greater(t, codemode.MinToolNameRoom, len("_")+hashSuffixLength)
}
