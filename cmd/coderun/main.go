// Command coderun runs TypeScript programs in the coderun sandbox and serves
// Code Mode over MCP.
//
//	coderun run [flags] FILE|-      run a program, print the Result as JSON
//	coderun version                 print the engine and QuickJS versions
//	coderun mcp --config FILE       serve Code Mode over MCP
//	coderun sdk --config FILE       print the TypeScript SDK the model sees
//	coderun tools --config FILE     list the upstream tools per server
//
// Exit status: 0 when the run succeeded, 1 when the program failed (the
// failure is in the JSON), 2 for usage errors.
package main

import (
	"fmt"
	"io"
	"os"
)

const usage = `usage: coderun <command> [arguments]

commands:
  run [flags] FILE|-    run a TypeScript program and print its Result as JSON
  version               print the engine and QuickJS versions and the wasm's sha256
  mcp --config FILE     serve Code Mode over MCP (stdio, or --http ADDR)
  sdk --config FILE     print the TypeScript SDK the model sees
  tools --config FILE   list the upstream tools per server with their concurrency class

Run 'coderun <command> -h' for a command's flags.
`

func main() {
	os.Exit(dispatch(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

func dispatch(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	switch args[0] {
	case "run":
		return runProgram(args[1:], stdin, stdout, stderr)
	case "version":
		return printVersion(args[1:], stdout, stderr)
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage)
		return 0
	default:
		if cmd, ok := commands[args[0]]; ok {
			return cmd(args[1:], stdout, stderr)
		}
		fmt.Fprintf(stderr, "coderun: unknown command %q\n\n%s", args[0], usage)
		return 2
	}
}

// commands are the subcommands that take no standard input; each file that
// defines one registers it in an init function.
var commands = map[string]func(args []string, stdout, stderr io.Writer) int{}
