package main

import "runtime/debug"

// netVersion is the version of golang.org/x/net the table came from.
func netVersion() string {
	if info, ok := debug.ReadBuildInfo(); ok {
		for _, d := range info.Deps {
			if d.Path == "golang.org/x/net" {
				return d.Version
			}
		}
	}
	return "(unknown)"
}
