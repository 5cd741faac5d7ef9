package mcpproxy

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/coderun/coderun/codemode"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Besides tools, an upstream may offer resources, resource templates and
// prompts. coderun offers them to the host as they are, under the same
// naming as tools: a prompt is called "server__prompt", a resource's name
// becomes "server__name". Resource URIs are the server's own, since a host
// may understand them (file://...); when two servers offer one URI (or
// URI template), the server first by name keeps it. Reading a resource or
// getting a prompt goes to the server that offered it, through the
// session's tool filter and policy (see extras_access.go).

// extras are an upstream's resources, resource templates and prompts.
type extras struct {
	resources []*mcp.Resource
	templates []*mcp.ResourceTemplate
	prompts   []*mcp.Prompt
}

// fingerprint tells whether two listings differ.
func (e extras) fingerprint() string {
	b, err := json.Marshal([]any{e.resources, e.templates, e.prompts})
	if err != nil {
		return fmt.Sprintf("unmarshalable %p", &e)
	}
	return string(b)
}

// listExtras lists what the server declares it offers besides tools. A
// failure leaves that kind out, reported in the log: tools are what
// coderun is for, and a broken resource list must not cost them.
func (u *upstream) listExtras(ctx context.Context, cs *mcp.ClientSession) extras {
	var e extras
	res := cs.InitializeResult()
	if res == nil || res.Capabilities == nil {
		return e
	}
	warn := func(what string, err error) {
		u.opts.Log.Warn("mcp/upstream-list-failed", "server", u.name, "what", what, "error", u.scrub(err).Error())
	}
	if res.Capabilities.Resources != nil {
		var err error
		if e.resources, err = collect(cs.Resources(ctx, nil)); err != nil {
			warn("resources", err)
		}
		if e.templates, err = collect(cs.ResourceTemplates(ctx, nil)); err != nil {
			warn("resource templates", err)
		}
	}
	if res.Capabilities.Prompts != nil {
		var err error
		if e.prompts, err = collect(cs.Prompts(ctx, nil)); err != nil {
			warn("prompts", err)
		}
	}
	return e
}

