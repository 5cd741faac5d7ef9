package mcpproxy

import (
	"encoding/json"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/coderun/coderun/codemode"
	"github.com/coderun/coderun/internal/testing/echoserver"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// corpusRefs are the tools of the corpus of real MCP servers
// (codemode/testdata/corpus), with a real GitLab server's tool whose name
// Claude Code takes past 64 characters.
func corpusRefs(t *testing.T) []ToolRef {
	t.Helper()
	data, err := os.ReadFile("../codemode/testdata/corpus/tools.json")
	require.NoError(t, err)
	var file struct {
		Servers []struct {
			Name  string `json:"name"`
			Tools []struct {
				Name string `json:"name"`
			} `json:"tools"`
		} `json:"servers"`
	}
	require.NoError(t, json.Unmarshal(data, &file))
	refs := []ToolRef{{"zereight-gitlab", echoserver.LongToolName}, {"zereight-gitlab", "create_merge_request_note"}}
	for _, s := range file.Servers {
		for _, tool := range s.Tools {
			refs = append(refs, ToolRef{s.Name, tool.Name})
		}
	}
	require.Greater(t, len(refs), 400)
	return refs
}

// Registered in Claude Code as "coderun", every tool of the corpus is
// offered under a name that keeps mcp__coderun__NAME within 64 characters;
// with a longer registration name and a smaller maxToolNameLength, within
// that. Names stay unique, are the same whatever order the servers answer
// in, keep telling the server, and a name that fits is left as it is.
func TestCorpusNamesFitMaxToolNameLength(t *testing.T) {
	t.Parallel()
	refs := corpusRefs(t)
	for _, maxLen := range []int{codemode.DefaultMaxToolNameLength, 41, MaxNameLength} {
		names, _ := nameRefs(refs, maxLen)
		seen := make(map[string]bool, len(names))
		shortened := 0
		for i, name := range names {
			r := refs[i]
			assert.LessOrEqual(t, len(name), maxLen, name)
			assert.Regexp(t, validName, name)
			assert.False(t, seen[name], "name %q given twice", name)
			seen[name] = true
			assert.True(t, strings.HasPrefix(name, r.Server+Separator), "%q tells its server %q", name, r.Server)
			if joined := joinedName(r.Server, r.Tool); len(joined) <= maxLen {
				assert.Equal(t, joined, name, "a name that fits is unchanged")
			} else {
				shortened++
			}
			if maxLen == codemode.DefaultMaxToolNameLength {
				assert.LessOrEqual(t, len("mcp__coderun__"+name), codemode.ToolNameLimit, name)
			}
		}
		if maxLen == codemode.DefaultMaxToolNameLength {
			assert.Equal(t, 2, shortened, "desktop-commander's give_feedback_to_desktop_commander, and GitLab's")
			gitlab := names[0]
			assert.Equal(t, "zereight-gitlab__create_merge_request_not_"+gitlab[len(gitlab)-8:], gitlab)
		}

		shuffled := append([]ToolRef(nil), refs...)
		rand.Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
		again, _ := nameRefs(shuffled, maxLen)
		want := make(map[ToolRef]string, len(refs))
		for i, r := range refs {
			want[r] = names[i]
		}
		for i, r := range shuffled {
			assert.Equal(t, want[r], again[i], "stable whatever the order")
		}
	}
}

// A real server whose tool name is too long for Claude Code once prefixed
// is offered under a shortened name, which calls it.
func TestLongToolNameIsShortenedOnTheWire(t *testing.T) {
	t.Parallel()
	f := newFixture(t, configFor(codemode.ModeNative), map[string]codemode.ServerSpec{"zereight-gitlab": echoSpec("-long-name")})
	cs := f.connect(t, nil, nil)
	var long string
	for _, name := range listNames(t, cs) {
		assert.LessOrEqual(t, len("mcp__coderun__"+name), codemode.ToolNameLimit, name)
		if strings.HasPrefix(name, "zereight-gitlab__create_merge") {
			long = name
		}
	}
	require.Len(t, long, codemode.DefaultMaxToolNameLength)
	assert.Equal(t, long, naturalName("zereight-gitlab", echoserver.LongToolName, codemode.DefaultMaxToolNameLength))
	res := call(t, cs, long, map[string]any{})
	assert.False(t, res.IsError)
	assert.Equal(t, "ok", text(res))
}

func TestStartRefusesAMaxToolNameLengthThatDoesNotFit(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		maxLen int
		want   string
	}{
		{70, "maxToolNameLength: 70 is not allowed; want an integer from 19 to 64"},
		{30, `maxToolNameLength: 30 leaves the tools of server "zereight-gitlab" 13 characters after "zereight-gitlab__", want at least 16`},
	} {
		_, _, err := Start(t.Context(), map[string]codemode.ServerSpec{"zereight-gitlab": echoSpec()}, Options{MaxToolNameLength: c.maxLen})
		require.Error(t, err)
		assert.Contains(t, err.Error(), c.want)
	}
}
