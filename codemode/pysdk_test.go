package codemode

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	coderun "github.com/coderun/coderun"
	"github.com/coderun/coderun/internal/testing/echoserver"
)

// pythonSDKOptions are testSDKOptions for a Python runtime.
func pythonSDKOptions() SDKOptions {
	opts := testSDKOptions()
	opts.Budgets.Language = coderun.LanguagePython
	return opts
}

// pythonEdgeTools exercise what Python alone makes hard: names that cannot
// be methods, parameters or class-syntax keys, recursion, literals and
// descriptions that would break a docstring.
func pythonEdgeTools() []Tool {
	j := func(s string) json.RawMessage { return json.RawMessage(s) }
	return []Tool{
		{Name: "list", Description: "A method named list would shadow the builtin in the class's annotations.",
			InputSchema: j(`{"type":"object","properties":{"items":{"type":"array","items":{"type":"string"}}}}`)},
		{Name: "str", Description: `Ends in a quote and holds three: """ "`, InputSchema: j(`{"type":"object","properties":{"s":{"type":"string"}}}`)},
		{Name: "_private", Description: "Back\\slash \\d and \u0007 bell.\r\nSecond line."},
		{Name: "class", Description: "A keyword."},
		{Name: "Tools", Description: "The class's own name."},
		{Name: "ToolCallError", Description: "The exception's name."},
		{Name: "1abc", Description: "Starts with a digit."},
		{Name: "caf\u00e9", Description: "Not ASCII."},
		{Name: "keys_tool", Description: "Keys named like dict methods, and self.",
			InputSchema:  j(`{"type":"object","properties":{"keys":{"type":"string"},"get":{"type":"integer"},"self":{"type":"string"}},"required":["self"]}`),
			OutputSchema: j(`{"type":"object","properties":{"items":{"type":"boolean"},"str":{"type":"string"},"NotRequired":{"type":"string"},"__x":{"type":"string"},"caf\u00e9":{"type":"string"},"":{"type":"string"}},"required":["items"]}`)},
		{Name: "extras", Description: "Open to keywords it does not declare, one of them named kwargs.",
			InputSchema: j(`{"type":"object","properties":{"kwargs":{"type":"string"}},"additionalProperties":{"type":"integer"}}`)},
		{Name: "tree", Description: "A recursive $ref, with a key that forces the functional syntax.",
			InputSchema: j(`{"type":"object","$defs":{"node":{"type":"object","properties":{"the-next":{"$ref":"#/$defs/node"},"label":{"enum":["it's","a\\b"]}}}},"properties":{"root":{"$ref":"#/$defs/node"},"child":{"$ref":"#"}}}`)},
		{Name: "shapes", Description: "Arguments that are one of two objects.",
			InputSchema: j(`{"oneOf":[{"type":"object","properties":{"kind":{"const":"a"},"x":{"type":"integer"}},"required":["kind","x"]},{"type":"object","properties":{"kind":{"const":"b"},"y":{"type":"string"}},"required":["kind"]}]}`)},
		{Name: "literals", Description: "Literal values Python spells its own way.",
			InputSchema:  j(`{"type":"object","properties":{"e":{"enum":["a\"b","\u2028","\\","two\nlines",1e5,12345678901234567890,0.5,false,null]},"t":{"type":"array","prefixItems":[{"type":"string"}],"items":{"type":"integer"}},"nl":{"$ref":"#/$defs/nobj"},"both":{"allOf":[{"type":"string"},{"type":"integer"}]}},"$defs":{"nobj":{"type":"object","nullable":true,"properties":{"b":{"type":"string"}}}}}`),
			OutputSchema: j(`{"type":["object","null"],"properties":{"a":{"type":"string"}}}`)},
		{Name: "closed", Description: "Takes no arguments at all.", InputSchema: j(`{"type":"object","additionalProperties":false}`), OutputSchema: j(`{"type":"string"}`)},
		{Name: "mapping", Description: "Takes any keyword with a string value.", InputSchema: j(`{"type":"object","additionalProperties":{"type":"string"}}`),
			OutputSchema: j(`{"type":"array","items":{"type":"object","properties":{"x":{"type":"integer"}}}}`)},
		{Name: "root_ref", Description: "The arguments are a $ref.",
			InputSchema: j(`{"$ref":"#/$defs/a","$defs":{"a":{"type":"object","properties":{"p":{"type":"string","description":"Path."}},"required":["p"]}}}`)},
	}
}

