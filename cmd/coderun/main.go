// Command coderun runs TypeScript (and, with the Python sandbox linked in,
// Python) programs in the coderun sandbox and serves Code Mode over MCP.
//
//	coderun run [flags] FILE|-      run a program, print the Result as JSON
//	coderun version                 print the engine and QuickJS versions
//	coderun mcp [flags]             serve Code Mode over MCP
//	coderun sdk [flags]             print the SDK the model sees
//	coderun tools [flags]           list the upstream tools per server
//	coderun log view|tree FILE      show a session log's run_code calls as a
//	                                timeline page or a text tree
//
// run and mcp keep the compiled sandbox in a cache directory, by default
// coderun under the user's cache directory (os.UserCacheDir), so a start
// takes a tenth of a second instead of seconds; -no-cache turns it off.
//
// Exit status: 0 when the run succeeded, 1 when the program failed (the
// failure is in the JSON), 2 for usage errors. -h prints a command's usage
// on standard output and exits 0.
package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	// The CLI runs Python programs too (coderun run prog.py, and
	// language: python in coderun.yml).
	_ "github.com/coderun/coderun/python"
)

// stdio is a command's standard streams, injected so tests run commands
// in-process.
type stdio struct {
	in       io.Reader
	out, err io.Writer
}

// command is one entry of the command table.
type command struct {
	name     string
	args     string // the synopsis after the name, e.g. "[flags] FILE|-"
	summary  string // one line for the command list
	synopsis string // the paragraph of the command's own usage
	run      func(c *command, args []string, std stdio) int
}

// commands is the command table, in the order usage lists it.
var commands = []*command{runCmd, versionCmd, mcpCmd, sdkCmd, toolsCmd, logCmd}

func main() {
	os.Exit(dispatch(os.Args[1:], stdio{os.Stdin, os.Stdout, os.Stderr}))
}

// dispatch runs the command args name and returns the exit status.
func dispatch(args []string, std stdio) int {
	if len(args) == 0 {
		fmt.Fprint(std.err, usage())
		return 2
	}
	switch args[0] {
	case "help", "-h", "-help", "--help":
		fmt.Fprint(std.out, usage())
		return 0
	}
	for _, c := range commands {
		if c.name == args[0] {
			return c.run(c, args[1:], std)
		}
	}
	fmt.Fprintf(std.err, "coderun: unknown command %q\n\n%s", args[0], usage())
	return 2
}

// usage lists the commands from the table.
func usage() string {
	var b strings.Builder
	b.WriteString("usage: coderun <command> [arguments]\n\ncommands:\n")
	for _, c := range commands {
		fmt.Fprintf(&b, "  %-22s %s\n", strings.TrimSpace(c.name+" "+c.args), c.summary)
	}
	b.WriteString("\nRun 'coderun <command> -h' for a command's flags.\n")
	return b.String()
}
