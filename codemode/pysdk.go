package codemode

import (
	"fmt"
	"slices"
	"strings"
)

// This file renders the SDK for Python programs: the same contract, tools
// and forms as the TypeScript SDK, as a Python module a model reads and
// pyright --strict checks. The tools object is a Protocol class, Tools, with
// an async method per tool taking keyword arguments.
//
// A tool whose name cannot be a method (not an identifier, a keyword, a name
// starting with "_", or one the class's annotations use, such as "list",
// which the method would shadow) is reached as tools["name"](...). Tools
// declares it as an overload of __getitem__ on the name's Literal type,
// returning a Protocol whose __call__ has the tool's signature: the item
// call then type-checks exactly as a method call does, and a model reading
// the overload sees the name to write and, in the Protocol above it, the
// docstring and parameters.

// pythonContract is the header's wording for Python programs.
var pythonContract = contractWords{
	intro: []string{
		"A program is Python, run as the body of an async function: use top-level",
		"await, and `return` the result. Call a tool with keyword arguments, with the",
		"name exactly as %s: `await tools.read_file(path=\"a.txt\")`, or",
		"`await tools[\"my-tool\"](key=value)` where its declaration says so (a name that",
		"is not a Python identifier). Leave an optional argument out rather than pass",
		"None, unless its type allows None.",
	},
	describeCall: "`await tools." + DescribeToolsToolName + "(query=\"...\")`.",
	failure: []string{
		"- A call that fails or is denied raises a " + ToolCallErrorClass + ": " + pyErrorMember + " names the",
		"  tool and str(error) says why. Catch it to skip that item and go on; it",
		"  does not end the program.",
	},
	result: []string{
		"- A call returns the tool's result as plain JSON data (dict, list, str, int,",
		"  float, bool or None), nothing else.",
	},
	parallel: []string{
		"- Calls start in the order the program makes them. Calls to parallel-safe",
		"  tools (@parallelSafe in their docstring) overlap, at most %d at a time,",
		"  when the program does not await each before making the next (e.g. with",
		"  asyncio.gather). Every other tool is exclusive: a call waits for all",
		"  earlier calls to finish and runs alone.",
	},
	returnValue: []string{
		"- The return value must be plain JSON: None, booleans, numbers, strings, and",
		"  lists and dicts (with string keys) of them. Other objects and cycles fail",
		"  the run.",
	},
	output:        "- Printed output, the return value and any error message may take %s",
	deterministic: "- time, datetime and random are deterministic: the clock is virtual.",
	io:            []string{"- There is no network and no writable file system: use the tools for I/O."},
}

// pyDescribeDecl is tools.describe_tools, the program's way to read
// declarations; it is a call of describe_tools.
var pyDescribeDecl = pyDecl{
	tool: Tool{
		Name:        DescribeToolsToolName,
		Description: "Finds tools and returns their declarations, as the " + DescribeToolsToolName + " tool does.",
		Concurrency: ParallelSafe,
	},
	sig: pySig{params: []pyField{
		{key: "names", typ: pyType{text: "list[str]"}, doc: []string{"Exact tool names."}},
		{key: "query", typ: pyType{text: "str"}, doc: []string{
			"Words to look for in names and descriptions, globs over names",
			"(e.g. \"fs__read_*\") and server:NAME.",
		}},
	}},
	result: pyDescribeResult,
}

// renderPythonFull renders the header and every tool's declaration.
func renderPythonFull(tools []Tool, opts SDKOptions) string {
	m := newPyModule()
	blocks := slices.Concat(pyPreamble(), pyToolBlocks(m, tools, true), []string{ToolsGlobal + ": " + pyToolsClass + "\n"})
	text := pyModuleText(contractLines(opts, SDKFull, pythonContract), m, blocks)
	if len(tools) == 0 {
		text += "\n# No tools are available.\n"
	}
	return text
}

// renderPythonCatalogue renders the header, the error class,
// tools.describe_tools and an index of the tools, as renderCatalogue does
// for TypeScript.
func renderPythonCatalogue(tools []Tool, opts SDKOptions) string {
	m := newPyModule()
	blocks := slices.Concat(pyPreamble(), pyToolBlocks(m, nil, true), []string{ToolsGlobal + ": " + pyToolsClass + "\n"})
	var b strings.Builder
	b.WriteString(pyModuleText(contractLines(opts, SDKCatalogue, pythonContract), m, blocks))
	b.WriteByte('\n')
	writeCatalogueIndex(&b, "#", tools, pyTextLine)
	return b.String()
}

