package mcpproxy

import (
	"bufio"
	"encoding/json"
	"os/exec"
	"regexp"
	"strings"
	"testing"

	"github.com/coderun/coderun/codemode"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func catalogueConfig(rules ...codemode.Rule) *codemode.Config {
	cfg := configFor(codemode.ModeCode, rules...)
	cfg.SDK = codemode.SDKCatalogue
	return cfg
}

// In the catalogue form run_code's description lists the tools, and the
// model reads declarations through describe_tools or tools.$describe; both
// show the filesystem server's properties in the server's order.
func TestCatalogueOverTheFilesystemServer(t *testing.T) {
	t.Parallel()
	allowed, _ := filesystemFixture(t)
	f := newFixture(t, catalogueConfig(), map[string]codemode.ServerSpec{"fs": filesystemServer(t, allowed)})
	cs := f.connect(t, nil, nil)

	assert.ElementsMatch(t, []string{"run_code", "describe_tools"}, listNames(t, cs))
	desc := findTool(t, cs, "run_code").Description
	assert.Contains(t, desc, "//   fs__read_text_file [p]: Read the complete contents of a file")
	assert.NotContains(t, desc, `"fs__read_text_file"(args`, "the catalogue declares no tool")

	res := call(t, cs, "describe_tools", map[string]any{"names": []string{"fs__read_text_file"}})
	require.False(t, res.IsError, text(res))
	decl := text(res)
	path, tail, head := strings.Index(decl, "path: string;"), strings.Index(decl, "tail?: number;"), strings.Index(decl, "head?: number;")
	require.True(t, path >= 0 && tail >= 0 && head >= 0, decl)
	assert.True(t, path < tail && tail < head, "path, tail, head as the server lists them, not sorted:\n%s", decl)

	_, r := runCode(t, cs, `const found = await tools.$describe({query: "server:fs fs__read_*"});
const content = await tools["fs__read_text_file"]({path: `+jsonString(t, allowed+"/a.txt")+`});
return {tools: found.tools, declared: found.declarations.includes('"fs__read_text_file"(args'), content};`)
	v := value(t, r)
	assert.Contains(t, v["tools"], "fs__read_text_file")
	assert.Equal(t, true, v["declared"])
	assert.Equal(t, map[string]any{"content": "alpha\n"}, v["content"])

	var described bool
	for _, e := range f.log.events(t) {
		if e["msg"] == codemode.EventCodeDispatch && e["tool"] == "describe_tools" {
			described = true
		}
	}
	assert.True(t, described, "tools.$describe is a sub-call of describe_tools, logged like any")
}

// describe_tools passes the policy like any tool.
func TestDescribeToolsPassesThePolicy(t *testing.T) {
	t.Parallel()
	deny := codemode.Rule{Tool: "describe_tools", Action: codemode.ActionDeny, Reason: "no browsing"}
	f := newFixture(t, catalogueConfig(deny), map[string]codemode.ServerSpec{"echo": echoSpec()})
	cs := f.connect(t, nil, nil)

	res := call(t, cs, "describe_tools", map[string]any{"query": "echo"})
	assert.True(t, res.IsError)
	assert.Contains(t, text(res), "no browsing")

	_, r := runCode(t, cs, `try { await tools.$describe({query: "echo"}); return "described"; }
catch (e) { return {isToolCallError: e instanceof ToolCallError, toolName: e.toolName, message: e.message}; }`)
	v := value(t, r)
	assert.Equal(t, true, v["isToolCallError"])
	assert.Equal(t, "$describe", v["toolName"], "toolName is the function the program called")
	assert.Contains(t, v["message"], "no browsing")
}

// Every name the host sees, on the wire and in the SDK, is one every model
// API accepts, and the SDK names what the wire offers.
func TestWireAndSDKNamesAreValidForModelAPIs(t *testing.T) {
	t.Parallel()
	valid := regexp.MustCompile(`^[a-zA-Z0-9_-]{1,64}$`)
	f := newFixture(t, configFor(codemode.ModeBoth), map[string]codemode.ServerSpec{"echo": echoSpec()})
	cs := f.connect(t, nil, nil)
	names := listNames(t, cs)
	require.NotEmpty(t, names)
	sdk := f.server.Session().SDK()
	for _, n := range names {
		assert.Regexp(t, valid, n)
		if n != "run_code" {
			assert.Contains(t, sdk, `"`+n+`"(args`, "the SDK declares what the wire offers")
		}
	}
}

// The server's property order survives the proxy on both transports: stdio
// and streamable HTTP.
func TestProxyKeepsSchemaPropertyOrder(t *testing.T) {
	t.Parallel()
	url := startOrderedHTTPEchoServer(t)
	h, report := startHub(t, map[string]codemode.ServerSpec{
		"stdio": echoSpec("-ordered"),
		"web":   {URL: url},
	}, Options{})
	require.False(t, report.Failed(), "%v", report.Servers)
	for _, server := range []string{"stdio", "web"} {
		var found bool
		for _, p := range h.Tools() {
			if p.Name != server+"__ordered" {
				continue
			}
			found = true
			tool, err := h.CodemodeTool(p)
			require.NoError(t, err)
			assert.JSONEq(t, `{"type":"object","properties":{"zeta":{"type":"string"},"alpha":{"type":"number"},"mid":{"type":"array","prefixItems":[{"type":"number"},{"type":"number"}]}},"required":["zeta"]}`, string(tool.InputSchema))
			zeta, alpha := strings.Index(string(tool.InputSchema), `"zeta"`), strings.Index(string(tool.InputSchema), `"alpha"`)
			assert.Less(t, zeta, alpha, "%s: zeta before alpha, as the server sent it: %s", server, tool.InputSchema)
			sdk := codemode.GenerateSDK([]codemode.Tool{tool}, codemode.SDKOptions{MaxParallelSubCalls: 1, Budgets: codemode.DefaultConfig().Budgets})
			assert.Regexp(t, `(?s)zeta: string;.*alpha\?: number;.*mid\?: \[number, number\];`, sdk)
		}
		assert.True(t, found, "%s__ordered listed", server)
	}
}

// startOrderedHTTPEchoServer runs the echo server with -ordered on
// streamable HTTP and returns its URL.
func startOrderedHTTPEchoServer(t *testing.T) string {
	t.Helper()
	cmd := exec.Command(echoServerBin, "-http", "127.0.0.1:0", "-ordered")
	stdout, err := cmd.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
	})
	addr, err := bufio.NewReader(stdout).ReadString('\n')
	require.NoError(t, err)
	return "http://" + strings.TrimSpace(addr) + "/mcp"
}

func jsonString(t *testing.T, s string) string {
	t.Helper()
	b, err := json.Marshal(s)
	require.NoError(t, err)
	return string(b)
}
