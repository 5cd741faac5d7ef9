package mcpproxy

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/coderun/coderun/codemode"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// URIs the everything server offers: a static resource (named
// "architecture.md") and one matching its template "Dynamic Text Resource".
const (
	staticURI  = "demo://resource/static/document/architecture.md"
	dynamicURI = "demo://resource/dynamic/text/7"
)

// extrasListed lists what the host sees besides tools.
func extrasListed(t *testing.T, cs *mcp.ClientSession) (prompts, resources, templates []string) {
	t.Helper()
	for p, err := range cs.Prompts(t.Context(), nil) {
		require.NoError(t, err)
		prompts = append(prompts, p.Name)
	}
	for r, err := range cs.Resources(t.Context(), nil) {
		require.NoError(t, err)
		resources = append(resources, r.Name)
	}
	for r, err := range cs.ResourceTemplates(t.Context(), nil) {
		require.NoError(t, err)
		templates = append(templates, r.Name)
	}
	return prompts, resources, templates
}

// The tools filter hides a server's prompts and resources as it hides its
// tools: they are not listed, and neither they nor a URI matching the
// server's templates can be read. Another server's tools are unaffected.
// The session log records each attempt. The glob may use the offered name
// or SERVER.NAME.
func TestToolFilterHidesUpstreamPromptsAndResources(t *testing.T) {
	t.Parallel()
	for _, glob := range []string{"ev__*", "ev.*"} {
		t.Run(glob, func(t *testing.T) {
			t.Parallel()
			testToolFilterHidesUpstreamPromptsAndResources(t, glob)
		})
	}
}

func testToolFilterHidesUpstreamPromptsAndResources(t *testing.T, glob string) {
	cfg := configFor(codemode.ModeNative)
	cfg.Tools.Exclude = []string{glob}
	cfg.Policy.Default = codemode.ActionDeny
	f := newFixture(t, cfg, map[string]codemode.ServerSpec{"ev": everythingServer(t), "fs": filesystemServer(t, t.TempDir())})
	cs := f.connect(t, nil, nil)

	prompts, resources, templates := extrasListed(t, cs)
	assert.Empty(t, prompts)
	assert.Empty(t, resources)
	assert.Empty(t, templates)
	assert.Contains(t, listNames(t, cs), "fs__list_directory", "the filter hides only what it names")

	for _, uri := range []string{staticURI, dynamicURI} {
		_, err := cs.ReadResource(t.Context(), &mcp.ReadResourceParams{URI: uri})
		assert.ErrorContains(t, err, "not found", uri)
	}
	_, err := cs.GetPrompt(t.Context(), &mcp.GetPromptParams{Name: "ev__simple-prompt"})
	assert.Error(t, err)

	var logged []string
	for _, e := range f.log.events(t) {
		if e["msg"] == codemode.EventResourceRead || e["msg"] == codemode.EventPromptGet {
			args := e["args"].(map[string]any)
			logged = append(logged, fmt.Sprintf("%s %v %v %s", e["msg"], args["uri"], args["prompt"], e["outcome"]))
		}
	}
	assert.ElementsMatch(t, []string{
		"resource/read " + staticURI + " <nil> unknown-tool",
		"resource/read " + dynamicURI + " <nil> unknown-tool",
		"prompt/get <nil> ev__simple-prompt unknown-tool",
	}, logged)
}

