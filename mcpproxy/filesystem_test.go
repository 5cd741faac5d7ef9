package mcpproxy

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/coderun/coderun/codemode"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// filesystemServerEnv names an executable that starts the official
// filesystem MCP server (npm package @modelcontextprotocol/server-filesystem),
// taking the allowed directories as arguments.
const filesystemServerEnv = "CODERUN_FS_SERVER"

// installFilesystemServer runs .ci/setup-mcp, the one place that says how
// the server is installed, so `go test ./...` on a fresh clone works like
// .ci/run does. It runs at most once per test binary.
var installFilesystemServer = sync.OnceValue(func() error {
	out, err := exec.Command("bash", filepath.Join("..", ".ci", "setup-mcp")).CombinedOutput()
	if err != nil {
		return fmt.Errorf("%w: %s", err, out)
	}
	return nil
})

// filesystemServer returns the command line that starts the filesystem
// server with dir as its only allowed directory. It looks, in order, at
// $CODERUN_FS_SERVER, at .ci/node_modules in the repository (installing it
// there with .ci/setup-mcp when it is missing), and at npm's global
// packages. The server is required, not optional: a test that cannot find
// or install it fails, saying why.
func filesystemServer(t *testing.T, dir string) codemode.ServerSpec {
	t.Helper()
	if bin := os.Getenv(filesystemServerEnv); bin != "" {
		return codemode.ServerSpec{Command: bin, Args: []string{dir}}
	}
	local, err := filepath.Abs(filepath.Join("..", ".ci", "node_modules", ".bin", "mcp-server-filesystem"))
	require.NoError(t, err)
	if _, err := os.Stat(local); err != nil {
		if err := installFilesystemServer(); err != nil {
			t.Logf("installing the filesystem server with .ci/setup-mcp: %v", err)
		}
	}
	if _, err := os.Stat(local); err == nil {
		return codemode.ServerSpec{Command: local, Args: []string{dir}}
	}
	if out, err := exec.Command("npm", "root", "-g").Output(); err == nil {
		script := filepath.Join(strings.TrimSpace(string(out)), "@modelcontextprotocol", "server-filesystem", "dist", "index.js")
		if _, err := os.Stat(script); err == nil {
			return codemode.ServerSpec{Command: "node", Args: []string{script, dir}}
		}
	}
	t.Fatalf("the filesystem MCP server is not installed and .ci/setup-mcp could not install it (it needs npm): set %s to its executable",
		filesystemServerEnv)
	return codemode.ServerSpec{}
}

// filesystemFixture is a directory of three files served by the filesystem
// server, and a directory outside it.
func filesystemFixture(t *testing.T) (allowed, outside string) {
	t.Helper()
	root, err := filepath.EvalSymlinks(t.TempDir())
	require.NoError(t, err)
	allowed = filepath.Join(root, "allowed")
	outside = filepath.Join(root, "outside")
	require.NoError(t, os.Mkdir(allowed, 0o755))
	require.NoError(t, os.Mkdir(outside, 0o755))
	files := map[string]string{
		"a.txt":     "alpha\n",
		"b.md":      "# bee\n\nbuzz\n",
		"data.json": `{"looks": "like JSON"}`,
	}
	for name, content := range files {
		require.NoError(t, os.WriteFile(filepath.Join(allowed, name), []byte(content), 0o644))
	}
	return allowed, outside
}

func TestFilesystemServerToolsAndConcurrency(t *testing.T) {
	t.Parallel()
	allowed, _ := filesystemFixture(t)
	h, report := startHub(t, map[string]codemode.ServerSpec{"fs": filesystemServer(t, allowed)}, Options{})
	require.False(t, report.Failed(), "%v", report.Servers)

	classes := map[string]codemode.Concurrency{}
	for _, p := range h.Tools() {
		classes[p.Name] = ConcurrencyOf(p.Tool)
	}
	assert.Equal(t, codemode.ParallelSafe, classes["fs__read_text_file"], "readOnlyHint true")
	assert.Equal(t, codemode.ParallelSafe, classes["fs__list_directory"])
	assert.Equal(t, codemode.Exclusive, classes["fs__write_file"], "readOnlyHint false")
}

func TestRunCodeOverTheFilesystemServer(t *testing.T) {
	t.Parallel()
	allowed, outside := filesystemFixture(t)
	f := newFixture(t, configFor(codemode.ModeCode), map[string]codemode.ServerSpec{"fs": filesystemServer(t, allowed)})
	cs := f.connect(t, nil, nil)

	dirs, err := json.Marshal(map[string]string{"allowed": allowed, "outside": filepath.Join(outside, "escape.txt")})
	require.NoError(t, err)
	_, r := runCode(t, cs, `const dirs = `+string(dirs)+`;
const listing = await tools["fs__list_directory"]({path: dirs.allowed});
const names = listing.content.split("\n")
  .filter((line: string) => line.startsWith("[FILE] "))
  .map((line: string) => line.slice("[FILE] ".length))
  .sort();
const files = await Promise.all(names.map((n: string) => tools["fs__read_text_file"]({path: dirs.allowed + "/" + n})));
const summary = names.map((name: string, i: number) => ({name, bytes: files[i].content.length, firstLine: files[i].content.split("\n")[0]}));
let write = null;
try {
  await tools["fs__write_file"]({path: dirs.outside, content: "should not be written"});
  write = "written";
} catch (e) {
  write = {isToolCallError: e instanceof ToolCallError, toolName: e.toolName, message: e.message};
}
return {summary, write};
`)
	v := value(t, r)
	assert.Equal(t, []any{
		map[string]any{"name": "a.txt", "bytes": float64(6), "firstLine": "alpha"},
		map[string]any{"name": "b.md", "bytes": float64(12), "firstLine": "# bee"},
		map[string]any{"name": "data.json", "bytes": float64(22), "firstLine": `{"looks": "like JSON"}`},
	}, v["summary"], "a JSON file is read as the text it is")

	write, ok := v["write"].(map[string]any)
	require.True(t, ok, "the write outside the allowed directory must fail: %v", v["write"])
	assert.Equal(t, true, write["isToolCallError"])
	assert.Equal(t, "fs__write_file", write["toolName"])
	assert.Contains(t, write["message"], "Access denied")
	assert.NoFileExists(t, filepath.Join(outside, "escape.txt"))
}
