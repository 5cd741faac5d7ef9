package codemode

import (
	"cmp"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"slices"
	"strings"
	"time"

	coderun "github.com/coderun/coderun"
	"github.com/coderun/coderun/internal/bytesize"
)

// SDKOptions are the limits the SDK states to the model, and its form. The
// limits must be the ones actually enforced, so a Session fills them from
// its Config.
type SDKOptions struct {
	// MaxParallelSubCalls is the cap on overlapping parallel-safe calls.
	MaxParallelSubCalls int
	// Budgets are the runtime limits programs run under. Their Language
	// is the language the SDK is rendered in: TypeScript (also when
	// empty) or Python.
	Budgets coderun.Config
	// Form is full, catalogue or auto; empty means SDKFull.
	Form SDKForm
}

// SDK returns the Code Mode SDK for the session's visible tools: the
// section to put in the system prompt (or run_code's description) in mode
// code or both, in the configured form and in the session's Language. It
// is built on first use and rebuilt only when the visible tool set changes.
func (s *Session) SDK() string {
	text, _ := s.sdkAndForm()
	return text
}

// SDKForm returns the form SDK renders in: SDKFull or SDKCatalogue, with
// SDKAuto resolved for the current tool set. In the catalogue form the
// session offers describe_tools on the wire.
func (s *Session) SDKForm() SDKForm {
	_, form := s.sdkAndForm()
	return form
}

func (s *Session) sdkAndForm() (string, SDKForm) {
	s.sdkMu.Lock()
	defer s.sdkMu.Unlock()
	if s.sdk != "" && s.reg.generation() == s.sdkGen {
		return s.sdk, s.sdkForm
	}
	entries, gen := s.visible()
	tools := make([]Tool, len(entries))
	for i, e := range entries {
		tools[i] = e.tool
	}
	// A registry change may leave the visible set as it was (an excluded tool
	// was added); the fingerprint keeps the cached text then.
	if key := toolSetKey(tools); key != s.sdkKey || s.sdk == "" {
		s.sdk, s.sdkForm = renderSDK(tools, s.sdkOptions())
		s.sdkKey = key
	}
	s.sdkGen = gen
	return s.sdk, s.sdkForm
}

// sdkOptions are the options the session renders its SDK and declarations
// with.
func (s *Session) sdkOptions() SDKOptions {
	budgets := s.cfg.Budgets
	budgets.Language = s.lang.name
	return SDKOptions{MaxParallelSubCalls: s.cfg.MaxParallelSubCalls, Budgets: budgets, Form: s.cfg.SDK}
}

// toolSetKey fingerprints everything of a tool set that the SDK shows.
func toolSetKey(tools []Tool) [sha256.Size]byte {
	h := sha256.New()
	field := func(b []byte) { // length-prefixed, so fields cannot run together
		_ = binary.Write(h, binary.LittleEndian, uint64(len(b)))
		h.Write(b)
	}
	for _, t := range tools {
		field([]byte(t.Name))
		field([]byte(t.Group))
		field([]byte(t.Description))
		field(t.InputSchema)
		field(t.OutputSchema)
		field([]byte{byte(t.Concurrency)})
	}
	var key [sha256.Size]byte
	h.Sum(key[:0])
	return key
}

// GenerateSDK renders the SDK for tools in opts.Form, in the language of
// opts.Budgets.Language. The same tools and options always give
// byte-identical text, so the prompt prefix that holds it stays cacheable.
//
// The full form declares every tool as a method of the Tools interface
// (a Protocol class in Python). The catalogue form declares none: it lists
// each tool by name with the first sentence of its description, and the
// model reads the declarations it needs through describe_tools, which
// renders each tool exactly as the full form does. SDKAuto picks the full
// form up to autoCatalogueBytes.
//
// A language Code Mode cannot render the SDK in (one coderun.Config.Validate
// rejects, too) panics, naming it; NewSession reports it as an error.
func GenerateSDK(tools []Tool, opts SDKOptions) string {
	text, _ := renderSDK(tools, opts)
	return text
}

