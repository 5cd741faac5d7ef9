package mcpproxy

import (
	"testing"

	"github.com/coderun/coderun/codemode"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestToOutputPrefersStructuredContent(t *testing.T) {
	t.Parallel()
	out, err := toOutput(&mcp.CallToolResult{
		Content:           []mcp.Content{&mcp.TextContent{Text: `{"content":"hi"}`}},
		StructuredContent: map[string]any{"content": "hi"},
	})
	require.NoError(t, err)
	assert.JSONEq(t, `{"content":"hi"}`, string(out.Value))
	assert.Equal(t, []codemode.Content{codemode.TextContent(`{"content":"hi"}`)}, out.Content)
}

func TestToOutputKeepsTextAsAString(t *testing.T) {
	t.Parallel()
	for _, text := range []string{"this is not JSON: {oops", `{"looks":"like JSON"}`, "42"} {
		out, err := toOutput(&mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}})
		require.NoError(t, err)
		var got string
		require.NoError(t, jsonUnmarshal(out.Value, &got), "text is never parsed on a guess: %s", out.Value)
		assert.Equal(t, text, got)
	}
}

func TestToOutputJoinsContentAndMarksNonText(t *testing.T) {
	t.Parallel()
	out, err := toOutput(&mcp.CallToolResult{Content: []mcp.Content{
		&mcp.TextContent{Text: "chart:"},
		&mcp.ImageContent{MIMEType: "image/png", Data: []byte("png")},
		&mcp.ResourceLink{URI: "file:///r.pdf"},
	}})
	require.NoError(t, err)
	var got string
	require.NoError(t, jsonUnmarshal(out.Value, &got))
	assert.Equal(t, "chart:\n[image image/png, 3 bytes]\n[resource link file:///r.pdf]", got)
	assert.Equal(t, []codemode.Content{
		codemode.TextContent("chart:"),
		{Type: "image", MIMEType: "image/png", Data: []byte("png")},
		codemode.TextContent("[resource link file:///r.pdf]"),
	}, out.Content)
	assert.Equal(t, []mcp.Content{
		&mcp.TextContent{Text: "chart:"},
		&mcp.ImageContent{MIMEType: "image/png", Data: []byte("png")},
		&mcp.TextContent{Text: "[resource link file:///r.pdf]"},
	}, fromContent(out.Content))
}

func TestToOutputTurnsToolErrorsIntoErrors(t *testing.T) {
	t.Parallel()
	_, err := toOutput(&mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: "Access denied\n"}}})
	assert.EqualError(t, err, "Access denied")
	_, err = toOutput(&mcp.CallToolResult{IsError: true})
	assert.EqualError(t, err, "the server reported an error without a message")
}