func TestPythonSDKGolden(t *testing.T) {
	t.Parallel()
	checkGolden(t, "sdk_tools_python.golden", GenerateSDK(sdkTools(), pythonSDKOptions()))
}

func TestPythonSDKGoldenEmpty(t *testing.T) {
	t.Parallel()
	opts := pythonSDKOptions()
	opts.MaxParallelSubCalls = 1
	opts.Budgets.Deterministic = true
	opts.Budgets.MaxOutputBytes = 1000
	opts.Budgets.WallTime = 90 * time.Minute
	checkGolden(t, "sdk_empty_python.golden", GenerateSDK(nil, opts))
}

// docs/codemode.md shows the Python SDK for the two sample tools; this
// keeps it true.
func TestPythonSDKGoldenReadmeSample(t *testing.T) {
	t.Parallel()
	checkGolden(t, "sdk_readme_python.golden", GenerateSDK(readmeSampleTools(), pythonSDKOptions()))
}

func TestPythonSDKIsByteStableAndSorted(t *testing.T) {
	t.Parallel()
	tools := append(sdkTools(), pythonEdgeTools()...)
	want := GenerateSDK(tools, pythonSDKOptions())
	for range 20 {
		rand.Shuffle(len(tools), func(i, j int) { tools[i], tools[j] = tools[j], tools[i] })
		require.Equal(t, want, GenerateSDK(tools, pythonSDKOptions()))
	}
	// Methods in byte order, then the tools reached by name.
	var last int
	for _, decl := range []string{"def describe_tools(", "def extras(", "def keys_tool(", "def no_schema(", "def read_file(", `Literal["1abc"]`, `Literal["__proto__"]`, `Literal["list"]`, `Literal["my-tool"]`} {
		i := strings.Index(want, decl)
		require.Greater(t, i, last, decl)
		last = i
	}
}

func TestPythonSDKStatesSessionLimits(t *testing.T) {
	t.Parallel()
	opts := pythonSDKOptions()
	opts.MaxParallelSubCalls = 3
	opts.Budgets.MaxOutputBytes = 5 << 20
	opts.Budgets.ComputeTime = 2 * time.Second
	opts.Budgets.WallTime = time.Hour
	opts.Budgets.MaxCalls = 40
	opts.Budgets.MaxCallsInFlight = 8
	opts.Budgets.Deterministic = true
	sdk := GenerateSDK(sdkTools(), opts)
	for _, want := range []string{
		"# A program is Python, run as the body of an async function",
		"at most 3 at a time",
		"asyncio.gather",
		"may take 5 MiB",
		"compute for 2s and run for 1h in all",
		"at most 40 calls, at most 8 in flight",
		"raises a ToolCallError: tool_name names the",
		"time, datetime and random are deterministic",
		"class ToolCallError(Exception):",
		"    tool_name: str\n",
		"class Tools(Protocol):",
		"\ntools: Tools\n",
	} {
		assert.Contains(t, sdk, want)
	}
	assert.NotContains(t, sdk, "Promise", "nothing of TypeScript is left")
	assert.NotContains(t, sdk, "//")
}

