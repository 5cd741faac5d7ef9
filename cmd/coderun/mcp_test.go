package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	coderun "github.com/coderun/coderun"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"
)

// binaries are the programs the MCP command tests run as real processes.
type binaries struct {
	coderun string // this command
	echo    string // the testdata MCP server of package mcpproxy
	dir     string
}

// buildBinaries returns coderun and the echo server, each built once for
// the package's tests, with dir for the test's own files.
func buildBinaries(t *testing.T, dir string) binaries {
	t.Helper()
	echo, err := buildEchoOnce()
	require.NoError(t, err)
	return binaries{coderun: coderunBinary(t), echo: echo, dir: dir}
}

var buildEchoOnce = linkOnce("echoserver")

// writeConfig writes a coderun.yml into the binaries' directory.
func (b binaries) writeConfig(t *testing.T, name, yml string) string {
	t.Helper()
	path := filepath.Join(b.dir, name)
	require.NoError(t, os.WriteFile(path, []byte(yml), 0o644))
	return path
}

func (b binaries) config(mode string) string {
	return fmt.Sprintf("mode: %s\nservers:\n  echo: { command: %q }\n", mode, b.echo)
}

// TestMCPCommand drives `coderun mcp`, `coderun sdk` and `coderun tools` as
// real processes, the way an MCP host and a user would. The subtests share
// one build of the binaries.
func TestMCPCommand(t *testing.T) {
	defer goleak.VerifyNone(t)
	b := buildBinaries(t, t.TempDir())

	t.Run("stdio session as an MCP host drives it", func(t *testing.T) { testStdioSession(t, b) })
	t.Run("streamable HTTP", func(t *testing.T) { testHTTPSession(t, b) })
	t.Run("malformed config names the key and the problem", func(t *testing.T) { testMalformedConfig(t, b) })
	t.Run("unknown upstream command is reported and the rest is served", func(t *testing.T) { testUnknownUpstream(t, b) })
	t.Run("every server failing exits 1 unless --keep-going", func(t *testing.T) { testAllServersFail(t, b) })
	t.Run("sdk prints the SDK", func(t *testing.T) { testSDKCommand(t, b) })
	t.Run("tools lists tools per server with their concurrency class", func(t *testing.T) { testToolsCommand(t, b) })
	t.Run("a rule that matches no tool is warned about, and refused when strict", func(t *testing.T) { testUnmatchedRule(t, b) })
	t.Run("names fit maxToolNameLength and a too complex schema is reported", func(t *testing.T) { testNamesAndComplexity(t, b) })
	t.Run("credentials in urls and arguments stay out of stderr and the log", func(t *testing.T) { testCredentialsRedacted(t, b) })
	t.Run("language: python runs Python programs over the same tools", func(t *testing.T) { testPythonSession(t, b) })
}

func testPythonSession(t *testing.T, b binaries) {
	cfg := b.writeConfig(t, "python.yml", "language: python\n"+b.config("code"))
	client := mcp.NewClient(&mcp.Implementation{Name: "test-host", Version: "v0"}, nil)
	cmd := exec.Command(b.coderun, "mcp", "--config", cfg)
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	cs, err := client.Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	require.NoError(t, err)
	defer cs.Close()

	tools := listTools(t, ctx, cs)
	require.Contains(t, tools, "run_code")
	assert.Contains(t, tools["run_code"].Description, "async def echo__echo(")
	const program = "import asyncio\nr = await tools.echo__echo(text=\"hi\")\nprint(\"echoed\")\nreturn r"
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "run_code", Arguments: map[string]any{"program": program, "description": "echo"}})
	require.NoError(t, err)
	result := decodeResult(t, res)
	require.Nil(t, result.Failure, "%+v", result.Failure)
	assert.Equal(t, []string{"echoed"}, result.Logs)
	assert.Contains(t, string(result.Value), "hi")

	res, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: "run_code", Arguments: map[string]any{"program": "const x: number = 1", "description": "typescript"}})
	require.NoError(t, err)
	result = decodeResult(t, res)
	require.NotNil(t, result.Failure, "a TypeScript program is not Python")
	assert.Contains(t, result.Failure.Message, "SyntaxError")
}

