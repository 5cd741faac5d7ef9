package codemode

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Registered in Claude Code as "coderun", a tool is offered as
// mcp__coderun__server__tool, which must fit 64 characters.
func TestDefaultMaxToolNameLengthFitsClaudeCode(t *testing.T) {
	t.Parallel()
	assert.Equal(t, ToolNameLimit, len("mcp__coderun__")+DefaultMaxToolNameLength)
	assert.Equal(t, 50, DefaultConfig().MaxToolNameLength)
	assert.Equal(t, 32, maxServerNameLength, "the longest server name still leaves its tools MinToolNameRoom")
}

func TestParseMaxToolNameLength(t *testing.T) {
	t.Parallel()
	// Registered as "coderun-personal" (16 characters): 64 - 5 - 16 - 2.
	c, err := ParseConfig([]byte("maxToolNameLength: 41\nservers:\n  gitlab:\n    command: mcp-gitlab\n"))
	require.NoError(t, err)
	assert.Equal(t, 41, c.MaxToolNameLength)

	cases := []struct {
		name string
		src  string
		want []string
	}{
		{"over the API's limit", "maxToolNameLength: 65\n", []string{
			"line 1", "maxToolNameLength: 65 is not allowed; want an integer from 19 to 64",
			"Claude Code registered as NAME offers mcp__NAME__server__tool, which must fit 64 characters, so use 57 minus the length of NAME (50 for \"coderun\")",
		}},
		{"too small", "maxToolNameLength: 18\n", []string{"line 1", "maxToolNameLength: 18 is not allowed; want an integer from 19 to 64"}},
		{"not an integer", "maxToolNameLength: long\n", []string{"line 1", `maxToolNameLength: "long" is not allowed; want an integer`}},
		{"no room for a server's tools", "servers:\n  enterprise-gitlab-mirror:\n    command: x\nmaxToolNameLength: 40\n", []string{
			"line 4", `maxToolNameLength: 40 leaves the tools of server "enterprise-gitlab-mirror" 14 characters after "enterprise-gitlab-mirror__", want at least 16: shorten the server's name or raise maxToolNameLength`,
		}},
	}
	for _, c := range cases {
		_, err := ParseConfig([]byte(c.src))
		require.Error(t, err, c.name)
		for _, w := range c.want {
			assert.Contains(t, err.Error(), w, c.name)
		}
	}
}
