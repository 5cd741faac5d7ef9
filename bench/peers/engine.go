package main

import (
	"fmt"
	"strings"
)

// Engine runs programs, each in a fresh runtime that shares nothing with
// any other run. A program is the body of an async function, as coderun
// runs it: top-level await and return work, and the returned value comes
// back as JSON text. Run must be safe for concurrent use.
type Engine interface {
	// Name is the engine's name in reports.
	Name() string
	// Run runs program in a fresh runtime with host as the global "host"
	// and returns JSON.stringify of its completion value ("" for
	// undefined). A program that throws is an error.
	Run(program string, host Host) (string, error)
	// Close releases what the engine holds between runs.
	Close()
}

// HostFunc is a host function a program calls as `await host.name(arg)`.
// It runs on a goroutine of its own, as a tool call that may block would,
// and its result resolves the program's promise.
type HostFunc func(arg any) (any, error)

// Host is the global "host": its functions by name.
type Host map[string]HostFunc

// budgets are the limits every engine runs under, coderun's DefaultConfig
// values where the peer has a matching knob. modernc.org/quickjs has an
// eval timeout (time spent in JavaScript, like ComputeTime) and a memory
// limit; goja has neither, only Interrupt, which a timer calls after
// wallTimeout (like WallTime: many concurrent runs on few cores take far
// longer than their CPU time).
const (
	computeTimeout = 10e9 // ns: DefaultConfig().ComputeTime
	wallTimeout    = 60e9 // ns: DefaultConfig().WallTime
	memoryLimit    = 256 << 20
)

// wrapProgram turns a program body into a script for a peer engine: the
// body runs as an async function, and its outcome lands in two globals the
// engine reads once the event loop has drained.
func wrapProgram(program string) string {
	var b strings.Builder
	b.WriteString("(async () => {\n")
	b.WriteString(program)
	b.WriteString("\n})().then(v => { globalThis.__out = JSON.stringify(v) ?? \"\" }, ")
	b.WriteString("e => { globalThis.__err = String(e && e.stack || e) });\n")
	return b.String()
}

// outcome turns the two globals wrapProgram sets into Run's result.
func outcome(out, errText any) (string, error) {
	if s, ok := errText.(string); ok && s != "" {
		return "", fmt.Errorf("program threw: %s", s)
	}
	s, ok := out.(string)
	if !ok {
		return "", fmt.Errorf("program did not settle (result %v)", out)
	}
	return s, nil
}

// completion is a host call's result, applied on the run's own goroutine
// (its event loop), where the runtime may be touched.
type completion func() error
