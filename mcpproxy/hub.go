package mcpproxy

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"sync"

	"github.com/coderun/coderun/codemode"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// version is what coderun calls itself in MCP handshakes.
const version = "0.1.0"

// Hub is the set of upstream servers of one coderun session. It is safe for
// concurrent use.
type Hub struct {
	opts      Options
	upstreams map[string]*upstream
	hosts     downstreams // where upstreams' requests are passed on to

	mu        sync.Mutex
	listeners map[int]func()
	nextID    int
	// reported are the collisions already reported, so a change that
	// brings a new one reports it once, and the start-up ones are not
	// repeated.
	reported map[Collision]bool
	// started is set once Start has reported: changes seen while servers
	// are still starting are part of the start-up report, not news.
	started bool

	closeOnce sync.Once
	closed    chan struct{} // closed when every upstream has stopped
}

// Start connects to every server concurrently and returns once each has
// either listed its tools or failed. A server that fails is reported with
// its reason and left out; the others go on. The error is for a
// misconfigured set of servers (an invalid name), not for a failing server,
// or ctx's error when ctx ends before every server has started or failed:
// then the servers already started are stopped, and no Hub is returned.
// ctx bounds only the start; the Hub lives until Close.
func Start(ctx context.Context, servers map[string]codemode.ServerSpec, opts Options) (*Hub, *Report, error) {
	opts = opts.withDefaults()
	h := &Hub{
		opts:      opts,
		upstreams: make(map[string]*upstream, len(servers)),
		listeners: make(map[int]func()),
		reported:  make(map[Collision]bool),
		closed:    make(chan struct{}),
	}
	names := slices.Sorted(maps.Keys(servers)) // sorted: the first bad name reported is always the same one
	for _, name := range names {
		if err := checkServerName(name); err != nil {
			return nil, nil, err
		}
	}
	if err := codemode.ValidateMaxToolNameLength(opts.MaxToolNameLength, names); err != nil {
		return nil, nil, fmt.Errorf("maxToolNameLength: %w", err)
	}
	for _, name := range names {
		h.upstreams[name] = newUpstream(name, servers[name], opts, h.changed, forwarders{
			sampling:    h.forwardSampling(name),
			elicitation: h.forwardElicitation(name),
			track:       h.hosts.enter,
			roots:       h.roots,
		})
	}

	report := &Report{}
	statuses := make([]ServerStatus, len(servers))
	var wg sync.WaitGroup
	for i, name := range names {
		u := h.upstreams[name]
		wg.Go(func() {
			err := u.start(ctx)
			tools, _ := u.snapshot()
			statuses[i] = ServerStatus{Name: name, Endpoint: u.redact.Endpoint(), Tools: len(tools), Err: err}
		})
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		_ = h.Close(context.WithoutCancel(ctx))
		return nil, nil, fmt.Errorf("mcpproxy: start: %w", context.Cause(ctx))
	}
	report.Servers = statuses
	_, report.Collisions = h.catalog()

	for _, s := range report.Servers {
		if s.Err != nil {
			opts.Log.Warn("mcp/server-failed", "server", s.Name, "endpoint", s.Endpoint, "reason", s.Err.Error())
		} else {
			opts.Log.Info("mcp/server-started", "server", s.Name, "endpoint", s.Endpoint, "tools", s.Tools)
		}
	}
	h.mu.Lock()
	for _, c := range report.Collisions {
		h.reported[c] = true
		h.logCollision(c)
	}
	h.started = true
	h.mu.Unlock()
	return h, report, nil
}

// checkServerName rejects server names that would make "server__tool"
// ambiguous or unusable as a tool name. The config loader checks this too,
// with the line; repeating it here keeps a Hub built from hand-written
// specs honest.
func checkServerName(name string) error {
	if err := codemode.ValidateServerName(name); err != nil {
		return fmt.Errorf("servers.%s: %w", name, err)
	}
	return nil
}

// Tools returns every tool of every server that is up or was up, sorted by
// name, with the collisions resolved on the way. A crashed server's tools
// stay listed: calling one restarts it.
func (h *Hub) Tools() []ProxiedTool {
	tools, _ := h.catalog()
	return tools
}

func (h *Hub) catalog() ([]ProxiedTool, []Collision) {
	var all []ProxiedTool
	for _, u := range h.upstreams {
		all = append(all, u.listed()...)
	}
	return assignNames(all, h.opts.MaxToolNameLength)
}

// Call calls tool on server (the name the server knows it by) and returns
// the server's result as is. A tool error is a result with IsError set;
// the error is for calls that never got a result: an unknown server, a
// server that is down, a lost connection, a timeout.
func (h *Hub) Call(ctx context.Context, server, tool string, args json.RawMessage) (*mcp.CallToolResult, error) {
	u, ok := h.upstreams[server]
	if !ok {
		return nil, fmt.Errorf("no server named %q", server)
	}
	return u.call(ctx, tool, args)
}

// OnChange registers f to be called whenever a server's tools, resources
// or prompts may have changed: after a list_changed notification or a
// restart that found different ones. f is called on the goroutine that noticed the change,
// so it must return quickly; it reads the new list with Tools. The returned
// function unregisters f.
func (h *Hub) OnChange(f func()) (remove func()) {
	h.mu.Lock()
	defer h.mu.Unlock()
	id := h.nextID
	h.nextID++
	h.listeners[id] = f
	return func() {
		h.mu.Lock()
		defer h.mu.Unlock()
		delete(h.listeners, id)
	}
}

func (h *Hub) logCollision(c Collision) {
	h.opts.Log.Warn("mcp/tool-name-collision", "name", c.Name, "kept", c.Kept, "renamed", c.Renamed, "as", c.As)
}

// changed reports collisions the change brought and tells the listeners.
// It is called by upstreams without their locks held.
func (h *Hub) changed() {
	_, collisions := h.catalog()
	h.mu.Lock()
	if !h.started {
		h.mu.Unlock()
		return
	}
	for _, c := range collisions {
		if !h.reported[c] {
			h.reported[c] = true
			h.logCollision(c)
			fmt.Fprintf(h.opts.Stderr, "coderun: %s\n", c)
		}
	}
	fs := slices.Collect(maps.Values(h.listeners))
	h.mu.Unlock()
	for _, f := range fs {
		f()
	}
}

// Close disconnects every server, stopping the processes of stdio servers
// (each is given a grace period after its stdin closes, then SIGTERM and
// SIGKILL), and waits for that and for the Hub's goroutines. If ctx ends
// first, Close returns ctx's error and the shutdown, already under way,
// finishes in the background: nothing is left running for good. Calls after
// the first wait for the same shutdown.
func (h *Hub) Close(ctx context.Context) error {
	h.closeOnce.Do(func() {
		var wg sync.WaitGroup
		for _, u := range h.upstreams {
			wg.Go(u.close)
		}
		go func() {
			wg.Wait()
			close(h.closed)
		}()
	})
	select {
	case <-h.closed:
		return nil
	case <-ctx.Done():
		return fmt.Errorf("mcpproxy: close: servers still stopping: %w", context.Cause(ctx))
	}
}