// How each kind of name is declared: a method where Python allows one, an
// item of tools otherwise; keyword parameters where the keys allow them, a
// TypedDict unpacked into **kwargs otherwise.
func TestPythonSDKDeclaresNamesUsably(t *testing.T) {
	t.Parallel()
	sdk := GenerateSDK(append(sdkTools(), pythonEdgeTools()...), pythonSDKOptions())
	for _, want := range []string{
		// Identifiers are methods, with keyword-only parameters.
		"    async def read_file(\n        self,\n        *,\n        # Path relative to the workspace root.\n        path: str,\n        # Default: \"utf-8\".\n        encoding: Literal[\"utf-8\", \"base64\"] = ...,\n",
		"    async def no_schema(self, **kwargs: Any) -> Any:",
		"    async def closed(self) -> str:",
		"    async def mapping(self, **kwargs: str) -> list[MappingResultItem]:",
		// A key that is not a parameter name makes a TypedDict of them all.
		"    async def refs(self, **kwargs: Unpack[RefsArgs]) -> Any:",
		"RefsArgs = TypedDict(\"RefsArgs\", {\n    \"from\": RefsPoint,\n",
		// A key self leaves self positional-only.
		"    async def keys_tool(self, /, **kwargs: Unpack[KeysToolArgs]) -> KeysToolResult:",
		"    async def extras(self, *, kwargs: str = ..., **kwargs_: int) -> Any:",
		// Other names are items of tools, each a Protocol with the call.
		"# tools[\"my-tool\"]\nclass MyToolTool(Protocol):\n    async def __call__(self, **kwargs: Unpack[MyToolArgs]) -> Any:",
		"    def __getitem__(self, name: Literal[\"list\"]) -> ListTool: ...",
		"    def __getitem__(self, name: Literal[\"class\"]) -> ClassTool: ...",
		"    def __getitem__(self, name: Literal[\"Tools\"]) -> ToolsTool: ...",
		"    def __getitem__(self, name: Literal[\"_private\"]) -> PrivateTool: ...",
		"    def __getitem__(self, name: Literal[\"caf\u00e9\"]) -> CafTool: ...",
		// Types: recursion names its TypedDict, a union of argument objects
		// merges, Literal takes what Python allows.
		"class RefsTree(TypedDict):\n    value: NotRequired[str]\n    children: NotRequired[list[RefsTree]]\n",
		"TreeNode = TypedDict(\"TreeNode\", {\n    \"the-next\": NotRequired['TreeNode'],\n",
		"    child: NotRequired[TreeArgs]\n",
		"        kind: Literal[\"a\", \"b\"],\n        x: int = ...,\n        y: str = ...,\n",
		"Takes the keywords of one of: (kind, x), (kind, y).",
		"e: Literal[\"a\\\"b\", \"\\u2028\", \"\\\\\", \"two\\nlines\", 12345678901234567890, False] | float | None = ...,",
		"        t: list[str | int] = ...,\n",
		"        nl: LiteralsNobj | None = ...,\n",
		"    # The key \"\" is allowed too: str.\n",
		`"""Ends in a quote and holds three: \"\"\" \""""`,
		"\"\"\"Back\\\\slash \\\\d and   bell.\n        Second line.\n",
	} {
		assert.Contains(t, sdk, want)
	}
	assert.Contains(t, sdk, "from __future__ import annotations\nfrom typing import Any, Literal, Never, NotRequired, Protocol, TypedDict, Unpack, overload\n")
}

// The SDK of the test tools, Python's hard cases included, type-checks
// under pyright --strict, and so does a program written against it: calls
// with keywords, results read as TypedDicts, the error caught. Wrong calls
// are reported.
func TestPythonSDKTypeChecksWithPyright(t *testing.T) {
	t.Parallel()
	sdk := GenerateSDK(append(sdkTools(), pythonEdgeTools()...), pythonSDKOptions())
	program := func(body string) string {
		return sdk + "\n\nimport asyncio\n\n\nasync def program() -> object:\n" + body
	}
	good := program(`    found = await tools.describe_tools(query="server:memory graph")
    names: list[str] = found["tools"]
    text = await tools.read_file(path="/srv/a.txt", maxBytes=3)
    content: str = text["content"]
    size: int = text["size"]
    mine: MyToolArgs = {"mode": "fast", "target": ["a", "b"], "mustExist": None, "content-type": "text/plain"}
    await tools["my-tool"](**mine)
    refs: RefsArgs = {"from": {"x": 1, "y": 2.5}, "both": {"x": 1, "y": 2, "z": 3}}
    await tools.refs(**refs)
    listing = await tools["__proto__"](q="x")
    first: str = listing[0]
    await tools.no_schema(anything=1)
    await tools["list"](items=["a"])
    keys: KeysToolArgs = {"self": "me", "keys": "k"}
    await tools.keys_tool(**keys)
    await tools.extras(kwargs="k", other=1)
    await tools.shapes(kind="a", x=1)
    await tools.tree(root={"the-next": {"label": "it's"}})
    await tools.root_ref(p="x")
    pair = await asyncio.gather(tools.read_file(path="a"), tools.read_file(path="b"))
    try:
        await tools.read_file(path="missing")
    except ToolCallError as e:
        return {"failed": e.tool_name, "message": str(e), "names": names}
    return {"content": content, "size": size, "first": first, "pair": len(pair)}
`)
	wrong := map[string]string{
		`await tools.read_file(path="a", mode="x")`:                  `No parameter named "mode"`,
		`await tools.read_file(maxBytes=1)`:                          `Argument missing for parameter "path"`,
		`await tools.read_file(path=3)`:                              `"Literal[3]" is not assignable to "str"`,
		`await tools["my-tool"](target="x", mustExist=1)`:            `"mode"`,
		`(await tools.read_file(path="a"))["nope"]`:                  `"nope" is not a defined key`,
		`await tools["no-such-tool"]()`:                              `No overloads for "__getitem__"`,
		`await tools.closed(x=1)`:                                    `No parameter named "x"`,
		`await tools.refs(**RefsArgs({"from": {"x": "a", "y": 1}}))`: `"Literal['a']" is not assignable to "float"`,
	}
	sources := []string{good}
	var wants []string
	for call, want := range wrong {
		sources = append(sources, program("    return "+call+"\n"))
		wants = append(wants, want)
	}
	diags := pyrightCheck(t, sources...)
	assert.Empty(t, diags[0])
	for i, want := range wants {
		assert.Contains(t, diags[i+1], want, "pyright reports %s", strings.TrimPrefix(sources[i+1], program("")))
	}
}

