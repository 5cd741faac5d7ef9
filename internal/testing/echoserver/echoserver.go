// Package echoserver is a small MCP server that the mcpproxy and command
// tests run as a real upstream subprocess: their test binaries start
// themselves under its name (package internal/testing/testbin). It is written with
// the official go-sdk so the tests exercise the same wire protocol a
// production server speaks.
//
// Tools:
//
//	echo        returns its text (read-only, structured output)
//	sleep       waits ms milliseconds, honouring cancellation (read-only)
//	fail        always returns a tool error carrying its message
//	prose       returns plain text that is not JSON
//	info        reports pid, working directory and ECHO_GREETING
//	crash       exits the process without answering
//	set_bonus   adds or removes the tool "bonus", which sends list_changed
//	bonus       present only after set_bonus {enabled: true}
//	ordered     with -ordered only: a schema whose properties are not in
//	            byte order, to show the proxy keeps the server's order
//	nested      with -nested-refs N only: the schema of NestedRefSchema(N)
//	create_merge_request_note_emoji_reaction
//	            with -long-name only: a real tool's name, long enough
//	            that a host's prefix takes it past 64 characters
//
// Flags of [Main]:
//
//	-http ADDR        serve streamable HTTP on ADDR instead of stdio
//	-require-header K=V  with -http, reject requests lacking header K: V
//	-exit-at-start N  print a reason to stderr and exit with status N
//	-ordered          also offer the tool "ordered"
//	-nested-refs N    also offer the tool "nested"
//	-long-name        also offer the tool with the long name
package echoserver

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"log"
	"net"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Main serves MCP on standard input and output, or over HTTP with -http,
// with the flags in os.Args, and returns the exit status.
func Main() int {
	flags := flag.NewFlagSet("echoserver", flag.ContinueOnError)
	httpAddr := flags.String("http", "", "serve streamable HTTP on this address; print the bound address on stdout")
	requireHeader := flags.String("require-header", "", "with -http: reject requests without this header, as Name=Value")
	exitAtStart := flags.Int("exit-at-start", 0, "exit immediately with this status after printing a reason on stderr")
	ordered := flags.Bool("ordered", false, "also offer the tool \"ordered\"")
	nestedRefs := flags.Int("nested-refs", 0, "also offer the tool \"nested\", whose schema nests this many definitions")
	longName := flags.Bool("long-name", false, "also offer a tool named "+LongToolName)
	notes := flags.Bool("notes", false, "also offer the resources of notes.go: two listed notes and a template reaching any")
	if err := flags.Parse(os.Args[1:]); err != nil {
		return 2
	}
	if *exitAtStart != 0 {
		fmt.Fprintln(os.Stderr, "echoserver: refusing to start: told to by -exit-at-start")
		return *exitAtStart
	}

	server := newServer()
	if *ordered {
		server.AddTool(&mcp.Tool{Name: "ordered", Description: "Takes properties listed out of byte order.", InputSchema: orderedSchema}, orderedTool)
	}
	if *nestedRefs > 0 {
		server.AddTool(&mcp.Tool{Name: "nested", Description: "Takes a deeply nested value.", InputSchema: NestedRefSchema(*nestedRefs)}, okTool)
	}
	if *longName {
		server.AddTool(&mcp.Tool{Name: LongToolName, Description: "Has a long name.", InputSchema: json.RawMessage(`{"type":"object"}`)}, okTool)
	}
	if *notes {
		addNotes(server)
	}
	if *httpAddr != "" {
		if err := serveHTTP(server, *httpAddr, *requireHeader); err != nil {
			log.Print(err)
			return 1
		}
		return 0
	}
	if err := server.Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		log.Print(err)
		return 1
	}
	return 0
}

