//lint:file-ignore SA1019 roots and sampling are deprecated from protocol 2026-07-28 on, but they still work, hosts on earlier versions use them, and coderun promises to pass them on between hosts and upstreams

package mcpproxy

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/coderun/coderun/codemode"
	"github.com/coderun/coderun/internal/redact"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// upstream is the client side of one configured server. It owns at most one
// live session at a time; when the session is lost (the process crashed, the
// HTTP session expired) the upstream is down until the next call dials a new
// one, subject to Options.restartDelay. A session is also replaced on
// purpose, when the capabilities it was initialised with no longer fit
// (see roots.go).
type upstream struct {
	name string
	spec codemode.ServerSpec
	opts Options
	// redact hides spec's credentials from every message about the
	// server: what is logged, reported and returned passes through it.
	redact *redact.Server
	// toolsChanged is called, without locks held, whenever the server's tool
	// list may differ from the last one reported.
	toolsChanged func()
	fw           forwarders
	// ctx lives as long as the upstream; dials and tool refreshes run under
	// it rather than under a caller's context, because their result is
	// shared by every later caller.
	ctx     context.Context
	cancel  context.CancelFunc
	workers sync.WaitGroup // session watchers, tool refreshes and reconnects
	// refreshing serialises tool refreshes, so an older list never
	// overwrites a newer one.
	refreshing sync.Mutex
	// rooting serialises syncRoots, so the roots the session's client
	// holds end as the latest the Hub has.
	rooting sync.Mutex

	mu       sync.Mutex
	sess     *mcp.ClientSession
	link     *link        // how sess was reached; explains its end
	client   *rootsClient // the client sess belongs to
	tools    []*mcp.Tool
	raw      map[string]rawSchemas // tools' schemas as sent, by tool name
	extras   extras                // resources, templates and prompts
	down     error                 // why there is no session; nil while one is live
	failures int                   // consecutive failed dials and lost sessions
	retryAt  time.Time             // no dial before this instant
	dialing  chan struct{}         // non-nil while a dial or reconnect is under way; closed when it ends
	// inFlight counts the host's requests in flight on each session, so a
	// session being replaced is closed only once its requests have ended.
	inFlight map[*mcp.ClientSession]int
	// retiring is a session being replaced; drained is closed when its
	// last request in flight ends.
	retiring *mcp.ClientSession
	drained  chan struct{}
	closed   bool
}

// forwarders pass an upstream's requests on to the host (see forward.go),
// and track tells which host's calls are in flight on which session, for
// the requests to be tied to them (see hosts.go). roots returns the roots
// the hosts gave, for the upstream to pass on.
type forwarders struct {
	sampling    func(context.Context, *mcp.CreateMessageRequest) (*mcp.CreateMessageResult, error)
	elicitation func(context.Context, *mcp.ElicitRequest) (*mcp.ElicitResult, error)
	track       func(context.Context, *mcp.ClientSession) (leave func())
	roots       func() []*mcp.Root
}

func newUpstream(name string, spec codemode.ServerSpec, opts Options, toolsChanged func(), fw forwarders) *upstream {
	u := &upstream{name: name, spec: spec, opts: opts, redact: redactorFor(spec), toolsChanged: toolsChanged, fw: fw,
		inFlight: make(map[*mcp.ClientSession]int)}
	u.ctx, u.cancel = context.WithCancel(context.Background())
	return u
}

// newClient returns the client for one session. A client's capabilities
// are fixed when it is made, and a session's when it is initialised, so
// every dial makes its own, declaring roots only when there are roots to
// give (see roots.go).
//
// Sampling and elicitation are declared on every session, by setting
// their handlers, although whether a host supports them is known only per
// host and per call: the upstream's request comes later, inside or beside
// a host's call, and is routed to that host then (see hosts.go), which
// answers or refuses. Declaring them only while some host supports them
// would restart the upstreams whenever hosts come and go.
func (u *upstream) newClient(roots []*mcp.Root) *rootsClient {
	caps := &mcp.ClientCapabilities{}
	if len(roots) > 0 {
		caps.RootsV2 = &mcp.RootCapabilities{ListChanged: true}
	}
	c := mcp.NewClient(&mcp.Implementation{Name: "coderun", Version: version}, &mcp.ClientOptions{
		ToolListChangedHandler: func(_ context.Context, req *mcp.ToolListChangedRequest) { u.onListChanged(req.Session) },
		ResourceListChangedHandler: func(_ context.Context, req *mcp.ResourceListChangedRequest) {
			u.onListChanged(req.Session)
		},
		PromptListChangedHandler: func(_ context.Context, req *mcp.PromptListChangedRequest) { u.onListChanged(req.Session) },
		CreateMessageHandler:     u.fw.sampling,
		ElicitationHandler:       u.fw.elicitation,
		Capabilities:             caps,
	})
	rc := &rootsClient{Client: c, declared: len(roots) > 0}
	rc.give(roots)
	return rc
}