// renderSDK renders the SDK and says which form it took.
func renderSDK(tools []Tool, opts SDKOptions) (string, SDKForm) {
	lang, err := languageOf(opts.Budgets.Language)
	if err != nil {
		panic("codemode: GenerateSDK: " + err.Error())
	}
	tools = sortTools(tools)
	switch opts.Form {
	case SDKCatalogue:
		return lang.catalogue(tools, opts), SDKCatalogue
	case SDKAuto:
		if full := lang.full(tools, opts); len(full) <= autoCatalogueBytes {
			return full, SDKFull
		}
		return lang.catalogue(tools, opts), SDKCatalogue
	}
	return lang.full(tools, opts), SDKFull
}

// sortTools returns the tools sorted by group, then name, in byte order:
// the order of the catalogue and of every declaration block.
func sortTools(tools []Tool) []Tool {
	tools = slices.Clone(tools)
	slices.SortFunc(tools, func(a, b Tool) int {
		return cmp.Or(strings.Compare(a.Group, b.Group), strings.Compare(a.Name, b.Name))
	})
	return tools
}

// renderFull renders the header and every tool's declaration.
func renderFull(tools []Tool, opts SDKOptions) string {
	var b strings.Builder
	writeContract(&b, opts, SDKFull)
	writePreamble(&b)
	b.WriteString("interface Tools {\n")
	writeDescribeDecl(&b)
	for _, t := range tools {
		b.WriteByte('\n')
		writeToolDecl(&b, t)
	}
	b.WriteString("}\n")
	fmt.Fprintf(&b, "declare const %s: Tools;\n", ToolsGlobal)
	if len(tools) == 0 {
		b.WriteString("\n// No tools are available.\n")
	}
	return b.String()
}

// writePreamble declares the error class calls reject with.
func writePreamble(b *strings.Builder) {
	b.WriteString("\n/** The error a failed or denied tool call rejects with. */\n")
	fmt.Fprintf(b, "declare class %s extends Error {\n", ToolCallErrorClass)
	b.WriteString("  /** The name of the tool whose call failed or was denied. */\n")
	fmt.Fprintf(b, "  readonly %s: string;\n}\n\n", ToolCallErrorMember)
}

// writeDescribeDecl declares tools.$describe, the program's way to read
// declarations; it is a call of describe_tools.
func writeDescribeDecl(b *strings.Builder) {
	writeDoc(b, "  ", []string{
		"Finds tools and returns their declarations, as the " + DescribeToolsToolName + " tool does.",
		"names: exact tool names. query: words to look for in names and",
		"descriptions, globs over names (e.g. \"fs__read_*\") and server:NAME.",
		"It is not a tool: Object.keys(tools) lists only the tools.",
		"@parallelSafe",
	})
	fmt.Fprintf(b, "  %s(request: { names?: string[]; query?: string }): Promise<{ tools: string[]; declarations: string; more: number }>;\n", describeFunction)
}

// contractWords are the parts of the SDK's header that depend on the
// language; writeContract puts the session's numbers around them.
type contractWords struct {
	intro         []string // what a program is; %s: where the names are
	describeCall  string   // a program's call of describe_tools
	failure       []string // what a failed call does
	result        []string // what a call gives
	parallel      []string // how calls overlap; %d: MaxParallelSubCalls
	returnValue   []string // what a program may return
	output        string   // %s: MaxOutputBytes
	deterministic string   // what Deterministic makes deterministic
	io            []string // what a program cannot reach
}

// typeScriptContract is the header's wording for TypeScript programs.
var typeScriptContract = contractWords{
	intro: []string{
		"A program is TypeScript, run as the body of an async function: use top-level",
		"await, and `return` the result. Call a tool as `await tools[\"name\"](args)`,",
		"with the name exactly as %s.",
	},
	describeCall: "`await tools." + describeFunction + "({ query: \"...\" })`.",
	failure: []string{
		"- A call that fails or is denied rejects with a " + ToolCallErrorClass + ": " + ToolCallErrorMember + " names",
		"  the tool and message says why. Catch it to skip that item and go on; it",
		"  does not end the program.",
	},
	result: []string{"- A call resolves to the tool's result as plain JSON data, nothing else."},
	parallel: []string{
		"- Calls start in the order the program makes them. Calls to parallel-safe",
		"  tools (@parallelSafe in their declaration) overlap, at most %d at a time,",
		"  when the program does not await each before making the next (e.g. with",
		"  Promise.all). Every other tool is exclusive: a call waits for all earlier",
		"  calls to finish and runs alone.",
	},
	returnValue: []string{
		"- The return value must be plain JSON: null, booleans, numbers, strings, and",
		"  arrays and objects of them. Functions, class instances, cycles and BigInt",
		"  fail the run.",
	},
	output:        "- Console output, the return value and any error message may take %s",
	deterministic: "- Date, performance.now and Math.random are deterministic: the clock is virtual.",
	io: []string{
		"- There is no network, no file system, no require or import: use the tools",
		"  for I/O.",
	},
}