func testStdioSession(t *testing.T, b binaries) {
	cfg := b.writeConfig(t, "stdio.yml", b.config("both"))
	logPath := filepath.Join(b.dir, "stdio-session.jsonl")
	stderr := &lockedWriter{w: &strings.Builder{}}

	changed := make(chan struct{}, 10)
	client := mcp.NewClient(&mcp.Implementation{Name: "test-host", Version: "v0"}, &mcp.ClientOptions{
		ToolListChangedHandler: func(context.Context, *mcp.ToolListChangedRequest) { changed <- struct{}{} },
	})
	cmd := exec.Command(b.coderun, "mcp", "--config", cfg, "--log", logPath)
	cmd.Stderr = stderr
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	cs, err := client.Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	require.NoError(t, err)
	defer cs.Close()

	// tools/list finds run_code carrying the SDK, and the proxied tools.
	tools := listTools(t, ctx, cs)
	require.Contains(t, tools, "run_code")
	assert.Contains(t, tools["run_code"].Description, "Code Mode SDK")
	assert.Contains(t, tools["run_code"].Description, `"echo__echo"(args: {`)
	assert.Contains(t, tools, "echo__echo")

	// A native call, then a list_changed round: the upstream adds a tool,
	// the client is told, and the SDK in run_code's description has it.
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "echo__set_bonus", Arguments: map[string]any{"enabled": true}})
	require.NoError(t, err)
	require.False(t, res.IsError)
	select {
	case <-changed:
	case <-ctx.Done():
		t.Fatal("no notifications/tools/list_changed after the upstream's tool list changed")
	}
	tools = listTools(t, ctx, cs)
	assert.Contains(t, tools, "echo__bonus")
	assert.Contains(t, tools["run_code"].Description, `"echo__bonus"`)

	// tools/call run_code: text rendering plus the Result as structured
	// content.
	const program = `const r = await tools["echo__bonus"]({n: 21}); console.log("doubled"); return r.doubled;`
	res, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: "run_code", Arguments: map[string]any{"program": program, "description": "double 21"}})
	require.NoError(t, err)
	result := decodeResult(t, res)
	require.Nil(t, result.Failure, "%+v", result.Failure)
	assert.JSONEq(t, "42", string(result.Value))
	assert.Contains(t, resultText(res), "status: ok\nvalue: 42\nlogs: 1\n| doubled\n")

	require.NoError(t, cs.Close())
	assert.Contains(t, stderr.String(), `coderun: server "echo": 8 tools`)

	events := readLog(t, logPath)
	names := make([]string, len(events))
	for i, e := range events {
		names[i] = e["msg"].(string)
	}
	assert.Contains(t, names, "session/wire-tools")
	var runCallID string
	for _, e := range events {
		if e["msg"] == "tool/call-start" && e["tool"] == "run_code" {
			assert.Equal(t, program, e["args"].(map[string]any)["program"], "the program is in the session log")
			runCallID = e["call"].(string)
		}
	}
	require.NotEmpty(t, runCallID)
	var dispatched bool
	for _, e := range events {
		if e["msg"] == "tool/code-dispatch" && e["parent"] == runCallID && e["tool"] == "echo__bonus" {
			dispatched = true
		}
	}
	assert.True(t, dispatched, "the dispatch tree links the sub-call to its run_code call")
}

func testHTTPSession(t *testing.T, b binaries) {
	cfg := b.writeConfig(t, "http.yml", b.config("both"))
	cmd := exec.Command(b.coderun, "mcp", "--config", cfg, "--http", "127.0.0.1:0")
	stderr, err := cmd.StderrPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	exited := false
	defer func() {
		if !exited {
			_ = cmd.Process.Kill()
			_ = cmd.Wait()
		}
	}()

	url := waitForLine(t, stderr, regexp.MustCompile(`at (http://\S+)`))
	go func() { _, _ = io.Copy(io.Discard, stderr) }()

	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	client := mcp.NewClient(&mcp.Implementation{Name: "test-host", Version: "v0"}, nil)
	cs, err := client.Connect(ctx, &mcp.StreamableClientTransport{Endpoint: url}, nil)
	require.NoError(t, err)
	defer cs.Close()
	tools := listTools(t, ctx, cs)
	assert.Contains(t, tools, "run_code")
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "echo__echo", Arguments: map[string]any{"text": "over http"}})
	require.NoError(t, err)
	assert.Equal(t, map[string]any{"text": "over http"}, res.StructuredContent)
	res, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: "run_code", Arguments: map[string]any{
		"program": `return (await tools["echo__echo"]({text: "from a program"})).text;`, "description": "echo",
	}})
	require.NoError(t, err)
	assert.JSONEq(t, `"from a program"`, string(decodeResult(t, res).Value))
	require.NoError(t, cs.Close())

	require.NoError(t, cmd.Process.Signal(syscall.SIGTERM))
	err = cmd.Wait()
	exited = true
	assert.NoError(t, err, "SIGTERM ends the server cleanly")
}

