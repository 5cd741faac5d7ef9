package mcpproxy

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// offered extras, by prompt name and by resource key ("resource URI" or
// "template URI-template"), each with the fingerprint of what was offered.
type offeredExtras struct {
	prompts   map[string]string
	resources map[string]string
}

// offerExtras makes the prompts, resources and resource templates on the
// MCP server match the hub's, touching only what changed, as offer does
// for tools. What the tool filter hides is not offered.
func (s *Server) offerExtras() {
	s.offerMu.Lock()
	defer s.offerMu.Unlock()
	if s.extras.prompts == nil {
		s.extras = offeredExtras{prompts: make(map[string]string), resources: make(map[string]string)}
	}

	prompts := make(map[string]ProxiedPrompt)
	for _, p := range s.hub.Prompts() {
		if id := p.identity(); s.filter.Admits(id.Name, id.QualifiedName()) {
			prompts[p.Name] = p
		}
	}
	var gone []string
	for name, fp := range s.extras.prompts {
		if p, ok := prompts[name]; !ok || promptFingerprint(p) != fp {
			gone = append(gone, name)
			delete(s.extras.prompts, name)
		}
	}
	if len(gone) > 0 {
		s.mcp.RemovePrompts(gone...)
	}
	for name, p := range prompts {
		if _, ok := s.extras.prompts[name]; ok {
			continue
		}
		offered := *p.Prompt
		offered.Name = name
		s.mcp.AddPrompt(&offered, func(ctx context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
			return s.getPrompt(ctx, req, p)
		})
		s.extras.prompts[name] = promptFingerprint(p)
	}

	resources := make(map[string]ProxiedResource)
	admitted := func(r ProxiedResource) bool {
		id := r.identity(s.hub.opts.MaxToolNameLength)
		return s.filter.Admits(id.Name, id.QualifiedName())
	}
	for _, r := range s.hub.resources(admitted) {
		resources[resourceKey(r)] = r
	}
	var goneURIs, goneTemplates []string
	for key, fp := range s.extras.resources {
		if r, ok := resources[key]; ok && resourceFingerprint(r) == fp {
			continue
		}
		delete(s.extras.resources, key)
		if uri, ok := strings.CutPrefix(key, "resource "); ok {
			goneURIs = append(goneURIs, uri)
		} else if tmpl, ok := strings.CutPrefix(key, "template "); ok {
			goneTemplates = append(goneTemplates, tmpl)
		}
	}
	if len(goneURIs) > 0 {
		s.mcp.RemoveResources(goneURIs...)
	}
	if len(goneTemplates) > 0 {
		s.mcp.RemoveResourceTemplates(goneTemplates...)
	}
	for key, r := range resources {
		if _, ok := s.extras.resources[key]; ok {
			continue
		}
		// Recorded even when it cannot be offered, so it is reported once.
		s.extras.resources[key] = resourceFingerprint(r)
		server := r.Server
		read := func(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
			return s.readResource(ctx, req, r)
		}
		// The SDK panics on a URI (template) it cannot parse; its lock is
		// released by then, so recovering leaves it usable.
		err := recoverPanic(func() {
			if r.Template != nil {
				t := *r.Template
				t.Name = r.name(s.hub.opts.MaxToolNameLength)
				s.mcp.AddResourceTemplate(&t, read)
			} else {
				res := *r.Resource
				res.Name = r.name(s.hub.opts.MaxToolNameLength)
				s.mcp.AddResource(&res, read)
			}
		})
		if err != nil {
			s.warn([]error{fmt.Errorf("%s of server %q is left out: %v", key, server, err)})
		}
	}
}

func resourceKey(r ProxiedResource) string {
	if r.Template != nil {
		return "template " + r.Template.URITemplate
	}
	return "resource " + r.Resource.URI
}

func promptFingerprint(p ProxiedPrompt) string {
	b, _ := json.Marshal(p.Prompt)
	return p.Server + "\x00" + string(b)
}

func resourceFingerprint(r ProxiedResource) string {
	b, _ := json.Marshal([]any{r.Resource, r.Template})
	return r.Server + "\x00" + string(b)
}

// recoverPanic runs f and returns a panic it raised as an error.
func recoverPanic(f func()) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%v", r)
		}
	}()
	f()
	return nil
}
