package codemode

import (
	"context"
	"encoding/json"
	"flag"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
	"time"
	"unsafe"

	coderun "github.com/coderun/coderun"
	"github.com/evanw/esbuild/pkg/api"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

func noop(context.Context, *Call) (*Output, error) { return nil, nil }

// sdkTools exercise every translation rule; each schema says in its
// descriptions what it is testing.
func sdkTools() []Tool {
	return []Tool{
		{
			Name:        "read_file",
			Description: "Read a text file from the workspace.\nFails if the file does not exist.",
			Concurrency: ParallelSafe,
			InputSchema: json.RawMessage(`{
				"type": "object",
				"properties": {
					"path": {"type": "string", "description": "Path relative to the workspace root."},
					"encoding": {"enum": ["utf-8", "base64"], "default": "utf-8"},
					"maxBytes": {"type": "integer", "title": "Byte limit"}
				},
				"required": ["path"],
				"additionalProperties": false
			}`),
			OutputSchema: json.RawMessage(`{
				"type": "object",
				"properties": {"content": {"type": "string"}, "size": {"type": "integer"}},
				"required": ["content", "size"]
			}`),
		},
		{
			Name:        "my-tool",
			Description: "Exercises unions, literals, nullability and nesting. A description with */ in it stays inside its comment.",
			InputSchema: json.RawMessage(`{
				"type": "object",
				"properties": {
					"mode": {"const": "fast"},
					"level": {"enum": [1, 2.5, -3, true, null]},
					"target": {"anyOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}]},
					"shape": {"oneOf": [
						{"type": "object", "properties": {"kind": {"const": "circle"}, "r": {"type": "number"}}, "required": ["kind", "r"]},
						{"type": "object", "properties": {"kind": {"const": "square"}, "side": {"type": "number"}}, "required": ["kind", "side"]}
					]},
					"note": {"type": ["string", "null"]},
					"legacy": {"type": "string", "nullable": true},
					"matrix": {"type": "array", "items": {"type": "array", "items": {"type": ["number", "string"]}}},
					"content-type": {"type": "string", "description": "Keys that are not identifiers are quoted."},
					"nested": {
						"type": "object",
						"description": "Nested objects indent.",
						"properties": {
							"deep": {"type": "object", "properties": {"flag": {"type": "boolean"}}, "required": ["flag"]}
						}
					},
					"labels": {"type": "object", "additionalProperties": {"type": "string"}},
					"extras": {
						"type": "object",
						"properties": {"id": {"type": "string"}},
						"additionalProperties": {"type": "number"}
					},
					"open": {"type": "object", "properties": {"a": {"type": "string"}}, "additionalProperties": true},
					"closed": {"type": "object", "additionalProperties": false},
					"anything": {},
					"nothing": false,
					"tuple": {"type": "array", "prefixItems": [{"type": "string"}]},
					"negated": {"not": {"type": "string"}},
					"objectEnum": {"enum": [{"a": 1}]}
				},
				"required": ["mode", "target", "mustExist"]
			}`),
		},
		{
			Name:        "refs",
			Description: "Exercises $ref and allOf.",
			InputSchema: json.RawMessage(`{
				"type": "object",
				"$defs": {
					"point": {"type": "object", "properties": {"x": {"type": "number"}, "y": {"type": "number"}}, "required": ["x", "y"]},
					"tree": {"type": "object", "properties": {"value": {"type": "string"}, "children": {"type": "array", "items": {"$ref": "#/$defs/tree"}}}},
					"a~b/c": {"type": "boolean"}
				},
				"properties": {
					"from": {"$ref": "#/$defs/point"},
					"to": {"$ref": "#/$defs/point", "description": "A description beside $ref is kept."},
					"tree": {"$ref": "#/$defs/tree"},
					"escaped": {"$ref": "#/$defs/a~0b~1c"},
					"remote": {"$ref": "https://example.com/schema.json"},
					"missing": {"$ref": "#/$defs/nope"},
					"both": {"allOf": [{"$ref": "#/$defs/point"}, {"type": "object", "properties": {"z": {"type": "number"}}}]}
				},
				"required": ["from"]
			}`),
		},
		{Name: "no_schema", Description: "Declares no input schema.", Execute: noop},
		{
			Name:         "__proto__",
			Description:  "Any string is a tool name.",
			InputSchema:  json.RawMessage(`{"type": "object", "properties": {"q": {"type": "string"}}}`),
			OutputSchema: json.RawMessage(`{"type": "array", "items": {"type": "string"}}`),
			Concurrency:  ParallelSafe,
		},
	}
}

func testSDKOptions() SDKOptions {
	return SDKOptions{MaxParallelSubCalls: 10, Budgets: coderun.DefaultConfig()}
}

// checkGolden compares got with testdata/name, or rewrites it with -update.
func checkGolden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		require.NoError(t, os.WriteFile(path, []byte(got), 0o644))
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "run go test ./codemode -run SDK -update to create it")
	assert.Equal(t, string(want), got, "the SDK differs from %s; rerun with -update if the change is intended", path)
}

// requireParsesAsTypeScript runs the SDK through esbuild's TypeScript parser:
// a syntax error in a declaration would confuse the model reading it.
func requireParsesAsTypeScript(t *testing.T, sdk string) {
	t.Helper()
	res := api.Transform(sdk, api.TransformOptions{Loader: api.LoaderTS})
	for _, m := range res.Errors {
		t.Errorf("SDK is not valid TypeScript: %s (line %d: %q)", m.Text, m.Location.Line, m.Location.LineText)
	}
}

func TestSDKGolden(t *testing.T) {
	t.Parallel()
	sdk := GenerateSDK(sdkTools(), testSDKOptions())
	checkGolden(t, "sdk_tools.golden", sdk)
	requireParsesAsTypeScript(t, sdk)
}

