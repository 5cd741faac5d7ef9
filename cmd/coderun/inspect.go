package main

import (
	"fmt"

	"github.com/coderun/coderun/mcpproxy"
)

// inspectUpstreams is the start-up of the subcommands that look at the
// config's servers and exit (sdk, tools): it parses the start flags, loads
// the config, starts the servers (Ctrl-C ends the start-up), runs look, and
// closes the servers. Its status is 2 for a usage or config error, else
// look's, raised to 1 when a server failed to start: the output then lacks
// that server's tools, and a script must not take it for the whole.
func inspectUpstreams(c *command, args []string, std stdio, look func(sf *startFlags, up *upstreams) int) int {
	fs := newFlagSet(c, std)
	sf := addStartFlags(fs)
	if status, stop := parseFlags(c, fs, args, std, 0, 0); stop {
		return status
	}
	cfg, err := sf.loadConfig()
	if err != nil {
		fmt.Fprintf(std.err, "coderun %s: %v\n", c.name, err)
		return 2
	}
	ctx, stop := interruptContext()
	defer stop()
	up, err := startUpstreams(ctx, sf, cfg, mcpproxy.Options{}, std.err)
	if err != nil {
		fmt.Fprintf(std.err, "coderun %s: %v\n", c.name, err)
		return 2
	}
	defer closeHub(up.hub, std.err)
	status := look(sf, up)
	if up.report.Failed() {
		status = max(status, 1)
	}
	return status
}