// The policy decides resource reads and prompt gets under their offered
// names or as SERVER.NAME, a template's reads under the template's, and the
// session log records each with its outcome. Rules that name only a
// prompt or a resource are not reported as matching nothing.
func TestPolicyDecidesResourceReadsAndPromptGets(t *testing.T) {
	t.Parallel()
	f, warnings := newWarningServer(t, configFor(codemode.ModeNative,
		codemode.Rule{Tool: "ev__Dynamic_Text_Resource", Action: codemode.ActionDeny, Reason: "no dynamic resources"},
		codemode.Rule{Tool: "ev.simple-prompt", Action: codemode.ActionDeny, Reason: "no simple prompts"},
	), map[string]codemode.ServerSpec{"ev": everythingServer(t)})
	assert.Empty(t, warnings.String())
	cs := f.connect(t, nil, nil)

	_, resources, templates := extrasListed(t, cs)
	assert.Contains(t, resources, "ev__architecture_md", "listing is the filter's business, not the policy's")
	assert.Contains(t, templates, "ev__Dynamic_Text_Resource")

	read, err := cs.ReadResource(t.Context(), &mcp.ReadResourceParams{URI: staticURI})
	require.NoError(t, err)
	require.NotEmpty(t, read.Contents)
	_, err = cs.ReadResource(t.Context(), &mcp.ReadResourceParams{URI: dynamicURI})
	assert.ErrorContains(t, err, "no dynamic resources")
	_, err = cs.GetPrompt(t.Context(), &mcp.GetPromptParams{Name: "ev__simple-prompt"})
	assert.ErrorContains(t, err, "no simple prompts")
	got, err := cs.GetPrompt(t.Context(), &mcp.GetPromptParams{Name: "ev__args-prompt", Arguments: map[string]string{"city": "Lisbon"}})
	require.NoError(t, err)
	require.NotEmpty(t, got.Messages)

	type entry struct{ tool, kind, outcome, arg string }
	var logged []entry
	for _, e := range f.log.events(t) {
		if e["msg"] != codemode.EventResourceRead && e["msg"] != codemode.EventPromptGet {
			continue
		}
		args, _ := e["args"].(map[string]any)
		arg, _ := args["uri"].(string)
		if city, ok := args["city"].(string); ok {
			arg = city
		}
		logged = append(logged, entry{e["tool"].(string), e["kind"].(string), e["outcome"].(string), arg})
	}
	assert.ElementsMatch(t, []entry{
		{"ev__architecture_md", "resource", "ok", staticURI},
		{"ev__Dynamic_Text_Resource", "resource", "denied", dynamicURI},
		{"ev__simple-prompt", "prompt", "denied", ""},
		{"ev__args-prompt", "prompt", "ok", "Lisbon"},
	}, logged)

	t.Run("default deny", func(t *testing.T) {
		cfg := configFor(codemode.ModeNative)
		cfg.Policy.Default = codemode.ActionDeny
		f := newFixture(t, cfg, map[string]codemode.ServerSpec{"ev": everythingServer(t)})
		cs := f.connect(t, nil, nil)
		_, err := cs.ReadResource(t.Context(), &mcp.ReadResourceParams{URI: staticURI})
		assert.ErrorContains(t, err, "denied by policy")
		_, err = cs.GetPrompt(t.Context(), &mcp.GetPromptParams{Name: "ev__args-prompt", Arguments: map[string]string{"city": "Lisbon"}})
		assert.ErrorContains(t, err, "denied by policy")
	})
}

// A resource read the policy marks ask is put to the host's user with
// elicitation/create where the protocol allows it (before multi round-trip
// requests); elsewhere it is denied, saying approval was required.
func TestAskPolicyOnResourceReads(t *testing.T) {
	t.Parallel()
	ask := codemode.Rule{Tool: "ev__architecture_md", Action: codemode.ActionAsk, Reason: "documents need a human"}
	answering := func(action string, asked *[]string, mu *sync.Mutex) *mcp.ClientOptions {
		return &mcp.ClientOptions{ElicitationHandler: func(_ context.Context, req *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
			mu.Lock()
			*asked = append(*asked, req.Params.Message)
			mu.Unlock()
			return &mcp.ElicitResult{Action: action}, nil
		}}
	}
	for _, tc := range []struct {
		name, action, protocol, wantErr string
		wantAsked                       bool
	}{
		{"accepted", "accept", legacyProtocol, "", true},
		{"declined", "decline", legacyProtocol, "refused", true},
		{"multi round-trip protocol", "accept", "", "requires approval", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t, configFor(codemode.ModeNative, ask), map[string]codemode.ServerSpec{"ev": everythingServer(t)})
			var asked []string
			var mu sync.Mutex
			cs := f.connect(t, answering(tc.action, &asked, &mu), &mcp.ClientSessionOptions{ProtocolVersion: tc.protocol})
			read, err := cs.ReadResource(t.Context(), &mcp.ReadResourceParams{URI: staticURI})
			if tc.wantErr == "" {
				require.NoError(t, err)
				require.NotEmpty(t, read.Contents)
			} else {
				assert.ErrorContains(t, err, tc.wantErr)
			}
			mu.Lock()
			defer mu.Unlock()
			if !tc.wantAsked {
				assert.Empty(t, asked)
				return
			}
			require.Len(t, asked, 1)
			assert.Contains(t, asked[0], `reading resource "ev__architecture_md"`)
			assert.Contains(t, asked[0], "documents need a human")
			assert.Contains(t, asked[0], staticURI)
		})
	}
}

