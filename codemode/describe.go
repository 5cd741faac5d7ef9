package codemode

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
)

// DescribeToolsToolName is the tool that returns tools' declarations, the
// companion of the SDK's catalogue form. Like run_code it is reserved and
// passes the pipeline like any tool.
const DescribeToolsToolName = "describe_tools"

// describeFunction is describe_tools as a program calls it:
// `await tools.$describe({query: "..."})`. The "$" keeps it apart from every
// tool name a server could choose.
const describeFunction = "$describe"

// maxDescribed caps how many declarations one describe_tools call returns;
// the names of the other matches are still listed, so nothing is hidden.
const maxDescribed = 20

// maxMoreNamesListed caps how many names of unreturned matches are listed.
const maxMoreNamesListed = 50

// describeRequest are describe_tools' arguments.
type describeRequest struct {
	// Names are exact tool names.
	Names []string `json:"names,omitempty"`
	// Query holds words (looked for in names and descriptions, any one
	// suffices), globs over names (every one must match) and server:NAME
	// terms (the tool's group must be one of them).
	Query string `json:"query,omitempty"`
}

// describeResult is describe_tools' value: the names it declares, in the
// order declared, the declarations, and how many more tools matched.
type describeResult struct {
	// Tools are the names declared, in the order of the declarations.
	Tools []string `json:"tools"`
	// Declarations is an `interface Tools { ... }` block declaring them
	// (in Python, a module with a Tools class), after comment lines naming
	// unknown names and matches left out.
	Declarations string `json:"declarations"`
	// More counts the matches not declared, past maxDescribed.
	More int `json:"more"`
}

// describeToolsDescription describes describe_tools to a model writing
// TypeScript.
var describeToolsDescription = describeToolsDescriptionFor("TypeScript")

// describeToolsDescriptionFor is describe_tools' description for programs
// in lang.
func describeToolsDescriptionFor(lang string) string {
	return "Returns the " + lang + " declarations (arguments, result type and full description) " +
		"of tools a run_code program can call, picked by exact names or by a query. run_code's description lists every tool " +
		"by name; read the declarations of those you need before writing the program."
}

const describeToolsInputSchema = `{
  "type": "object",
  "properties": {
    "names": {"type": "array", "items": {"type": "string"}, "description": "Exact tool names, as listed in run_code's description."},
    "query": {"type": "string", "description": "Words to look for in tool names and descriptions (any one suffices; more matches rank first), globs over names such as fs__read_* (all must match), and server:NAME to keep one server's tools."}
  },
  "additionalProperties": false
}`

// newDescribeEntry builds the describe_tools tool. Like run_code it is not
// in the Registry: no filter removes it, and it sees the visible tools.
func (s *Session) newDescribeEntry() (*entry, error) {
	t := Tool{
		Name:        DescribeToolsToolName,
		Description: s.lang.describeToolsDescription,
		InputSchema: json.RawMessage(describeToolsInputSchema),
		Concurrency: ParallelSafe,
		Execute:     s.executeDescribe,
	}
	in, err := compileSchema(t.InputSchema)
	if err != nil {
		return nil, fmt.Errorf("codemode: describe_tools: %w", err)
	}
	return &entry{tool: t, input: in}, nil
}

// executeDescribe answers describe_tools over the visible tools.
func (s *Session) executeDescribe(_ context.Context, call *Call) (*Output, error) {
	var req describeRequest
	if err := json.Unmarshal(call.Args, &req); err != nil {
		return nil, fmt.Errorf("arguments: %w", err)
	}
	if len(req.Names) == 0 && strings.TrimSpace(req.Query) == "" {
		return nil, errors.New(`give "names" (exact tool names) or a "query" (words, globs or server:NAME)`)
	}
	entries, _ := s.visible()
	tools := make([]Tool, len(entries))
	for i, e := range entries {
		tools[i] = e.tool
	}
	res := describeToolsIn(s.lang, tools, req)
	value, err := json.Marshal(res)
	if err != nil {
		return nil, err
	}
	return &Output{Value: value, Content: []Content{TextContent(res.Declarations)}}, nil
}

