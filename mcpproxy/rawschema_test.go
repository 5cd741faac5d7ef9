package mcpproxy

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The HTTP recorder finds a tools/list result in a JSON body and in an SSE
// stream, however the body is split into reads.
func TestRawRoundTripperRecordsToolsListBodies(t *testing.T) {
	t.Parallel()
	const result = `{"tools":[{"name":"t","inputSchema":{"type":"object","properties":{"b":{"type":"string"},"a":{"type":"number"}}}}]}`
	const message = `{"jsonrpc":"2.0","id":1,"result":` + result + `}`
	for name, c := range map[string]struct{ contentType, body string }{
		"json":       {"application/json", message + "\n"},
		"sse":        {"text/event-stream", "event: prime\nid: s_0\n\nevent: message\nid: s_1\ndata: " + message + "\n\n"},
		"sse, split": {"text/event-stream", "id: s_1\ndata: " + message[:40] + "\ndata: " + message[40:] + "\n\n"},
	} {
		t.Run(name, func(t *testing.T) {
			ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", c.contentType)
				_, _ = io.WriteString(w, c.body)
			}))
			defer ts.Close()
			raw := newRawTools()
			client := &http.Client{Transport: rawRoundTripper{base: http.DefaultTransport, raw: raw}}
			resp, err := client.Post(ts.URL, "application/json", strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"tools/list"}`))
			require.NoError(t, err)
			defer resp.Body.Close()
			buf := make([]byte, 7) // small reads, as a streaming decoder might make
			for {
				if _, err := resp.Body.Read(buf); err != nil {
					break
				}
			}
			got, ok := raw.byName["t"]
			require.True(t, ok, "the tool was recorded")
			assert.Equal(t, `{"type":"object","properties":{"b":{"type":"string"},"a":{"type":"number"}}}`, string(got.input))
		})
	}
}
