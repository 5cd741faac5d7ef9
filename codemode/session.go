package codemode

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	coderun "github.com/coderun/coderun"
)

// Options configure a Session. Only Registry is required.
type Options struct {
	// Config is the Code Mode configuration; nil means DefaultConfig().
	Config *Config
	// Registry holds the tools.
	Registry *Registry
	// Runtime runs run_code programs. When nil and the mode offers run_code,
	// the session creates one from Config.Budgets and closes it in Close.
	Runtime *coderun.Runtime
	// Log receives the session log; see NewSessionLog. nil discards it.
	Log *slog.Logger
	// PreExecute hooks run first, in order, for every call.
	PreExecute []PreExecuteHook
	// Guards run, in order, after argument validation.
	Guards []Guard
	// Policy decides every call; nil means Config.Policy.
	Policy Policy
	// Approver answers the calls Policy marks ActionAsk; nil denies them.
	Approver Approver
	// PostExecute hooks run, in order, on every result.
	PostExecute []PostExecuteHook
	// Telemetry receives the session's spans (execute_tool, one per call
	// and sub-call) and metrics (coderun.subcalls,
	// coderun.approvals.waiting). The zero value records nothing. A
	// Runtime the session creates reports to it too, unless
	// Config.Budgets.Telemetry names providers of its own; a Runtime
	// passed in reports where its own Config says.
	Telemetry coderun.Telemetry
}

// Session is one agent session's view of its tools: it assembles what the
// model sees (WireTools, SDK) and runs every call through the pipeline.
// It is safe for concurrent use.
type Session struct {
	cfg         Config
	reg         *Registry
	rt          *coderun.Runtime
	ownsRuntime bool
	log         *slog.Logger
	pre         []PreExecuteHook
	guards      []Guard
	policy      Policy
	approver    Approver
	post        []PostExecuteHook
	tel         *sessionTelemetry // nil without Options.Telemetry
	lang        *sdkLanguage      // the language programs are written in
	runCode     *entry
	describe    *entry

	nextID atomic.Uint64

	sdkMu   sync.Mutex
	sdkGen  uint64
	sdk     string   // "" until first built
	sdkForm SDKForm  // the form sdk took: SDKFull or SDKCatalogue
	sdkKey  [32]byte // toolSetKey of the tools sdk was built from

	wireMu     sync.Mutex
	loggedWire []string // names of the wire list last written to the log
}

// CallRequest is a top-level call, as the model made it.
type CallRequest struct {
	// ID is the host's token for the call, e.g. the provider's tool-use id;
	// empty means the session generates one.
	ID string
	// Tool is the name of the tool called.
	Tool string
	// Args are the call's JSON arguments; empty means {}.
	Args json.RawMessage
}

// NewSession validates opts and returns a Session.
func NewSession(opts Options) (*Session, error) {
	if opts.Registry == nil {
		return nil, errors.New("codemode: new session: Options.Registry is nil")
	}
	cfg := DefaultConfig()
	if opts.Config != nil {
		cfg = *opts.Config.clone() // the session must not change under the caller's edits
	}
	if err := cfg.Validate(); err != nil {
		return nil, err // a *ConfigError, which says what to fix
	}
	s := &Session{
		cfg:      cfg,
		reg:      opts.Registry,
		rt:       opts.Runtime,
		log:      opts.Log,
		pre:      opts.PreExecute,
		guards:   opts.Guards,
		policy:   opts.Policy,
		approver: opts.Approver,
		post:     opts.PostExecute,
	}
	if s.log == nil {
		s.log = discardLog
	}
	if s.policy == nil {
		s.policy = cfg.Policy
	}
	tel, err := newSessionTelemetry(opts.Telemetry)
	if err != nil {
		return nil, fmt.Errorf("codemode: new session: telemetry: %w", err)
	}
	s.tel = tel
	// The SDK is rendered in the language programs run as, so it is known
	// before run_code and describe_tools are described in it.
	if s.lang, err = sessionLanguage(s.rt, &cfg); err != nil {
		return nil, err
	}
	if s.rt == nil && cfg.Mode != ModeNative {
		budgets := cfg.Budgets
		if budgets.Telemetry.TracerProvider == nil && budgets.Telemetry.MeterProvider == nil {
			budgets.Telemetry = opts.Telemetry
		}
		rt, err := coderun.New(budgets)
		if err != nil {
			return nil, fmt.Errorf("codemode: new session: runtime: %w", err)
		}
		s.rt, s.ownsRuntime = rt, true
	}
	rc, err := s.newRunCodeEntry()
	if err != nil {
		s.closeOwnRuntime()
		return nil, err
	}
	s.runCode = rc
	if s.describe, err = s.newDescribeEntry(); err != nil {
		s.closeOwnRuntime()
		return nil, err
	}
	return s, nil
}

