package mcpproxy

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync/atomic"

	"github.com/coderun/coderun/codemode"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A host reading an upstream's resource or getting its prompt passes the
// gates a tool call does, under the names a tool has: the one it is
// offered by ("server__name") and SERVER.NAME: the tool filter, then the policy, whose ask is put to
// the host's user, and the session log records it (resource/read,
// prompt/get). A read of a URI that matches a resource template is a read
// of that template's server under the template's name, unless that server
// lists a resource with exactly that URI: then it is a read of that
// resource, so a resource the filter or the policy keeps out cannot be read
// through a template of its own server.

// getPrompt serves prompts/get of p.
func (s *Server) getPrompt(ctx context.Context, req *mcp.GetPromptRequest, p ProxiedPrompt) (*mcp.GetPromptResult, error) {
	ctx = withDownstream(ctx, req.Session)
	args, err := json.Marshal(req.Params.Arguments)
	if err != nil {
		return nil, fmt.Errorf("prompt %q: arguments: %w", p.Name, err)
	}
	var res *mcp.GetPromptResult
	id := p.identity()
	err = s.access(ctx, req, codemode.Access{Kind: codemode.AccessPrompt, Name: id.Name, QualifiedName: id.QualifiedName(), Args: args}, func(ctx context.Context) (err error) {
		res, err = s.hub.GetPrompt(ctx, p.Server, p.Prompt.Name, req.Params.Arguments)
		return err
	})
	return res, err
}

// readResource serves resources/read of a URI the SDK matched to r: r's
// own URI, or one matching r's template. A URI the server lists is read
// as that resource. Another one is read under r's gates and, first, those
// of every listed resource the server may read it as (see uriLoosely), so
// that spelling a denied resource's URI another way does not reach it
// through a template.
func (s *Server) readResource(ctx context.Context, req *mcp.ReadResourceRequest, r ProxiedResource) (*mcp.ReadResourceResult, error) {
	ctx = withDownstream(ctx, req.Session)
	uri := req.Params.URI
	gates := []ProxiedResource{r}
	if listed, ok := s.hub.resourceNamed(r.Server, uri); ok {
		gates = []ProxiedResource{listed}
	} else if r.Template != nil {
		gates = append(s.hub.resourcesAlike(r.Server, uri), r)
	}
	args, err := json.Marshal(map[string]string{"uri": uri})
	if err != nil {
		return nil, err
	}
	var res *mcp.ReadResourceResult
	var pass func(ctx context.Context, i int) error
	pass = func(ctx context.Context, i int) error {
		id := gates[i].identity(s.hub.opts.MaxToolNameLength)
		return s.access(ctx, req, codemode.Access{Kind: codemode.AccessResource, Name: id.Name, QualifiedName: id.QualifiedName(), Args: args}, func(ctx context.Context) (err error) {
			if i+1 < len(gates) {
				return pass(ctx, i+1)
			}
			res, err = s.hub.ReadResource(ctx, r.Server, uri)
			return err
		})
	}
	err = pass(ctx, 0)
	var ce *codemode.CallError
	if errors.As(err, &ce) && ce.Outcome == codemode.OutcomeUnknownTool {
		// Hidden like a resource that does not exist, as the SDK answers
		// for one it was never given.
		return nil, mcp.ResourceNotFoundError(uri)
	}
	return res, err
}

// access runs a through the session, with the host that sent req to ask
// should the policy say ask.
func (s *Server) access(ctx context.Context, req accessRequest, a codemode.Access, read func(context.Context) error) error {
	markServed(ctx)
	a.ID = s.callID()
	if k := s.accessAskerFor(req); k != nil {
		s.askers.set(a.ID, k)
		defer s.askers.clear(a.ID)
	}
	return s.session.Access(ctx, a, read)
}

// accessRequest is what Server.accessAskerFor needs of a host's request.
type accessRequest interface {
	ClientCapabilities() *mcp.ClientCapabilities
	ProtocolVersion() string
	GetSession() mcp.Session
}

// accessAskerFor picks how to ask the host's user about a resource read or
// prompt get: with elicitation/create, on a client that supports it and
// speaks a protocol before 2026-07-28. Later protocols let a server ask
// only inside the exchange of the request, which coderun does by
// suspending a tools/call; a read or get cannot be suspended, so no one is
// asked and ask is treated as deny.
func (s *Server) accessAskerFor(req accessRequest) asker {
	caps := req.ClientCapabilities()
	ss, ok := req.GetSession().(*mcp.ServerSession)
	if caps == nil || caps.Elicitation == nil || req.ProtocolVersion() >= multiRoundTripVersion || !ok {
		return nil
	}
	return elicitingAsker{session: ss, form: s.approvalForm}
}

// servedKey carries, in the context of a resources/read or prompts/get,
// whether a handler of coderun's served it.
type servedKey struct{}

// markServed records that a handler of coderun's serves the request of ctx.
func markServed(ctx context.Context) {
	if served, ok := ctx.Value(servedKey{}).(*atomic.Bool); ok {
		served.Store(true)
	}
}

// logUnserved is a receiving middleware that logs the resource reads and
// prompt gets the SDK answers by itself, because nothing is offered under
// the URI or name asked for (hidden by the filter, or never listed), so
// the session log holds every attempt, not only those that reached an
// upstream.
func (s *Server) logUnserved(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		var a codemode.Access
		switch p := req.GetParams().(type) {
		case *mcp.ReadResourceParams:
			a.Kind = codemode.AccessResource
			a.Args, _ = json.Marshal(map[string]string{"uri": p.URI})
		case *mcp.GetPromptParams:
			a.Kind = codemode.AccessPrompt
			a.Args, _ = json.Marshal(map[string]any{"prompt": p.Name, "arguments": p.Arguments})
		default:
			return next(ctx, method, req)
		}
		served := new(atomic.Bool)
		res, err := next(context.WithValue(ctx, servedKey{}, served), method, req)
		if !served.Load() {
			a.ID = s.callID()
			_ = s.session.Access(ctx, a, nil)
		}
		return res, err
	}
}
