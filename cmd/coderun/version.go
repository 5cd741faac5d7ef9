package main

import (
	"fmt"
	"io"
	"runtime/debug"

	"github.com/coderun/coderun/wasm"
)

func printVersion(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		fmt.Fprintln(stderr, "coderun version: takes no arguments")
		return 2
	}
	fmt.Fprintf(stdout, "coderun %s\n", moduleVersion("github.com/coderun/coderun"))
	fmt.Fprintf(stdout, "engine: wazero %s\n", moduleVersion("github.com/tetratelabs/wazero"))
	fmt.Fprintf(stdout, "quickjs-ng: %s\n", wasm.QuickJSVersion)
	fmt.Fprintf(stdout, "wasm sha256: %s\n", wasm.SHA256())
	return 0
}

// moduleVersion reads a module's version from the build info, "(devel)"
// for the main module built from a checkout.
func moduleVersion(path string) string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown"
	}
	if info.Main.Path == path {
		return info.Main.Version
	}
	for _, d := range info.Deps {
		if d.Path == path {
			if d.Replace != nil {
				return d.Replace.Version
			}
			return d.Version
		}
	}
	return "unknown"
}
