package main

import (
	"fmt"
	"io"
)

var sdkCmd = &command{
	name:     "sdk",
	args:     "[flags]",
	summary:  "print the SDK the model sees",
	synopsis: "Prints the Code Mode SDK the model sees in run_code's description, in the config's language (TypeScript or Python).",
	run:      runSDK,
}

// runSDK implements `coderun sdk`: it connects to the config's servers and
// prints the Code Mode SDK exactly as `coderun mcp` puts it in run_code's
// description. It returns 0, or 1 when a server failed to start (the SDK is
// printed without its tools), or 2 for a usage or config error.
func runSDK(c *command, args []string, std stdio) int {
	return inspectUpstreams(c, args, std, func(_ *startFlags, up *upstreams) int {
		sdk, problems := up.hub.SDK(up.cfg)
		for _, p := range problems {
			fmt.Fprintf(std.err, "coderun: %v\n", p)
		}
		if _, err := io.WriteString(std.out, sdk); err != nil {
			fmt.Fprintf(std.err, "coderun sdk: %v\n", err)
			return 1
		}
		return 0
	})
}
