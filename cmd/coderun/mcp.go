package main

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"time"

	"github.com/coderun/coderun/codemode"
	"github.com/coderun/coderun/mcpproxy"
)

var mcpCmd = &command{
	name:     "mcp",
	args:     "[flags]",
	summary:  "serve Code Mode over MCP (stdio, or --http ADDR)",
	synopsis: "Serves Code Mode over MCP: on stdio, or on streamable HTTP with --http. With OTEL_EXPORTER_OTLP_ENDPOINT set, it exports OpenTelemetry traces and metrics over OTLP/HTTP.",
	run:      runMCP,
}

// shutdownGrace bounds how long stopping waits for HTTP requests and runs
// in flight.
const shutdownGrace = 5 * time.Second

// runMCP implements `coderun mcp`: an MCP server on stdio (the default) or
// streamable HTTP (--http) offering the configured mode's tools over the
// config's upstream servers. It returns the exit status: 0 after the
// client disconnects or a signal, 1 when serving fails or every configured
// server failed to start (unless --keep-going), 2 for a usage or config
// error. Failing fast when nothing works is what hosts expect: they show
// the exit and stderr to the user, where serving no tools looks like a
// server that works.
func runMCP(c *command, args []string, std stdio) int {
	fs := newFlagSet(c, std)
	start := addStartFlags(fs)
	httpAddr := fs.String("http", "", "serve streamable HTTP on `ADDR`, e.g. 127.0.0.1:8931, instead of stdio")
	stateless := fs.Bool("stateless", false, "with --http: serve without sessions (protocol 2026-07-28), so replicas sharing state.store and the StateKey can serve any request")
	logPath := fs.String("log", "", "append the session log (JSONL) to `FILE`; - for stderr")
	callTimeout := fs.Duration("call-timeout", mcpproxy.DefaultCallTimeout, "how long one call of an upstream tool may take")
	keepGoing := fs.Bool("keep-going", false, "serve even when every configured server failed to start (the tool list fills in as servers come back)")
	cache := addCacheFlags(fs)
	if status, stop := parseFlags(c, fs, args, std, 0, 0); stop {
		return status
	}
	if *stateless && *httpAddr == "" {
		fmt.Fprintln(std.err, "coderun mcp: --stateless needs --http: stdio serves one client in one process")
		return 2
	}
	cfg, err := start.loadConfig()
	if err != nil {
		fmt.Fprintf(std.err, "coderun mcp: %v\n", err)
		return 2
	}
	cfg.Budgets.CompilationCacheDir = cache.resolve(cfg.Budgets.CompilationCacheDir)

	// The handler is installed before anything slow starts, so Ctrl-C
	// during a long upstream start-up stops cleanly instead of killing the
	// process with children half started.
	ctx, stop := interruptContext()
	defer stop()

	// Stopped last, after the server and the runtime: the spans of the
	// calls and runs they end on the way out are exported too.
	tel, stopTelemetry, err := openTelemetry(ctx, std.err)
	if err != nil {
		fmt.Fprintf(std.err, "coderun mcp: %v\n", err)
		return 2
	}
	defer stopTelemetry()
	cfg.Budgets.Telemetry = tel

	log, closeLog, err := openSessionLog(*logPath, std.err)
	if err != nil {
		fmt.Fprintf(std.err, "coderun mcp: %v\n", err)
		return 2
	}
	defer closeLog()
	state, err := openState(cfg.State)
	if err != nil {
		fmt.Fprintf(std.err, "coderun mcp: %v\n", err)
		return 2
	}
	defer state.close()
	if state.key == nil {
		// One process, nothing shared: a key of its own, which the runtime
		// and the server must both hold.
		state.key = make([]byte, 32)
		_, _ = rand.Read(state.key) // crypto/rand.Read never fails
	}
	cfg.Budgets.StateKey = state.key
	opts := mcpproxy.ServerOptions{Log: log, Warnings: std.err, StateKey: state.key, Store: state.store, Telemetry: tel}
	if cfg.Mode != codemode.ModeNative {
		// The runtime is made here rather than by the server so that an
		// unusable cache falls back to compiling, with a warning.
		rt, err := newRuntime(cfg.Budgets, std)
		if err != nil {
			fmt.Fprintf(std.err, "coderun mcp: %v\n", err)
			return 2
		}
		defer rt.Close(context.Background())
		opts.Runtime = rt
	}
	up, err := startUpstreams(ctx, start, cfg, mcpproxy.Options{Log: log, CallTimeout: *callTimeout}, std.err)
	if err != nil {
		fmt.Fprintf(std.err, "coderun mcp: %v\n", err)
		return 2
	}
	defer closeHub(up.hub, std.err)
	if allFailed(up.report) && !*keepGoing {
		fmt.Fprintf(std.err, "coderun mcp: every server in %s failed to start (see above); fix them, or pass --keep-going to serve anyway\n", start.config)
		return 1
	}
	srv, err := mcpproxy.NewServer(up.cfg, up.hub, opts)
	if err != nil {
		fmt.Fprintf(std.err, "coderun mcp: %v\n", err)
		return 2
	}
	defer func() {
		ctx, cancel := context.WithTimeout(context.Background(), shutdownGrace)
		defer cancel()
		if err := srv.Close(ctx); err != nil {
			fmt.Fprintf(std.err, "coderun mcp: %v\n", err)
		}
	}()

	if *httpAddr != "" {
		err = serveHTTP(ctx, srv, *httpAddr, *stateless, std.err)
	} else {
		err = srv.Serve(ctx, asReadCloser(std.in), std.out)
	}
	if err != nil {
		fmt.Fprintf(std.err, "coderun mcp: %v\n", err)
		return 1
	}
	return 0
}