func testMalformedConfig(t *testing.T, b binaries) {
	for name, c := range map[string]struct{ yml, want string }{
		"bad mode":        {"mode: fast\n", "mode"},
		"bad server":      {"servers:\n  fs: { command: x, url: 'http://h/mcp' }\n", "servers.fs"},
		"unknown key":     {"servers:\n  fs: { comand: x }\n", "servers.fs.comand"},
		"not YAML at all": {"mode: [code\n", "did not find expected"},
		"bad server name": {"servers:\n  my.fs: { command: x }\n", "bad.yml:2: servers.my.fs: server name \"my.fs\": use letters"},
	} {
		t.Run(name, func(t *testing.T) {
			cfg := b.writeConfig(t, "bad.yml", c.yml)
			out, code := runCommand(t, b, "mcp", "--config", cfg)
			assert.Equal(t, 2, code)
			assert.Contains(t, out, c.want)
			assert.Contains(t, out, "bad.yml")
			assert.NotContains(t, out, "codemode:", "a user reads no Go package names")
			assert.NotContains(t, out, "mcpproxy:")
		})
	}
}

func testUnknownUpstream(t *testing.T, b binaries) {
	cfg := b.writeConfig(t, "unknown.yml", b.config("native")+"  ghost: { command: coderun-no-such-server }\n")
	stderr := &lockedWriter{w: &strings.Builder{}}
	cmd := exec.Command(b.coderun, "mcp", "--config", cfg)
	cmd.Stderr = stderr
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	client := mcp.NewClient(&mcp.Implementation{Name: "test-host", Version: "v0"}, nil)
	cs, err := client.Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	require.NoError(t, err, "one failing server does not stop the session")
	defer cs.Close()
	tools := listTools(t, ctx, cs)
	assert.Contains(t, tools, "echo__echo")
	require.NoError(t, cs.Close())
	assert.Contains(t, stderr.String(), `server "ghost" failed to start`)
	assert.Contains(t, stderr.String(), "coderun-no-such-server")
	assert.Contains(t, stderr.String(), "executable file not found")
}

func testAllServersFail(t *testing.T, b binaries) {
	cfg := b.writeConfig(t, "ghosts.yml", "mode: code\nservers:\n  ghost: { command: coderun-no-such-server }\n")
	out, code := runCommand(t, b, "mcp", "--config", cfg)
	assert.Equal(t, 1, code, out)
	assert.Contains(t, out, `server "ghost" failed to start`)
	assert.Contains(t, out, "every server in "+cfg+" failed to start")
	assert.Contains(t, out, "--keep-going")

	// With --keep-going it serves: run_code, with no tools yet.
	cmd := exec.Command(b.coderun, "mcp", "--config", cfg, "--keep-going")
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	client := mcp.NewClient(&mcp.Implementation{Name: "test-host", Version: "v0"}, nil)
	cs, err := client.Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	require.NoError(t, err, "--keep-going serves")
	defer cs.Close()
	tools := listTools(t, ctx, cs)
	assert.Len(t, tools, 1)
	assert.Contains(t, tools, "run_code")
}

func testSDKCommand(t *testing.T, b binaries) {
	cfg := b.writeConfig(t, "sdk.yml", b.config("code"))
	out, code := runCommand(t, b, "sdk", "--config", cfg)
	assert.Equal(t, 0, code, out)
	assert.Contains(t, out, "declare const tools: Tools;")
	assert.Contains(t, out, `"echo__echo"(args: {`)
	assert.Contains(t, out, "@parallelSafe")
}