// Every declaration of the corpus type-checks under pyright --strict: the
// full Python SDK of 465 real tools, and the catalogue with a program that
// reads declarations through describe_tools. describe_tools' declarations
// are a module of their own (Python merges no classes), which type-checks
// with a program calling the tools it declares.
func TestFullCorpusPythonSDKTypeChecksWithPyright(t *testing.T) {
	t.Parallel()
	c := loadCorpus(t)
	full := GenerateSDK(c.tools, pythonSDKOptions())
	opts := pythonSDKOptions()
	opts.Form = SDKCatalogue
	catalogue := GenerateSDK(c.tools, opts) + `

async def program() -> object:
    found = await tools.describe_tools(names=["filesystem__read_text_file"], query="server:memory")
    return found["declarations"]
`
	described := describeToolsIn(python, c.tools, describeRequest{Names: []string{"filesystem__read_text_file", "memory__create_entities", "brave-search__brave_place_search"}})
	require.Len(t, described.Tools, 3)
	program := described.Declarations + `

tools: Tools


async def program() -> object:
    text = await tools.filesystem__read_text_file(path="/srv/a.txt", head=3)
    await tools.memory__create_entities(entities=[{"name": "a", "entityType": "note", "observations": ["seen"]}])
    await tools["brave-search__brave_place_search"](query="coffee")
    return text
`
	diags := pyrightCheck(t, full, catalogue, program, strings.Replace(program, "head=3", `head="three"`, 1))
	assert.Empty(t, diags[0], "the full SDK")
	assert.Empty(t, diags[1], "the catalogue")
	assert.Empty(t, diags[2], "describe_tools' declarations")
	assert.Contains(t, diags[3], `"Literal['three']" is not assignable to "float"`)
}

// The Python catalogue keeps the TypeScript one's promise: a tenth of the
// native tool list, or less.
func TestPythonCatalogueIsAtMostATenthOfNativeToolJSON(t *testing.T) {
	t.Parallel()
	c := loadCorpus(t)
	opts := pythonSDKOptions()
	opts.Form = SDKCatalogue
	catalogue := GenerateSDK(c.tools, opts)
	assert.LessOrEqual(t, float64(len(catalogue))/float64(c.nativeBytes), 0.10)
	for _, tool := range c.tools {
		assert.Contains(t, catalogue, "#   "+tool.Name, "every tool is in the index")
	}
	assert.Contains(t, catalogue, "`await tools.describe_tools(query=\"...\")`.")
	assert.NotContains(t, catalogue, "def filesystem__read_text_file", "the catalogue declares no tool")
}

