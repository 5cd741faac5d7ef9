package codemode

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	coderun "github.com/coderun/coderun"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseConfigEmptyIsDefault(t *testing.T) {
	t.Parallel()
	for _, src := range []string{"", "\n# nothing\n", "~\n"} {
		c, err := ParseConfig([]byte(src))
		require.NoError(t, err)
		assert.Equal(t, DefaultConfig(), *c)
	}
	d := DefaultConfig()
	assert.Equal(t, ModeNative, d.Mode)
	assert.Equal(t, 10, d.MaxParallelSubCalls)
	assert.Equal(t, coderun.DefaultConfig(), d.Budgets)
	require.NoError(t, d.Validate())
}

func TestParseConfigFull(t *testing.T) {
	t.Parallel()
	src := `
mode: both
language: typescript
maxParallelSubCalls: 4
maxToolNameLength: 45
budgets:
  computeTime: 2s
  wallTime: 1m30s
  maxOutputBytes: 1MiB
  memoryLimitBytes: 134217728
  fuel: 5000
  maxCallsInFlight: 50
  maxCalls: 500
  deterministic: true
  seed: -7
  compilationCacheDir: /tmp/coderun-cache
  maxSuspendedAge: 1h
tools:
  include: ["fs_*", "search"]
  exclude: ["fs_delete"]
policy:
  default: ask
  strict: true
  rules:
    - tool: fs_read*
      action: allow
    - tool: "fs_write"
      action: deny
      reason: the workspace is read-only
capabilityOrder: [search, "fs_*"]
servers:
  files:
    command: mcp-files
    args: ["--root", "."]
    env: {LOG: debug}
    cwd: /srv
  remote:
    url: https://tools.example.com/mcp
    headers: {Authorization: "Bearer x"}
`
	c, err := ParseConfig([]byte(src))
	require.NoError(t, err)
	want := &Config{
		Mode:                ModeBoth,
		SDK:                 SDKAuto,
		MaxParallelSubCalls: 4,
		MaxToolNameLength:   45,
		Budgets: coderun.Config{
			Language:            coderun.LanguageTypeScript,
			ComputeTime:         2 * time.Second,
			WallTime:            90 * time.Second,
			MaxOutputBytes:      1 << 20,
			MemoryLimitBytes:    128 << 20,
			Fuel:                5000,
			MaxCallsInFlight:    50,
			MaxCalls:            500,
			Deterministic:       true,
			Seed:                -7,
			CompilationCacheDir: "/tmp/coderun-cache",
			MaxSuspendedAge:     time.Hour,
			MaxExecuting:        coderun.DefaultConfig().MaxExecuting,
		},
		Tools: ToolFilter{Include: []string{"fs_*", "search"}, Exclude: []string{"fs_delete"}},
		Policy: RulePolicy{Default: ActionAsk, Strict: true, Rules: []Rule{
			{Tool: "fs_read*", Action: ActionAllow},
			{Tool: "fs_write", Action: ActionDeny, Reason: "the workspace is read-only"},
		}},
		CapabilityOrder: []string{"search", "fs_*"},
		Servers: map[string]ServerSpec{
			"files":  {Command: "mcp-files", Args: []string{"--root", "."}, Env: map[string]string{"LOG": "debug"}, Cwd: "/srv"},
			"remote": {URL: "https://tools.example.com/mcp", Headers: map[string]string{"Authorization": "Bearer x"}},
		},
	}
	// The lines are kept for the warnings about settings that match no
	// tool; compared here by one key, then left out of the comparison.
	assert.Equal(t, 27, c.Line("policy.rules[1].tool"))
	c.lines = nil
	assert.Equal(t, want, c)
	require.NoError(t, c.Validate())
}

