package mcpproxy

import (
	"fmt"
	"io"
)

// Report is the outcome of starting a Hub: how each server fared and which
// tool names collided.
type Report struct {
	// Servers is sorted by name.
	Servers []ServerStatus
	// Collisions lists the renamed tools, in (server, tool) order.
	Collisions []Collision
}

// ServerStatus is one server's start-up outcome.
type ServerStatus struct {
	// Name is the server's configured name.
	Name string
	// Endpoint is its command line or URL, with credentials hidden: a
	// URL's user information and query, and arguments that name or follow
	// a secret ("--token X") are masked.
	Endpoint string
	// Tools is how many tools it listed; 0 when it failed.
	Tools int
	// Err is why it failed to start, naming the server; nil when it
	// started.
	Err error
}

// Failed reports whether any server failed to start.
func (r *Report) Failed() bool {
	for _, s := range r.Servers {
		if s.Err != nil {
			return true
		}
	}
	return false
}

// WriteTo writes one line per server and per collision, in the form
// `coderun mcp` prints at start-up.
func (r *Report) WriteTo(w io.Writer) (int64, error) {
	cw := &countingWriter{w: w}
	for _, s := range r.Servers {
		if s.Err != nil {
			fmt.Fprintf(cw, "coderun: %v\n", s.Err)
		} else {
			fmt.Fprintf(cw, "coderun: server %q: %d tools (%s)\n", s.Name, s.Tools, s.Endpoint)
		}
	}
	for _, c := range r.Collisions {
		fmt.Fprintf(cw, "coderun: %s\n", c)
	}
	return cw.n, cw.err
}

// countingWriter lets WriteTo report io.WriterTo's byte count and first
// error while writing with fmt.Fprintf.
type countingWriter struct {
	w   io.Writer
	n   int64
	err error
}

func (c *countingWriter) Write(p []byte) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	n, err := c.w.Write(p)
	c.n += int64(n)
	c.err = err
	return n, err
}