// start makes the first connection, abandoning it when ctx ends. Its error
// is the server's start-up failure as the report shows it. It runs before
// anyone else can use the upstream, so it dials without the coordination
// session does.
func (u *upstream) start(ctx context.Context) error {
	dctx, cancel := context.WithCancel(u.ctx)
	defer cancel()
	defer context.AfterFunc(ctx, cancel)()
	if err := u.dial(dctx, ""); err != nil {
		return fmt.Errorf("server %q failed to start: %w", u.name, err)
	}
	return nil
}

// snapshot returns the server's tools as last listed, and why the server is
// down (nil when it is up).
func (u *upstream) snapshot() ([]*mcp.Tool, error) {
	u.mu.Lock()
	defer u.mu.Unlock()
	return u.tools, u.down
}

// listed returns the server's tools as last listed, as ProxiedTools still
// to be named.
func (u *upstream) listed() []ProxiedTool {
	u.mu.Lock()
	defer u.mu.Unlock()
	out := make([]ProxiedTool, len(u.tools))
	for i, t := range u.tools {
		raw := u.raw[t.Name]
		out[i] = ProxiedTool{Server: u.name, Tool: t, InputSchema: raw.input, OutputSchema: raw.output}
	}
	return out
}

// rawByName picks the recorded schemas of the tools just listed.
func rawByName(raw *rawTools, tools []*mcp.Tool) map[string]rawSchemas {
	out := make(map[string]rawSchemas, len(tools))
	for _, t := range tools {
		out[t.Name] = raw.schemasOf(t)
	}
	return out
}

// session returns the live session, dialling one if there is none and the
// backoff allows, for one request of the host in ctx. Concurrent callers
// share one dial, and wait as well while the session is being replaced.
// The request counts as in flight on the session until release is called.
func (u *upstream) session(ctx context.Context) (cs *mcp.ClientSession, release func(), err error) {
	u.mu.Lock()
	for {
		switch {
		case u.closed:
			u.mu.Unlock()
			return nil, nil, fmt.Errorf("server %q: closed", u.name)
		case u.sess != nil:
			cs := u.sess
			u.inFlight[cs]++
			u.mu.Unlock()
			leave := u.fw.track(ctx, cs)
			return cs, func() { leave(); u.left(cs) }, nil
		case u.dialing != nil:
			done := u.dialing
			u.mu.Unlock()
			select {
			case <-done:
			case <-ctx.Done():
				return nil, nil, fmt.Errorf("server %q: waiting for it to start: %w", u.name, ctx.Err())
			}
			u.mu.Lock()
			continue
		}
		if wait := time.Until(u.retryAt); wait > 0 {
			down := u.down
			u.mu.Unlock()
			return nil, nil, u.unavailable(fmt.Sprintf("the MCP server %q is down after failing repeatedly and will be restarted in %v; try again then, and if it keeps failing %s",
				u.name, wait.Round(time.Millisecond), u.seeLog()), down)
		}
		done := make(chan struct{})
		u.dialing = done
		u.mu.Unlock()

		// The dial runs under the upstream's own context, not the caller's:
		// every caller waiting on it shares its result.
		err := u.dial(u.ctx, "")

		u.mu.Lock()
		u.dialing = nil
		close(done)
		if err != nil {
			u.mu.Unlock()
			return nil, nil, u.unavailable(fmt.Sprintf("the MCP server %q could not be restarted; %s", u.name, u.seeLog()), err)
		}
		u.mu.Unlock()
		// Roots given while the dial was under way.
		u.syncRoots()
		u.mu.Lock()
		// Loop: the new session is in u.sess (or was lost already, or is
		// being replaced).
	}
}

