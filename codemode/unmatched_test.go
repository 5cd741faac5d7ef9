package codemode

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fsTools are the filesystem server's tools as an MCP proxy offers them.
func fsTools(calls *atomic.Int32) []Tool {
	return []Tool{
		serverTool("fs__read_text_file", "fs", "read_text_file", calls),
		serverTool("fs__write_file", "fs", "write_file", calls),
	}
}

func TestUnmatchedReportsRulesAndGlobsThatMatchNoTool(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "coderun.yml")
	require.NoError(t, os.WriteFile(path, []byte(`policy:
  default: allow
  rules:
    - { tool: "fs.write_file", action: deny }
    - { tool: "fs_write*", action: deny, reason: "no writes" }
    - { tool: "fs.delete_*", action: ask }
    - tool: "shell"
      action: allow
    - { tool: "run_code", action: ask }
tools:
  include: ["fs.*", "git__*"]
  exclude: ["fs__move_file"]
`), 0o644))
	cfg, err := LoadConfig(path)
	require.NoError(t, err)
	var n atomic.Int32
	got := cfg.Unmatched(fsTools(&n))

	var keys []string
	for _, u := range got {
		keys = append(keys, u.Key)
	}
	assert.Equal(t, []string{"policy.rules[1]", "policy.rules[2]", "policy.rules[3]", "policy.rules[4]", "tools.include[1]", "tools.exclude[0]"}, keys,
		"in config order; run_code is not offered in mode native")

	deny := got[0]
	assert.Equal(t, Unmatched{File: path, Line: 5, Key: "policy.rules[1]", Pattern: "fs_write*", Action: ActionDeny, Default: ActionAllow}, deny)
	assert.True(t, deny.Dangerous())
	assert.Equal(t, path+`:5: policy.rules[1]: deny rule "fs_write*" matches no tool, so it denies nothing: `+
		`the calls it is meant to deny are decided by the later rules or the default (allow); `+nameHelp, deny.String())
	assert.Contains(t, got[1].String(), `:6: policy.rules[2]: ask rule "fs.delete_*" matches no tool, so it asks about nothing`)
	assert.True(t, got[1].Dangerous())
	assert.Equal(t, 7, got[2].Line, "a block rule's line is its tool key's")
	assert.Contains(t, got[2].String(), `allow rule "shell" matches no tool, so it decides nothing`)
	assert.False(t, got[2].Dangerous())
	assert.Contains(t, got[4].String(), `:11: tools.include[1]: include glob "git__*" matches no tool, so it shows nothing`)
	assert.Contains(t, got[5].String(), `:12: tools.exclude[0]: exclude glob "fs__move_file" matches no tool, so it hides nothing`)

	code := cfg.clone()
	code.Mode = ModeCode
	for _, u := range code.Unmatched(fsTools(&n)) {
		assert.NotEqual(t, "policy.rules[4]", u.Key, "run_code is decided by the policy in mode code")
	}
	assert.Len(t, cfg.Unmatched(nil), 8, "with no tools, every rule and glob matches nothing")
}

func TestUnmatchedWithoutAFileHasNoLine(t *testing.T) {
	t.Parallel()
	cfg := DefaultConfig()
	cfg.Policy.Rules = []Rule{{Tool: "x", Action: ActionDeny}}
	got := cfg.Unmatched(nil)
	require.Len(t, got, 1)
	assert.Zero(t, got[0].Line)
	assert.Contains(t, got[0].String(), `config: policy.rules[0]: deny rule "x" matches no tool`)
}

func TestReportUnmatchedLogsEachSetting(t *testing.T) {
	t.Parallel()
	cfg, err := ParseConfig([]byte("policy:\n  rules:\n    - { tool: \"fs.write_file\", action: deny }\n    - { tool: \"fs_write*\", action: deny }\n"))
	require.NoError(t, err)
	var n atomic.Int32
	s, logs := newTestSession(t, Options{Config: cfg}, fsTools(&n)...)
	got := s.ReportUnmatched(context.Background())
	require.Len(t, got, 1)
	events := logs.named(t, EventRuleUnmatched)
	require.Len(t, events, 1)
	ev := events[0]
	assert.Equal(t, "WARN", ev["level"])
	assert.Equal(t, "policy.rules[1]", ev["key"])
	assert.Equal(t, "fs_write*", ev["pattern"])
	assert.Equal(t, float64(4), ev["line"])
	assert.Equal(t, "deny", ev["action"])
	assert.Equal(t, true, ev["dangerous"])
	assert.Equal(t, got[0].String(), ev["message"])
}

