package mcpproxy

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"reflect"
	"strings"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The go-sdk client decodes a tool's inputSchema into a map, and a map
// marshals with its keys sorted: filesystem's read_text_file would show
// "head, path, tail" where the server wrote "path, tail, head". Models read
// the first properties first, and authors put the important ones there, so
// coderun keeps the server's bytes: it watches the tools/list responses go
// by on the connection (stdio) or in the HTTP bodies (streamable HTTP) and
// records each tool's schemas as sent. A recorded schema is used only if it
// decodes to exactly what the SDK decoded, so a misread response can never
// change what a tool accepts.

// rawSchemas are one tool's schemas as the server sent them.
type rawSchemas struct {
	input, output json.RawMessage
}

// rawTools records the schemas of the tools/list responses of one
// connection.
type rawTools struct {
	mu      sync.Mutex
	pending map[jsonrpc.ID]bool   // tools/list requests awaiting an answer (stdio)
	byName  map[string]rawSchemas // from the latest page listing each tool
}

func newRawTools() *rawTools {
	return &rawTools{pending: make(map[jsonrpc.ID]bool), byName: make(map[string]rawSchemas)}
}

// observe records the tools of a tools/list result.
func (r *rawTools) observe(result json.RawMessage) {
	var page struct {
		Tools []struct {
			Name         string          `json:"name"`
			InputSchema  json.RawMessage `json:"inputSchema"`
			OutputSchema json.RawMessage `json:"outputSchema"`
		} `json:"tools"`
	}
	if json.Unmarshal(result, &page) != nil {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, t := range page.Tools {
		r.byName[t.Name] = rawSchemas{input: compactJSON(t.InputSchema), output: compactJSON(t.OutputSchema)}
	}
}

// schemasOf returns t's schemas as the server sent them, each only if it
// decodes to what the SDK decoded; nil otherwise.
func (r *rawTools) schemasOf(t *mcp.Tool) rawSchemas {
	r.mu.Lock()
	raw, ok := r.byName[t.Name]
	r.mu.Unlock()
	if !ok {
		return rawSchemas{}
	}
	if !sameJSON(raw.input, t.InputSchema) {
		raw.input = nil
	}
	if !sameJSON(raw.output, t.OutputSchema) {
		raw.output = nil
	}
	return raw
}

// sameJSON reports whether raw decodes to the value the SDK decoded.
func sameJSON(raw json.RawMessage, decoded any) bool {
	if raw == nil || decoded == nil {
		return false
	}
	var v, w any
	if json.Unmarshal(raw, &v) != nil {
		return false
	}
	// Round-trip the SDK's value too, so a typed value (a *jsonschema.Schema,
	// a json.RawMessage) compares as the plain JSON it stands for.
	b, err := json.Marshal(decoded)
	if err != nil || json.Unmarshal(b, &w) != nil {
		return false
	}
	return reflect.DeepEqual(v, w)
}

// compactJSON compacts raw, or returns nil if it is absent, null or not
// JSON.
func compactJSON(raw json.RawMessage) json.RawMessage {
	var buf bytes.Buffer
	if len(raw) == 0 || json.Compact(&buf, raw) != nil || buf.String() == "null" {
		return nil
	}
	return buf.Bytes()
}

// rawTransport records the tools/list results read over a transport whose
// connection carries JSON-RPC messages (stdio).
type rawTransport struct {
	mcp.Transport
	raw *rawTools
}

// Connect implements mcp.Transport.
func (t *rawTransport) Connect(ctx context.Context) (mcp.Connection, error) {
	conn, err := t.Transport.Connect(ctx)
	if err != nil {
		return nil, err
	}
	return &rawConn{Connection: conn, raw: t.raw}, nil
}

// rawConn notes the IDs of tools/list requests it writes and records the
// results of the responses it reads with those IDs.
type rawConn struct {
	mcp.Connection
	raw *rawTools
}

// Write implements mcp.Connection.
func (c *rawConn) Write(ctx context.Context, msg jsonrpc.Message) error {
	if req, ok := msg.(*jsonrpc.Request); ok && req.Method == "tools/list" && req.ID.IsValid() {
		c.raw.mu.Lock()
		c.raw.pending[req.ID] = true
		c.raw.mu.Unlock()
	}
	return c.Connection.Write(ctx, msg)
}

// Read implements mcp.Connection.
func (c *rawConn) Read(ctx context.Context) (jsonrpc.Message, error) {
	msg, err := c.Connection.Read(ctx)
	if resp, ok := msg.(*jsonrpc.Response); ok {
		c.raw.mu.Lock()
		mine := c.raw.pending[resp.ID]
		delete(c.raw.pending, resp.ID)
		c.raw.mu.Unlock()
		if mine && resp.Error == nil {
			c.raw.observe(resp.Result)
		}
	}
	return msg, err
}

// rawRoundTripper records the tools/list results of streamable HTTP
// exchanges. The HTTP client connection cannot be wrapped like stdio's (the
// SDK tells it about the session through an unexported method), so the
// bodies are read as they pass: a JSON response, or the events of an SSE
// stream.
type rawRoundTripper struct {
	base http.RoundTripper
	raw  *rawTools
}

// RoundTrip implements http.RoundTripper.
func (t rawRoundTripper) RoundTrip(req *http.Request) (*http.Response, error) {
	if req.Method != http.MethodPost || req.Body == nil || req.GetBody == nil {
		return t.base.RoundTrip(req)
	}
	body, err := req.GetBody()
	if err != nil {
		return t.base.RoundTrip(req)
	}
	reqBytes, err := io.ReadAll(body)
	_ = body.Close()
	var probe struct {
		Method string `json:"method"`
	}
	if err != nil || json.Unmarshal(reqBytes, &probe) != nil || probe.Method != "tools/list" {
		return t.base.RoundTrip(req)
	}
	resp, err := t.base.RoundTrip(req)
	if err != nil || resp.Body == nil {
		return resp, err
	}
	sse := strings.HasPrefix(resp.Header.Get("Content-Type"), "text/event-stream")
	resp.Body = &rawBody{ReadCloser: resp.Body, raw: t.raw, sse: sse}
	return resp, nil
}

// rawBody passes a tools/list response body through, recording the result
// once a whole JSON-RPC message has gone by.
type rawBody struct {
	io.ReadCloser
	raw  *rawTools
	sse  bool
	buf  []byte
	done bool
}

// Read implements io.Reader.
func (b *rawBody) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	if !b.done && n > 0 {
		b.buf = append(b.buf, p[:n]...)
		b.scan()
	}
	return n, err
}

