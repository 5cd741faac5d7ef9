package mcpproxy

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/coderun/coderun/codemode"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// newWarningServer serves cfg over servers, collecting the warnings and the
// session log.
func newWarningServer(t *testing.T, cfg *codemode.Config, servers map[string]codemode.ServerSpec) (f *fixture, warnings *lockedBuffer) {
	t.Helper()
	log, warnings := &lockedBuffer{}, &lockedBuffer{}
	sessionLog := codemode.NewSessionLog(log)
	hub, report := startHub(t, servers, Options{Log: sessionLog})
	require.False(t, report.Failed(), "start-up: %v", report.Servers)
	srv, err := NewServer(cfg, hub, ServerOptions{Log: sessionLog, Warnings: warnings, Runtime: sharedRuntime(t), StateKey: testStateKey})
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, srv.Close(context.Background())) })
	return &fixture{hub: hub, server: srv, log: log}, warnings
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// unmatchedEvents counts the policy/rule-unmatched events per key.
func unmatchedEvents(t *testing.T, log *lockedBuffer) map[string]int {
	t.Helper()
	n := map[string]int{}
	for _, e := range log.events(t) {
		if e["msg"] == codemode.EventRuleUnmatched {
			n[e["key"].(string)]++
		}
	}
	return n
}

// A deny rule written with the names the filesystem server gives its
// tools denies the tool coderun offers, which runs nothing, and only that
// server's: the same tool of another server is not named by the rule.
func TestDenyRuleByServerAndToolNameWithTheFilesystemServer(t *testing.T) {
	t.Parallel()
	allowed, _ := filesystemFixture(t)
	other, _ := filesystemFixture(t)
	cfg, err := codemode.ParseConfig([]byte(`policy:
  default: allow
  rules:
    - { tool: "fs.write_file", action: deny, reason: "no writes" }
`))
	require.NoError(t, err)
	f, warnings := newWarningServer(t, cfg, map[string]codemode.ServerSpec{
		"fs":  filesystemServer(t, allowed),
		"fs2": filesystemServer(t, other),
	})
	cs := f.connect(t, nil, nil)

	target := filepath.Join(allowed, "new.txt")
	res := call(t, cs, "fs__write_file", map[string]any{"path": target, "content": "written"})
	assert.True(t, res.IsError, "the write must be denied: %s", text(res))
	assert.Contains(t, text(res), "no writes")
	assert.NoFileExists(t, target)

	target = filepath.Join(other, "new.txt")
	res = call(t, cs, "fs2__write_file", map[string]any{"path": target, "content": "written"})
	assert.False(t, res.IsError, "fs2's write_file is another server's tool: %s", text(res))
	assert.FileExists(t, target)

	res = call(t, cs, "fs__read_text_file", map[string]any{"path": filepath.Join(allowed, "a.txt")})
	assert.False(t, res.IsError, "a tool no rule names is allowed: %s", text(res))
	assert.Empty(t, warnings.String(), "the rule matches, so nothing is warned about")
	assert.Empty(t, unmatchedEvents(t, f.log))
}

// A deny rule that matches nothing is said to deny nothing, on the
// warnings and in the log with its line, at start-up and after every change
// of the tool list, for as long as it matches nothing.
func TestUnmatchedRuleIsReportedAtStartUpAndAfterEachToolListChange(t *testing.T) {
	t.Parallel()
	cfg, err := codemode.ParseConfig([]byte(`policy:
  default: allow
  rules:
    - { tool: "echo.bonus", action: deny, reason: "no bonus" }
    - { tool: "fs_write*", action: deny }
tools:
  exclude: ["echo__missing"]
`))
	require.NoError(t, err)
	f, warnings := newWarningServer(t, cfg, map[string]codemode.ServerSpec{"echo": echoSpec()})
	changed := make(chan struct{}, 10)
	cs := f.connect(t, &mcp.ClientOptions{
		ToolListChangedHandler: func(context.Context, *mcp.ToolListChangedRequest) { changed <- struct{}{} },
	}, nil)

	w := warnings.String()
	assert.Contains(t, w, `coderun: warning: config line 4: policy.rules[0]: deny rule "echo.bonus" matches no tool, so it denies nothing: `+
		`the calls it is meant to deny are decided by the later rules or the default (allow)`)
	assert.Contains(t, w, `config line 5: policy.rules[1]: deny rule "fs_write*" matches no tool, so it denies nothing`)
	assert.Contains(t, w, `config line 7: tools.exclude[0]: exclude glob "echo__missing" matches no tool, so it hides nothing`)
	assert.Equal(t, map[string]int{"policy.rules[0]": 1, "policy.rules[1]": 1, "tools.exclude[0]": 1}, unmatchedEvents(t, f.log))
	for _, e := range f.log.events(t) {
		if e["msg"] == codemode.EventRuleUnmatched && e["key"] == "policy.rules[0]" {
			assert.Equal(t, float64(4), e["line"])
			assert.Equal(t, "WARN", e["level"])
			assert.Equal(t, true, e["dangerous"])
		}
	}

	// The tool appears: the rule matches it, and is no longer reported.
	_, err = f.hub.Call(t.Context(), "echo", "set_bonus", json.RawMessage(`{"enabled":true}`))
	require.NoError(t, err)
	waitFor(t, changed)
	n := unmatchedEvents(t, f.log)
	assert.Equal(t, 1, n["policy.rules[0]"], "matched now")
	assert.GreaterOrEqual(t, n["policy.rules[1]"], 2, "still matching nothing after the change")
	res := call(t, cs, "echo__bonus", map[string]any{"n": 1})
	assert.True(t, res.IsError)
	assert.Contains(t, text(res), "no bonus")

	// It goes away again: the rule matches nothing again.
	_, err = f.hub.Call(t.Context(), "echo", "set_bonus", json.RawMessage(`{"enabled":false}`))
	require.NoError(t, err)
	waitFor(t, changed)
	assert.GreaterOrEqual(t, unmatchedEvents(t, f.log)["policy.rules[0]"], 2)
	assert.GreaterOrEqual(t, strings.Count(warnings.String(), `policy.rules[0]: deny rule "echo.bonus"`), 2)
}

