package mcpproxy

import (
	"strings"
	"testing"

	"github.com/coderun/coderun/codemode"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The upstreams' prompts and resources reach the host: prompts named like
// tools, resources under their own URIs with server-prefixed names, and
// getting or reading one goes to the server that offers it.
func TestUpstreamPromptsAndResourcesAreProxied(t *testing.T) {
	t.Parallel()
	f := newFixture(t, configFor(codemode.ModeCode), map[string]codemode.ServerSpec{"ev": everythingServer(t)})
	cs := f.connect(t, nil, nil)

	var prompts []string
	for p, err := range cs.Prompts(t.Context(), nil) {
		require.NoError(t, err)
		prompts = append(prompts, p.Name)
	}
	assert.Contains(t, prompts, "ev__args-prompt")
	assert.Contains(t, prompts, "ev__simple-prompt")
	got, err := cs.GetPrompt(t.Context(), &mcp.GetPromptParams{Name: "ev__args-prompt", Arguments: map[string]string{"city": "Lisbon"}})
	require.NoError(t, err)
	require.NotEmpty(t, got.Messages)
	assert.Contains(t, got.Messages[0].Content.(*mcp.TextContent).Text, "Lisbon", "the server's prompt, with the host's argument")

	var static *mcp.Resource
	for r, err := range cs.Resources(t.Context(), nil) {
		require.NoError(t, err)
		assert.True(t, strings.HasPrefix(r.Name, "ev__"), "resource names carry the server: %q", r.Name)
		if static == nil && strings.HasPrefix(r.URI, "demo://resource/static/document/") {
			static = r
		}
	}
	require.NotNil(t, static, "the server's static resources are listed under their URIs")
	read, err := cs.ReadResource(t.Context(), &mcp.ReadResourceParams{URI: static.URI})
	require.NoError(t, err)
	require.NotEmpty(t, read.Contents)
	assert.Equal(t, static.URI, read.Contents[0].URI)
	assert.NotEmpty(t, read.Contents[0].Text)

	var template *mcp.ResourceTemplate
	for tmpl, err := range cs.ResourceTemplates(t.Context(), nil) {
		require.NoError(t, err)
		if strings.Contains(tmpl.URITemplate, "dynamic/text/") {
			template = tmpl
		}
	}
	require.NotNil(t, template, "resource templates are listed")
	uri := strings.Replace(template.URITemplate, "{resourceId}", "7", 1)
	read, err = cs.ReadResource(t.Context(), &mcp.ReadResourceParams{URI: uri})
	require.NoError(t, err, "a URI matching a template is read from its server")
	require.NotEmpty(t, read.Contents)
	assert.Equal(t, uri, read.Contents[0].URI)
}
