package codemode

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	coderun "github.com/coderun/coderun"
	"github.com/coderun/coderun/internal/bytesize"
)

// SDKOptions are the limits the SDK states to the model. They must be the
// limits actually enforced, so a Session fills them from its Config.
type SDKOptions struct {
	// MaxParallelSubCalls is the cap on overlapping parallel-safe calls.
	MaxParallelSubCalls int
	// Budgets are the runtime limits programs run under.
	Budgets coderun.Config
}

// SDK returns the Code Mode SDK for the session's visible tools: the
// TypeScript section to put in the system prompt in mode code or both. It is
// built on first use and rebuilt only when the visible tool set changes.
func (s *Session) SDK() string {
	s.sdkMu.Lock()
	defer s.sdkMu.Unlock()
	if s.sdk != "" && s.reg.generation() == s.sdkGen {
		return s.sdk
	}
	entries, gen := s.visible()
	tools := make([]Tool, len(entries))
	for i, e := range entries {
		tools[i] = e.tool
	}
	// A registry change may leave the visible set as it was (an excluded tool
	// was added); the fingerprint keeps the cached text then.
	if key := toolSetKey(tools); key != s.sdkKey || s.sdk == "" {
		s.sdk = GenerateSDK(tools, SDKOptions{MaxParallelSubCalls: s.cfg.MaxParallelSubCalls, Budgets: s.cfg.Budgets})
		s.sdkKey = key
	}
	s.sdkGen = gen
	return s.sdk
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
		field([]byte(t.Description))
		field(t.InputSchema)
		field(t.OutputSchema)
		field([]byte{byte(t.Concurrency)})
	}
	var key [sha256.Size]byte
	h.Sum(key[:0])
	return key
}

// GenerateSDK renders the SDK for tools, sorted by name in byte order. The
// same tools and options always give byte-identical text, so the prompt
// prefix that holds it stays cacheable.
func GenerateSDK(tools []Tool, opts SDKOptions) string {
	tools = slices.Clone(tools)
	slices.SortFunc(tools, func(a, b Tool) int { return strings.Compare(a.Name, b.Name) })

	var b strings.Builder
	writeContract(&b, opts)
	b.WriteString("\n/** The error a failed or denied tool call rejects with. */\n")
	fmt.Fprintf(&b, "declare class %s extends Error {\n", ToolCallErrorClass)
	b.WriteString("  /** The name of the tool whose call failed or was denied. */\n")
	fmt.Fprintf(&b, "  readonly %s: string;\n}\n\n", ToolCallErrorMember)
	if len(tools) == 0 {
		fmt.Fprintf(&b, "/** No tools are available. */\ndeclare const %s: Record<string, never>;\n", ToolsGlobal)
		return b.String()
	}
	fmt.Fprintf(&b, "declare const %s: {\n", ToolsGlobal)
	for i, t := range tools {
		if i > 0 {
			b.WriteByte('\n')
		}
		writeToolDecl(&b, t, opts)
	}
	b.WriteString("};\n")
	return b.String()
}

// writeContract states the rules programs run under, with the session's
// real numbers.
func writeContract(b *strings.Builder, opts SDKOptions) {
	bud := opts.Budgets
	lines := []string{
		"Code Mode SDK: the tools a run_code program can call.",
		"",
		"A program is TypeScript, run as the body of an async function: use top-level",
		"await, and `return` the result. Call a tool as `await tools[\"name\"](args)`,",
		"with the name exactly as declared below.",
		"",
		"The contract:",
		"- Every call passes the same policy, approval and hooks as a direct tool",
		"  call, and may be denied.",
		"- A call that fails or is denied rejects with a ToolCallError: toolName names",
		"  the tool and message says why. Catch it to skip that item and go on; it",
		"  does not end the program.",
		"- A call resolves to the tool's result as plain JSON data, nothing else.",
		"- Calls start in the order the program makes them. Calls to tools marked",
		fmt.Sprintf("  parallel-safe overlap, at most %d at a time, when the program does not", opts.MaxParallelSubCalls),
		"  await each before making the next (e.g. with Promise.all). A call to an",
		"  exclusive tool waits for all earlier calls to finish and runs alone.",
		fmt.Sprintf("- A program may make at most %d calls, at most %d in flight at once.", bud.MaxCalls, bud.MaxCallsInFlight),
		"- The return value must be plain JSON: null, booleans, numbers, strings, and",
		"  arrays and objects of them. Functions, class instances, cycles and BigInt",
		"  fail the run.",
		fmt.Sprintf("- Console output, the return value and any error message may take %s", formatBytes(bud.MaxOutputBytes)),
		"  together; more fails the run. Nothing is truncated.",
		fmt.Sprintf("- A program may compute for %s and run for %s in all.", formatDuration(bud.ComputeTime), formatDuration(bud.WallTime)),
	}
	if bud.Deterministic {
		lines = append(lines, "- Date, performance.now and Math.random are deterministic: the clock is virtual.")
	}
	lines = append(lines,
		"- There is no network, no file system, no require or import: use the tools",
		"  for I/O.")
	for _, l := range lines {
		if l == "" {
			b.WriteString("//\n")
		} else {
			b.WriteString("// " + l + "\n")
		}
	}
}

// writeToolDecl writes one tool as a method of the tools object.
func writeToolDecl(b *strings.Builder, t Tool, opts SDKOptions) {
	var doc []string
	if d := strings.TrimSpace(t.Description); d != "" {
		doc = append(strings.Split(d, "\n"), "")
	}
	if t.Concurrency == ParallelSafe {
		doc = append(doc, fmt.Sprintf("Parallel-safe: overlaps with other parallel-safe calls, at most %d at a time.", opts.MaxParallelSubCalls))
	} else {
		doc = append(doc, "Exclusive: waits for earlier calls to finish and runs alone.")
	}
	writeDoc(b, "  ", doc)

	in := json.RawMessage(defaultInputSchema)
	if len(t.InputSchema) > 0 {
		in = t.InputSchema
	}
	param, optional := "unknown", false
	if root, err := decodeOrdered(in); err == nil {
		param = newTSGen(root).convert(root, "  ").text
		optional = argsOptional(root)
	}
	result := "unknown"
	if len(t.OutputSchema) > 0 {
		if root, err := decodeOrdered(t.OutputSchema); err == nil {
			result = newTSGen(root).convert(root, "  ").text
		}
	}
	q := ""
	if optional {
		q = "?"
	}
	fmt.Fprintf(b, "  %s(args%s: %s): Promise<%s>;\n", jsString(t.Name), q, param, result)
}

// argsOptional reports whether a program may call the tool with no argument:
// its input is an object with no required property (a missing argument is
// sent as {}).
func argsOptional(schema any) bool {
	o, ok := schema.(*orderedObject)
	if !ok || o.has("$ref") || len(jsonStrings(o.get("required"))) > 0 {
		return false
	}
	typ, _ := o.str("type")
	return typ == "object" || (!o.has("type") && o.has("properties"))
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