// closeOwnRuntime closes the runtime a session that failed to start
// created for itself.
func (s *Session) closeOwnRuntime() {
	if s.ownsRuntime {
		_ = s.rt.Close(context.Background())
	}
}

// Config returns a copy of the session's configuration.
func (s *Session) Config() Config { return *s.cfg.clone() }

// Registry returns the session's tools.
func (s *Session) Registry() *Registry { return s.reg }

// Log returns the session log, so the host can add its own events to it.
func (s *Session) Log() *slog.Logger { return s.log }

// Close releases the runtime the session created, waiting for runs in flight
// to be terminated. A Runtime passed in Options is the caller's to close.
func (s *Session) Close(ctx context.Context) error {
	if !s.ownsRuntime {
		return nil
	}
	if err := s.rt.Close(ctx); err != nil {
		return fmt.Errorf("codemode: close session: %w", err)
	}
	return nil
}

// Call runs a top-level call through the pipeline. A call that does not
// produce a result returns a *CallError whose message is written for the
// model; the host sends it back as the tool's error result. A successful
// run_code returns its rendered result as Content, the structured
// coderun.Result as Value, and the deferred context entries of its sub-calls
// as Deferred.
//
// When an Approver answers NotYet, for the call or for a sub-call of its
// program, the call suspends instead: Output.Suspended holds it, sealed,
// with the approvals it waits for; continue it with Resume.
func (s *Session) Call(ctx context.Context, req CallRequest) (*Output, error) {
	call := &Call{ID: req.ID, Tool: req.Tool, Args: req.Args}
	if call.ID == "" {
		call.ID = "call-" + strconv.FormatUint(s.nextID.Add(1), 10)
	}
	start := time.Now()
	ctx = s.tel.startCall(ctx, call)
	s.log.LogAttrs(ctx, slog.LevelInfo, EventCallStart, append(callAttrs(call), argsAttr(call.Args))...)
	var (
		out *Output
		err error
	)
	if e, lerr := s.lookupTopLevel(call.Tool); lerr != nil {
		err = &CallError{CallID: call.ID, Tool: call.Tool, Outcome: OutcomeUnknownTool, Stage: StageLookup, Message: lerr.Error()}
	} else {
		out, err = s.pipeline(ctx, e, call)
		if aa := awaiting(err); aa != nil {
			out, err = s.suspendDirect(ctx, call, aa, start)
		}
	}
	s.logCallEnd(ctx, call, start, out, err)
	s.tel.endCall(ctx, call, out, err)
	return out, err
}

// logCallEnd writes the event that ends a top-level call, or the part of
// it a Resume ran: tool/suspended when it suspended, then tool/call.
func (s *Session) logCallEnd(ctx context.Context, call *Call, start time.Time, out *Output, err error) {
	if err == nil && out != nil && out.Suspended != nil {
		s.log.LogAttrs(ctx, slog.LevelInfo, EventSuspended, append(callAttrs(call), slog.Any("pending", pendingIDs(out.Suspended.Pending)))...)
	}
	s.log.LogAttrs(ctx, slog.LevelInfo, EventCall, append(callAttrs(call), callOutcomeAttrs(call, time.Since(start), out, err)...)...)
}

// lookupTopLevel finds the tool a top-level call may reach in this mode.
// The messages tell the model what it can do instead.
func (s *Session) lookupTopLevel(name string) (*entry, error) {
	if name == RunCodeToolName {
		if s.cfg.Mode == ModeNative {
			return nil, fmt.Errorf("tool %q is not offered: Code Mode is off (mode native)", name)
		}
		return s.runCode, nil
	}
	if name == DescribeToolsToolName {
		if s.cfg.Mode == ModeNative {
			return nil, fmt.Errorf("tool %q is not offered: Code Mode is off (mode native)", name)
		}
		return s.describe, nil
	}
	e := s.visibleEntry(name)
	if e == nil {
		return nil, fmt.Errorf("unknown tool %q", name)
	}
	if s.cfg.Mode == ModeCode {
		return nil, fmt.Errorf("tool %q is not offered directly in mode code; call it from a run_code program as %s", name, s.lang.callHint(name))
	}
	return e, nil
}

// visibleEntry returns the registered, visible tool of that name, or nil.
func (s *Session) visibleEntry(name string) *entry {
	e := s.reg.entry(name)
	if e == nil || !s.cfg.Tools.Admits(name, e.tool.QualifiedName()) {
		return nil
	}
	return e
}

// visible returns the visible tools sorted by name, and the registry
// generation they come from.
func (s *Session) visible() ([]*entry, uint64) {
	all, gen := s.reg.snapshot()
	out := make([]*entry, 0, len(all))
	for _, e := range all {
		if s.cfg.Tools.Admits(e.tool.Name, e.tool.QualifiedName()) {
			out = append(out, e)
		}
	}
	return out, gen
}