// left records the end of a request in flight on cs, and lets a
// replacement of cs waiting for it go ahead.
func (u *upstream) left(cs *mcp.ClientSession) {
	u.mu.Lock()
	defer u.mu.Unlock()
	if u.inFlight[cs]--; u.inFlight[cs] > 0 {
		return
	}
	delete(u.inFlight, cs)
	if cs == u.retiring && u.drained != nil {
		close(u.drained)
		u.drained = nil
	}
}

// unavailable reports a server the call cannot reach. The model reads
// message, one sentence naming the server and what to do; the cause, with
// the command line, exit status and stderr tail that would only confuse
// the model, goes to the session log and to stderr, where the user looks.
func (u *upstream) unavailable(message string, cause error) error {
	cause = u.scrub(cause)
	u.opts.Log.Warn("mcp/upstream-unavailable", "server", u.name, "reason", cause.Error())
	fmt.Fprintf(u.opts.Stderr, "coderun: server %q is unavailable: %v\n", u.name, cause)
	return errors.New(message)
}

// seeLog is what a message tells the model to do about a server that keeps
// failing.
func (u *upstream) seeLog() string {
	return fmt.Sprintf("tell the user that coderun's log and stderr say why server %q fails", u.name)
}

// dial connects, lists the tools and installs the new session, giving up
// when ctx ends or StartTimeout passes. It records a failure as the reason
// the server is down and returns it; the reason does not repeat the
// server's name, which callers add. reconnect says why a live session is
// being replaced ("" for a first start or a restart), for the log.
func (u *upstream) dial(ctx context.Context, reconnect string) error {
	l, err := newLink(u.name, u.spec, u.opts, u.redact)
	if err != nil {
		return u.fail(err)
	}
	ctx, cancel := context.WithTimeout(ctx, u.opts.StartTimeout)
	defer cancel()

	client := u.newClient(u.fw.roots())
	cs, err := client.Connect(ctx, l.transport, nil)
	if err != nil {
		return u.fail(fmt.Errorf("connecting to %s: %s", u.redact.Endpoint(), l.failureReason(timeoutCause(ctx, err))))
	}
	tools, err := listTools(ctx, cs)
	if err != nil {
		_ = cs.Close()
		return u.fail(fmt.Errorf("listing tools: %s", l.failureReason(timeoutCause(ctx, err))))
	}
	ex := u.listExtras(ctx, cs)

	u.mu.Lock()
	if u.closed {
		u.mu.Unlock()
		_ = cs.Close()
		return fmt.Errorf("server %q: closed", u.name)
	}
	changed := !sameTools(u.tools, tools) || ex.fingerprint() != u.extras.fingerprint()
	u.sess, u.link, u.client, u.tools, u.raw, u.extras, u.down = cs, l, client, tools, rawByName(l.raw, tools), ex, nil
	u.workers.Add(1)
	u.mu.Unlock()

	go u.watch(cs)
	if reconnect != "" {
		u.opts.Log.Info("mcp/upstream-reconnected", "server", u.name, "reason", reconnect, "tools", len(tools))
	} else {
		u.opts.Log.Info("mcp/upstream-connected", "server", u.name, "tools", len(tools))
	}
	if changed {
		u.toolsChanged()
	}
	return nil
}

// fail records err as the reason the server is down and schedules the next
// dial according to the backoff. It returns err, with the server's
// credentials hidden.
func (u *upstream) fail(err error) error {
	err = u.scrub(err)
	u.mu.Lock()
	u.down = err
	u.failures++
	u.retryAt = time.Now().Add(u.opts.restartDelay(u.failures))
	u.mu.Unlock()
	u.opts.Log.Warn("mcp/upstream-down", "server", u.name, "reason", err.Error())
	return err
}

// watch waits for the session to end. If it ends while still current, the
// server went away on its own: it is marked down, and the next call
// restarts it.
func (u *upstream) watch(cs *mcp.ClientSession) {
	defer u.workers.Done()
	_ = cs.Wait()
	_ = u.ended(cs)
}