// $refs become one TypedDict each, so the schema whose definitions each use
// the next one twice, which the TypeScript SDK cannot inline, is declared
// in full and small; so is an object nested a thousand deep.
func TestPythonDeclaresNestedSchemasInFull(t *testing.T) {
	t.Parallel()
	tool := valueTool("deep__nested", Exclusive, "{}")
	tool.InputSchema = echoserver.NestedRefSchema(20)
	sdk := GenerateSDK([]Tool{tool}, pythonSDKOptions())
	assert.Less(t, len(sdk), 16<<10)
	assert.NotContains(t, sdk, tooComplexNote)

	nested := strings.Repeat(`{"type":"object","properties":{"x":`, 1000) + `{"type":"string"}` + strings.Repeat(`}}`, 1000)
	big := valueTool("big__one", Exclusive, "{}")
	big.OutputSchema = json.RawMessage(nested)
	sdk = GenerateSDK([]Tool{big}, pythonSDKOptions())
	assert.NotContains(t, sdk, tooComplexNote)
	assert.Less(t, len(sdk), 200*len(nested)/10, "the SDK grows with the schema, not its square")
}

// A translation over its budget leaves nothing behind: its names are free
// again and its definitions gone, and the caller falls back to Any.
func TestPythonTranslationOverBudgetLeavesNothing(t *testing.T) {
	t.Parallel()
	m := newPyModule()
	root, err := decodeOrdered([]byte(`{"type":"object","properties":{"a":{"type":"object","properties":{"b":{"type":"string"}}}}}`))
	require.NoError(t, err)
	full, ok := pyAttempt(m, root, "T", "TArgs", 10, func(g *pyGen) {
		g.convert(root, "TArgs")
		g.charge(1 << 30)
	})
	assert.False(t, full)
	assert.False(t, ok)
	assert.Empty(t, m.defs)
	assert.Equal(t, "TArgs", m.names.take("TArgs"), "the name is free again")

	tool := valueTool("t", Exclusive, "{}")
	d := declarePython(newPyModule(), tool)
	assert.Equal(t, pySig{kwargs: "kwargs: Any"}, d.sig)
	assert.False(t, d.problem)
}

func TestLanguageOf(t *testing.T) {
	t.Parallel()
	for name, want := range map[string]*sdkLanguage{"": typeScript, coderun.LanguageTypeScript: typeScript, coderun.LanguagePython: python} {
		got, err := languageOf(name)
		require.NoError(t, err)
		assert.Same(t, want, got, name)
	}
	_, err := languageOf("lua")
	require.Error(t, err)
	assert.Equal(t, `codemode cannot render its SDK in "lua"; it renders typescript and python`, err.Error())

	opts := testSDKOptions()
	opts.Budgets.Language = "lua"
	assert.PanicsWithValue(t, `codemode: GenerateSDK: codemode cannot render its SDK in "lua"; it renders typescript and python`,
		func() { GenerateSDK(nil, opts) })
}

// Code Mode renders an SDK for every language a Runtime runs, and for no
// other: the runtime's list is the one place languages are named.
func TestSDKLanguagesAreTheRuntimesLanguages(t *testing.T) {
	t.Parallel()
	var rendered []string
	for _, l := range sdkLanguages {
		rendered = append(rendered, l.name)
	}
	assert.Equal(t, coderun.Languages(), rendered)
}

// A session speaks its runtime's language: the runtime's wins over the
// configuration's, which stands when there is no runtime (mode native).
func TestSessionLanguageIsTheRuntimes(t *testing.T) {
	t.Parallel()
	cfg := DefaultConfig()
	cfg.Budgets.Language = coderun.LanguagePython
	lang, err := sessionLanguage(sharedRuntime, &cfg)
	require.NoError(t, err)
	assert.Same(t, typeScript, lang)
	lang, err = sessionLanguage(nil, &cfg)
	require.NoError(t, err)
	assert.Same(t, python, lang)
	cfg.Budgets.Language = "lua"
	_, err = sessionLanguage(nil, &cfg)
	assert.ErrorContains(t, err, `codemode: new session: codemode cannot render its SDK in "lua"`)

	tools := readmeSampleTools()
	for i := range tools {
		tools[i].Execute = noop
	}
	s, _ := newTestSession(t, Options{}, tools...)
	assert.Equal(t, coderun.LanguageTypeScript, s.Language())
}