func testToolsCommand(t *testing.T, b binaries) {
	cfg := b.writeConfig(t, "tools.yml", b.config("code")+`tools:
  exclude: ["echo__crash"]
policy:
  default: ask
  rules:
    - { tool: "echo.echo", action: deny }
    - { tool: "echo__set_*", action: allow }
    - { tool: "echo_fail", action: deny }
`)
	out, code := runCommand(t, b, "tools", "--config", cfg)
	assert.Equal(t, 0, code, out)
	assert.Regexp(t, `echo \(.*echoserver\): 8 tools`, out)
	assert.Regexp(t, `echo__echo\s+parallel-safe\s+deny: rule 1 "echo.echo" \(`+regexp.QuoteMeta(cfg)+`:9\)`, out)
	assert.Regexp(t, `echo__set_bonus\s+exclusive\s+allow: rule 2 "echo__set_\*"`, out)
	assert.Regexp(t, `echo__crash\s+exclusive\s+ask: default\s+\(hidden by the tools filter\)`, out)
	assert.Contains(t, out, "coderun: warning: "+cfg+`:11: policy.rules[2]: deny rule "echo_fail" matches no tool, so it denies nothing`)

	strict := b.writeConfig(t, "tools-strict.yml", b.config("code")+"policy:\n  strict: true\n  rules:\n    - { tool: \"echo_fail\", action: deny }\n")
	out, code = runCommand(t, b, "tools", "--config", strict)
	assert.Equal(t, 1, code, "a strict policy with an unmatched rule fails the check: %s", out)
	assert.Contains(t, out, "coderun tools: policy.strict is set and 1 setting(s) match no tool")
}

func testUnmatchedRule(t *testing.T, b binaries) {
	rule := "policy:\n  rules:\n    - { tool: \"echo_echo\", action: deny }\n"
	cfg := b.writeConfig(t, "unmatched.yml", b.config("native")+rule)
	out, code := runCommand(t, b, "mcp", "--config", cfg)
	assert.Equal(t, 0, code, "a warning, not a refusal: %s", out)
	assert.Contains(t, out, "coderun: warning: "+cfg+`:6: policy.rules[0]: deny rule "echo_echo" matches no tool, so it denies nothing: `+
		"the calls it is meant to deny are decided by the later rules or the default (allow)")

	strict := b.writeConfig(t, "unmatched-strict.yml", b.config("native")+"policy:\n  strict: true\n  rules:\n    - { tool: \"echo_echo\", action: deny }\n")
	out, code = runCommand(t, b, "mcp", "--config", strict)
	assert.Equal(t, 2, code, out)
	assert.Contains(t, out, "coderun mcp: policy.strict is set and 1 setting(s) match no tool or decide no call:\n  "+strict+`:7: policy.rules[0]: deny rule "echo_echo"`)
}

// testNamesAndComplexity serves a GitLab-like server whose tool name is too
// long for Claude Code with coderun registered as "coderun-personal" (so
// maxToolNameLength 64 - 5 - 16 - 2 = 41), and a tool whose schema is too
// complex to declare in full.
func testNamesAndComplexity(t *testing.T, b binaries) {
	cfg := b.writeConfig(t, "names.yml", fmt.Sprintf("mode: both\nsdk: full\nmaxToolNameLength: 41\nservers:\n"+
		"  zereight-gitlab: { command: %q, args: [-long-name, -nested-refs, \"20\"] }\n", b.echo))
	logPath := filepath.Join(b.dir, "names-session.jsonl")
	stderr := &lockedWriter{w: &strings.Builder{}}
	cmd := exec.Command(b.coderun, "mcp", "--config", cfg, "--log", logPath)
	cmd.Stderr = stderr
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	client := mcp.NewClient(&mcp.Implementation{Name: "test-host", Version: "v0"}, nil)
	cs, err := client.Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	require.NoError(t, err)
	defer cs.Close()

	tools := listTools(t, ctx, cs)
	var long string
	for name := range tools {
		assert.LessOrEqual(t, len("mcp__coderun-personal__"+name), 64, name)
		if strings.HasPrefix(name, "zereight-gitlab__create_") {
			long = name
		}
	}
	assert.Regexp(t, `^zereight-gitlab__create_merge_re_[0-9a-f]{8}$`, long)
	assert.Contains(t, tools["run_code"].Description, fmt.Sprintf("%q(args?:", long), "the SDK calls it by the same name")
	assert.Less(t, len(tools["run_code"].Description), 16<<10)
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: long, Arguments: map[string]any{}})
	require.NoError(t, err)
	assert.Equal(t, "ok", resultText(res))
	require.NoError(t, cs.Close())

	assert.Contains(t, stderr.String(), "coderun: tool zereight-gitlab__nested is too complex to declare: its input schema")
	var reported bool
	for _, e := range readLog(t, logPath) {
		reported = reported || e["msg"] == "mcp/tool-too-complex" && e["tool"] == "zereight-gitlab__nested"
	}
	assert.True(t, reported, "the session log reports the tool too complex")
}

