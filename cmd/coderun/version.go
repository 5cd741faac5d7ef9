package main

import (
	"fmt"
	"runtime/debug"

	"github.com/coderun/coderun/wasm"
)

var versionCmd = &command{
	name:     "version",
	summary:  "print the engine and QuickJS versions and the wasm's sha256",
	synopsis: "Prints coderun's version, the wazero and QuickJS-ng versions, and the sandbox wasm's sha256.",
	run:      printVersion,
}

func printVersion(c *command, args []string, std stdio) int {
	if status, stop := parseFlags(c, newFlagSet(c, std), args, std, 0, 0); stop {
		return status
	}
	fmt.Fprintf(std.out, "coderun %s\n", moduleVersion("github.com/coderun/coderun"))
	fmt.Fprintf(std.out, "engine: wazero %s\n", moduleVersion("github.com/tetratelabs/wazero"))
	fmt.Fprintf(std.out, "quickjs-ng: %s\n", wasm.QuickJSVersion)
	fmt.Fprintf(std.out, "wasm sha256: %s\n", wasm.SHA256())
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