// What a session shows and binds follows its language: the SDK and
// describe_tools' declarations are Python, run_code and describe_tools say
// so, and the tools namespace has describe_tools and ToolCallError's
// tool_name. (A Python runtime is the Python sandbox's; the session's
// language stands in for it.)
func TestPythonSessionShowsAndBindsPython(t *testing.T) {
	t.Parallel()
	cfg := DefaultConfig()
	cfg.Mode = ModeCode
	tools := readmeSampleTools()
	for i := range tools {
		tools[i].Execute = noop
	}
	s, _ := newTestSession(t, Options{Config: &cfg}, tools...)
	s.lang = python

	assert.Equal(t, GenerateSDK(readmeSampleTools(), pythonSDKOptions()), s.SDK())
	out, err := s.executeDescribe(context.Background(), &Call{Args: json.RawMessage(`{"names":["read_file","nope"]}`)})
	require.NoError(t, err)
	assert.Contains(t, out.Content[0].Text, "# No tool is named \"nope\"")
	assert.Contains(t, out.Content[0].Text, "    async def read_file(")

	ns := newSubDispatcher(s, &Call{ID: "c"}, 1).bindings()[0]
	assert.Contains(t, ns.Functions, DescribeToolsToolName)
	assert.NotContains(t, ns.Functions, describeFunction)
	assert.Equal(t, []string{DescribeToolsToolName}, ns.Hidden)
	assert.Equal(t, &coderun.ErrorClass{Name: ToolCallErrorClass, Member: "tool_name"}, ns.ErrorClass)

	assert.Contains(t, python.runCodeDescription, "Run a Python program")
	assert.Contains(t, python.runCodeInputSchema, `"Python source, run as the body of an async function`)
	assert.Contains(t, python.describeToolsDescription, "Returns the Python declarations")
	_, err = s.lookupTopLevel("read_file")
	assert.ErrorContains(t, err, "as await tools.read_file(...)")
	_, err = s.lookupTopLevel("write-file")
	assert.ErrorContains(t, err, `as await tools["write-file"](...)`)
}

// pythonBlocks returns the ```python blocks of a Markdown page.
func pythonBlocks(t *testing.T, page string) []string {
	t.Helper()
	data, err := os.ReadFile(page)
	require.NoError(t, err)
	var blocks []string
	lines := strings.Split(string(data), "\n")
	for i := 0; i < len(lines); i++ {
		if strings.TrimSpace(lines[i]) != "```python" {
			continue
		}
		var code []string
		for i++; i < len(lines) && strings.TrimSpace(lines[i]) != "```"; i++ {
			code = append(code, lines[i])
		}
		blocks = append(blocks, strings.Join(code, "\n")+"\n")
	}
	return blocks
}

// docs/codemode.md shows the end of the Python SDK of the two sample tools
// and a program written against it: the first is the SDK's text, and the
// second type-checks against it.
func TestPythonDocsShowTheSDK(t *testing.T) {
	t.Parallel()
	blocks := pythonBlocks(t, filepath.Join("..", "docs", "codemode.md"))
	require.Len(t, blocks, 2)
	sdk := GenerateSDK(readmeSampleTools(), pythonSDKOptions())
	assert.True(t, strings.HasSuffix(sdk, "\n"+blocks[0]), "the first block is the end of the SDK: copy testdata/sdk_readme_python.golden's end again")
	program := sdk + "\n\nasync def program() -> object:\n" + indent(blocks[1], "    ")
	assert.Empty(t, pyrightCheck(t, program)[0])
}

// indent puts prefix before every line of text that is not empty.
func indent(text, prefix string) string {
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		if l != "" {
			lines[i] = prefix + l
		}
	}
	return strings.Join(lines, "\n")
}

// A control character in a name or description cannot end or garble a
// comment line of the Python catalogue.
func TestPythonCatalogueCommentsAreClean(t *testing.T) {
	t.Parallel()
	opts := pythonSDKOptions()
	opts.Form = SDKCatalogue
	tools := append(pythonEdgeTools(), Tool{Name: "odd\nname", Description: "A NUL \x00 here."})
	catalogue := GenerateSDK(tools, opts)
	assert.Contains(t, catalogue, "#   _private: Back\\slash \\d and   bell.\n")
	assert.Contains(t, catalogue, "#   odd name: A NUL   here.\n")
	assert.NotContains(t, catalogue, "\x00")
}
