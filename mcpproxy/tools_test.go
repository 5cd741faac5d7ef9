package mcpproxy

import (
	"encoding/json"
	"testing"

	"github.com/coderun/coderun/codemode"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func jsonUnmarshal(b []byte, v any) error { return json.Unmarshal(b, v) }

func TestConcurrencyFollowsReadOnlyHint(t *testing.T) {
	t.Parallel()
	assert.Equal(t, codemode.ParallelSafe, ConcurrencyOf(&mcp.Tool{Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true}}))
	assert.Equal(t, codemode.Exclusive, ConcurrencyOf(&mcp.Tool{Annotations: &mcp.ToolAnnotations{ReadOnlyHint: false}}))
	assert.Equal(t, codemode.Exclusive, ConcurrencyOf(&mcp.Tool{}), "a tool that declares nothing is exclusive")
	idempotent := &mcp.ToolAnnotations{IdempotentHint: true, DestructiveHint: new(false)}
	assert.Equal(t, codemode.Exclusive, ConcurrencyOf(&mcp.Tool{Annotations: idempotent}), "only readOnlyHint counts")
}

func TestObjectInputSchema(t *testing.T) {
	t.Parallel()
	got, err := objectInputSchema(nil)
	require.NoError(t, err)
	assert.JSONEq(t, `{"type":"object"}`, string(got))

	got, err = objectInputSchema(json.RawMessage(`{"properties":{"a":{"type":"string"}}}`))
	require.NoError(t, err)
	assert.JSONEq(t, `{"type":"object","properties":{"a":{"type":"string"}}}`, string(got), "a missing type means object")

	got, err = objectInputSchema(json.RawMessage(` {"properties":{"z":{},"a":{}}}`))
	require.NoError(t, err)
	assert.Equal(t, `{"type":"object","properties":{"z":{},"a":{}}}`, string(got), "the type is added without reordering the properties")

	got, err = objectInputSchema(json.RawMessage(`{}`))
	require.NoError(t, err)
	assert.JSONEq(t, `{"type":"object"}`, string(got))

	_, err = objectInputSchema(json.RawMessage(`{"type":"string"}`))
	assert.ErrorContains(t, err, "must be an object")
}

func TestCodemodeToolRejectsUnusableSchemas(t *testing.T) {
	t.Parallel()
	h := &Hub{}
	_, err := h.CodemodeTool(ProxiedTool{Name: "s.t", Server: "s", Tool: &mcp.Tool{Name: "t", InputSchema: map[string]any{"type": "array"}}})
	assert.ErrorContains(t, err, `tool "t" of server "s": input schema`)
}