// pythonDeclarations renders tools as describe_tools returns them: a module
// of their types and a Tools class holding their methods. Python merges no
// classes, so the comment says the methods join the SDK's Tools.
func pythonDeclarations(tools []Tool) string {
	m := newPyModule()
	lines := []string{"These methods belong to the SDK's " + pyToolsClass + " class: call them on " + ToolsGlobal + "."}
	return pyModuleText(lines, m, pyToolBlocks(m, sortTools(tools), false))
}

// pyModuleText joins the header comment, the imports the blocks use and
// the blocks, two blank lines apart as PEP 8 has top-level definitions.
func pyModuleText(header []string, m *pyModule, blocks []string) string {
	body := strings.Join(blocks, "\n\n")
	var b strings.Builder
	writeLineComments(&b, "#", "", header)
	b.WriteByte('\n')
	if m.future {
		b.WriteString("from __future__ import annotations\n")
	}
	used := pyCodeNames(body)
	var imports []string
	for _, n := range pyTypingNames {
		if used[n] {
			imports = append(imports, n)
		}
	}
	if len(imports) > 0 {
		b.WriteString("from typing import " + strings.Join(imports, ", ") + "\n")
	}
	b.WriteString("\n\n")
	b.WriteString(body)
	return b.String()
}

// pyPreamble declares the exception failed calls raise and describe_tools'
// result.
func pyPreamble() []string {
	return []string{
		fmt.Sprintf("class %s(Exception):\n", ToolCallErrorClass) +
			"    \"\"\"The error a failed or denied tool call raises.\"\"\"\n\n" +
			fmt.Sprintf("    %s: str\n", pyErrorMember) +
			"    \"\"\"The name of the tool whose call failed or was denied.\"\"\"\n",
		"class " + pyDescribeResult + "(TypedDict):\n" +
			"    tools: list[str]\n" +
			"    declarations: str\n" +
			"    more: int\n",
	}
}

// pyToolBlocks declares tools (sorted) in m: the TypedDicts they use, a
// Protocol for each tool reached as tools["name"], and the Tools class,
// with describe_tools first when withDescribe.
func pyToolBlocks(m *pyModule, tools []Tool, withDescribe bool) []string {
	decls := make([]pyDecl, len(tools))
	for i, t := range tools {
		decls[i] = declarePython(m, t)
	}
	all := decls
	if withDescribe {
		all = append([]pyDecl{pyDescribeDecl}, decls...)
	}
	// A method may not shadow a name the class's annotations use, nor a
	// module-level name.
	used := make(map[string]bool)
	pyNamesIn(used, pyTypingNames...)
	pyNamesIn(used, pyBuiltinTypes...)
	for _, d := range all {
		pyNamesIn(used, d.result, d.sig.kwargs)
		for _, f := range d.sig.params {
			pyNamesIn(used, f.typ.text)
		}
	}
	var methods, items []pyDecl
	for _, d := range decls {
		if pyIsMemberName(d.tool.Name) && !used[d.tool.Name] && !m.names.taken[d.tool.Name] {
			methods = append(methods, d)
			m.names.taken[d.tool.Name] = true // so no Protocol takes it
		} else {
			items = append(items, d)
		}
	}
	if withDescribe {
		methods = append([]pyDecl{pyDescribeDecl}, methods...)
	}
	protocols := make([]string, len(items))
	var blocks []string
	for i, d := range items {
		protocols[i] = m.names.take(pyCamel(d.tool.Name) + "Tool")
		var b strings.Builder
		fmt.Fprintf(&b, "# %s[%s]\n", ToolsGlobal, pyString(d.tool.Name))
		fmt.Fprintf(&b, "class %s(Protocol):\n", protocols[i])
		writePyDef(&b, "    ", "__call__", d.sig, d.result, pyToolDoc(d))
		blocks = append(blocks, b.String())
	}
	blocks = append(slices.Clone(m.defs), blocks...)

	var b strings.Builder
	b.WriteString("class " + pyToolsClass + "(Protocol):\n")
	for i, d := range methods {
		if i > 0 {
			b.WriteByte('\n')
		}
		writePyDef(&b, "    ", d.tool.Name, d.sig, d.result, pyToolDoc(d))
	}
	if len(items) > 0 {
		if len(methods) > 0 {
			b.WriteByte('\n')
		}
		fmt.Fprintf(&b, "    # Tools whose names cannot be methods: call them as %s[\"name\"](...).\n", ToolsGlobal)
		for i, d := range items {
			if len(items) > 1 {
				b.WriteString("    @overload\n")
			}
			fmt.Fprintf(&b, "    def __getitem__(self, name: Literal[%s]) -> %s: ...\n", pyString(d.tool.Name), protocols[i])
		}
	}
	if len(methods) == 0 && len(items) == 0 {
		b.WriteString("    pass\n")
	}
	return append(blocks, b.String())
}
