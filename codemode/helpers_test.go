package codemode

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"
)

// logBuffer collects the session log; the JSON handler serializes writes,
// the mutex makes reading during a run safe too.
type logBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *logBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

// events decodes the log, one map per JSONL line.
func (l *logBuffer) events(t *testing.T) []map[string]any {
	t.Helper()
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []map[string]any
	sc := bufio.NewScanner(bytes.NewReader(l.buf.Bytes()))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var ev map[string]any
		require.NoError(t, json.Unmarshal(sc.Bytes(), &ev), "every session log line is one JSON object")
		out = append(out, ev)
	}
	return out
}

// named returns the events with the given message.
func (l *logBuffer) named(t *testing.T, msg string) []map[string]any {
	var out []map[string]any
	for _, ev := range l.events(t) {
		if ev["msg"] == msg {
			out = append(out, ev)
		}
	}
	return out
}

// valueTool returns a tool that answers every call with value.
func valueTool(name string, class Concurrency, value string) Tool {
	return Tool{
		Name:        name,
		Description: "Returns a fixed value.",
		InputSchema: json.RawMessage(`{"type":"object"}`),
		Concurrency: class,
		Execute: func(context.Context, *Call) (*Output, error) {
			return &Output{Value: json.RawMessage(value)}, nil
		},
	}
}

// newTestSession builds a session over tools with a captured log.
func newTestSession(t *testing.T, opts Options, tools ...Tool) (*Session, *logBuffer) {
	t.Helper()
	reg := NewRegistry()
	require.NoError(t, reg.Register(tools...))
	logs := &logBuffer{}
	opts.Registry = reg
	opts.Log = NewSessionLog(logs)
	if opts.Runtime == nil {
		opts.Runtime = sharedRuntime
	}
	s, err := NewSession(opts)
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, s.Close(context.Background())) })
	return s, logs
}
