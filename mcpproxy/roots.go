//lint:file-ignore SA1019 roots are deprecated from protocol 2026-07-28 on, but they still work, hosts on earlier versions use them, and coderun promises to pass them on between hosts and upstreams

package mcpproxy

import (
	"reflect"
	"slices"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// An upstream session declares the roots capability only when coderun has
// roots to give: a server told that its client has roots asks for them,
// and one that gets an empty list may act on it (the filesystem server
// complains that no valid root directories were given, and keeps those of
// its command line). Capabilities are fixed when a session is initialised,
// so when roots first arrive, a live session that did not declare them is
// replaced by one that does: an HTTP server gets a new session, a stdio
// server is restarted. The replacement waits for the requests in flight on
// the old session to end; new ones wait for the new session. It is not a
// failure: it is logged as mcp/upstream-reconnected, with no backoff.
//
// Roots that go back to none are passed on to a session that declared
// them, as an empty list: restarting the server without the capability
// would hand it back the directories of its command line, which the host
// never granted.

// rootsClient is the client of one upstream session and the roots it
// holds.
type rootsClient struct {
	*mcp.Client
	// declared tells whether the session declares the roots capability;
	// one that does not is never asked for roots or told they changed.
	declared bool
	// given are the roots the client holds: set before the client is
	// shared, then only under upstream.rooting.
	given []*mcp.Root
}

// give makes roots the client's roots. A server following roots is told of
// the change; the new roots are added before the old ones are removed, so
// a server reading them in between never sees an empty list that the host
// did not send.
func (c *rootsClient) give(roots []*mcp.Root) {
	if slices.EqualFunc(c.given, roots, func(a, b *mcp.Root) bool { return reflect.DeepEqual(a, b) }) {
		return
	}
	keep := make(map[string]bool, len(roots))
	for _, r := range roots {
		keep[r.URI] = true
	}
	var gone []string
	for _, r := range c.given {
		if !keep[r.URI] {
			gone = append(gone, r.URI)
		}
	}
	c.AddRoots(roots...)
	if len(gone) > 0 {
		c.RemoveRoots(gone...)
	}
	c.given = slices.Clone(roots)
}

// syncRoots gives the live session the roots the hosts gave, replacing
// the session when it cannot receive them. With no live session it does
// nothing: the next dial declares and gives the roots as they are then.
func (u *upstream) syncRoots() {
	u.rooting.Lock()
	defer u.rooting.Unlock()
	roots := u.fw.roots()
	u.mu.Lock()
	cs, c := u.sess, u.client
	u.mu.Unlock()
	switch {
	case cs == nil:
	case c.declared:
		c.give(roots)
	case len(roots) > 0:
		u.reconnect(cs, "roots")
	}
}

// reconnect replaces cs, the live session, with a new one, for reason.
// New requests wait for the new session as they wait for a dial; cs is
// closed once the requests in flight on it have ended, or the upstream
// closes. A reconnect that fails to dial is a failure like any other
// (mcp/upstream-down), since the server would not start.
func (u *upstream) reconnect(cs *mcp.ClientSession, reason string) {
	u.mu.Lock()
	if u.closed || u.sess != cs || u.dialing != nil {
		// Retired or being replaced already; whoever dials next reads
		// the roots then.
		u.mu.Unlock()
		return
	}
	done := make(chan struct{})
	drained := make(chan struct{})
	u.dialing = done
	u.sess, u.link, u.client = nil, nil, nil // the watcher of cs now takes its end for the planned one it is
	u.retiring = cs
	if u.inFlight[cs] == 0 {
		close(drained)
	} else {
		u.drained = drained
	}
	u.workers.Add(1)
	u.mu.Unlock()

	go func() {
		defer u.workers.Done()
		select {
		case <-drained:
		case <-u.ctx.Done():
		}
		_ = cs.Close()
		var err error
		if u.ctx.Err() == nil {
			err = u.dial(u.ctx, reason)
		}
		u.mu.Lock()
		u.retiring, u.drained = nil, nil
		u.dialing = nil
		close(done)
		u.mu.Unlock()
		if err == nil && u.ctx.Err() == nil {
			u.syncRoots() // roots given while the new session was dialled
		}
	}()
}
