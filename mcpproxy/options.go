package mcpproxy

import (
	"io"
	"log/slog"
	"time"

	"github.com/coderun/coderun/codemode"
)

// Options tune how a Hub talks to upstream servers. The zero value is valid:
// every zero field takes the default documented on it.
type Options struct {
	// StartTimeout bounds connecting to one server: starting the process or
	// reaching the URL, the MCP handshake and the first tools/list.
	// Default 60s, generous because `npx -y` may download a package first.
	StartTimeout time.Duration
	// CallTimeout bounds one tools/call on an upstream. A call that runs out
	// fails naming the server and the tool; the server stays connected.
	// Default 5m.
	CallTimeout time.Duration
	// RestartBackoff is the wait before restarting a server that failed
	// twice in a row; it doubles with each further failure up to
	// MaxRestartBackoff. The first restart after a crash is immediate.
	// Default 500ms.
	RestartBackoff time.Duration
	// MaxRestartBackoff caps RestartBackoff's doubling. Default 30s.
	MaxRestartBackoff time.Duration
	// Stderr receives the upstream processes' stderr, each line prefixed with
	// "[server] ". Default: discarded (the last lines are still kept to
	// explain a failure).
	Stderr io.Writer
	// Log is the session log. Default: discarded.
	Log *slog.Logger
	// MaxToolNameLength is the longest name a tool (or prompt, or
	// resource) is offered under; longer names are shortened. Default
	// codemode.DefaultMaxToolNameLength; coderun.yml's maxToolNameLength.
	MaxToolNameLength int
}

// Defaults of Options.
const (
	DefaultStartTimeout      = 60 * time.Second
	DefaultCallTimeout       = 5 * time.Minute
	DefaultRestartBackoff    = 500 * time.Millisecond
	DefaultMaxRestartBackoff = 30 * time.Second
)

// withDefaults returns o with every zero field replaced by its default, so
// the rest of the package never checks for zero.
func (o Options) withDefaults() Options {
	if o.StartTimeout <= 0 {
		o.StartTimeout = DefaultStartTimeout
	}
	if o.CallTimeout <= 0 {
		o.CallTimeout = DefaultCallTimeout
	}
	if o.RestartBackoff <= 0 {
		o.RestartBackoff = DefaultRestartBackoff
	}
	if o.MaxRestartBackoff <= 0 {
		o.MaxRestartBackoff = DefaultMaxRestartBackoff
	}
	if o.MaxRestartBackoff < o.RestartBackoff {
		o.MaxRestartBackoff = o.RestartBackoff
	}
	if o.Stderr == nil {
		o.Stderr = io.Discard
	}
	if o.Log == nil {
		o.Log = slog.New(slog.DiscardHandler)
	}
	if o.MaxToolNameLength == 0 {
		o.MaxToolNameLength = codemode.DefaultMaxToolNameLength
	}
	return o
}

// restartDelay is how long to wait before the next connection attempt after
// failures consecutive failures: none after the first, so a server that
// crashed once is back on the very next call, then RestartBackoff doubling.
func (o Options) restartDelay(failures int) time.Duration {
	if failures <= 1 {
		return 0
	}
	d := o.RestartBackoff
	for i := 2; i < failures && d < o.MaxRestartBackoff; i++ {
		d *= 2
	}
	return min(d, o.MaxRestartBackoff)
}
