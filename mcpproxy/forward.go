//lint:file-ignore SA1019 roots and sampling are deprecated from protocol 2026-07-28 on, but they still work, hosts on earlier versions use them, and coderun promises to pass them on between hosts and upstreams

package mcpproxy

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// coderun stands between the host and the upstream servers, so what an
// upstream asks of "its client" is passed on to the host, which decides:
// sampling/createMessage (the host's model answers), elicitation/create
// (the host's user answers) and roots/list (the directories the user
// granted). A request an upstream makes while serving a call goes to the
// host that made the call; one made outside any call goes to the host that
// connected last. Roots are the host's: when a host connects, and whenever
// its roots change, coderun gives them to every upstream, which is told
// with notifications/roots/list_changed.
//
// Hosts on protocol 2026-07-28 and later no longer take these requests
// outside a tools/call exchange; an upstream asking through such a host
// gets an error saying so.

// downstreamKey carries the host session a call came from.
type downstreamKey struct{}

// withDownstream records in ctx the host session serving the call.
func withDownstream(ctx context.Context, ss *mcp.ServerSession) context.Context {
	return context.WithValue(ctx, downstreamKey{}, ss)
}

// downstreams tracks which host sessions an upstream's requests may go to.
type downstreams struct {
	mu sync.Mutex
	// calling lists the host sessions of calls in flight, oldest first,
	// once per call.
	calling []*mcp.ServerSession
	// latest is the host that connected last.
	latest *mcp.ServerSession
	// roots are the roots given to the upstreams, by URI.
	roots []*mcp.Root
}

// enter records that a call from ctx's host is in flight; the returned
// function records its end.
func (d *downstreams) enter(ctx context.Context) (leave func()) {
	ss, _ := ctx.Value(downstreamKey{}).(*mcp.ServerSession)
	if ss == nil {
		return func() {}
	}
	d.mu.Lock()
	d.calling = append(d.calling, ss)
	d.mu.Unlock()
	return func() {
		d.mu.Lock()
		defer d.mu.Unlock()
		if i := slices.Index(d.calling, ss); i >= 0 {
			d.calling = slices.Delete(d.calling, i, i+1)
		}
	}
}

// pick returns the host an upstream's request goes to: the one whose call
// started last and is still running, else the one that connected last.
func (d *downstreams) pick() *mcp.ServerSession {
	d.mu.Lock()
	defer d.mu.Unlock()
	if n := len(d.calling); n > 0 {
		return d.calling[n-1]
	}
	return d.latest
}

// errNoHost answers an upstream's request when no host is there to ask.
var errNoHost = errors.New("coderun: no MCP client is connected to pass this request on to")

// forwardSampling passes an upstream's sampling/createMessage to the host.
func (h *Hub) forwardSampling(server string) func(context.Context, *mcp.CreateMessageRequest) (*mcp.CreateMessageResult, error) {
	return func(ctx context.Context, req *mcp.CreateMessageRequest) (*mcp.CreateMessageResult, error) {
		ss := h.hosts.pick()
		h.opts.Log.Info("mcp/forward-sampling", "server", server, "host", ss != nil)
		if ss == nil {
			return nil, errNoHost
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
		ss := h.hosts.pick()
		h.opts.Log.Info("mcp/forward-elicitation", "server", server, "host", ss != nil)
		if ss == nil {
			return nil, errNoHost
		}
		res, err := ss.Elicit(ctx, req.Params)
		if err != nil {
			return nil, fmt.Errorf("coderun passed the elicitation on to its client, which answered: %w", err)
		}
		return res, nil
	}
}

// HostConnected records ss as the host that connected last, the one an
// upstream's requests made outside any call go to. A Server calls it when
// a host's session is initialized.
func (h *Hub) HostConnected(ss *mcp.ServerSession) {
	h.hosts.mu.Lock()
	h.hosts.latest = ss
	h.hosts.mu.Unlock()
}

// SetRoots gives every upstream roots as its client's roots, replacing
// those given before; upstreams that follow roots are notified.
func (h *Hub) SetRoots(roots []*mcp.Root) {
	h.hosts.mu.Lock()
	old := h.hosts.roots
	h.hosts.roots = slices.Clone(roots)
	h.hosts.mu.Unlock()

	keep := make(map[string]bool, len(roots))
	for _, r := range roots {
		keep[r.URI] = true
	}
	var gone []string
	for _, r := range old {
		if !keep[r.URI] {
			gone = append(gone, r.URI)
		}
	}
	for _, u := range h.upstreams {
		if len(gone) > 0 {
			u.client.RemoveRoots(gone...) //nolint:staticcheck // roots are forwarded for the hosts that still send them
		}
		u.client.AddRoots(roots...) //nolint:staticcheck // as above
	}
	uris := make([]string, len(roots))
	for i, r := range roots {
		uris[i] = r.URI
	}
	h.opts.Log.Info("mcp/roots-forwarded", "roots", uris)
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