// writeContract states the rules TypeScript programs run under, with the
// session's real numbers.
func writeContract(b *strings.Builder, opts SDKOptions, form SDKForm) {
	writeComment(b, contractLines(opts, form, typeScriptContract))
}

// contractLines are the SDK's header: the rules programs run under, in
// words, with the session's real numbers.
func contractLines(opts SDKOptions, form SDKForm, w contractWords) []string {
	bud := opts.Budgets
	where := "declared below"
	if form == SDKCatalogue {
		where = "listed below"
	}
	lines := []string{"Code Mode SDK: the tools a run_code program can call.", ""}
	for _, l := range w.intro {
		if strings.Contains(l, "%s") {
			l = fmt.Sprintf(l, where)
		}
		lines = append(lines, l)
	}
	if form == SDKCatalogue {
		lines = append(lines,
			"",
			"The tools are listed at the end, by server, with the first sentence of their",
			"description; [p] marks parallel-safe tools. Read a tool's declaration (its",
			"arguments and result) before calling it: call the "+DescribeToolsToolName+" tool with",
			"{\"names\": [...]} or {\"query\": \"words, globs or server:NAME\"}, or in a program",
			w.describeCall,
		)
	}
	lines = append(lines,
		"",
		"The contract:",
		"- Every call passes the same policy, approval and hooks as a direct tool",
		"  call, and may be denied.",
	)
	lines = append(lines, w.failure...)
	lines = append(lines, w.result...)
	for _, l := range w.parallel {
		if strings.Contains(l, "%d") {
			l = fmt.Sprintf(l, opts.MaxParallelSubCalls)
		}
		lines = append(lines, l)
	}
	lines = append(lines, fmt.Sprintf("- A program may make at most %d calls, at most %d in flight at once.", bud.MaxCalls, bud.MaxCallsInFlight))
	lines = append(lines, w.returnValue...)
	lines = append(lines,
		fmt.Sprintf(w.output, formatBytes(bud.MaxOutputBytes)),
		"  together; more fails the run. Nothing is truncated.",
		fmt.Sprintf("- A program may compute for %s and run for %s in all.", formatDuration(bud.ComputeTime), formatDuration(bud.WallTime)),
	)
	if bud.Deterministic {
		lines = append(lines, w.deterministic)
	}
	return append(lines, w.io...)
}

// writeComment writes lines as // comments, an empty line as a bare //.
func writeComment(b *strings.Builder, lines []string) {
	writeLineComments(b, "//", "", lines)
}

// writeLineComments writes lines as comments started by marker at indent,
// an empty line as a bare marker.
func writeLineComments(b *strings.Builder, marker, indent string, lines []string) {
	for _, l := range lines {
		if l == "" {
			b.WriteString(indent + marker + "\n")
		} else {
			b.WriteString(indent + marker + " " + l + "\n")
		}
	}
}

// formatBytes renders a byte count with the largest exact binary unit.
func formatBytes(n int64) string {
	for _, u := range bytesize.Units {
		if u.Size > 1 && n >= u.Size && n%u.Size == 0 {
			return fmt.Sprintf("%d %s", n/u.Size, u.Suffix)
		}
	}
	return fmt.Sprintf("%d bytes", n)
}

// formatDuration renders d without the trailing zero units of
// time.Duration.String ("1m" rather than "1m0s").
func formatDuration(d time.Duration) string {
	s := d.String()
	if strings.HasSuffix(s, "m0s") {
		s = strings.TrimSuffix(s, "0s")
	}
	if strings.HasSuffix(s, "h0m") {
		s = strings.TrimSuffix(s, "0m")
	}
	return s
}
