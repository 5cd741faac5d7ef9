package codemode

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// runCodeArgs encodes a run_code call's arguments.
func runCodeArgs(t *testing.T, program string) json.RawMessage {
	t.Helper()
	args, err := json.Marshal(RunCodeArgs{Program: program, Description: "test"})
	require.NoError(t, err)
	return args
}

func TestModelToolsPutTheSDKInRunCodesDescription(t *testing.T) {
	t.Parallel()
	for _, form := range []SDKForm{SDKFull, SDKCatalogue} {
		t.Run(string(form), func(t *testing.T) {
			t.Parallel()
			cfg := DefaultConfig()
			cfg.Mode, cfg.SDK = ModeCode, form
			s, _ := newTestSession(t, Options{Config: &cfg}, valueTool("lookup", ParallelSafe, `1`))
			tools := s.ModelTools()
			wire := s.WireTools()
			require.Len(t, tools, len(wire))
			assert.Equal(t, RunCodeToolName, tools[0].Name)
			assert.Equal(t, wire[0].Description+"\n\n"+s.SDK(), tools[0].Description)
			assert.JSONEq(t, runCodeInputSchema, string(tools[0].InputSchema))
			if form == SDKCatalogue {
				assert.Equal(t, wire[1], tools[1], "describe_tools is offered as it is")
				assert.Contains(t, tools[0].Description, "//   lookup [p]: Returns a fixed value.")
			} else {
				assert.Contains(t, tools[0].Description, `"lookup"(args?:`)
			}
		})
	}
}

func TestModelToolsInModeNativeAreTheWireTools(t *testing.T) {
	t.Parallel()
	s, _ := newTestSession(t, Options{}, valueTool("lookup", ParallelSafe, `1`))
	assert.Equal(t, s.WireTools(), s.ModelTools())
}

func TestCallToolAnswersARunCodeCall(t *testing.T) {
	t.Parallel()
	cfg := DefaultConfig()
	cfg.Mode = ModeCode
	note := &counter{name: "note", class: ParallelSafe}
	s, _ := newTestSession(t, Options{Config: &cfg}, valueTool("lookup", ParallelSafe, `{"n":2}`), note.tool())

	res := s.CallTool(t.Context(), CallRequest{ID: "c1", Tool: RunCodeToolName, Args: runCodeArgs(t, `
		const a = await tools.lookup({});
		const b = await tools.note({x: 1});
		console.log("two calls");
		return a.n + b`)})
	assert.False(t, res.IsError)
	assert.Nil(t, res.Suspended)
	assert.Equal(t, "status: ok\nvalue: 3\nlogs: 1\n| two calls\n[context from note]\nnote #1 with {\"x\":1}", res.Text)

	failed := s.CallTool(t.Context(), CallRequest{ID: "c2", Tool: RunCodeToolName, Args: runCodeArgs(t, `throw new Error("no luck")`)})
	assert.True(t, failed.IsError, "a failed program is an error result")
	assert.Contains(t, failed.Text, "status: failed")
	assert.Contains(t, failed.Text, "no luck")
}

func TestCallToolTurnsErrorsIntoErrorResults(t *testing.T) {
	t.Parallel()
	cfg := DefaultConfig()
	cfg.Mode = ModeCode
	s, _ := newTestSession(t, Options{Config: &cfg}, valueTool("lookup", ParallelSafe, `1`))

	res := s.CallTool(t.Context(), CallRequest{ID: "c1", Tool: "lookup"})
	assert.True(t, res.IsError)
	assert.Contains(t, res.Text, `call it from a run_code program as tools["lookup"](args)`)

	bad := s.CallTool(t.Context(), CallRequest{ID: "c2", Tool: RunCodeToolName, Args: json.RawMessage(`{"program": 1}`)})
	assert.True(t, bad.IsError)
	assert.Contains(t, bad.Text, "program")
}

func TestCallToolOfANativeToolIsNeverARunCodeFailure(t *testing.T) {
	t.Parallel()
	// The value looks like a failed run's Result; only run_code's is one.
	s, _ := newTestSession(t, Options{}, valueTool("odd", ParallelSafe, `{"failure":{"kind":"exception"}}`))
	res := s.CallTool(t.Context(), CallRequest{ID: "c1", Tool: "odd"})
	assert.False(t, res.IsError)
	assert.JSONEq(t, `{"failure":{"kind":"exception"}}`, res.Text, "a result without display content is read as its value")
}

func TestCallToolNamesBinaryContent(t *testing.T) {
	t.Parallel()
	img := Tool{
		Name: "shot", InputSchema: json.RawMessage(`{"type":"object"}`),
		Execute: func(_ context.Context, _ *Call) (*Output, error) {
			return &Output{Content: []Content{TextContent("a screenshot:"), {Type: "image", MIMEType: "image/png", Data: make([]byte, 12)}}}, nil
		},
	}
	s, _ := newTestSession(t, Options{}, img)
	res := s.CallTool(t.Context(), CallRequest{ID: "c1", Tool: "shot"})
	assert.Equal(t, "a screenshot:\n[image content (image/png, 12 bytes) not shown]", res.Text)
}

func TestResumeToolFinishesASuspendedProgram(t *testing.T) {
	t.Parallel()
	write := &counter{name: "write"}
	s, _ := durableSession(t, durableConfig(ModeCode, "write"), notYet, valueTool("read", ParallelSafe, `5`), write.tool())
	ctx := t.Context()

	res := s.CallTool(ctx, CallRequest{ID: "c1", Tool: RunCodeToolName, Args: runCodeArgs(t, `
		const n = await tools.read({});
		return (await tools.write({n})) + n`)})
	require.NotNil(t, res.Suspended)
	assert.False(t, res.IsError)
	assert.Equal(t, "status: suspended\nawaiting approval: c1.2 (tool write): writes need a human\n", res.Text)
	require.Len(t, res.Suspended.Pending, 1)

	done := s.ResumeTool(ctx, res.Suspended.State, []Approval{{ID: res.Suspended.Pending[0].ID, Approved: true}})
	assert.Nil(t, done.Suspended)
	assert.False(t, done.IsError)
	assert.Equal(t, "status: ok\nvalue: 6\nlogs: 0\n[context from write]\nwrite #1 with {\"n\":5}", done.Text)

	refused := s.ResumeTool(ctx, res.Suspended.State, []Approval{{ID: res.Suspended.Pending[0].ID, Approved: false, Reason: "not today"}})
	assert.True(t, refused.IsError, "the program did not catch the refusal, so it failed")
	assert.Contains(t, refused.Text, "not today")

	broken := s.ResumeTool(ctx, res.Suspended.State[1:], nil)
	assert.True(t, broken.IsError)
	assert.Contains(t, broken.Text, "not valid")
}