func testCredentialsRedacted(t *testing.T, b binaries) {
	cfg := b.writeConfig(t, "secrets.yml", b.config("code")+
		"  web: { url: \"http://alice:hunter2@127.0.0.1:1/mcp?api_key=SECRET123\" }\n"+
		"  ghost: { command: coderun-no-such-server, args: [\"--token\", \"ARGSECRET\"] }\n")
	logFile := filepath.Join(b.dir, "secrets.log")
	out, code := runCommand(t, b, "mcp", "--config", cfg, "--log", logFile)
	assert.Equal(t, 0, code, out)
	logged, err := os.ReadFile(logFile)
	require.NoError(t, err)
	tools, _ := runCommand(t, b, "tools", "--config", cfg)

	assert.Contains(t, out, `server "web" failed to start: connecting to http://***@127.0.0.1:1/mcp?***`)
	assert.Contains(t, out, `server "ghost" failed to start: connecting to coderun-no-such-server --token ***`)
	assert.Contains(t, string(logged), `"mcp/server-failed"`)
	assert.Contains(t, tools, "web (http://***@127.0.0.1:1/mcp?***): FAILED")
	for _, secret := range []string{"hunter2", "SECRET123", "ARGSECRET", "alice"} {
		assert.NotContains(t, out, secret, "stderr of coderun mcp")
		assert.NotContains(t, string(logged), secret, "session log")
		assert.NotContains(t, tools, secret, "coderun tools")
	}
}

// runCommand runs coderun with args and returns its combined output and
// exit status.
func runCommand(t *testing.T, b binaries, args ...string) (string, int) {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, b.coderun, args...)
	cmd.Stdin = strings.NewReader("") // `coderun mcp` on stdio sees end of input at once
	out, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		t.Fatalf("coderun %v: %v", args, err)
	}
	return string(out), cmd.ProcessState.ExitCode()
}

// lockedWriter collects a child's stderr, written by exec's copying
// goroutine and read by the test.
type lockedWriter struct {
	mu sync.Mutex
	w  *strings.Builder
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

func (l *lockedWriter) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.String()
}

func listTools(t *testing.T, ctx context.Context, cs *mcp.ClientSession) map[string]*mcp.Tool {
	t.Helper()
	tools := map[string]*mcp.Tool{}
	for tool, err := range cs.Tools(ctx, nil) {
		require.NoError(t, err)
		tools[tool.Name] = tool
	}
	return tools
}

func decodeResult(t *testing.T, res *mcp.CallToolResult) coderun.Result {
	t.Helper()
	require.NotNil(t, res.StructuredContent, "run_code carries the Result as structured content: %s", resultText(res))
	raw, err := json.Marshal(res.StructuredContent)
	require.NoError(t, err)
	var r coderun.Result
	require.NoError(t, json.Unmarshal(raw, &r))
	return r
}

func resultText(res *mcp.CallToolResult) string {
	var b strings.Builder
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			b.WriteString(tc.Text)
		}
	}
	return b.String()
}

func readLog(t *testing.T, path string) []map[string]any {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	var events []map[string]any
	for line := range strings.SplitSeq(strings.TrimSpace(string(data)), "\n") {
		var e map[string]any
		require.NoError(t, json.Unmarshal([]byte(line), &e), line)
		events = append(events, e)
	}
	return events
}

// waitForLine reads r until a line matches re and returns the first group.
func waitForLine(t *testing.T, r io.Reader, re *regexp.Regexp) string {
	t.Helper()
	found := make(chan string, 1)
	sc := bufio.NewScanner(r)
	go func() {
		for sc.Scan() {
			if m := re.FindStringSubmatch(sc.Text()); m != nil {
				found <- m[1]
				return
			}
		}
		close(found)
	}()
	select {
	case s, ok := <-found:
		require.True(t, ok, "output ended without a line matching %v", re)
		return s
	case <-time.After(time.Minute):
		t.Fatalf("no line matching %v", re)
		return ""
	}
}