func TestStrictPolicyRefusesToServeWithAnUnmatchedRule(t *testing.T) {
	t.Parallel()
	cfg, err := codemode.ParseConfig([]byte(`policy:
  strict: true
  rules:
    - { tool: "echo_echo", action: deny }
`))
	require.NoError(t, err)
	hub, report := startHub(t, map[string]codemode.ServerSpec{"echo": echoSpec()}, Options{})
	require.False(t, report.Failed())
	_, err = NewServer(cfg, hub, ServerOptions{Runtime: sharedRuntime(t), StateKey: testStateKey})
	var ue *codemode.UnmatchedError
	require.True(t, errors.As(err, &ue), "%v", err)
	assert.Contains(t, err.Error(), `policy.rules[0]: deny rule "echo_echo" matches no tool`)

	cfg.Policy.Rules[0].Tool = "echo.echo"
	srv, err := NewServer(cfg, hub, ServerOptions{Runtime: sharedRuntime(t), StateKey: testStateKey})
	require.NoError(t, err, "every rule matches")
	require.NoError(t, srv.Close(context.Background()))
}

func TestToolsFilterBySERVERDotTOOL(t *testing.T) {
	t.Parallel()
	cfg := configFor(codemode.ModeNative)
	cfg.Tools = codemode.ToolFilter{Include: []string{"echo.echo", "echo.info"}}
	f, warnings := newWarningServer(t, cfg, map[string]codemode.ServerSpec{"echo": echoSpec()})
	assert.Equal(t, []string{"echo__echo", "echo__info"}, listNames(t, f.connect(t, nil, nil)))
	assert.Empty(t, warnings.String())
	sdk, _ := f.hub.SDK(cfg)
	assert.Contains(t, sdk, `"echo__echo"`)
	assert.NotContains(t, sdk, `"echo__crash"`, "coderun sdk filters like the server")
}

// docsYAMLWithPolicy returns the YAML examples of README.md and docs/*.md
// that set a policy, unindented.
func docsYAMLWithPolicy(t *testing.T) []string {
	t.Helper()
	pages, err := filepath.Glob(filepath.Join("..", "docs", "*.md"))
	require.NoError(t, err)
	pages = append(pages, filepath.Join("..", "README.md"))
	var blocks []string
	for _, page := range pages {
		data, err := os.ReadFile(page)
		require.NoError(t, err)
		lines := strings.Split(string(data), "\n")
		for i := 0; i < len(lines); i++ {
			fence := strings.TrimSpace(lines[i])
			if fence != "```yaml" {
				continue
			}
			indent := lines[i][:strings.Index(lines[i], "`")]
			var b strings.Builder
			for i++; i < len(lines) && strings.TrimSpace(lines[i]) != "```"; i++ {
				b.WriteString(strings.TrimPrefix(lines[i], indent) + "\n")
			}
			if strings.Contains(b.String(), "policy:") {
				blocks = append(blocks, b.String())
			}
		}
	}
	return blocks
}

// The documentation's examples name tools the way the filesystem server's tools
// are really offered: served from a real filesystem server, every rule and
// filter glob that names the fs server matches a tool.
func TestDocsPolicyExamplesMatchTheFilesystemServer(t *testing.T) {
	t.Parallel()
	blocks := docsYAMLWithPolicy(t)
	require.GreaterOrEqual(t, len(blocks), 3, "the configuration, quick start and policy examples")
	allowed, _ := filesystemFixture(t)
	hub, report := startHub(t, map[string]codemode.ServerSpec{"fs": filesystemServer(t, allowed)}, Options{})
	require.False(t, report.Failed())
	for _, block := range blocks {
		cfg, err := codemode.ParseConfig([]byte(block))
		require.NoError(t, err, block)
		_, hasFS := cfg.Servers["fs"]
		require.True(t, hasFS || cfg.Servers == nil, "an example with servers has fs:\n%s", block)
		fsSettings := 0
		for _, r := range cfg.Policy.Rules {
			if strings.HasPrefix(r.Tool, "fs") {
				fsSettings++
			}
		}
		require.Positive(t, fsSettings, "the example has rules for fs:\n%s", block)
		for _, u := range hub.Unmatched(cfg) {
			assert.False(t, strings.HasPrefix(u.Pattern, "fs"), "%s\nin:\n%s", u, block)
		}
	}
}
