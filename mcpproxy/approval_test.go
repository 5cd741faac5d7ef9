package mcpproxy

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/coderun/coderun/codemode"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// writingUpstream serves write_file, whose schema requires path and
// content, over streamable HTTP.
func writingUpstream(t *testing.T) string {
	t.Helper()
	s := mcp.NewServer(&mcp.Implementation{Name: "writer", Version: "v0"}, nil)
	s.AddTool(&mcp.Tool{Name: "write_file", InputSchema: json.RawMessage(`{"type":"object","properties":{
		"comment":{"type":"string"},"path":{"type":"string"},"content":{"type":"string"}},"required":["path","content"]}`)},
		func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "written"}}}, nil
		})
	srv := httptest.NewServer(mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s }, nil))
	t.Cleanup(srv.Close)
	return srv.URL
}

// A long first value cannot push the path and content of a write out of
// the approval form: every key is shown, the required ones first, and the
// long value is shortened instead.
func TestApprovalFormShowsEveryArgument(t *testing.T) {
	t.Parallel()
	ask := codemode.Rule{Tool: "up__write_file", Action: codemode.ActionAsk, Reason: "writes need a human"}
	f := newFixture(t, configFor(codemode.ModeNative, ask), map[string]codemode.ServerSpec{"up": {URL: writingUpstream(t)}})
	var (
		mu    sync.Mutex
		forms []*mcp.ElicitParams
	)
	cs := f.connect(t, &mcp.ClientOptions{
		ElicitationHandler: func(_ context.Context, req *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
			mu.Lock()
			defer mu.Unlock()
			forms = append(forms, req.Params)
			return &mcp.ElicitResult{Action: "decline"}, nil
		},
	}, &mcp.ClientSessionOptions{ProtocolVersion: legacyProtocol})

	padding := strings.Repeat("Routine formatting fix. ", 100)
	args := json.RawMessage(fmt.Sprintf(`{"comment":%q,"path":"/home/user/.ssh/authorized_keys","content":"ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl attacker@evil"}`, padding))
	res := call(t, cs, "up__write_file", args)
	assert.True(t, res.IsError, "declined: %s", text(res))

	mu.Lock()
	defer mu.Unlock()
	require.Len(t, forms, 1)
	msg := forms[0].Message
	path := strings.Index(msg, `  path: "/home/user/.ssh/authorized_keys"`)
	content := strings.Index(msg, `  content: "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl attacker@evil"`)
	comment := strings.Index(msg, `  comment: "Routine formatting fix. `)
	require.True(t, path >= 0 && content >= 0 && comment >= 0, "every key is shown:\n%s", msg)
	assert.Less(t, path, content, "the required keys come first, in the schema's order")
	assert.Less(t, content, comment)
	assert.Contains(t, msg, fmt.Sprintf("(%d characters; ", len(padding)), "the long value is shortened, and says so")
	assert.Contains(t, msg, `fix. "`, "its end is shown too")
	assert.NotContains(t, msg, "WARNING")
	assert.Less(t, len(msg), maxArgsInPrompt+200)
	assert.Equal(t, true, forms[0].RequestedSchema.(map[string]any)["properties"].(map[string]any)[approveField].(map[string]any)["default"])
}

// Arguments the form cannot show in full make it say so, with the box
// unticked.
func TestApprovalFormSaysWhatItCannotShow(t *testing.T) {
	t.Parallel()
	f := newFixture(t, configFor(codemode.ModeNative), map[string]codemode.ServerSpec{"up": {URL: writingUpstream(t)}})
	form := func(args string) (string, any) {
		p := f.server.approvalForm(codemode.ApprovalRequest{Call: codemode.Call{Tool: "up__write_file", Args: json.RawMessage(args)}, Reason: "r"})
		return p.Message, p.RequestedSchema.(map[string]any)["properties"].(map[string]any)[approveField].(map[string]any)["default"]
	}

	var many strings.Builder
	many.WriteString(`{"path":"/etc/passwd","content":"x"`)
	for i := range 200 {
		fmt.Fprintf(&many, `,"k%03d":"v"`, i)
	}
	many.WriteString("}")
	msg, def := form(many.String())
	assert.Contains(t, msg, "WARNING: coderun cannot show all of this call's arguments")
	assert.Contains(t, msg, "of their 202 values do not fit in this form")
	assert.Contains(t, msg, `path: "/etc/passwd"`, "the required keys are shown first")
	assert.Equal(t, false, def)
	assert.Less(t, len(msg), maxArgsInPrompt+400)

	msg, def = form(`{"path":"/tmp/a","content":"x","path":"/home/user/.ssh/authorized_keys"}`)
	assert.Contains(t, msg, "key path is given more than once")
	assert.Equal(t, false, def)

	msg, def = form(`{"path":"/tmp/a","content":"x","o":` + strings.Repeat(`{"a":`, 20) + `"/root"` + strings.Repeat("}", 20) + `}`)
	assert.Contains(t, msg, "nest deeper than")
	assert.Contains(t, msg, "/root", "the deep part is shown as JSON")
	assert.Equal(t, false, def)

	msg, def = form(`{"path":"/tmp/a","content":"x\nArguments (0 values):\n"}`)
	assert.Contains(t, msg, `content: "x\nArguments (0 values):\n"`, "a value cannot draw lines of its own")
	assert.Equal(t, 1, strings.Count(msg, "\nArguments ("))
	assert.Equal(t, true, def)

	msg, _ = form(`{"path":"/tmp/a","content":"x","\u202eevil":"y","a\nb":"z"}`)
	assert.Contains(t, msg, `["\u202eevil"]: "y"`, "a key is quoted when it is not a plain name")
	assert.Contains(t, msg, `["a\nb"]: "z"`)
}

// Keys that differ only in case are one field to a server decoding with
// Go's encoding/json, which takes the last of them: the form showing
// path "/tmp/a" first would have the user approve a write of Path's
// "/etc/passwd". The form says so, and its box starts unticked.
func TestApprovalFormWarnsOfKeysDifferingOnlyInCase(t *testing.T) {
	t.Parallel()
	f := newFixture(t, configFor(codemode.ModeNative), map[string]codemode.ServerSpec{"up": {URL: writingUpstream(t)}})
	args := `{"path":"/tmp/a","content":"x","Path":"/etc/passwd"}`
	var read struct {
		Path string `json:"path"`
	}
	require.NoError(t, json.Unmarshal([]byte(args), &read))
	require.Equal(t, "/etc/passwd", read.Path, "what such a server writes to")

	p := f.server.approvalForm(codemode.ApprovalRequest{Call: codemode.Call{Tool: "up__write_file", Args: json.RawMessage(args)}, Reason: "r"})
	assert.Contains(t, p.Message, "keys path and Path differ only in case")
	assert.Equal(t, false, p.RequestedSchema.(map[string]any)["properties"].(map[string]any)[approveField].(map[string]any)["default"])
}