// Every config error must name the key (with its line) and what is allowed.
func TestParseConfigErrors(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		src  string
		want []string // substrings of the error
	}{
		{"unknown top-level key", "modee: code\n",
			[]string{"line 1", "modee: unknown key", `allowed keys at the top level: "budgets", "capabilityOrder", "language", "maxParallelSubCalls", "maxToolNameLength", "mode", "policy", "sdk", "servers", "state", "tools"`}},
		{"unknown nested key", "budgets:\n  cpu: 1s\n",
			[]string{"line 2", "budgets.cpu: unknown key", `allowed keys under budgets:`, `"computeTime"`, `"wallTime"`}},
		{"bad mode", "mode: fast\n",
			[]string{"line 1", `mode: "fast" is not allowed; want one of "native", "code", "both"`}},
		{"mode not a string", "mode: 3\n",
			[]string{`mode: "3" is not allowed; want one of "native", "code", "both"`}},
		{"parallel zero", "maxParallelSubCalls: 0\n",
			[]string{"line 1", "maxParallelSubCalls: 0 is not allowed; want an integer from 1 (serial) to 1000"}},
		{"parallel not int", "maxParallelSubCalls: many\n",
			[]string{"line 1", `maxParallelSubCalls: "many" is not allowed; want an integer`}},
		{"bad duration", "budgets:\n  computeTime: 10\n",
			[]string{"line 2", "budgets.computeTime", "want a duration such as 500ms, 10s or 1m30s"}},
		{"duration out of range", "budgets:\n  wallTime: 48h\n",
			[]string{"line 2", "budgets.wallTime: out of range: WallTime is 48h0m0s, want 1ms to 24h0m0s"}},
		{"bytes out of range", "mode: code\nbudgets:\n  computeTime: 1s\n  memoryLimitBytes: 1MiB\n",
			[]string{"line 4", "budgets.memoryLimitBytes: out of range", "16 MiB"}},
		{"bad byte size", "budgets:\n  maxOutputBytes: lots\n",
			[]string{"budgets.maxOutputBytes", "want a byte count such as 1048576, 512KiB, 64MiB or 1GiB"}},
		{"in flight out of range", "budgets:\n  maxCallsInFlight: 0\n",
			[]string{"line 2", "budgets.maxCallsInFlight", "MaxCallsInFlight is 0, want 1 to"}},
		{"bad bool", "budgets:\n  deterministic: maybe\n",
			[]string{"budgets.deterministic", "want true or false"}},
		{"bad state store", "state:\n  store: disk\n",
			[]string{"line 2", "state.store", `want one of "memory", "redis"`}},
		{"redis without url", "mode: code\nstate:\n  store: redis\n",
			[]string{"line 2", "state.url", "required with store: redis", "redis://127.0.0.1:6379/0"}},
		{"bad redis url", "state:\n  store: redis\n  url: http://x\n",
			[]string{"line 3", "state.url", "want a redis:// or rediss:// URL"}},
		{"url with memory", "state:\n  url: redis://h:1/0\n",
			[]string{"state.url", "allowed only with store: redis"}},
		{"key in the yaml", "state:\n  key: 0011\n",
			[]string{"line 2", "state.key: unknown key", `"keyFile"`}},
		{"bad policy default", "policy:\n  default: maybe\n",
			[]string{"line 2", "policy.default", `want one of "allow", "deny", "ask"`}},
		{"bad rule action", "policy:\n  rules:\n    - tool: x\n      action: permit\n",
			[]string{"line 4", "policy.rules[0].action", `want one of "allow", "deny", "ask"`}},
		{"rule without action", "policy:\n  rules:\n    - tool: x\n",
			[]string{"policy.rules[0]", "needs both tool", "action (one of"}},
		{"unknown rule key", "policy:\n  rules:\n    - tool: x\n      action: deny\n      when: never\n",
			[]string{"policy.rules[0].when: unknown key", `"action", "reason", "tool"`}},
		{"bad glob", "tools:\n  include: ['a\\']\n",
			[]string{"line 2", "tools.include[0]", "unpaired", "want a glob"}},
		{"bad glob in a later item", "tools:\n  exclude:\n    - a\n    - 'b\\'\n",
			[]string{"line 4", "tools.exclude[1]", "want a glob"}},
		{"bad rule glob", "policy:\n  rules:\n    - action: deny\n      tool: 'x\\'\n",
			[]string{"line 4", "policy.rules[0].tool", "want a glob"}},
		{"filter not a list", "tools:\n  exclude: fs_*\n",
			[]string{"tools.exclude", "want a list"}},
		{"order with mode code", "mode: code\ncapabilityOrder: [search]\n",
			[]string{"line 2", "capabilityOrder: not allowed with mode code", "set mode to native or both"}},
		{"order with mode code, other order", "capabilityOrder: [search]\nmode: code\n",
			[]string{"line 1", "capabilityOrder: not allowed with mode code"}},
		{"server with both", "servers:\n  s:\n    command: x\n    url: http://h\n",
			[]string{"line 2", "servers.s", "set exactly one of command or url (both are set)"}},
		{"bad server name", "servers:\n  ok: {command: x}\n  my.fs:\n    command: x\n",
			[]string{"line 3", `servers.my.fs: server name "my.fs": use letters, digits, '_' and '-' only`}},
		{"empty server name", "servers:\n  '': {command: x}\n",
			[]string{"line 2", "servers.: a server name must not be empty"}},
		{"server with neither", "servers:\n  s:\n    cwd: /\n",
			[]string{"servers.s", "set exactly one of command or url (neither is set)"}},
		{"server bad url", "servers:\n  s:\n    url: ftp://h\n",
			[]string{"servers.s", "want an absolute http or https URL"}},
		{"server headers with command", "servers:\n  s:\n    command: x\n    headers: {A: b}\n",
			[]string{"servers.s", "headers apply only to url"}},
		{"server unknown key", "servers:\n  s:\n    command: x\n    port: 1\n",
			[]string{"servers.s.port: unknown key", `"args", "command", "cwd", "env", "headers", "url"`}},
		{"duplicate key", "mode: code\nmode: both\n",
			[]string{"line 2", "mode: key given twice"}},
		{"root not a mapping", "- a\n- b\n",
			[]string{"document: want a mapping with the keys"}},
		{"not yaml", "mode: [\n",
			[]string{"config: line 1: did not find expected"}},
		{"server name with a dot", "servers:\n  my.fs: {command: x}\n",
			[]string{"config line 2: servers.my.fs: ", `server name "my.fs": use letters, digits, '_' and '-' only`}},
		{"server name with the separator", "servers:\n  my__fs: {command: x}\n",
			[]string{"config line 2: servers.my__fs: ", `"__" separates`}},
	}
	dir := t.TempDir()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := ParseConfig([]byte(c.src))
			require.Error(t, err)
			for _, w := range c.want {
				assert.Contains(t, err.Error(), w)
			}
			var ce *ConfigError
			require.ErrorAs(t, err, &ce)
			if c.name != "not yaml" { // the YAML parser's own message carries its line
				assert.Positive(t, ce.Line, "every config error has a line")
			}

			// Read from a file, the message names the file and line, and
			// no Go package.
			path := filepath.Join(dir, "coderun.yml")
			require.NoError(t, os.WriteFile(path, []byte(c.src), 0o600))
			_, err = LoadConfig(path)
			require.Error(t, err)
			assert.True(t, strings.HasPrefix(err.Error(), path+":"), err.Error())
			assert.NotContains(t, err.Error(), "codemode:")
			assert.NotContains(t, err.Error(), "coderun:")
		})
	}
}

