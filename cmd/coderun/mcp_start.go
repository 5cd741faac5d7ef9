package main

import (
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
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

// startUpstreams loads the config and connects to its servers, writing the
// start-up report (one line per server, one per renamed tool) to stderr. A
// server that fails is in the report, not an error: the others go on. The
// error is for a config that cannot be used at all. opts.Stderr and
// opts.StartTimeout are set from stderr and the flags.
func startUpstreams(flags *startFlags, opts mcpproxy.Options, stderr io.Writer) (*upstreams, error) {
	cfg, err := codemode.LoadConfig(flags.config)
	if err != nil {
		return nil, err
	}
	opts.Stderr, opts.StartTimeout = stderr, flags.startTimeout
	hub, report, err := mcpproxy.Start(cfg.Servers, opts)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", flags.config, err)
	}
	if _, err := report.WriteTo(stderr); err != nil {
		hub.Close()
		return nil, fmt.Errorf("writing the start-up report: %w", err)
	}
	return &upstreams{cfg: cfg, hub: hub, report: report}, nil
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

// newFlagSet returns a flag set for a subcommand that reports its errors
// and usage on stderr, with the flags every subcommand that connects to
// the config's servers takes.
func newFlagSet(name, synopsis string, stderr io.Writer) (*flag.FlagSet, *startFlags) {
	fs := flag.NewFlagSet("coderun "+name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	var sf startFlags
	fs.StringVar(&sf.config, "config", defaultConfigPath, "the coderun.yml to read")
	fs.DurationVar(&sf.startTimeout, "start-timeout", mcpproxy.DefaultStartTimeout, "how long each server may take to start and list its tools")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: coderun %s [flags]\n\n%s\n\nflags:\n", name, synopsis)
		fs.PrintDefaults()
	}
	return fs, &sf
}

// parseFlags parses args, returning the exit status to use when the
// command must stop: 0 after -h, 2 after a usage error.
func parseFlags(fs *flag.FlagSet, args []string) (status int, stop bool) {
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			return 0, true
		}
		return 2, true
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(fs.Output(), "%s: unexpected argument %q\n", fs.Name(), fs.Arg(0))
		fs.Usage()
		return 2, true
	}
	return 0, false
}
