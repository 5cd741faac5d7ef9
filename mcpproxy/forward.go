//lint:file-ignore SA1019 roots and sampling are deprecated from protocol 2026-07-28 on, but they still work, hosts on earlier versions use them, and coderun promises to pass them on between hosts and upstreams

package mcpproxy

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// coderun stands between the host and the upstream servers, so what an
// upstream asks of "its client" is passed on to a host, which decides:
// sampling/createMessage (the host's model answers), elicitation/create
// (the host's user answers) and roots/list (the directories the user
// granted). Which host is asked is decided in hosts.go: the one whose call
// the request belongs to, and no one when that cannot be told. Roots are
// the host's: when a host connects, and whenever its roots change, coderun
// gives them to every upstream, which is told with
// notifications/roots/list_changed, or reconnected if its session was
// started before there were roots to declare (see roots.go).
//
// Hosts on protocol 2026-07-28 and later no longer take these requests
// outside a tools/call exchange; an upstream asking through such a host
// gets an error saying so.

// forwardSampling passes an upstream's sampling/createMessage to the host.
func (h *Hub) forwardSampling(server string) func(context.Context, *mcp.CreateMessageRequest) (*mcp.CreateMessageResult, error) {
	return func(ctx context.Context, req *mcp.CreateMessageRequest) (*mcp.CreateMessageResult, error) {
		ss, err := h.hosts.route(ctx, req.Session)
		h.logForward("mcp/forward-sampling", server, err)
		if err != nil {
			return nil, err
		}
		res, err := ss.CreateMessage(ctx, req.Params) //nolint:staticcheck // forwarded as the upstream asked
		if err != nil {
			return nil, fmt.Errorf("coderun passed the sampling request on to its client, which answered: %w", err)
		}
		return res, nil
	}
}

// forwardElicitation passes an upstream's elicitation/create to the host.
func (h *Hub) forwardElicitation(server string) func(context.Context, *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
	return func(ctx context.Context, req *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
		ss, err := h.hosts.route(ctx, req.Session)
		h.logForward("mcp/forward-elicitation", server, err)
		if err != nil {
			return nil, err
		}
		res, err := ss.Elicit(ctx, req.Params)
		if err != nil {
			return nil, fmt.Errorf("coderun passed the elicitation on to its client, which answered: %w", err)
		}
		return res, nil
	}
}

// logForward records where an upstream's request went: to a host, or
// refused because no host could be told to be the right one.
func (h *Hub) logForward(event, server string, refused error) {
	if refused != nil {
		h.opts.Log.Warn(event, "server", server, "host", false, "refused", refused.Error())
		return
	}
	h.opts.Log.Info(event, "server", server, "host", true)
}

// SetRoots gives every upstream roots as its client's roots, replacing
// those given before; upstreams that follow roots are notified, and those
// whose session did not declare roots, because there were none to give,
// are reconnected to receive them (see roots.go).
func (h *Hub) SetRoots(roots []*mcp.Root) {
	h.hosts.mu.Lock()
	h.hosts.roots = slices.Clone(roots)
	h.hosts.mu.Unlock()
	for _, u := range h.upstreams {
		u.syncRoots()
	}
	uris := make([]string, len(roots))
	for i, r := range roots {
		uris[i] = r.URI
	}
	h.opts.Log.Info("mcp/roots-forwarded", "roots", uris)
}

// roots returns the roots the hosts gave, for an upstream to pass on.
func (h *Hub) roots() []*mcp.Root {
	h.hosts.mu.Lock()
	defer h.hosts.mu.Unlock()
	return slices.Clone(h.hosts.roots)
}

// rootsTimeout bounds asking a host for its roots.
const rootsTimeout = 10 * time.Second

// syncRoots asks the host of ss for its roots and gives them to the
// upstreams. It asks on a goroutine of its own: the handlers that call it
// run on the session's, which the answer must come in on. Only a host that
// declares roots with listChanged is asked: go-sdk does not tell a bare
// "roots": {} from no roots at all, and asking a host that has none would
// leave a request waiting on it. An error leaves the upstreams' roots as
// they are.
func (s *Server) syncRoots(ss *mcp.ServerSession) {
	if p := ss.InitializeParams(); p == nil || p.Capabilities == nil || !p.Capabilities.Roots.ListChanged {
		return
	}
	s.bg.Go(func() {
		ctx, cancel := context.WithTimeout(s.bgCtx, rootsTimeout)
		defer cancel()
		res, err := ss.ListRoots(ctx, nil) //nolint:staticcheck // roots are passed on for the hosts that still send them
		if err != nil {
			s.log.Info("mcp/host-roots-unavailable", "error", err.Error())
			return
		}
		s.hub.SetRoots(res.Roots)
	})
}
