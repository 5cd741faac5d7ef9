//lint:file-ignore SA1019 roots and sampling are deprecated from protocol 2026-07-28 on, but they still work, hosts on earlier versions use them, and coderun promises to pass them on between hosts and upstreams

package mcpproxy

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"sync"
	"sync/atomic"

	coderun "github.com/coderun/coderun"
	"github.com/coderun/coderun/codemode"
	"github.com/coderun/coderun/internal/seal"
	"github.com/coderun/coderun/store"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// ServerOptions configure NewServer. The zero value is valid.
type ServerOptions struct {
	// Runtime runs run_code programs; nil lets the codemode session create
	// one from the config's budgets.
	Runtime *coderun.Runtime
	// Log is the session log; nil discards it. Use codemode.NewSessionLog.
	Log *slog.Logger
	// Warnings receives problems found after start-up, one line each, such
	// as an upstream tool whose schema cannot be used. nil discards them.
	Warnings io.Writer
	// StateKey (32 bytes) seals the calls that wait for a client's approval
	// answers under multi round-trip requests (protocol 2026-07-28 and
	// later) into the requestState, or into Store. Replicas that resume
	// each other's calls need the same key and Store. nil means a random
	// key: only this process can resume its calls. It overrides the
	// config's Budgets.StateKey, and a Runtime passed in must have been
	// created with the same key.
	StateKey []byte
	// Store keeps the suspended calls' tickets (and the calls too large to
	// travel in the requestState) until the client comes back; Take makes
	// each resume happen at most once. nil means an in-process store (see
	// store.NewMemory), closed with the Server; a Store passed in is the
	// caller's to close.
	Store store.Store
	// Telemetry receives the session's traces and metrics (see
	// codemode.Options.Telemetry); the zero value records nothing.
	Telemetry coderun.Telemetry
}

// Server is the MCP server an agent's host connects to. It offers the tools
// of the configured mode: run_code carrying the SDK in its description, the
// proxied tools, or both. Every call goes through the codemode pipeline. It
// serves any number of clients, over stdio (Serve) or streamable HTTP
// (Handler).
type Server struct {
	hub      *Hub
	session  *codemode.Session
	mirror   *mirror
	mcp      *mcp.Server
	log      *slog.Logger
	warnings io.Writer
	askers   askers
	filter   codemode.ToolFilter // hides upstream prompts and resources too
	stateKey []byte
	store    store.Store
	ownStore bool
	idPrefix string // random, so call tokens of replicas never collide
	nextID   atomic.Uint64
	unwatch  func()

	// bg runs the hosts' roots lookups, which must not run on the
	// session's own goroutine; bgCtx ends them at Close.
	bg       sync.WaitGroup
	bgCtx    context.Context
	bgCancel context.CancelFunc

	// offerMu serialises updates of the offered tool list; offered maps each
	// name on the wire to the fingerprint of what was offered under it.
	offerMu sync.Mutex
	offered map[string]string
	extras  offeredExtras // the upstreams' prompts and resources on offer
}

// NewServer builds the Server for cfg's mode over hub's tools. It keeps
// following hub: when a server's tools change, the tools offered, and the
// SDK in run_code's description, change with them and clients are notified.
// Policy rules and tools-filter globs that match no tool are reported on
// Warnings and in the log, now and after each change; with policy.strict,
// any at this point make NewServer fail with a *codemode.UnmatchedError.
func NewServer(cfg *codemode.Config, hub *Hub, opts ServerOptions) (*Server, error) {
	if opts.Log == nil {
		opts.Log = slog.New(slog.DiscardHandler)
	}
	if opts.Warnings == nil {
		opts.Warnings = io.Discard
	}
	key := opts.StateKey
	if key == nil {
		key = make([]byte, seal.KeySize)
		_, _ = rand.Read(key) // crypto/rand.Read never fails
	}
	if len(key) != seal.KeySize {
		return nil, fmt.Errorf("mcpproxy: ServerOptions.StateKey is %d bytes, want %d", len(key), seal.KeySize)
	}
	if err := cfg.CheckUnmatched(hub.identities()); err != nil {
		return nil, err // policy.strict: the user asked for a refusal
	}
	c := *cfg
	c.Budgets.StateKey = key
	reg := codemode.NewRegistry()
	s := &Server{
		hub:      hub,
		mirror:   newMirror(hub, reg, declaredTools(cfg)),
		log:      opts.Log,
		warnings: opts.Warnings,
		stateKey: key,
		store:    opts.Store,
		idPrefix: "mcp-" + rand.Text()[:8] + "-",
		offered:  make(map[string]string),
	}
	if s.store == nil {
		s.store, s.ownStore = store.NewMemory(), true
	}
	s.bgCtx, s.bgCancel = context.WithCancel(context.Background())
	session, err := codemode.NewSession(codemode.Options{
		Config:    &c,
		Registry:  reg,
		Runtime:   opts.Runtime,
		Log:       opts.Log,
		Approver:  &s.askers,
		Telemetry: opts.Telemetry,
	})
	if err != nil {
		return nil, err // a *codemode.ConfigError, written for the user
	}
	s.session = session
	s.filter = session.Config().Tools
	s.mcp = mcp.NewServer(&mcp.Implementation{Name: "coderun", Version: version}, &mcp.ServerOptions{
		Instructions: instructions(cfg.Mode, session.Language()),
		// Declared up front: the tool list may start empty (every server
		// failed) and fill in later, and list_changed rides on this.
		Capabilities: &mcp.ServerCapabilities{
			Tools:     &mcp.ToolCapabilities{ListChanged: true},
			Prompts:   &mcp.PromptCapabilities{ListChanged: true},
			Resources: &mcp.ResourceCapabilities{ListChanged: true},
		},
		Logger: sdkLog(opts.Log),
		// A host's roots are its user's grants; the upstreams get them.
		InitializedHandler: func(_ context.Context, req *mcp.InitializedRequest) {
			hub.HostConnected(req.Session)
			s.syncRoots(req.Session)
		},
		RootsListChangedHandler: func(_ context.Context, req *mcp.RootsListChangedRequest) { s.syncRoots(req.Session) },
	})
	s.mcp.AddReceivingMiddleware(s.logUnserved)
	// Follow the hub before the first sync, so no change can fall between
	// the two; offer unconditionally, since run_code is offered even when no
	// server has tools.
	s.unwatch = hub.OnChange(s.toolsChanged)
	_, problems := s.mirror.sync()
	s.warn(problems)
	s.warnUnmatched()
	s.offer()
	s.offerExtras()
	return s, nil
}