// allFailed reports whether servers were configured and none started.
func allFailed(r *mcpproxy.Report) bool {
	for _, s := range r.Servers {
		if s.Err == nil {
			return false
		}
	}
	return len(r.Servers) > 0
}

// serveHTTP serves srv on addr until ctx is cancelled. It prints the URL to
// stderr once listening, so a caller that asked for port 0 learns the port.
func serveHTTP(ctx context.Context, srv *mcpproxy.Server, addr string, stateless bool, stderr io.Writer) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("--http: %w", err)
	}
	if tcp, ok := ln.Addr().(*net.TCPAddr); ok && !tcp.IP.IsLoopback() {
		fmt.Fprintf(stderr, "coderun: warning: serving on %s, which is not a loopback address: "+
			"anyone who can reach it can call your tools\n", ln.Addr())
	}
	handler, kind := srv.Handler(), "streamable HTTP"
	if stateless {
		handler, kind = srv.StatelessHandler(), "stateless streamable HTTP"
	}
	fmt.Fprintf(stderr, "coderun: serving MCP (%s) at http://%s/mcp\n", kind, ln.Addr())

	// Every path serves MCP, so a host configured with the bare address
	// works as well as one using /mcp.
	hs := &http.Server{Handler: handler, ReadHeaderTimeout: 10 * time.Second}
	shutdownDone := make(chan error, 1)
	go func() {
		<-ctx.Done()
		sctx, cancel := context.WithTimeout(context.Background(), shutdownGrace)
		defer cancel()
		err := hs.Shutdown(sctx)
		if err != nil {
			// Streams still open after the grace period (a client holding
			// its SSE stream) are cut.
			err = hs.Close()
		}
		shutdownDone <- err
	}()
	if err := hs.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("serving HTTP: %w", err)
	}
	if err := <-shutdownDone; err != nil {
		return fmt.Errorf("shutting down HTTP: %w", err)
	}
	return nil
}

// asReadCloser gives Serve the command's standard input as the ReadCloser it
// takes: the reader itself when it can close (os.Stdin), else with a no-op
// Close.
func asReadCloser(r io.Reader) io.ReadCloser {
	if rc, ok := r.(io.ReadCloser); ok {
		return rc
	}
	return io.NopCloser(r)
}
