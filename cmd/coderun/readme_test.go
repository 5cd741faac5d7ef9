package main

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/coderun/coderun/codemode"
)

// quickStartSection is the README section whose first YAML block is the
// coderun.yml a newcomer pastes.
const quickStartSection = "## MCP in one config"

// filesystemPackage is the npm package of the official filesystem server,
// which the quick start runs with npx.
const filesystemPackage = "@modelcontextprotocol/server-filesystem"

// readmeQuickStart returns the quick start's coderun.yml as the README
// writes it.
func readmeQuickStart(t *testing.T) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	require.NoError(t, err)
	text := string(data)
	at := strings.Index(text, "\n"+quickStartSection+"\n")
	require.GreaterOrEqual(t, at, 0, "README.md has no section %q", quickStartSection)
	text = text[at:]
	start := strings.Index(text, "\n```yaml\n")
	require.GreaterOrEqual(t, start, 0, "the quick start has no ```yaml block")
	text = text[start+len("\n```yaml\n"):]
	end := strings.Index(text, "\n```\n")
	require.GreaterOrEqual(t, end, 0)
	return text[:end+1]
}

// TestReadmeQuickStart starts `coderun mcp` with the README's quick-start
// coderun.yml, as pasted, in a directory of its own, and checks that the
// model is offered the filesystem server's tools through run_code, that a
// program reads the directory coderun was started in, and that the
// policy's ask rule holds writes back. The npx server is pinned to the
// version .ci/setup-mcp installs; the test runs that installed copy rather
// than reach npm, and only that substitution is made to the text.
func TestReadmeQuickStart(t *testing.T) {
	yml := readmeQuickStart(t)
	cfg, err := codemode.ParseConfig([]byte(yml))
	require.NoError(t, err, "the quick start must be a valid coderun.yml:\n%s", yml)

	fs, ok := cfg.Servers["fs"]
	require.True(t, ok, "the quick start serves fs")
	require.Equal(t, "npx", fs.Command)
	require.Len(t, fs.Args, 3, "npx -y PACKAGE@VERSION DIR")
	pkg, version, pinned := strings.Cut(fs.Args[1], filesystemPackage+"@")
	require.True(t, pinned && pkg == "", "npx runs %s pinned to an exact version, not %q", filesystemPackage, fs.Args[1])
	installed := installedFilesystemServer(t)
	require.Equal(t, installed.version, version, "the quick start pins the version .ci/setup-mcp installs")
	require.Equal(t, ".", fs.Args[2], "the quick start serves the directory coderun starts in, which exists wherever it is pasted")

	// The one substitution: npx fetching the package becomes the copy
	// already installed.
	npx := `command: npx
    args: ["-y", "` + fs.Args[1] + `", "."]`
	require.Contains(t, yml, npx, "the fs server is written as the test expects")
	local := strings.Replace(yml, npx, "command: "+installed.bin+"\n    args: [\".\"]", 1)

	dir, err := filepath.EvalSymlinks(t.TempDir())
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "coderun.yml"), []byte(local), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("one\ntwo\nthree\n"), 0o644))

	ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute)
	defer cancel()
	cmd := exec.Command(coderunBinary(t), "mcp", "--config", "coderun.yml")
	cmd.Dir = dir
	stderr := &lockedWriter{w: &strings.Builder{}}
	cmd.Stderr = stderr
	client := mcp.NewClient(&mcp.Implementation{Name: "readme-host", Version: "v0"}, nil)
	cs, err := client.Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	require.NoError(t, err)
	defer cs.Close()

	tools := listTools(t, ctx, cs)
	require.Contains(t, tools, "run_code", "stderr:\n%s", stderr.String())
	assert.Len(t, tools, 1, "mode code offers run_code alone")
	for _, name := range []string{"fs__list_directory", "fs__read_text_file", "fs__write_file"} {
		assert.Contains(t, tools["run_code"].Description, `"`+name+`"`, "the SDK declares %s", name)
	}

	const program = `
		const listing = await tools.fs__list_directory({ path: "." })
		const notes = await tools.fs__read_text_file({ path: "notes.txt" })
		let write = "allowed"
		try { await tools.fs__write_file({ path: "new.txt", content: "x" }) } catch (e) { write = e.message }
		return { listing: listing.content, lines: notes.content.split("\n").length - 1, write }`
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "run_code", Arguments: map[string]any{"program": program, "description": "read the notes"}})
	require.NoError(t, err)
	result := decodeResult(t, res)
	require.Nil(t, result.Failure, "%+v\nstderr:\n%s", result.Failure, stderr.String())
	var got struct {
		Listing string
		Lines   int
		Write   string
	}
	require.NoError(t, json.Unmarshal(result.Value, &got))
	assert.Contains(t, got.Listing, "notes.txt", "the server serves the directory coderun was started in")
	assert.Equal(t, 3, got.Lines)
	assert.Contains(t, got.Write, "approval", "ask holds writes back from a host that cannot be asked")
	assert.NoFileExists(t, filepath.Join(dir, "new.txt"))
}

// filesystemInstall is the filesystem server .ci/setup-mcp installed.
type filesystemInstall struct {
	bin     string // its executable
	version string // its package's version
}

// installedFilesystemServer returns the filesystem server in
// .ci/node_modules, installing it with .ci/setup-mcp when it is missing.
func installedFilesystemServer(t *testing.T) filesystemInstall {
	t.Helper()
	modules, err := filepath.Abs(filepath.Join("..", "..", ".ci", "node_modules"))
	require.NoError(t, err)
	bin := filepath.Join(modules, ".bin", "mcp-server-filesystem")
	if _, err := os.Stat(bin); err != nil {
		out, err := exec.Command(filepath.Join("..", "..", ".ci", "setup-mcp")).CombinedOutput()
		require.NoError(t, err, "the filesystem server is not installed and .ci/setup-mcp could not install it (it needs npm):\n%s", out)
	}
	data, err := os.ReadFile(filepath.Join(modules, filepath.FromSlash(filesystemPackage), "package.json"))
	require.NoError(t, err)
	var pkg struct{ Version string }
	require.NoError(t, json.Unmarshal(data, &pkg))
	return filesystemInstall{bin: bin, version: pkg.Version}
}
