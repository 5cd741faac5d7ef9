package codemode

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// An Access passes the filter and the policy like a tool call, the policy
// seeing its kind, and is logged whatever its outcome.
func TestAccessPassesTheFilterAndThePolicy(t *testing.T) {
	var decided []Call
	policy := PolicyFunc(func(_ context.Context, c Call) (Decision, error) {
		decided = append(decided, c)
		if c.Tool == "s__denied" {
			return Decision{Action: ActionDeny, Reason: "not that one"}, nil
		}
		if c.Tool == "s__later" {
			return Decision{Action: ActionAsk, Reason: "a human decides"}, nil
		}
		return Decision{Action: ActionAllow}, nil
	})
	approver := ApproverFunc(func(context.Context, ApprovalRequest) (bool, error) { return false, NotYet("asked elsewhere") })
	cfg := DefaultConfig()
	cfg.Tools.Exclude = []string{"hidden__*"}
	log := &logBuffer{}
	s, err := NewSession(Options{Config: &cfg, Registry: NewRegistry(), Policy: policy, Approver: approver, Log: NewSessionLog(log)})
	require.NoError(t, err)

	reads := 0
	read := func(context.Context) error { reads++; return nil }
	access := func(kind AccessKind, name string) error {
		return s.Access(t.Context(), Access{Kind: kind, Name: name, Args: []byte(`{"uri":"x://y"}`)}, read)
	}
	require.NoError(t, access(AccessResource, "s__doc"))
	require.NoError(t, access(AccessPrompt, "s__hello"))
	var ce *CallError
	require.ErrorAs(t, access(AccessResource, "hidden__doc"), &ce)
	assert.Equal(t, OutcomeUnknownTool, ce.Outcome)
	require.ErrorAs(t, access(AccessResource, "s__denied"), &ce)
	assert.Equal(t, OutcomeDenied, ce.Outcome)
	assert.Contains(t, ce.Message, "not that one")
	require.ErrorAs(t, access(AccessPrompt, "s__later"), &ce)
	assert.Equal(t, OutcomeDenied, ce.Outcome, "an access cannot be suspended")
	assert.Contains(t, ce.Message, `prompt "s__later" requires approval`)
	require.ErrorAs(t, access(AccessResource, ""), &ce)
	assert.Equal(t, OutcomeUnknownTool, ce.Outcome, "nothing offered under what was asked")
	require.ErrorAs(t, s.Access(t.Context(), Access{Kind: AccessResource, Name: "s__broken"}, func(context.Context) error { return errors.New("gone") }), &ce)
	assert.Equal(t, OutcomeFailed, ce.Outcome)
	assert.Contains(t, ce.Message, `resource "s__broken" failed: gone`)

	assert.Error(t, s.Access(t.Context(), Access{Name: "s__doc"}, read), "an access must say what it reads")

	assert.Equal(t, 2, reads, "read runs only when allowed")
	require.Len(t, decided, 5, "the policy decides what the filter lets through")
	assert.Equal(t, AccessResource, decided[0].Kind)
	assert.Equal(t, AccessPrompt, decided[1].Kind)

	var outcomes []string
	for _, e := range log.events(t) {
		if e["msg"] == EventResourceRead || e["msg"] == EventPromptGet {
			outcomes = append(outcomes, e["msg"].(string)+" "+e["tool"].(string)+" "+e["outcome"].(string))
		}
	}
	assert.Equal(t, []string{
		"resource/read s__doc ok", "prompt/get s__hello ok", "resource/read hidden__doc unknown-tool",
		"resource/read s__denied denied", "prompt/get s__later denied", "resource/read  unknown-tool",
		"resource/read s__broken failed",
	}, outcomes)
}