// instructions tell the client's model what coderun is; the SDK itself is
// in run_code's description, which, unlike instructions, can change when
// the tools do. language is the programs' (codemode.Session.Language).
func instructions(mode codemode.Mode, language string) string {
	switch mode {
	case codemode.ModeNative:
		return "coderun offers the tools of several MCP servers, each named server__tool."
	default:
		title := "TypeScript"
		if language == coderun.LanguagePython {
			title = "Python"
		}
		return "coderun runs " + title + " programs that call the tools of several MCP servers. " +
			"Use run_code to make many tool calls in one step; the tools available to programs are " +
			"in run_code's description: declared with their types, or, for many tools, listed by name, " +
			"with describe_tools to read the declarations you need."
	}
}

// MCP returns the underlying go-sdk server, e.g. to connect it to a custom
// transport.
func (s *Server) MCP() *mcp.Server { return s.mcp }

// Session returns the codemode session behind the server.
func (s *Server) Session() *codemode.Session { return s.session }

// Serve serves one client over r and w, newline-delimited JSON as in the
// stdio transport, until the client disconnects or ctx is cancelled.
func (s *Server) Serve(ctx context.Context, r io.ReadCloser, w io.Writer) error {
	err := s.mcp.Run(ctx, &mcp.IOTransport{Reader: r, Writer: nopWriteCloser{w}})
	if err != nil && ctx.Err() == nil {
		return fmt.Errorf("mcpproxy: serving stdio: %w", err)
	}
	return nil
}

// Handler serves clients over streamable HTTP, one MCP session per client.
// It speaks protocol versions before 2026-07-28, whose sessions live in
// this process. Its SSE streams are resumable: events are kept in memory (up
// to go-sdk's default of 10 MiB), every stream opens with a priming event
// carrying an event ID, and a client that lost its connection reconnects
// with Last-Event-ID and gets what it missed, so a long run_code survives a
// dropped connection.
func (s *Server) Handler() http.Handler {
	return mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s.mcp },
		&mcp.StreamableHTTPOptions{EventStore: mcp.NewMemoryEventStore(nil)})
}

// StatelessHandler serves clients over streamable HTTP without sessions:
// every request stands alone, so any replica behind a load balancer can
// serve any request. It is the transport of protocol 2026-07-28 and later,
// where a call that waits for approval travels in its requestState (give
// the replicas the same StateKey and a shared Store). Clients of older
// versions are served too, but cannot be asked for approval (the server
// cannot send them requests), so their calls that need it are denied, and
// they are not told when the tool list changes.
func (s *Server) StatelessHandler() http.Handler {
	return mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s.mcp }, &mcp.StreamableHTTPOptions{Stateless: true})
}

// Close stops following the hub and releases the codemode session, and the
// store if the Server made it. Calls waiting for approval answers are not
// in flight: they are sealed in their requestState and the store, and
// another Server with the same StateKey and Store resumes them. It does
// not close the hub.
func (s *Server) Close(ctx context.Context) error {
	s.unwatch()
	s.bgCancel()
	s.bg.Wait()
	err := s.session.Close(ctx)
	if s.ownStore {
		err = errors.Join(err, s.store.Close())
	}
	if err != nil {
		return fmt.Errorf("mcpproxy: %w", err)
	}
	return nil
}

// toolsChanged follows a change of an upstream's tools.
func (s *Server) toolsChanged() {
	changed, problems := s.mirror.sync()
	s.warn(problems)
	if changed {
		s.log.Info("mcp/tools-changed")
		s.warnUnmatched()
		s.offer()
	}
	s.offerExtras() // touches only what changed
}

// warn reports the problems of a sync on the warnings writer and in the
// session log.
func (s *Server) warn(problems []error) {
	for _, p := range problems {
		fmt.Fprintf(s.warnings, "coderun: %v\n", p)
		if tc, ok := errors.AsType[*codemode.SchemaTooComplexError](p); ok {
			s.log.Warn("mcp/tool-too-complex", "tool", tc.Tool, "schema", tc.Schema, "error", p.Error())
		} else {
			s.log.Warn("mcp/tool-left-out", "error", p.Error())
		}
	}
}

// callID gives every top-level call a token the server knows, so approvals
// of its sub-calls can be routed back to its client. The random prefix
// keeps the tokens of replicas apart: a call resumed by another replica
// keeps its token.
func (s *Server) callID() string {
	return s.idPrefix + strconv.FormatUint(s.nextID.Add(1), 10)
}

// nopWriteCloser lets Serve write to a stdout it does not own: closing the
// connection must not close the process's stdout.
type nopWriteCloser struct{ io.Writer }

func (nopWriteCloser) Close() error { return nil }