// scan looks for the response in what has been read so far.
func (b *rawBody) scan() {
	if !b.sse {
		// Validating only once the body could be complete keeps a large
		// list read in small chunks linear.
		if t := bytes.TrimSpace(b.buf); len(t) > 0 && t[len(t)-1] == '}' && json.Valid(t) {
			b.record(t)
		}
		return
	}
	for {
		i := bytes.Index(b.buf, []byte("\n\n"))
		if i < 0 {
			return
		}
		event := b.buf[:i]
		b.buf = b.buf[i+2:]
		var data []byte
		for line := range bytes.SplitSeq(event, []byte("\n")) {
			if d, ok := bytes.CutPrefix(bytes.TrimRight(line, "\r"), []byte("data:")); ok {
				data = append(data, bytes.TrimPrefix(d, []byte(" "))...)
			}
		}
		if len(data) > 0 && b.record(data) {
			return
		}
	}
}

// record records msg if it is a response with a tools list, and reports
// whether it was.
func (b *rawBody) record(msg []byte) bool {
	var resp struct {
		Result json.RawMessage `json:"result"`
	}
	if json.Unmarshal(msg, &resp) != nil || resp.Result == nil {
		return false
	}
	b.raw.observe(resp.Result)
	b.done, b.buf = true, nil
	return true
}