func newServer() *mcp.Server {
	// Capabilities are declared explicitly because set_bonus changes the tool
	// list after clients have connected, and list_changed rides on them.
	server := mcp.NewServer(&mcp.Implementation{Name: "echoserver", Version: "v0.0.1"}, &mcp.ServerOptions{
		Capabilities: &mcp.ServerCapabilities{Tools: &mcp.ToolCapabilities{ListChanged: true}},
	})
	readOnly := &mcp.ToolAnnotations{ReadOnlyHint: true}

	mcp.AddTool(server, &mcp.Tool{Name: "echo", Description: "Return the text you send.", Annotations: readOnly}, echo)
	mcp.AddTool(server, &mcp.Tool{Name: "sleep", Description: "Wait for ms milliseconds, then return them.", Annotations: readOnly}, sleep)
	mcp.AddTool(server, &mcp.Tool{Name: "fail", Description: "Always fail with the given message."}, fail)
	mcp.AddTool(server, &mcp.Tool{Name: "prose", Description: "Return a sentence that is not JSON.", Annotations: readOnly}, prose)
	mcp.AddTool(server, &mcp.Tool{Name: "info", Description: "Report the process id, working directory and ECHO_GREETING.", Annotations: readOnly}, info)
	mcp.AddTool(server, &mcp.Tool{Name: "crash", Description: "Exit the server process without answering."}, crash)
	mcp.AddTool(server, &mcp.Tool{Name: "set_bonus", Description: "Add or remove the tool named bonus."}, setBonus(server))
	mcp.AddTool(server, &mcp.Tool{Name: "append", Description: "Append a line to a file and return how many lines it has."}, appendLine)
	return server
}

type appendIn struct {
	Path string `json:"path" jsonschema:"the file to append to"`
	Line string `json:"line" jsonschema:"the line to append"`
}

type appendOut struct {
	Lines int `json:"lines"`
}

// appendLine lets tests count executions across processes: every call
// leaves a line in the file.
func appendLine(_ context.Context, _ *mcp.CallToolRequest, in appendIn) (*mcp.CallToolResult, appendOut, error) {
	f, err := os.OpenFile(in.Path, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
	if err != nil {
		return nil, appendOut{}, err
	}
	if _, err := f.WriteString(in.Line + "\n"); err != nil {
		f.Close()
		return nil, appendOut{}, err
	}
	if err := f.Close(); err != nil {
		return nil, appendOut{}, err
	}
	data, err := os.ReadFile(in.Path)
	if err != nil {
		return nil, appendOut{}, err
	}
	return nil, appendOut{Lines: strings.Count(string(data), "\n")}, nil
}

// orderedSchema lists its properties in an order no map would keep.
var orderedSchema = json.RawMessage(`{"type":"object","properties":{` +
	`"zeta":{"type":"string"},"alpha":{"type":"number"},"mid":{"type":"array","prefixItems":[{"type":"number"},{"type":"number"}]}},` +
	`"required":["zeta"]}`)

// LongToolName is the name of a real GitLab server's tool: 57 characters
// with the server's name, "zereight-gitlab__", so 71 once Claude Code adds
// "mcp__coderun__".
const LongToolName = "create_merge_request_note_emoji_reaction"

// NestedRefSchema is a schema of about depth×100 bytes whose definitions
// each use the next one twice: inlining every $ref makes a type of 2^depth
// copies of the last one.
func NestedRefSchema(depth int) json.RawMessage {
	var b strings.Builder
	b.WriteString(`{"type":"object","properties":{"root":{"$ref":"#/$defs/d0"}},"$defs":{`)
	for i := range depth {
		fmt.Fprintf(&b, `"d%d":{"type":"object","properties":{"left":{"$ref":"#/$defs/d%d"},"right":{"$ref":"#/$defs/d%d"}}},`, i, i+1, i+1)
	}
	fmt.Fprintf(&b, `"d%d":{"type":"string"}}}`, depth)
	return json.RawMessage(b.String())
}

// okTool answers every call with "ok".
func okTool(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "ok"}}}, nil
}

func orderedTool(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "ordered"}}}, nil
}

type echoIn struct {
	Text string `json:"text" jsonschema:"the text to return"`
}

