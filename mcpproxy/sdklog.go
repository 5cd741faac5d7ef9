package mcpproxy

import (
	"context"
	"log/slog"
)

// sdkLogEvent is the session-log event of a warning or error the MCP SDK
// reports about its own work (a keepalive that failed, a malformed message
// from a host). Its message is in the record's "sdk" attribute.
const sdkLogEvent = "mcp/sdk-warning"

// sdkLog is the logger the MCP SDK is given. The session log holds
// coderun's documented events only: the SDK's informational lines (a
// server starting, a session connecting) say nothing the events do not,
// and its warnings and errors are kept under one event of coderun's, with
// the SDK's own text as an attribute.
func sdkLog(log *slog.Logger) *slog.Logger {
	return slog.New(sdkHandler{log.Handler()})
}

type sdkHandler struct{ next slog.Handler }

func (h sdkHandler) Enabled(ctx context.Context, l slog.Level) bool {
	return l >= slog.LevelWarn && h.next.Enabled(ctx, l)
}

func (h sdkHandler) Handle(ctx context.Context, r slog.Record) error {
	out := slog.NewRecord(r.Time, r.Level, sdkLogEvent, r.PC)
	out.AddAttrs(slog.String("sdk", r.Message))
	r.Attrs(func(a slog.Attr) bool { out.AddAttrs(a); return true })
	return h.next.Handle(ctx, out)
}

func (h sdkHandler) WithAttrs(attrs []slog.Attr) slog.Handler {
	return sdkHandler{h.next.WithAttrs(attrs)}
}

func (h sdkHandler) WithGroup(name string) slog.Handler {
	return sdkHandler{h.next.WithGroup(name)}
}
