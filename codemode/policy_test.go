package codemode

import (
	"context"
	"encoding/json"
	"errors"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// serverTool is a tool as an MCP proxy registers it: offered as name,
// coming from group, where it is called original. It counts its calls.
func serverTool(name, group, original string, calls *atomic.Int32) Tool {
	return Tool{
		Name: name, Group: group, OriginalName: original,
		Execute: func(context.Context, *Call) (*Output, error) {
			calls.Add(1)
			return &Output{Value: json.RawMessage(`"done"`)}, nil
		},
	}
}

func TestMatchToolByNameOrQualifiedName(t *testing.T) {
	t.Parallel()
	cases := []struct {
		pattern, name, qualified string
		want                     bool
	}{
		{"fs.write_file", "fs__write_file", "fs.write_file", true},
		{"fs__write_file", "fs__write_file", "fs.write_file", true},
		{"fs.write_*", "fs__write_file", "fs.write_file", true},
		{"fs.*", "fs__long_name_cut_1a2b3c4d", "fs.long_name_that_did_not_fit", true},
		// Exact about the server: another server's tool of the same name,
		// a server whose name starts the same, and tools whose own names
		// hold the rest, never match.
		{"fs.write_file", "fs2__write_file", "fs2.write_file", false},
		{"fs.*", "fs2__write_file", "fs2.write_file", false},
		{"fs.write_file", "evil__fs_write_file", "evil.fs.write_file", false},
		{"fs.write_file", "f__s_write_file", "f.s.write_file", false},
		{"fs.write_file", "fs__write_file_2", "fs.write_file\x00", false},
		// Only byte-exact names match.
		{"fs.write_file", "FS__write_file", "FS.write_file", false},
		{"fs.write_file", "fs__wrіte_file", "fs.wrіte_file", false}, // Cyrillic і
		// Without a qualified name, only the name is tried.
		{"fs.write_file", "fs__write_file", "", false},
		{"", "fs__write_file", "", false},
	}
	for _, c := range cases {
		assert.Equal(t, c.want, MatchTool(c.pattern, c.name, c.qualified), "MatchTool(%q, %q, %q)", c.pattern, c.name, c.qualified)
	}
}

func TestRulePolicyMatchReturnsTheDecidingRule(t *testing.T) {
	t.Parallel()
	p := RulePolicy{Default: ActionAsk, Rules: []Rule{
		{Tool: "fs.read_*", Action: ActionAllow},
		{Tool: "fs__*", Action: ActionDeny},
	}}
	assert.Equal(t, 0, p.Match("fs__read_text_file", "fs.read_text_file"), "first match wins")
	assert.Equal(t, 1, p.Match("fs__write_file", "fs.write_file"))
	assert.Equal(t, -1, p.Match("git__status", "git.status"))
	assert.Equal(t, ActionAsk, p.DefaultAction())
	assert.Equal(t, ActionAllow, RulePolicy{}.DefaultAction(), "the zero value allows, like no policy")
}

// A rule written with the server's own tool name decides calls of the tool
// under the name it is offered by, and nothing else.
func TestPolicyRuleBySERVERDotTOOLDeniesTheOfferedTool(t *testing.T) {
	t.Parallel()
	var fsWrite, fs2Write, evil, read, long atomic.Int32
	cfg := DefaultConfig()
	cfg.Policy = RulePolicy{Default: ActionAllow, Rules: []Rule{
		{Tool: "fs.write_file", Action: ActionDeny, Reason: "no writes"},
		{Tool: "fs.very_long_*", Action: ActionDeny, Reason: "no long tools"},
	}}
	s, _ := newTestSession(t, Options{Config: &cfg},
		serverTool("fs__write_file", "fs", "write_file", &fsWrite),
		serverTool("fs__read_text_file", "fs", "read_text_file", &read),
		serverTool("fs2__write_file", "fs2", "write_file", &fs2Write),
		serverTool("evil__fs_write_file", "evil", "fs.write_file", &evil),
		serverTool("fs__very_long_tool_name_cut_3f2a9b10", "fs", "very_long_tool_name_that_did_not_fit_the_wire", &long),
	)
	call := func(name string) error {
		_, err := s.Call(context.Background(), CallRequest{Tool: name})
		return err
	}
	for _, name := range []string{"fs__write_file", "fs__very_long_tool_name_cut_3f2a9b10"} {
		err := call(name)
		var ce *CallError
		require.True(t, errors.As(err, &ce), "%s: want a denial, got %v", name, err)
		assert.Equal(t, OutcomeDenied, ce.Outcome, name)
		assert.Equal(t, StagePolicy, ce.Stage, name)
	}
	assert.ErrorContains(t, call("fs__write_file"), "no writes")
	assert.Zero(t, fsWrite.Load(), "the denied tool never ran")
	assert.Zero(t, long.Load(), "a shortened name is denied by its server's name for it")

	for _, name := range []string{"fs__read_text_file", "fs2__write_file", "evil__fs_write_file"} {
		assert.NoError(t, call(name), "%s is not the tool the rule names", name)
	}
	assert.Equal(t, int32(1), read.Load())
	assert.Equal(t, int32(1), fs2Write.Load())
	assert.Equal(t, int32(1), evil.Load())
}

// No spelling of a denied tool's name reaches it: the qualified name is
// for rules only, never a name to call by.
func TestPolicyRuleCannotBeBypassedByNameSpelling(t *testing.T) {
	t.Parallel()
	var writes atomic.Int32
	cfg := DefaultConfig()
	cfg.Policy = RulePolicy{Rules: []Rule{{Tool: "fs.write_file", Action: ActionDeny}}}
	s, _ := newTestSession(t, Options{Config: &cfg}, serverTool("fs__write_file", "fs", "write_file", &writes))
	for _, name := range []string{
		"fs__write_file",
		"FS__write_file", "fs__Write_File", " fs__write_file", "fs__write_file ",
		"fs.write_file", "fs/write_file", "fs__write_file/", "fs__write_file\x00",
		"fs__wrіte_file", // Cyrillic і
		"__proto__", "constructor", "fs.__proto__",
	} {
		_, err := s.Call(context.Background(), CallRequest{Tool: name})
		var ce *CallError
		require.True(t, errors.As(err, &ce), "%q: want a refusal, got %v", name, err)
		assert.Contains(t, []Outcome{OutcomeDenied, OutcomeUnknownTool}, ce.Outcome, "%q", name)
	}
	assert.Zero(t, writes.Load())
}

// A program's sub-call is matched by the same names as a direct call.
func TestPolicyRuleBySERVERDotTOOLDeniesSubCalls(t *testing.T) {
	t.Parallel()
	var writes atomic.Int32
	cfg := codeConfig()
	cfg.Policy = RulePolicy{Rules: []Rule{{Tool: "fs.write_file", Action: ActionDeny, Reason: "no writes"}}}
	s, _ := newTestSession(t, Options{Config: cfg}, serverTool("fs__write_file", "fs", "write_file", &writes))
	out, err := runCode(t, s, `
try { await tools["fs__write_file"]({}); return "written"; }
catch (e) { return e.message; }
`)
	res := requireResult(t, out, err)
	assert.JSONEq(t, `"call denied by policy: no writes"`, string(res.Value))
	assert.Zero(t, writes.Load())
}

func TestPolicySeesTheQualifiedNameOfTheRegisteredTool(t *testing.T) {
	t.Parallel()
	var seen []Call
	var n atomic.Int32
	s, _ := newTestSession(t, Options{Policy: PolicyFunc(func(_ context.Context, c Call) (Decision, error) {
		seen = append(seen, c)
		return Decision{Action: ActionAllow}, nil
	})}, serverTool("fs__write_file", "fs", "write_file", &n), valueTool("plain", Exclusive, "1"))
	_, err := s.Call(context.Background(), CallRequest{Tool: "fs__write_file"})
	require.NoError(t, err)
	_, err = s.Call(context.Background(), CallRequest{Tool: "plain"})
	require.NoError(t, err)
	require.Len(t, seen, 2)
	assert.Equal(t, "fs.write_file", seen[0].QualifiedName)
	assert.Empty(t, seen[1].QualifiedName, "a tool without group and original name has none")
}

func TestRegisterRefusesAnAmbiguousQualifiedName(t *testing.T) {
	t.Parallel()
	var n atomic.Int32
	err := NewRegistry().Register(serverTool("a__c", "a.b", "c", &n))
	assert.ErrorContains(t, err, `OriginalName "c" needs a Group without '.'`)
	err = NewRegistry().Register(serverTool("a__c", "", "c", &n))
	assert.ErrorContains(t, err, "needs a Group")
	assert.NoError(t, NewRegistry().Register(serverTool("a__b_c", "a", "b.c", &n)), "a '.' in the tool's own name is fine")

	// A Name that is another tool's qualified name would let a rule for
	// one match the other, in whichever order they come.
	plain := valueTool("fs.write_file", Exclusive, "1")
	proxied := serverTool("fs__write_file", "fs", "write_file", &n)
	reg := NewRegistry()
	require.NoError(t, reg.Register(proxied))
	assert.ErrorContains(t, reg.Register(plain), `register "fs.write_file": the name is another tool's qualified name`)
	require.True(t, reg.Unregister("fs__write_file"))
	require.NoError(t, reg.Register(plain), "free once the other tool is gone")
	assert.ErrorContains(t, reg.Register(proxied), `its qualified name "fs.write_file" is another tool's name`)
	assert.Error(t, NewRegistry().Register(proxied, plain), "within one batch too")
	assert.NoError(t, NewRegistry().Register(serverTool("fs.write_file", "fs", "write_file", &n)), "a tool may be named by its own qualified name")
}

func TestToolFilterMatchesQualifiedNames(t *testing.T) {
	t.Parallel()
	var n atomic.Int32
	cfg := DefaultConfig()
	cfg.Tools = ToolFilter{Include: []string{"fs.*"}, Exclude: []string{"fs.write_file"}}
	s, _ := newTestSession(t, Options{Config: &cfg},
		serverTool("fs__read_text_file", "fs", "read_text_file", &n),
		serverTool("fs__write_file", "fs", "write_file", &n),
		serverTool("git__status", "git", "status", &n),
	)
	var names []string
	for _, w := range s.WireTools() {
		names = append(names, w.Name)
	}
	assert.Equal(t, []string{"fs__read_text_file"}, names)
	_, err := s.Call(context.Background(), CallRequest{Tool: "fs__write_file"})
	var ce *CallError
	require.True(t, errors.As(err, &ce), "%v", err)
	assert.Equal(t, OutcomeUnknownTool, ce.Outcome, "an excluded tool cannot be called")
}