func TestCheckUnmatchedRefusesOnlyWhenStrict(t *testing.T) {
	t.Parallel()
	cfg, err := ParseConfig([]byte("policy:\n  strict: true\n  rules:\n    - { tool: \"fs_write*\", action: deny }\n"))
	require.NoError(t, err)
	var n atomic.Int32
	err = cfg.CheckUnmatched(fsTools(&n))
	var ue *UnmatchedError
	require.True(t, errors.As(err, &ue), "%v", err)
	require.Len(t, ue.Unmatched, 1)
	assert.Contains(t, err.Error(), "policy.strict is set and 1 setting(s) match no tool or decide no call:\n  config line 4: policy.rules[0]: deny rule")
	assert.Contains(t, err.Error(), "set policy.strict to false")

	cfg.Policy.Rules[0].Tool = "fs.write_*"
	assert.NoError(t, cfg.CheckUnmatched(fsTools(&n)))
	cfg.Policy.Rules[0].Tool = "fs_write*"
	cfg.Policy.Strict = false
	assert.NoError(t, cfg.CheckUnmatched(fsTools(&n)), "without strict, only a warning")
}

func TestParsePolicyStrictWantsABool(t *testing.T) {
	t.Parallel()
	_, err := ParseConfig([]byte("policy:\n  strict: yes please\n"))
	assert.ErrorContains(t, err, "policy.strict")
	assert.ErrorContains(t, err, "want true or false")
}

// A rule every tool of which an earlier rule decides does nothing either:
// a deny listed under a broad allow denies nothing, and is reported as
// an unmatched one is, naming the rule that decides its tools instead.
// A rule that decides at least one of its tools is not reported.
func TestUnmatchedReportsRulesShadowedByEarlierOnes(t *testing.T) {
	t.Parallel()
	cfg, err := ParseConfig([]byte(`policy:
  default: deny
  rules:
    - { tool: "fs.*", action: allow }
    - { tool: "fs.write_file", action: deny, reason: "no writes" }
    - { tool: "fs__read_*", action: ask }
    - { tool: "*file", action: ask }
`))
	require.NoError(t, err)
	var n atomic.Int32
	got := cfg.Unmatched(append(fsTools(&n), serverTool("git__diff_file", "git", "diff_file", &n)))
	require.Len(t, got, 2, "rule 3 still decides git__diff_file")
	assert.Equal(t, "policy.rules[1]", got[0].Key)
	assert.Equal(t, "policy.rules[2]", got[1].Key)
	assert.True(t, got[0].Dangerous())
	assert.Equal(t, "policy.rules[0]", got[0].DecidedBy)
	assert.Contains(t, got[0].String(), `deny rule "fs.write_file" denies nothing: every tool it matches (fs__write_file) is decided by an earlier rule (policy.rules[0]: "fs.*", allow)`)

	cfg.Policy.Strict = true
	require.Error(t, cfg.CheckUnmatched(fsTools(&n)), "strict refuses a shadowed rule as an unmatched one")

	cfg.Policy.Rules = []Rule{{Tool: "fs.*", Action: ActionAllow}, {Tool: "git.*", Action: ActionAllow}, {Tool: "*file", Action: ActionAsk}}
	got = cfg.Unmatched(append(fsTools(&n), serverTool("git__diff_file", "git", "diff_file", &n)))
	require.Len(t, got, 1)
	assert.Equal(t, "policy.rules[0], policy.rules[1]", got[0].DecidedBy, "each rule deciding one of its tools is named")
	assert.Contains(t, got[0].String(), `(policy.rules[0]: "fs.*", allow; policy.rules[1]: "git.*", allow)`)
}
