package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/coderun/coderun/codemode"
	"github.com/coderun/coderun/mcpproxy"
)

// defaultConfigPath is where mcp, sdk and tools look for the config when
// --config is not given.
const defaultConfigPath = "coderun.yml"

// upstreams is what mcp, sdk and tools start from: the config and a hub
// connected to its servers.
type upstreams struct {
	cfg    *codemode.Config
	hub    *mcpproxy.Hub
	report *mcpproxy.Report
}

// startFlags are the flags of every subcommand that connects to the
// config's servers.
type startFlags struct {
	config       string
	startTimeout time.Duration
}

// addStartFlags adds the flags of every subcommand that connects to the
// config's servers.
func addStartFlags(fs *flag.FlagSet) *startFlags {
	var sf startFlags
	fs.StringVar(&sf.config, "config", defaultConfigPath, "the coderun.yml to read")
	durationVar(fs, &sf.startTimeout, "start-timeout", mcpproxy.DefaultStartTimeout, "how long each server may take to start and list its tools")
	return &sf
}

// loadConfig reads the config named by --config.
func (sf *startFlags) loadConfig() (*codemode.Config, error) {
	return codemode.LoadConfig(sf.config)
}

// startUpstreams connects to cfg's servers, writing the start-up report
// (one line per server, one per renamed tool) to stderr. A server that
// fails is in the report, not an error: the others go on. The error is for
// a config that cannot be used at all. opts.Stderr and opts.StartTimeout
// are set from stderr and the flags, opts.MaxToolNameLength from cfg.
// ctx ends the start-up early (Ctrl-C), stopping what had started.
func startUpstreams(ctx context.Context, sf *startFlags, cfg *codemode.Config, opts mcpproxy.Options, stderr io.Writer) (*upstreams, error) {
	opts.Stderr, opts.StartTimeout, opts.MaxToolNameLength = stderr, sf.startTimeout, cfg.MaxToolNameLength
	hub, report, err := mcpproxy.Start(ctx, cfg.Servers, opts)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", sf.config, err)
	}
	if _, err := report.WriteTo(stderr); err != nil {
		closeHub(hub, stderr)
		return nil, fmt.Errorf("writing the start-up report: %w", err)
	}
	return &upstreams{cfg: cfg, hub: hub, report: report}, nil
}

// closeHub stops the upstream servers, waiting at most shutdownGrace plus
// the servers' own grace period; a server still stopping by then is
// reported and left to the shutdown under way.
func closeHub(hub *mcpproxy.Hub, stderr io.Writer) {
	ctx, cancel := context.WithTimeout(context.Background(), shutdownGrace)
	defer cancel()
	if err := hub.Close(ctx); err != nil {
		fmt.Fprintf(stderr, "coderun: %v\n", err)
	}
}

// interruptContext is done on Ctrl-C or SIGTERM. Commands that start
// upstream servers install it before starting them, so an interrupt during
// a long start stops the servers already started rather than killing
// coderun with its children half started.
func interruptContext() (context.Context, context.CancelFunc) {
	return signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
}

// openSessionLog opens the session log named by --log: a file appended to
// as JSONL, "-" for stderr, or "" for none.
func openSessionLog(path string, stderr io.Writer) (*slog.Logger, func() error, error) {
	switch path {
	case "":
		return slog.New(slog.DiscardHandler), func() error { return nil }, nil
	case "-":
		return codemode.NewSessionLog(stderr), func() error { return nil }, nil
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o600)
	if err != nil {
		return nil, nil, fmt.Errorf("session log: %w", err)
	}
	return codemode.NewSessionLog(f), f.Close, nil
}
