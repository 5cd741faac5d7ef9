package codemode

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// corpusFile holds 465 tool definitions of 29 MCP servers from the npm
// registry, as each server sent them; testdata/corpus/capture says how it
// was made.
const corpusFile = "testdata/corpus/tools.json"

// corpus is the loaded corpus: the tools as coderun would offer them, and
// the size of the native tool list, the tools' JSON as a host would send
// it to the model.
type corpus struct {
	tools       []Tool
	nativeBytes int
}

var loadCorpusOnce = sync.OnceValues(func() (*corpus, error) {
	data, err := os.ReadFile(corpusFile)
	if err != nil {
		return nil, err
	}
	var file struct {
		Servers []struct {
			Name  string            `json:"name"`
			Tools []json.RawMessage `json:"tools"`
		} `json:"servers"`
	}
	if err := json.Unmarshal(data, &file); err != nil {
		return nil, err
	}
	c := &corpus{}
	for _, s := range file.Servers {
		for _, raw := range s.Tools {
			var t struct {
				Name         string          `json:"name"`
				Description  string          `json:"description"`
				InputSchema  json.RawMessage `json:"inputSchema"`
				OutputSchema json.RawMessage `json:"outputSchema"`
				Annotations  struct {
					ReadOnlyHint bool `json:"readOnlyHint"`
				} `json:"annotations"`
			}
			if err := json.Unmarshal(raw, &t); err != nil {
				return nil, fmt.Errorf("%s: %w", s.Name, err)
			}
			var buf bytes.Buffer
			if err := json.Compact(&buf, raw); err != nil {
				return nil, err
			}
			c.nativeBytes += buf.Len() + 1 // and the comma between tools
			tool := Tool{
				Name:         s.Name + "__" + t.Name,
				Group:        s.Name,
				Description:  t.Description,
				InputSchema:  t.InputSchema,
				OutputSchema: t.OutputSchema,
			}
			if t.Annotations.ReadOnlyHint {
				tool.Concurrency = ParallelSafe
			}
			c.tools = append(c.tools, tool)
		}
	}
	c.nativeBytes++ // the list's brackets, less the last comma
	return c, nil
})

func loadCorpus(tb testing.TB) *corpus {
	tb.Helper()
	c, err := loadCorpusOnce()
	require.NoError(tb, err)
	require.GreaterOrEqual(tb, len(c.tools), 300, "the corpus holds at least 300 real tools")
	return c
}

// The catalogue's promise: the description a model reads up front costs a
// tenth of the native tool list it replaces, or less.
func TestCatalogueIsAtMostATenthOfNativeToolJSON(t *testing.T) {
	t.Parallel()
	c := loadCorpus(t)
	opts := testSDKOptions()
	opts.Form = SDKCatalogue
	catalogue := GenerateSDK(c.tools, opts)
	ratio := float64(len(catalogue)) / float64(c.nativeBytes)
	t.Logf("%d tools: native JSON %d bytes, catalogue %d bytes (%.1f%%)", len(c.tools), c.nativeBytes, len(catalogue), 100*ratio)
	assert.LessOrEqual(t, ratio, 0.10)
	for _, tool := range c.tools {
		assert.Contains(t, catalogue, "//   "+tool.Name, "every tool is in the index")
	}
	requireParsesAsTypeScript(t, catalogue)

	opts.Form = SDKAuto
	assert.Equal(t, catalogue, GenerateSDK(c.tools, opts), "auto takes the catalogue for a tool set this large")
	small := c.tools[:3]
	opts.Form = SDKFull
	full := GenerateSDK(small, opts)
	opts.Form = SDKAuto
	assert.Equal(t, full, GenerateSDK(small, opts), "auto keeps the full form for a few tools")
}

// Declarations keep the server's property order: models read the first
// properties first.
func TestCorpusDeclarationsKeepPropertyOrder(t *testing.T) {
	t.Parallel()
	c := loadCorpus(t)
	res := describeTools(c.tools, describeRequest{Names: []string{"filesystem__read_text_file"}})
	require.Equal(t, []string{"filesystem__read_text_file"}, res.Tools)
	d := res.Declarations
	path, tail, head := strings.Index(d, "    path: string;"), strings.Index(d, "    tail?: number;"), strings.Index(d, "    head?: number;")
	require.True(t, path >= 0 && tail >= 0 && head >= 0, d)
	assert.True(t, path < tail && tail < head, "path, tail, head as the server lists them:\n%s", d)
}

