package main

import (
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/coderun/coderun/codemode"
	"github.com/coderun/coderun/mcpproxy"
)

var toolsCmd = &command{
	name:     "tools",
	args:     "[flags]",
	summary:  "list the upstream tools per server with their concurrency class and policy",
	synopsis: "Lists the upstream servers' tools with their concurrency class and what the policy decides for each.",
	run:      runTools,
}

// runTools implements `coderun tools`: it connects to the config's servers
// and lists each server's tools under the names programs call them by, with
// their concurrency class, the policy rule that decides their calls, and
// whether the config's tools filter hides them. Rules and filter globs
// that match no tool are warned about on stderr. It returns 0, or 1 when a
// server failed to start or, with policy.strict, a rule or glob matches no
// tool, or 2 for a usage or config error.
func runTools(c *command, args []string, std stdio) int {
	return inspectUpstreams(c, args, std, func(sf *startFlags, up *upstreams) int {
		if err := writeToolList(std.out, sf.config, up.cfg, up.report, up.hub.Tools()); err != nil {
			fmt.Fprintf(std.err, "coderun tools: %v\n", err)
			return 1
		}
		unmatched := up.hub.Unmatched(up.cfg)
		if len(unmatched) > 0 && up.cfg.Policy.Strict {
			// The same verdict `coderun mcp` would reach, so CI can check a
			// config with this command.
			fmt.Fprintf(std.err, "coderun tools: %v\n", &codemode.UnmatchedError{Unmatched: unmatched})
			return 1
		}
		for _, u := range unmatched {
			fmt.Fprintf(std.err, "coderun: warning: %s\n", u)
		}
		return 0
	})
}

// writeToolList writes one block per server, in name order, naming for each
// tool the rule of the config at path that decides its calls:
//
//	fs (npx -y @modelcontextprotocol/server-filesystem /srv): 2 tools
//	  fs__read_text_file  parallel-safe  allow: default
//	  fs__write_file      exclusive      deny: rule 1 "fs.write_file" (coderun.yml:5)
//	tracker (http://127.0.0.1:8931/mcp): failed to start: …
func writeToolList(w io.Writer, path string, cfg *codemode.Config, report *mcpproxy.Report, tools []mcpproxy.ProxiedTool) error {
	byServer := make(map[string][]mcpproxy.ProxiedTool)
	for _, t := range tools {
		byServer[t.Server] = append(byServer[t.Server], t)
	}
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	for _, s := range report.Servers {
		if s.Err != nil {
			// The error itself is in the start-up report on stderr.
			fmt.Fprintf(tw, "%s (%s): FAILED to start (the reason is on standard error)\n", s.Name, s.Endpoint)
			continue
		}
		fmt.Fprintf(tw, "%s (%s): %d tools\n", s.Name, s.Endpoint, len(byServer[s.Name]))
		for _, t := range byServer[s.Name] {
			note := ""
			if !cfg.Tools.Admits(t.Name, t.QualifiedName()) {
				note = "hidden by the tools filter"
			}
			if t.Name != t.Server+mcpproxy.Separator+t.Tool.Name {
				note = joinNotes(note, fmt.Sprintf("renamed: the server calls it %q", t.Tool.Name))
			}
			if note != "" {
				note = "\t(" + note + ")"
			}
			fmt.Fprintf(tw, "  %s\t%s\t%s%s\n", t.Name, mcpproxy.ConcurrencyOf(t.Tool), decidedBy(path, cfg, t), note)
		}
	}
	return tw.Flush()
}

// decidedBy says what the policy decides for t's calls and which setting
// decides it: "deny: rule 1 "fs.write_file" (coderun.yml:5)", or
// "allow: default".
func decidedBy(path string, cfg *codemode.Config, t mcpproxy.ProxiedTool) string {
	i := cfg.Policy.Match(t.Name, t.QualifiedName())
	if i < 0 {
		return fmt.Sprintf("%s: default", cfg.Policy.DefaultAction())
	}
	r := cfg.Policy.Rules[i]
	where := ""
	if line := cfg.Line(fmt.Sprintf("policy.rules[%d].tool", i)); line > 0 {
		where = fmt.Sprintf(" (%s:%d)", path, line)
	}
	return fmt.Sprintf("%s: rule %d %q%s", r.Action, i+1, r.Tool, where)
}

func joinNotes(a, b string) string {
	if a == "" {
		return b
	}
	return a + "; " + b
}