// collect reads every page of a listing; on an error it returns nothing.
func collect[T any](seq func(func(T, error) bool)) ([]T, error) {
	var out []T
	for v, err := range seq {
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, nil
}

// listedExtras returns the server's extras as last listed.
func (u *upstream) listedExtras() extras {
	u.mu.Lock()
	defer u.mu.Unlock()
	return u.extras
}

// ProxiedPrompt is an upstream prompt as coderun offers it.
type ProxiedPrompt struct {
	// Name is what the host gets it by: "server__prompt", named like tools.
	Name string
	// Server is the configured server's name.
	Server string
	// Prompt is the prompt as the server lists it.
	Prompt *mcp.Prompt
}

// ProxiedResource is an upstream resource or resource template as coderun
// offers it.
type ProxiedResource struct {
	// Server is the configured server's name.
	Server string
	// Resource is set for a resource, Template for a template, as the
	// server lists them.
	Resource *mcp.Resource
	Template *mcp.ResourceTemplate
}

// name is what r is offered, filtered and decided under: "server__name",
// named like a tool and cut to maxLen like one. Unlike tool names, two
// resources may share one.
func (r ProxiedResource) name(maxLen int) string {
	return naturalName(r.Server, r.originalName(), maxLen)
}

// originalName is r's name on its server.
func (r ProxiedResource) originalName() string {
	if r.Template != nil {
		return r.Template.Name
	}
	return r.Resource.Name
}

// identity is r as a codemode.Tool with only the fields that name it, for
// the filter and the policy, like ProxiedTool's.
func (r ProxiedResource) identity(maxLen int) codemode.Tool {
	return codemode.Tool{Name: r.name(maxLen), Group: r.Server, OriginalName: r.originalName()}
}

// identity is p as a codemode.Tool with only the fields that name it.
func (p ProxiedPrompt) identity() codemode.Tool {
	return codemode.Tool{Name: p.Name, Group: p.Server, OriginalName: p.Prompt.Name}
}

// key is the URI or URI template that identifies r on the host's side.
func (r ProxiedResource) key() string {
	if r.Template != nil {
		return r.Template.URITemplate
	}
	return r.Resource.URI
}

// Prompts returns every server's prompts, named, sorted by name.
func (h *Hub) Prompts() []ProxiedPrompt {
	var all []ProxiedPrompt
	var refs []ToolRef
	for name, u := range h.upstreams {
		for _, p := range u.listedExtras().prompts {
			all = append(all, ProxiedPrompt{Server: name, Prompt: p})
			refs = append(refs, ToolRef{name, p.Name})
		}
	}
	names, _ := nameRefs(refs, h.opts.MaxToolNameLength)
	for i := range all {
		all[i].Name = names[i]
	}
	slices.SortFunc(all, func(a, b ProxiedPrompt) int { return cmp.Compare(a.Name, b.Name) })
	return all
}

// Resources returns every server's resources and resource templates,
// sorted by URI (template), each URI kept by the server first by name.
func (h *Hub) Resources() []ProxiedResource { return h.resources(nil) }

// resources is Resources without those keep refuses; a URI one server's
// refused resource shares with another's goes to the other.
func (h *Hub) resources(keep func(ProxiedResource) bool) []ProxiedResource {
	var all []ProxiedResource
	add := func(r ProxiedResource) {
		if keep == nil || keep(r) {
			all = append(all, r)
		}
	}
	for name, u := range h.upstreams {
		e := u.listedExtras()
		for _, r := range e.resources {
			add(ProxiedResource{Server: name, Resource: r})
		}
		for _, t := range e.templates {
			add(ProxiedResource{Server: name, Template: t})
		}
	}
	slices.SortStableFunc(all, func(a, b ProxiedResource) int {
		return cmp.Or(cmp.Compare(a.key(), b.key()), cmp.Compare(a.Server, b.Server))
	})
	return slices.CompactFunc(all, func(a, b ProxiedResource) bool { return a.key() == b.key() })
}

// resourceNamed returns the server's resource listed under uri, if any.
func (h *Hub) resourceNamed(server, uri string) (ProxiedResource, bool) {
	if u, ok := h.upstreams[server]; ok {
		for _, r := range u.listedExtras().resources {
			if r.URI == uri {
				return ProxiedResource{Server: server, Resource: r}, true
			}
		}
	}
	return ProxiedResource{}, false
}

// resourcesAlike returns the server's resources listed under a URI that
// the server may read uri as, though it is not the same string (see
// uriLoosely).
func (h *Hub) resourcesAlike(server, uri string) []ProxiedResource {
	u, ok := h.upstreams[server]
	if !ok {
		return nil
	}
	var alike []ProxiedResource
	loose := uriLoosely(uri)
	for _, r := range u.listedExtras().resources {
		if r.URI != uri && uriLoosely(r.URI) == loose {
			alike = append(alike, ProxiedResource{Server: server, Resource: r})
		}
	}
	return alike
}

// GetPrompt gets prompt name (as the server knows it) from server. It
// asks no filter or policy: a Server's prompts/get passes them first.
func (h *Hub) GetPrompt(ctx context.Context, server, name string, args map[string]string) (*mcp.GetPromptResult, error) {
	return onServer(h, ctx, server, func(ctx context.Context, cs *mcp.ClientSession) (*mcp.GetPromptResult, error) {
		res, err := cs.GetPrompt(ctx, &mcp.GetPromptParams{Name: name, Arguments: args})
		if err != nil {
			return nil, fmt.Errorf("server %q: prompt %q: %w", server, name, h.upstreams[server].scrub(err))
		}
		return res, nil
	})
}

// ReadResource reads uri from server. It asks no filter or policy: a
// Server's resources/read passes them first.
func (h *Hub) ReadResource(ctx context.Context, server, uri string) (*mcp.ReadResourceResult, error) {
	return onServer(h, ctx, server, func(ctx context.Context, cs *mcp.ClientSession) (*mcp.ReadResourceResult, error) {
		res, err := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: uri})
		if err != nil {
			return nil, fmt.Errorf("server %q: resource %q: %w", server, uri, h.upstreams[server].scrub(err))
		}
		return res, nil
	})
}

// onServer runs one request of the host in ctx on server: with a live
// session (restarting the server if the backoff allows) and within the
// call timeout.
func onServer[T any](h *Hub, ctx context.Context, server string, request func(context.Context, *mcp.ClientSession) (T, error)) (T, error) {
	var zero T
	u, ok := h.upstreams[server]
	if !ok {
		return zero, fmt.Errorf("no server named %q", server)
	}
	cs, release, err := u.session(ctx)
	if err != nil {
		return zero, err
	}
	defer release()
	ctx, cancel := context.WithTimeout(ctx, u.opts.CallTimeout)
	defer cancel()
	return request(ctx, cs)
}
