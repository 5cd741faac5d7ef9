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
	summary:  "list the upstream tools per server with their concurrency class",
	synopsis: "Lists the upstream servers' tools with their concurrency class.",
	run:      runTools,
}

// runTools implements `coderun tools`: it connects to the config's servers
// and lists each server's tools under the names programs call them by, with
// their concurrency class, and whether the config's tools filter hides
// them. It returns 0, or 1 when a server failed to start, or 2 for a usage
// or config error.
func runTools(c *command, args []string, std stdio) int {
	fs := newFlagSet(c, std)
	start := addStartFlags(fs)
	if status, stop := parseFlags(c, fs, args, std, 0, 0); stop {
		return status
	}
	cfg, err := start.loadConfig()
	if err != nil {
		fmt.Fprintf(std.err, "coderun tools: %v\n", err)
		return 2
	}
	ctx, stop := interruptContext()
	defer stop()
	up, err := startUpstreams(ctx, start, cfg, mcpproxy.Options{}, std.err)
	if err != nil {
		fmt.Fprintf(std.err, "coderun tools: %v\n", err)
		return 2
	}
	defer closeHub(up.hub, std.err)

	if err := writeToolList(std.out, up.cfg, up.report, up.hub.Tools()); err != nil {
		fmt.Fprintf(std.err, "coderun tools: %v\n", err)
		return 1
	}
	if up.report.Failed() {
		return 1
	}
	return 0
}

// writeToolList writes one block per server, in name order:
//
//	fs (npx -y @modelcontextprotocol/server-filesystem /srv): 2 tools
//	  fs__read_text_file  parallel-safe
//	  fs__write_file      exclusive
//	tracker (http://127.0.0.1:8931/mcp): failed to start: …
func writeToolList(w io.Writer, cfg *codemode.Config, report *mcpproxy.Report, tools []mcpproxy.ProxiedTool) error {
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
			if !cfg.Tools.Visible(t.Name) {
				note = "hidden by the tools filter"
			}
			if t.Name != t.Server+mcpproxy.Separator+t.Tool.Name {
				note = joinNotes(note, fmt.Sprintf("renamed: the server calls it %q", t.Tool.Name))
			}
			if note != "" {
				note = "\t(" + note + ")"
			}
			fmt.Fprintf(tw, "  %s\t%s%s\n", t.Name, mcpproxy.ConcurrencyOf(t.Tool), note)
		}
	}
	return tw.Flush()
}

func joinNotes(a, b string) string {
	if a == "" {
		return b
	}
	return a + "; " + b
}
