package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
)

// newFlagSet returns c's flag set. Parse errors go to standard error; the
// usage goes where parseFlags sends it.
func newFlagSet(c *command, std stdio) *flag.FlagSet {
	fs := flag.NewFlagSet("coderun "+c.name, flag.ContinueOnError)
	fs.SetOutput(std.err)
	fs.Usage = func() {} // parseFlags prints it, to stdout after -h
	return fs
}

// parseFlags parses args and checks that there are from lo to hi
// positional arguments. It returns the exit status to use when the command
// must stop: 0 after -h, with the usage on standard output, 2 after a usage
// error, with the usage on standard error.
func parseFlags(c *command, fs *flag.FlagSet, args []string, std stdio, lo, hi int) (status int, stop bool) {
	err := fs.Parse(args)
	switch {
	case errors.Is(err, flag.ErrHelp):
		printUsage(c, fs, std.out)
		return 0, true
	case err != nil: // flag has written the error
		printUsage(c, fs, std.err)
		return 2, true
	case fs.NArg() < lo || fs.NArg() > hi:
		if fs.NArg() > hi {
			fmt.Fprintf(std.err, "coderun %s: unexpected argument %q\n", c.name, fs.Arg(hi))
		} else {
			fmt.Fprintf(std.err, "coderun %s: missing argument: want %s\n", c.name, c.args)
		}
		printUsage(c, fs, std.err)
		return 2, true
	}
	return 0, false
}

// printUsage writes c's usage and fs's flags to w.
func printUsage(c *command, fs *flag.FlagSet, w io.Writer) {
	fmt.Fprintf(w, "usage: %s\n\n%s\n", strings.TrimSpace("coderun "+c.name+" "+c.args), c.synopsis)
	hasFlags := false
	fs.VisitAll(func(*flag.Flag) { hasFlags = true })
	if hasFlags {
		fmt.Fprint(w, "\nflags:\n")
		out := fs.Output()
		fs.SetOutput(w)
		fs.PrintDefaults()
		fs.SetOutput(out)
	}
}

// isSet reports whether the flag name was given on the command line.
func isSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}
