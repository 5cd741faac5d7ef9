package main

import (
	"fmt"
	"io"

	"github.com/coderun/coderun/mcpproxy"
)

func init() { commands["sdk"] = runSDK }

// runSDK implements `coderun sdk`: it connects to the config's servers and
// prints the Code Mode SDK exactly as `coderun mcp` puts it in run_code's
// description. It returns 0, or 1 when a server failed to start (the SDK is
// printed without its tools), or 2 for a usage or config error.
func runSDK(args []string, stdout, stderr io.Writer) int {
	fs, start := newFlagSet("sdk", "Prints the TypeScript SDK the model sees in run_code's description.", stderr)
	if status, stop := parseFlags(fs, args); stop {
		return status
	}
	up, err := startUpstreams(start, mcpproxy.Options{}, stderr)
	if err != nil {
		fmt.Fprintf(stderr, "coderun sdk: %v\n", err)
		return 2
	}
	defer up.hub.Close()

	sdk, problems := up.hub.SDK(up.cfg)
	for _, p := range problems {
		fmt.Fprintf(stderr, "coderun: %v\n", p)
	}
	if _, err := io.WriteString(stdout, sdk); err != nil {
		fmt.Fprintf(stderr, "coderun sdk: %v\n", err)
		return 1
	}
	if up.report.Failed() {
		return 1
	}
	return 0
}