// language chooses the runtime's language, and so the SDK's; the value is
// checked where coderun.Config.Validate checks it, and reported under the
// key. Python needs its sandbox linked in, which this test binary may or
// may not have.
func TestParseConfigLanguage(t *testing.T) {
	t.Parallel()
	c, err := ParseConfig([]byte("mode: code\nlanguage: typescript\n"))
	require.NoError(t, err)
	assert.Equal(t, coderun.LanguageTypeScript, c.Budgets.Language)

	for _, src := range []string{"language: lua\n", "mode: code\nlanguage: 3\n"} {
		_, err = ParseConfig([]byte(src))
		var ce *ConfigError
		require.ErrorAs(t, err, &ce, src)
		assert.Equal(t, "language", ce.Key)
		assert.Equal(t, strings.Count(src, "\n"), ce.Line, "the line of the key")
		assert.Contains(t, ce.Problem, `want one of "typescript", "python"`)
	}
	_, err = ParseConfig([]byte("language: [python]\n"))
	assert.ErrorContains(t, err, "language: want a string, got a list")

	c, err = ParseConfig([]byte("language: python\n"))
	linked := coderun.DefaultConfig()
	linked.Language = coderun.LanguagePython
	if linked.Validate() == nil {
		require.NoError(t, err)
		assert.Equal(t, coderun.LanguagePython, c.Budgets.Language)
	} else {
		assert.EqualError(t, err, `config line 1: language: is "python", but the python sandbox is not linked in: add import _ "github.com/coderun/coderun/python" to the program`)
	}
}

func TestLoadConfig(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := filepath.Join(dir, "coderun.yml")
	require.NoError(t, os.WriteFile(path, []byte("mode: code\nmaxParallelSubCalls: 1\n"), 0o600))
	c, err := LoadConfig(path)
	require.NoError(t, err)
	assert.Equal(t, ModeCode, c.Mode)
	assert.Equal(t, 1, c.MaxParallelSubCalls)

	require.NoError(t, os.WriteFile(path, []byte("\nmode: sideways\n"), 0o600))
	_, err = LoadConfig(path)
	assert.EqualError(t, err, path+`:2: mode: "sideways" is not allowed; want one of "native", "code", "both"`)
	var ce *ConfigError
	require.ErrorAs(t, err, &ce)
	assert.Equal(t, "mode", ce.Key)
	assert.Equal(t, 2, ce.Line)

	_, err = LoadConfig(filepath.Join(dir, "missing.yml"))
	assert.ErrorContains(t, err, filepath.Join(dir, "missing.yml")+": ")
	assert.ErrorIs(t, err, os.ErrNotExist)
}

