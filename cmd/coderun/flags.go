package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	coderun "github.com/coderun/coderun"
)

// newFlagSet returns c's flag set. parseFlags reports its errors and
// prints its usage; the flag package itself prints nothing.
func newFlagSet(c *command, std stdio) *flag.FlagSet {
	fs := flag.NewFlagSet("coderun "+c.name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	return fs
}

// parseFlags parses args and checks that there are from lo to hi
// positional arguments. Flags may come before or after the positional
// arguments; after "--" everything is positional. It returns the exit
// status to use when the command must stop: 0 after -h, with the usage on
// standard output, 2 after a usage error, with one line saying what was
// wrong and where to find the usage on standard error.
func parseFlags(c *command, fs *flag.FlagSet, args []string, std stdio, lo, hi int) (status int, stop bool) {
	var positional []string
	for {
		err := fs.Parse(args)
		if errors.Is(err, flag.ErrHelp) {
			printUsage(c, fs, std.out)
			return 0, true
		}
		if err != nil {
			return usageError(c, std, err.Error()), true
		}
		rest := fs.Args()
		if len(rest) == 0 {
			break
		}
		// The flag package stops at the first positional argument, or
		// after "--", which it consumes.
		if consumed := len(args) - len(rest); consumed > 0 && args[consumed-1] == "--" {
			positional = append(positional, rest...)
			break
		}
		positional = append(positional, rest[0])
		args = rest[1:]
	}
	// Leave the positional arguments where the commands read them.
	_ = fs.Parse(append([]string{"--"}, positional...))
	switch {
	case fs.NArg() > hi:
		return usageError(c, std, fmt.Sprintf("unexpected argument %q: want %s", fs.Arg(hi), argsOrNone(c))), true
	case fs.NArg() < lo:
		return usageError(c, std, "missing argument: want "+c.args), true
	}
	return 0, false
}

// usageError reports a usage error in one line, points at -h, and returns
// the exit status of a usage error.
func usageError(c *command, std stdio, problem string) int {
	fmt.Fprintf(std.err, "coderun %s: %s\nRun 'coderun %s -h' for usage.\n", c.name, problem, c.name)
	return 2
}

// argsOrNone says what positional arguments c takes.
func argsOrNone(c *command) string {
	if c.args == "" || c.args == "[flags]" {
		return "no arguments"
	}
	return c.args
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

// durationFlag is a flag.Value for a time.Duration whose parse error says
// what a duration looks like: a bare number such as 5 has no unit.
type durationFlag struct{ p *time.Duration }

func (f durationFlag) String() string {
	if f.p == nil {
		return ""
	}
	return f.p.String()
}

func (f durationFlag) Set(s string) error {
	d, err := time.ParseDuration(s)
	if err != nil {
		return errors.New("want a duration with a unit, such as 5s, 500ms or 1m30s")
	}
	*f.p = d
	return nil
}

// durationVar defines a duration flag with durationFlag's messages.
func durationVar(fs *flag.FlagSet, p *time.Duration, name string, value time.Duration, usage string) {
	*p = value
	fs.Var(durationFlag{p}, name, usage+": a `DURATION` such as 5s or 1m30s")
}

// configFlags names the flag of each coderun.Config field a command sets
// from its flags, so that an out-of-range value is reported under the name
// the user typed.
type configFlags map[string]string

// validate runs coderun.Config.Validate, the one statement of the ranges,
// and reports a field out of range by its flag.
func (names configFlags) validate(cfg coderun.Config) error {
	err := cfg.Validate()
	var ce *coderun.ConfigError
	if errors.As(err, &ce) {
		if name, ok := names[ce.Field]; ok {
			return fmt.Errorf("--%s %s", name, ce.Problem)
		}
		return fmt.Errorf("%s %s", ce.Field, ce.Problem)
	}
	return err
}
