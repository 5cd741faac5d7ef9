package codemode

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func wireNames(list []WireTool) []string {
	names := make([]string, len(list))
	for i, w := range list {
		names[i] = w.Name
	}
	return names
}

func TestWireToolsPerMode(t *testing.T) {
	t.Parallel()
	tools := []Tool{
		valueTool("search", ParallelSafe, "1"),
		valueTool("fs_write", Exclusive, "1"),
		valueTool("fs_read", ParallelSafe, "1"),
		valueTool("shell", Exclusive, "1"),
	}
	cases := []struct {
		name string
		cfg  func(c *Config)
		want []string
	}{
		{"native", func(c *Config) {}, []string{"fs_read", "fs_write", "search", "shell"}},
		{"code", func(c *Config) { c.Mode = ModeCode }, []string{"run_code"}},
		{"both", func(c *Config) { c.Mode = ModeBoth }, []string{"fs_read", "fs_write", "search", "shell", "run_code"}},
		{"filtered", func(c *Config) { c.Mode = ModeBoth; c.Tools.Exclude = []string{"fs_*"} },
			[]string{"search", "shell", "run_code"}},
		{"no filter removes run_code", func(c *Config) {
			c.Mode = ModeCode
			c.Tools.Include = []string{"nothing"}
			c.Tools.Exclude = []string{"*"}
		}, []string{"run_code"}},
		{"capability order", func(c *Config) { c.CapabilityOrder = []string{"shell", "fs_*"} },
			[]string{"shell", "fs_read", "fs_write", "search"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cfg := DefaultConfig()
			c.cfg(&cfg)
			s, logs := newTestSession(t, Options{Config: &cfg}, tools...)
			list := s.WireTools()
			assert.Equal(t, c.want, wireNames(list))

			// The assembled list is in the session log.
			logged := logs.named(t, EventWireTools)
			require.Len(t, logged, 1)
			assert.Equal(t, string(cfg.Mode), logged[0]["mode"])
			var names []string
			for _, n := range logged[0]["tools"].([]any) {
				names = append(names, n.(string))
			}
			assert.Equal(t, c.want, names)
		})
	}
}

func TestWireToolsLoggedOnChange(t *testing.T) {
	t.Parallel()
	s, logs := newTestSession(t, Options{}, valueTool("a", Exclusive, "1"))
	s.WireTools()
	s.WireTools()
	require.Len(t, logs.named(t, EventWireTools), 1, "an unchanged list is logged once")
	require.NoError(t, s.Registry().Register(valueTool("b", Exclusive, "1")))
	s.WireTools()
	require.Len(t, logs.named(t, EventWireTools), 2)
}

func TestRunCodeWireSchema(t *testing.T) {
	t.Parallel()
	cfg := DefaultConfig()
	cfg.Mode = ModeCode
	s, _ := newTestSession(t, Options{Config: &cfg})
	list := s.WireTools()
	require.Len(t, list, 1)
	var schema struct {
		Required   []string                   `json:"required"`
		Properties map[string]json.RawMessage `json:"properties"`
	}
	require.NoError(t, json.Unmarshal(list[0].InputSchema, &schema))
	assert.Equal(t, []string{"program", "description"}, schema.Required)
	assert.Contains(t, schema.Properties, "program")
	assert.Contains(t, schema.Properties, "description")

	// run_code is validated like any tool: both strings are required.
	_, err := s.Call(context.Background(), CallRequest{ID: "c", Tool: RunCodeToolName, Args: json.RawMessage(`{"program":"return 1"}`)})
	var ce *CallError
	require.ErrorAs(t, err, &ce)
	assert.Equal(t, OutcomeInvalidArguments, ce.Outcome)
	assert.Contains(t, ce.Error(), "missing property 'description'")
}

func TestTopLevelCallsFollowMode(t *testing.T) {
	t.Parallel()
	tools := []Tool{valueTool("read", ParallelSafe, `"r"`), valueTool("hidden", ParallelSafe, `"h"`)}
	call := func(s *Session, name string) error {
		_, err := s.Call(context.Background(), CallRequest{ID: "c", Tool: name})
		return err
	}
	native := DefaultConfig()
	native.Tools.Exclude = []string{"hidden"}
	s, _ := newTestSession(t, Options{Config: &native}, tools...)
	assert.NoError(t, call(s, "read"))
	assert.EqualError(t, call(s, "hidden"), `unknown tool "hidden"`, "an invisible tool is not revealed")
	assert.EqualError(t, call(s, "nope"), `unknown tool "nope"`)
	assert.EqualError(t, call(s, RunCodeToolName), `tool "run_code" is not offered: Code Mode is off (mode native)`)

	code := DefaultConfig()
	code.Mode = ModeCode
	s, logs := newTestSession(t, Options{Config: &code}, tools...)
	err := call(s, "read")
	assert.EqualError(t, err, `tool "read" is not offered directly in mode code; call it from a run_code program as tools["read"](args)`)
	var ce *CallError
	require.ErrorAs(t, err, &ce)
	assert.Equal(t, OutcomeUnknownTool, ce.Outcome)
	assert.Equal(t, "unknown-tool", logs.named(t, EventCall)[0]["outcome"])
}