func TestConfigValidate(t *testing.T) {
	t.Parallel()
	mutate := func(f func(c *Config)) error {
		c := DefaultConfig()
		f(&c)
		return c.Validate()
	}
	assert.EqualError(t, mutate(func(c *Config) { c.Mode = "" }), `config: mode: "" is not allowed; want one of "native", "code", "both"`)
	assert.EqualError(t, mutate(func(c *Config) { c.MaxParallelSubCalls = 0 }), "config: maxParallelSubCalls: 0 is not allowed; want an integer from 1 (serial) to 1000")
	assert.EqualError(t, mutate(func(c *Config) { c.Budgets.WallTime = 0 }), "config: budgets.wallTime: out of range: WallTime is 0s, want 1ms to 24h0m0s")
	assert.ErrorContains(t, mutate(func(c *Config) { c.Budgets.MaxCalls = -1 }), "budgets.maxCalls: out of range: MaxCalls is -1")
	assert.ErrorContains(t, mutate(func(c *Config) { c.Servers = map[string]ServerSpec{"a b": {Command: "x"}} }), `servers.a b: `)
	assert.EqualError(t, mutate(func(c *Config) { c.Policy.Default = "sometimes" }), `config: policy.default: "sometimes" is not allowed; want one of "allow", "deny", "ask"`)
	assert.ErrorContains(t, mutate(func(c *Config) { c.Policy.Rules = []Rule{{Tool: "x", Action: "y"}} }), `policy.rules[0].action: "y" is not allowed`)
	assert.ErrorContains(t, mutate(func(c *Config) { c.Policy.Rules = []Rule{{Tool: `x\`, Action: ActionDeny}} }), "policy.rules[0].tool: glob")
	assert.ErrorContains(t, mutate(func(c *Config) { c.Mode = ModeCode; c.CapabilityOrder = []string{"x"} }), "capabilityOrder: not allowed with mode code")
	assert.ErrorContains(t, mutate(func(c *Config) { c.Servers = map[string]ServerSpec{"s": {}} }), "servers.s: set exactly one of command or url")
	assert.ErrorContains(t, mutate(func(c *Config) { c.Tools.Exclude = []string{`\`} }), "tools.exclude[0]: glob")
}

func TestToolFilterVisible(t *testing.T) {
	t.Parallel()
	f := ToolFilter{Include: []string{"fs_*", "search"}, Exclude: []string{"fs_delete"}}
	assert.True(t, f.Visible("fs_read"))
	assert.True(t, f.Visible("search"))
	assert.False(t, f.Visible("fs_delete"), "exclude wins over include")
	assert.False(t, f.Visible("shell"), "include admits only matches")
	assert.True(t, ToolFilter{}.Visible("anything"))
}

func TestStateConfig(t *testing.T) {
	t.Parallel()
	c, err := ParseConfig([]byte("state:\n  store: redis\n  url: redis://127.0.0.1:6379/2\n  keyFile: /etc/coderun/state.key\n"))
	require.NoError(t, err)
	assert.Equal(t, StateConfig{Store: StoreRedis, URL: "redis://127.0.0.1:6379/2", KeyFile: "/etc/coderun/state.key"}, c.State)
	assert.True(t, c.State.Shared())

	hexKey := "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"
	want, err := ParseStateKey(hexKey)
	require.NoError(t, err)
	assert.Len(t, want, 32)
	for _, text := range []string{hexKey + "\n", "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=", "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8"} {
		got, err := ParseStateKey(text)
		require.NoError(t, err, text)
		assert.Equal(t, want, got)
	}
	_, err = ParseStateKey("0011")
	assert.ErrorContains(t, err, "32-byte key")

	env := func(v string) func(string) string {
		return func(name string) string {
			if name == StateKeyEnv {
				return v
			}
			return ""
		}
	}
	key, err := StateConfig{}.LoadStateKey(env(""))
	require.NoError(t, err)
	assert.Nil(t, key, "no key configured")
	key, err = StateConfig{}.LoadStateKey(env(hexKey))
	require.NoError(t, err)
	assert.Equal(t, want, key)
	_, err = StateConfig{}.LoadStateKey(env("secret-but-short"))
	assert.ErrorContains(t, err, StateKeyEnv)
	assert.NotContains(t, err.Error(), "secret-but-short", "the error never shows the key")

	file := filepath.Join(t.TempDir(), "state.key")
	require.NoError(t, os.WriteFile(file, []byte(hexKey+"\n"), 0o600))
	key, err = StateConfig{KeyFile: file}.LoadStateKey(env("ignored"))
	require.NoError(t, err)
	assert.Equal(t, want, key, "the key file wins over the environment")
	_, err = StateConfig{KeyFile: file + ".missing"}.LoadStateKey(env(""))
	assert.ErrorContains(t, err, "state.keyFile")
}