func TestDescribePicksByNameAndQuery(t *testing.T) {
	t.Parallel()
	c := loadCorpus(t)
	res := describeTools(c.tools, describeRequest{Query: "server:filesystem filesystem__*_file"})
	assert.Contains(t, res.Tools, "filesystem__read_text_file")
	assert.Contains(t, res.Tools, "filesystem__write_file")
	for _, n := range res.Tools {
		assert.True(t, strings.HasPrefix(n, "filesystem__") && strings.HasSuffix(n, "_file"), n)
	}

	res = describeTools(c.tools, describeRequest{Query: "screenshot"})
	assert.Positive(t, len(res.Tools)+res.More)
	assert.LessOrEqual(t, len(res.Tools), maxDescribed)

	res = describeTools(c.tools, describeRequest{Query: "pull request", Names: []string{"memory__read_graph", "no__such_tool"}})
	assert.Contains(t, res.Tools, "memory__read_graph", "named tools are always declared")
	assert.Contains(t, res.Declarations, `// No tool is named "no__such_tool"`)
	assert.Len(t, res.Tools, maxDescribed)
	assert.Positive(t, res.More)
	assert.Contains(t, res.Declarations, fmt.Sprintf("// %d more tools match", res.More))

	res = describeTools(c.tools, describeRequest{Query: "zzzqqq"})
	assert.Empty(t, res.Tools)
	assert.Contains(t, res.Declarations, `No tool matches the query "zzzqqq"`)

	again := describeTools(c.tools, describeRequest{Query: "server:filesystem filesystem__*_file"})
	assert.Equal(t, again, describeTools(c.tools, describeRequest{Query: "server:filesystem filesystem__*_file"}), "byte-stable")
}

// tscPath installs the pinned TypeScript compiler with .ci/setup-typescript,
// the one place that says how, and returns tsc's path.
var tscPath = sync.OnceValues(func() (string, error) {
	out, err := exec.Command("bash", filepath.Join("..", ".ci", "setup-typescript")).CombinedOutput()
	if err != nil {
		return "", fmt.Errorf(".ci/setup-typescript (it needs npm): %w: %s", err, out)
	}
	return filepath.Abs(filepath.Join("..", ".ci", "typescript", "node_modules", ".bin", "tsc"))
})

// typeCheck runs tsc --strict over each of sources, as a file of its own,
// and returns each one's diagnostics; empty means it type-checks. One tsc
// checks them all, since starting tsc is most of its time.
func typeCheck(t *testing.T, sources ...string) []string {
	t.Helper()
	tsc, err := tscPath()
	require.NoError(t, err)
	dir := t.TempDir()
	args := []string{"--strict", "--noEmit", "--target", "es2022", "--lib", "es2022"}
	for i, source := range sources {
		file := filepath.Join(dir, fmt.Sprintf("program%d.ts", i))
		require.NoError(t, os.WriteFile(file, []byte(source), 0o644))
		args = append(args, file)
	}
	out, err := exec.Command(tsc, args...).CombinedOutput()
	require.False(t, err != nil && len(out) == 0, "tsc: %v", err)
	diags := make([]string, len(sources))
	// tsc names the file at the start of each diagnostic, relative to the
	// working directory or as given; a line that names none continues the
	// one before.
	at := -1
	for _, line := range strings.SplitAfter(string(out), "\n") {
		for i := range sources {
			if strings.Contains(line, fmt.Sprintf("program%d.ts(", i)) {
				at = i
			}
		}
		require.True(t, at >= 0 || strings.TrimSpace(line) == "", "tsc said something of no file: %s", out)
		if at >= 0 {
			diags[at] += line
		}
	}
	return diags
}

// A program written against describe_tools' declarations type-checks
// under tsc --strict together with the catalogue; the same program with a
// wrong argument does not, so the declarations carry real types.
func TestDescribedDeclarationsTypeCheckWithTSC(t *testing.T) {
	t.Parallel()
	c := loadCorpus(t)
	opts := testSDKOptions()
	opts.Form = SDKCatalogue
	catalogue := GenerateSDK(c.tools, opts)
	first := describeTools(c.tools, describeRequest{Names: []string{"filesystem__read_text_file", "filesystem__list_directory", "memory__create_entities"}})
	second := describeTools(c.tools, describeRequest{Query: "server:brave-search brave_place_search"})
	require.Contains(t, second.Tools, "brave-search__brave_place_search")

	program := func(head string) string {
		return catalogue + "\n" + first.Declarations + "\n" + second.Declarations + `
async function program() {
  const found = await tools.$describe({ query: "server:memory graph" });
  const names: string[] = found.tools;
  const text = await tools["filesystem__read_text_file"]({ path: "/srv/a.txt", ` + head + ` });
  const listing = await tools["filesystem__list_directory"]({ path: "/srv" });
  await tools["memory__create_entities"]({ entities: [{ name: "a", entityType: "note", observations: ["seen"] }] });
  try {
    await tools["brave-search__brave_place_search"]({ query: "coffee" });
  } catch (e) {
    if (e instanceof ToolCallError) return { failed: e.toolName, names };
    throw e;
  }
  return { text, listing, names };
}
export {};
`
	}
	diags := typeCheck(t, program("head: 3"), program(`head: "three"`))
	assert.Empty(t, diags[0])
	assert.Contains(t, diags[1], "error TS2322", "a string where the declaration says number is a type error")
}

// Every declaration of the corpus type-checks under tsc --strict: the full
// SDK of 465 real tools is valid TypeScript with no type errors.
func TestFullCorpusSDKTypeChecksWithTSC(t *testing.T) {
	t.Parallel()
	c := loadCorpus(t)
	full := GenerateSDK(c.tools, testSDKOptions())
	assert.Empty(t, typeCheck(t, full+"\nexport {};\n")[0])
}
