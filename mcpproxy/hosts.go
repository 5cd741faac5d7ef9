//lint:file-ignore SA1019 roots are deprecated from protocol 2026-07-28 on, but they still work, hosts on earlier versions use them, and coderun promises to pass them on between hosts and upstreams

package mcpproxy

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// An upstream's sampling/createMessage or elicitation/create is answered
// by one host. Sent to the wrong one, it shows a user another user's
// question (an upstream asking for a one-time code) and hands the upstream
// that user's answer, as if it came from the right one. So a request goes
// only to a host it can be tied to, and is refused, with an error to the
// upstream, when it cannot:
//
//  1. A request that travels inside coderun's own request (an upstream on
//     protocol 2026-07-28 or later answers tools/call with input requests,
//     which go-sdk fulfils under that call's context) goes to the host
//     whose call it is.
//  2. A request the upstream sends on its own session while calls are in
//     flight on it (protocol versions before 2026-07-28) goes to the host
//     those calls came from, if they all came from one host. It cannot be
//     told which of several calls such a request belongs to: over stdio
//     nothing relates them, and over streamable HTTP, where the SSE stream
//     a request arrives on does, go-sdk's client does not tell its
//     handlers which stream that was. So with calls of two hosts in flight
//     on the session, the request is refused.
//  3. A request made while no call is in flight on the session goes to the
//     host, if only one is connected; with several, it is refused.

// downstreamKey carries the host session a call came from.
type downstreamKey struct{}

// withDownstream records in ctx the host session serving the call.
func withDownstream(ctx context.Context, ss *mcp.ServerSession) context.Context {
	return context.WithValue(ctx, downstreamKey{}, ss)
}

// downstreamOf returns the host session recorded in ctx, or nil.
func downstreamOf(ctx context.Context) *mcp.ServerSession {
	ss, _ := ctx.Value(downstreamKey{}).(*mcp.ServerSession)
	return ss
}

// downstreams tracks which host an upstream's request may go to.
type downstreams struct {
	mu sync.Mutex
	// serving counts the requests in flight on each upstream session by
	// the host they came from; a request that came from no host (the Hub
	// used without a Server) counts under nil.
	serving map[*mcp.ClientSession]map[*mcp.ServerSession]int
	// connected are the hosts whose sessions are live.
	connected map[*mcp.ServerSession]bool
	// roots are the roots given to the upstreams, by URI.
	roots []*mcp.Root
}

// enter records that a request of ctx's host is in flight on cs; the
// returned function records its end.
func (d *downstreams) enter(ctx context.Context, cs *mcp.ClientSession) (leave func()) {
	ss := downstreamOf(ctx)
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.serving == nil {
		d.serving = make(map[*mcp.ClientSession]map[*mcp.ServerSession]int)
	}
	hosts := d.serving[cs]
	if hosts == nil {
		hosts = make(map[*mcp.ServerSession]int)
		d.serving[cs] = hosts
	}
	hosts[ss]++
	return func() {
		d.mu.Lock()
		defer d.mu.Unlock()
		if hosts[ss]--; hosts[ss] == 0 {
			delete(hosts, ss)
		}
		if len(hosts) == 0 {
			delete(d.serving, cs)
		}
	}
}

// errNoHost answers an upstream's request when no host is there to ask.
var errNoHost = errors.New("coderun: no MCP client is connected to pass this request on to")

// route returns the host that the request an upstream made on cs, handled
// under ctx, goes to, or why there is none.
func (d *downstreams) route(ctx context.Context, cs *mcp.ClientSession) (*mcp.ServerSession, error) {
	if ss := downstreamOf(ctx); ss != nil {
		return ss, nil
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if hosts := d.serving[cs]; len(hosts) > 0 {
		if len(hosts) > 1 {
			return nil, fmt.Errorf("coderun refused to pass this request on: calls of %d of its MCP clients are in flight on this server, and a request made on the session, not inside a call (protocol 2026-07-28 and later), does not say which call it belongs to; "+
				"coderun does not risk showing one user another's question", len(hosts))
		}
		for ss := range hosts {
			if ss == nil {
				return nil, errors.New("coderun: the call this server is serving came from no MCP client, so there is no one to pass this request on to")
			}
			return ss, nil
		}
	}
	switch len(d.connected) {
	case 0:
		return nil, errNoHost
	case 1:
		for ss := range d.connected {
			return ss, nil
		}
	}
	return nil, fmt.Errorf("coderun refused to pass this request on: it was made outside any call, and %d MCP clients are connected to coderun, so it cannot tell whose user should answer; make the request while serving a call", len(d.connected))
}

// HostConnected records ss as a connected host until its session ends.
// While it is the only one, it is asked what upstreams ask outside any
// call. A Server calls it when a host's session is initialized.
func (h *Hub) HostConnected(ss *mcp.ServerSession) {
	d := &h.hosts
	d.mu.Lock()
	if d.connected == nil {
		d.connected = make(map[*mcp.ServerSession]bool)
	}
	d.connected[ss] = true
	d.mu.Unlock()
	// The watch lasts as long as the session: it ends when the host
	// disconnects, or the session is closed or expires.
	go func() {
		_ = ss.Wait()
		d.mu.Lock()
		delete(d.connected, ss)
		d.mu.Unlock()
	}()
}