func TestSDKGoldenEmpty(t *testing.T) {
	t.Parallel()
	opts := testSDKOptions()
	opts.MaxParallelSubCalls = 1
	opts.Budgets.Deterministic = true
	opts.Budgets.MaxOutputBytes = 1000
	opts.Budgets.WallTime = 90 * time.Minute
	sdk := GenerateSDK(nil, opts)
	checkGolden(t, "sdk_empty.golden", sdk)
	requireParsesAsTypeScript(t, sdk)
}

// docs/codemode.md shows the SDK for two sample tools; this keeps it true.
func TestSDKGoldenReadmeSample(t *testing.T) {
	t.Parallel()
	sdk := GenerateSDK(readmeSampleTools(), testSDKOptions())
	checkGolden(t, "sdk_readme.golden", sdk)
	requireParsesAsTypeScript(t, sdk)
}

func readmeSampleTools() []Tool {
	return []Tool{
		{
			Name:         "read_file",
			Description:  "Read a UTF-8 text file.",
			Concurrency:  ParallelSafe,
			InputSchema:  json.RawMessage(`{"type":"object","properties":{"path":{"type":"string","description":"Path relative to the workspace."}},"required":["path"]}`),
			OutputSchema: json.RawMessage(`{"type":"object","properties":{"content":{"type":"string"}},"required":["content"]}`),
		},
		{
			Name:        "write-file",
			Description: "Create or overwrite a file.",
			InputSchema: json.RawMessage(`{"type":"object","properties":{"path":{"type":"string"},"content":{"type":"string"},"mode":{"enum":["overwrite","append"]}},"required":["path","content"]}`),
		},
	}
}

func TestSDKIsByteStableAndSorted(t *testing.T) {
	t.Parallel()
	want := GenerateSDK(sdkTools(), testSDKOptions())
	for range 20 {
		tools := sdkTools()
		rand.Shuffle(len(tools), func(i, j int) { tools[i], tools[j] = tools[j], tools[i] })
		require.Equal(t, want, GenerateSDK(tools, testSDKOptions()))
	}
	// Byte order: "__proto__" < "my-tool" < "no_schema" < "read_file" < "refs".
	var last int
	for _, name := range []string{`"__proto__"(`, `"my-tool"(`, `"no_schema"(`, `"read_file"(`, `"refs"(`} {
		i := indexOf(want, name)
		require.Greater(t, i, last, name)
		last = i
	}
}

func indexOf(s, sub string) int {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return i
		}
	}
	return -1
}

func TestSessionSDKIsCachedPerToolSet(t *testing.T) {
	t.Parallel()
	cfg := DefaultConfig()
	cfg.Mode = ModeCode
	cfg.Tools.Exclude = []string{"secret_*"}
	tools := readmeSampleTools()
	for i := range tools {
		tools[i].Execute = noop
	}
	s, _ := newTestSession(t, Options{Config: &cfg}, tools...)

	first := s.SDK()
	assert.Equal(t, GenerateSDK(readmeSampleTools(), SDKOptions{MaxParallelSubCalls: 10, Budgets: cfg.Budgets}), first)
	assert.Same(t, unsafe.StringData(first), unsafe.StringData(s.SDK()), "a second call returns the cached text")

	// Registering a tool the filter hides leaves the visible set, and so the
	// cached text, as it was.
	require.NoError(t, s.Registry().Register(Tool{Name: "secret_keys", Execute: noop}))
	assert.Same(t, unsafe.StringData(first), unsafe.StringData(s.SDK()))

	require.NoError(t, s.Registry().Register(Tool{Name: "grep", Execute: noop}))
	second := s.SDK()
	assert.Contains(t, second, `"grep"(`)
	assert.NotContains(t, second, "secret_keys")

	require.True(t, s.Registry().Unregister("grep"))
	assert.Equal(t, first, s.SDK(), "the same tool set gives the same text")
}

func TestSDKStatesSessionLimits(t *testing.T) {
	t.Parallel()
	opts := testSDKOptions()
	opts.MaxParallelSubCalls = 3
	opts.Budgets.MaxOutputBytes = 5 << 20
	opts.Budgets.ComputeTime = 2 * time.Second
	opts.Budgets.WallTime = time.Hour
	opts.Budgets.MaxCalls = 40
	opts.Budgets.MaxCallsInFlight = 8
	sdk := GenerateSDK(sdkTools(), opts)
	for _, want := range []string{
		"at most 3 at a time",
		"may take 5 MiB",
		"compute for 2s and run for 1h in all",
		"at most 40 calls, at most 8 in flight",
		"rejects with a ToolCallError",
		"no network, no file system, no require or import",
		"declare class ToolCallError extends Error",
		"readonly toolName: string;",
	} {
		assert.Contains(t, sdk, want)
	}
}

func TestFormatHelpers(t *testing.T) {
	t.Parallel()
	assert.Equal(t, "64 MiB", formatBytes(64<<20))
	assert.Equal(t, "1 GiB", formatBytes(1<<30))
	assert.Equal(t, "3 KiB", formatBytes(3<<10))
	assert.Equal(t, "1000 bytes", formatBytes(1000))
	assert.Equal(t, "10s", formatDuration(10*time.Second))
	assert.Equal(t, "1m", formatDuration(time.Minute))
	assert.Equal(t, "1m30s", formatDuration(90*time.Second))
	assert.Equal(t, "2h", formatDuration(2*time.Hour))
	assert.Equal(t, "1h30m", formatDuration(90*time.Minute))
	assert.Equal(t, "500ms", formatDuration(500*time.Millisecond))
}
