package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/coderun/coderun/mcpproxy"
)

func init() { commands["mcp"] = runMCP }

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
func runMCP(args []string, stdout, stderr io.Writer) int {
	fs, start := newFlagSet("mcp", "Serves Code Mode over MCP: on stdio, or on streamable HTTP with --http.", stderr)
	httpAddr := fs.String("http", "", "serve streamable HTTP on `ADDR`, e.g. 127.0.0.1:8931, instead of stdio")
	logPath := fs.String("log", "", "append the session log (JSONL) to `FILE`; - for stderr")
	callTimeout := fs.Duration("call-timeout", mcpproxy.DefaultCallTimeout, "how long one call of an upstream tool may take")
	keepGoing := fs.Bool("keep-going", false, "serve even when every configured server failed to start (the tool list fills in as servers come back)")
	if status, stop := parseFlags(fs, args); stop {
		return status
	}

	log, closeLog, err := openSessionLog(*logPath, stderr)
	if err != nil {
		fmt.Fprintf(stderr, "coderun mcp: %v\n", err)
		return 2
	}
	defer closeLog()
	up, err := startUpstreams(start, mcpproxy.Options{Log: log, CallTimeout: *callTimeout}, stderr)
	if err != nil {
		fmt.Fprintf(stderr, "coderun mcp: %v\n", err)
		return 2
	}
	defer up.hub.Close()
	if allFailed(up.report) && !*keepGoing {
		fmt.Fprintf(stderr, "coderun mcp: every server in %s failed to start (see above); fix them, or pass --keep-going to serve anyway\n", start.config)
		return 1
	}
	srv, err := mcpproxy.NewServer(up.cfg, up.hub, mcpproxy.ServerOptions{Log: log, Warnings: stderr})
	if err != nil {
		fmt.Fprintf(stderr, "coderun mcp: %v\n", err)
		return 2
	}
	defer func() {
		ctx, cancel := context.WithTimeout(context.Background(), shutdownGrace)
		defer cancel()
		if err := srv.Close(ctx); err != nil {
			fmt.Fprintf(stderr, "coderun mcp: %v\n", err)
		}
	}()

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if *httpAddr != "" {
		err = serveHTTP(ctx, srv, *httpAddr, stderr)
	} else {
		err = srv.Serve(ctx, os.Stdin, stdout)
	}
	if err != nil {
		fmt.Fprintf(stderr, "coderun mcp: %v\n", err)
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
func serveHTTP(ctx context.Context, srv *mcpproxy.Server, addr string, stderr io.Writer) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("--http: %w", err)
	}
	if tcp, ok := ln.Addr().(*net.TCPAddr); ok && !tcp.IP.IsLoopback() {
		fmt.Fprintf(stderr, "coderun: warning: serving on %s, which is not a loopback address: "+
			"anyone who can reach it can call your tools\n", ln.Addr())
	}
	fmt.Fprintf(stderr, "coderun: serving MCP (streamable HTTP) at http://%s/mcp\n", ln.Addr())

	// Every path serves MCP, so a host configured with the bare address
	// works as well as one using /mcp.
	hs := &http.Server{Handler: srv.Handler(), ReadHeaderTimeout: 10 * time.Second}
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