type echoOut struct {
	Text string `json:"text"`
}

func echo(_ context.Context, _ *mcp.CallToolRequest, in echoIn) (*mcp.CallToolResult, echoOut, error) {
	return nil, echoOut(in), nil
}

type sleepIn struct {
	Ms int `json:"ms" jsonschema:"milliseconds to wait"`
}

type sleepOut struct {
	Slept int `json:"slept"`
}

func sleep(ctx context.Context, _ *mcp.CallToolRequest, in sleepIn) (*mcp.CallToolResult, sleepOut, error) {
	select {
	case <-time.After(time.Duration(in.Ms) * time.Millisecond):
		return nil, sleepOut{Slept: in.Ms}, nil
	case <-ctx.Done():
		return nil, sleepOut{}, ctx.Err()
	}
}

type failIn struct {
	Message string `json:"message,omitempty" jsonschema:"the error message to return"`
}

func fail(_ context.Context, _ *mcp.CallToolRequest, in failIn) (*mcp.CallToolResult, any, error) {
	msg := in.Message
	if msg == "" {
		msg = "failed as asked"
	}
	return nil, nil, errors.New(msg)
}

func prose(context.Context, *mcp.CallToolRequest, struct{}) (*mcp.CallToolResult, any, error) {
	return &mcp.CallToolResult{
		Content: []mcp.Content{&mcp.TextContent{Text: "this is not JSON: {oops"}},
	}, nil, nil
}

type infoOut struct {
	PID      int    `json:"pid"`
	Cwd      string `json:"cwd"`
	Greeting string `json:"greeting"`
}

func info(context.Context, *mcp.CallToolRequest, struct{}) (*mcp.CallToolResult, infoOut, error) {
	cwd, err := os.Getwd()
	if err != nil {
		return nil, infoOut{}, err
	}
	return nil, infoOut{PID: os.Getpid(), Cwd: cwd, Greeting: os.Getenv("ECHO_GREETING")}, nil
}

func crash(context.Context, *mcp.CallToolRequest, struct{}) (*mcp.CallToolResult, any, error) {
	fmt.Fprintln(os.Stderr, "echoserver: crashing as asked")
	os.Exit(3)
	return nil, nil, nil
}

type setBonusIn struct {
	Enabled bool `json:"enabled" jsonschema:"whether the bonus tool should exist"`
}

type bonusIn struct {
	N int `json:"n" jsonschema:"a number to double"`
}

type bonusOut struct {
	Doubled int `json:"doubled"`
}

func setBonus(server *mcp.Server) mcp.ToolHandlerFor[setBonusIn, any] {
	return func(_ context.Context, _ *mcp.CallToolRequest, in setBonusIn) (*mcp.CallToolResult, any, error) {
		// AddTool and RemoveTools notify connected clients with
		// notifications/tools/list_changed.
		if in.Enabled {
			mcp.AddTool(server, &mcp.Tool{Name: "bonus", Description: "Double a number.", Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true}},
				func(_ context.Context, _ *mcp.CallToolRequest, in bonusIn) (*mcp.CallToolResult, bonusOut, error) {
					return nil, bonusOut{Doubled: 2 * in.N}, nil
				})
		} else {
			server.RemoveTools("bonus")
		}
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "ok"}}}, nil, nil
	}
}

func serveHTTP(server *mcp.Server, addr, requireHeader string) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("listen: %w", err)
	}
	// The test reads the bound address (addr may end in :0) from stdout.
	fmt.Println(ln.Addr().String())

	var handler http.Handler = mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return server }, nil)
	if requireHeader != "" {
		name, value, ok := strings.Cut(requireHeader, "=")
		if !ok {
			return fmt.Errorf("-require-header %q: want Name=Value", requireHeader)
		}
		next := handler
		handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.Header.Get(name) != value {
				http.Error(w, "missing or wrong "+name, http.StatusUnauthorized)
				return
			}
			next.ServeHTTP(w, r)
		})
	}
	return http.Serve(ln, handler)
}