// ended retires cs if it is still the live session and records why it
// ended, so the next call can report it, and returns that reason. It returns
// "" if cs was already retired (closed on purpose, or by another caller that
// saw it break).
func (u *upstream) ended(cs *mcp.ClientSession) string {
	u.mu.Lock()
	if u.sess != cs {
		u.mu.Unlock()
		return ""
	}
	l := u.link
	u.sess, u.link, u.client = nil, nil, nil
	u.mu.Unlock()
	// Close even a session that ended on its own: it releases what the SDK
	// keeps per session, such as the subscriptions/listen goroutine. Once
	// it returns the process has been waited for, so the reason can read
	// its exit status.
	_ = cs.Close()
	err := cs.Wait()
	if err == nil {
		err = errors.New("session ended")
	}
	reason := l.failureReason(err)
	_ = u.fail(fmt.Errorf("stopped: %s", reason))
	return reason
}

// onListChanged follows notifications/tools/list_changed, and those of
// resources and prompts. The refresh runs on its own goroutine: listing
// from inside the SDK's notification handler would wait on the very
// connection that delivers it.
func (u *upstream) onListChanged(cs *mcp.ClientSession) {
	u.mu.Lock()
	defer u.mu.Unlock()
	if u.closed || u.sess != cs {
		return
	}
	u.workers.Add(1)
	go u.refresh(cs)
}

// refresh re-lists cs's tools, resources and prompts and reports a change.
func (u *upstream) refresh(cs *mcp.ClientSession) {
	defer u.workers.Done()
	u.refreshing.Lock()
	defer u.refreshing.Unlock()
	ctx, cancel := context.WithTimeout(u.ctx, u.opts.StartTimeout)
	defer cancel()
	tools, err := listTools(ctx, cs)
	if err != nil {
		u.opts.Log.Warn("mcp/upstream-refresh-failed", "server", u.name, "error", u.scrub(err).Error())
		return
	}
	ex := u.listExtras(ctx, cs)
	u.mu.Lock()
	if u.sess != cs {
		u.mu.Unlock()
		return
	}
	changed := !sameTools(u.tools, tools) || ex.fingerprint() != u.extras.fingerprint()
	u.tools, u.raw, u.extras = tools, rawByName(u.link.raw, tools), ex
	u.mu.Unlock()
	u.opts.Log.Info("mcp/upstream-tools-changed", "server", u.name, "tools", len(tools), "changed", changed)
	if changed {
		u.toolsChanged()
	}
}

// succeeded records a working call: the server is healthy again, so the
// next crash restarts it without delay.
func (u *upstream) succeeded() {
	u.mu.Lock()
	u.failures = 0
	u.mu.Unlock()
}

// close ends the session and stops the upstream's goroutines.
func (u *upstream) close() {
	u.mu.Lock()
	u.closed = true
	cs := u.sess
	u.sess, u.link, u.client = nil, nil, nil
	u.mu.Unlock()
	// A session being replaced is closed by its reconnect, which the
	// cancellation ends.
	u.cancel()
	if cs != nil {
		_ = cs.Close()
	}
	u.workers.Wait()
}

// listTools reads every page of the server's tool list.
func listTools(ctx context.Context, cs *mcp.ClientSession) ([]*mcp.Tool, error) {
	var tools []*mcp.Tool
	for t, err := range cs.Tools(ctx, nil) {
		if err != nil {
			return nil, err
		}
		tools = append(tools, t)
	}
	return tools, nil
}

// sameTools reports whether two tool lists are the same by name, order
// included; a changed schema under the same name also matters, so the
// comparison is on the marshalled form.
func sameTools(a, b []*mcp.Tool) bool {
	return slices.EqualFunc(a, b, func(x, y *mcp.Tool) bool {
		return x.Name == y.Name && fingerprint(x) == fingerprint(y)
	})
}

// scrub returns err with the server's credentials hidden from its message;
// it still wraps err, so errors.Is sees through it.
func (u *upstream) scrub(err error) error {
	if err == nil {
		return nil
	}
	if msg := u.redact.Text(err.Error()); msg != err.Error() {
		return &scrubbedError{msg: msg, err: err}
	}
	return err
}

// scrubbedError is an error whose message had credentials in it.
type scrubbedError struct {
	msg string
	err error
}

func (e *scrubbedError) Error() string { return e.msg }
func (e *scrubbedError) Unwrap() error { return e.err }

// timeoutCause turns a bare "context deadline exceeded" into a sentence a
// user can act on.
func timeoutCause(ctx context.Context, err error) error {
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return fmt.Errorf("timed out: %w", err)
	}
	return err
}