// A URI the server lists as a resource is read as that resource even when
// one of the server's templates matches it too, so a template cannot
// reach what the filter or the policy keeps out.
func TestReadOfAListedURIIsTheResourcesRead(t *testing.T) {
	t.Parallel()
	cfg := configFor(codemode.ModeNative, codemode.Rule{Tool: "ev__architecture_md", Action: codemode.ActionDeny, Reason: "not this one"})
	f := newFixture(t, cfg, map[string]codemode.ServerSpec{"ev": everythingServer(t)})
	var tmpl ProxiedResource
	for _, r := range f.hub.Resources() {
		if r.Template != nil && strings.Contains(r.Template.URITemplate, "dynamic/text/") {
			tmpl = r
		}
	}
	require.NotNil(t, tmpl.Template)
	var got []string
	// Served as the SDK serves a URI it matched to the template.
	_, err := f.server.readResource(t.Context(), &mcp.ReadResourceRequest{Params: &mcp.ReadResourceParams{URI: staticURI}}, tmpl)
	assert.ErrorContains(t, err, "not this one")
	for _, e := range f.log.events(t) {
		if e["msg"] == codemode.EventResourceRead {
			got = append(got, e["tool"].(string))
		}
	}
	assert.Equal(t, []string{"ev__architecture_md"}, got)
}

// A URI that differs from a listed resource's only in ways its server
// may read past (percent-encoding, dot segments, a trailing slash, case)
// is not an unlisted resource the server's template may serve unchecked:
// the read must also pass the gates of the listed resource, so a denied
// resource is not read by spelling its URI another way. An exact URI of
// the template only is read under the template's gates alone.
func TestDeniedResourceIsNotReadByAnotherSpellingOfItsURI(t *testing.T) {
	t.Parallel()
	cfg := configFor(codemode.ModeNative, codemode.Rule{Tool: "notes.secret", Action: codemode.ActionDeny, Reason: "not the secret"})
	f := newFixture(t, cfg, map[string]codemode.ServerSpec{"notes": echoSpec("-notes")})
	cs := f.connect(t, nil, nil)

	for _, uri := range []string{
		"notes://n/secret", "notes://n/%73ecret", "notes://n/%2573ecret", "notes://n/public/../secret",
		"notes://n/./secret", "notes://n/secret/", "notes://n/SECRET",
	} {
		res, err := cs.ReadResource(t.Context(), &mcp.ReadResourceParams{URI: uri})
		if assert.Error(t, err, uri) {
			assert.Contains(t, err.Error(), "not the secret", uri)
		} else {
			assert.NotContains(t, res.Contents[0].Text, "launch code", uri)
		}
	}
	res, err := cs.ReadResource(t.Context(), &mcp.ReadResourceParams{URI: "notes://n/%70ublic"})
	require.NoError(t, err, "another note is read through the template")
	assert.Equal(t, "anyone may read this", res.Contents[0].Text)
}