// describeTools picks tools by req and renders their TypeScript
// declarations exactly as the full SDK does, as one `interface Tools` block
// that merges with the SDK's. Tools named in req come first, then query
// matches by rank; past maxDescribed, matches are only named, in a comment,
// and counted in More.
func describeTools(tools []Tool, req describeRequest) describeResult {
	return describeToolsIn(typeScript, tools, req)
}

// describeToolsIn is describeTools for programs in lang: the comments and
// declarations are lang's.
func describeToolsIn(lang *sdkLanguage, tools []Tool, req describeRequest) describeResult {
	byName := make(map[string]Tool, len(tools))
	for _, t := range tools {
		byName[t.Name] = t
	}
	var picked []Tool
	seen := make(map[string]bool)
	var unknown []string
	for _, n := range req.Names {
		t, ok := byName[n]
		switch {
		case !ok:
			unknown = append(unknown, n)
		case !seen[n]:
			seen[n] = true
			picked = append(picked, t)
		}
	}
	if strings.TrimSpace(req.Query) != "" {
		for _, t := range parseQuery(req.Query).rank(sortTools(tools)) {
			if !seen[t.Name] {
				seen[t.Name] = true
				picked = append(picked, t)
			}
		}
	}
	shown, rest := picked[:min(len(picked), maxDescribed)], picked[min(len(picked), maxDescribed):]

	var b strings.Builder
	for _, n := range unknown {
		fmt.Fprintf(&b, "%s No tool is named %s; run_code's description lists every tool.\n", lang.comment, jsString(n))
	}
	if len(picked) == 0 && req.Query != "" {
		fmt.Fprintf(&b, "%s No tool matches the query %s.\n", lang.comment, jsString(req.Query))
	}
	if len(rest) > 0 {
		names := make([]string, 0, min(len(rest), maxMoreNamesListed))
		for _, t := range rest[:min(len(rest), maxMoreNamesListed)] {
			names = append(names, t.Name)
		}
		more := ""
		if len(rest) > maxMoreNamesListed {
			more = ", ..."
		}
		fmt.Fprintf(&b, "%s %d more tools match, not declared here (ask for them by name): %s%s\n", lang.comment, len(rest), strings.Join(names, ", "), more)
	}
	res := describeResult{Tools: []string{}, More: len(rest)}
	if len(shown) > 0 {
		shown = sortTools(shown)
		for _, t := range shown {
			res.Tools = append(res.Tools, t.Name)
		}
		b.WriteString(lang.declarations(shown))
	}
	res.Declarations = b.String()
	return res
}

// toolQuery is a parsed describe_tools query.
type toolQuery struct {
	servers []string // server:NAME terms; the group must be one of them
	globs   []string // every glob must match the name
	words   []string // lowercased; at least one must occur
}

func parseQuery(q string) toolQuery {
	var tq toolQuery
	for _, f := range strings.Fields(q) {
		switch {
		case strings.HasPrefix(f, "server:") && len(f) > len("server:"):
			tq.servers = append(tq.servers, strings.TrimPrefix(f, "server:"))
		case strings.ContainsAny(f, "*?"):
			tq.globs = append(tq.globs, f)
		default:
			tq.words = append(tq.words, strings.ToLower(f))
		}
	}
	return tq
}

// rank returns the tools the query matches, best first: a word in the name
// counts twice as much as one in the description; ties keep tools' order.
func (q toolQuery) rank(tools []Tool) []Tool {
	type scored struct {
		t     Tool
		score int
	}
	var hits []scored
	for _, t := range tools {
		if len(q.servers) > 0 && !slices.Contains(q.servers, t.Group) {
			continue
		}
		if slices.ContainsFunc(q.globs, func(g string) bool { return !matchGlob(g, t.Name) }) {
			continue
		}
		score := 0
		name, desc := strings.ToLower(t.Name), strings.ToLower(t.Description)
		for _, w := range q.words {
			if strings.Contains(name, w) {
				score += 2
			}
			if strings.Contains(desc, w) {
				score++
			}
		}
		if len(q.words) > 0 && score == 0 {
			continue
		}
		hits = append(hits, scored{t, score})
	}
	slices.SortStableFunc(hits, func(a, b scored) int { return cmp.Compare(b.score, a.score) })
	out := make([]Tool, len(hits))
	for i, h := range hits {
		out[i] = h.t
	}
	return out
}
