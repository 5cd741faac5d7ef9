// Command codemode-dates shows Code Mode end to end without a model: one
// scripted run_code program unifies the date format across 30 files through
// list/read/write tools, a policy denies one write, and the program catches
// the denial as a ToolCallError and carries on. It prints the SDK the model
// would see, the run_code result, and the session log's dispatch tree.
//
//	go run ./examples/codemode-dates [-log session.jsonl]
package main

import (
	"bytes"
	"context"
	_ "embed"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/coderun/coderun/codemode"
)

//go:embed program.ts
var program string

// config is the demo's coderun.yml.
const config = `
mode: code
maxParallelSubCalls: 10
budgets:
  wallTime: 30s
policy:
  default: allow
`

// frozen is the file the policy protects.
const frozen = "notes-17.txt"

func main() {
	logPath := flag.String("log", "", "also write the session log (JSONL) to this file")
	flag.Parse()
	if err := run(os.Stdout, *logPath); err != nil {
		fmt.Fprintln(os.Stderr, "codemode-dates:", err)
		os.Exit(1)
	}
}

func run(stdout io.Writer, logPath string) error {
	dir, err := os.MkdirTemp("", "codemode-dates-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	if err := makeFiles(dir, 30); err != nil {
		return err
	}

	cfg, err := codemode.ParseConfig([]byte(config))
	if err != nil {
		return err
	}
	var logBuf bytes.Buffer
	logOut := io.Writer(&logBuf)
	if logPath != "" {
		f, err := os.Create(logPath)
		if err != nil {
			return err
		}
		defer f.Close()
		logOut = io.MultiWriter(&logBuf, f)
	}
	reg := codemode.NewRegistry()
	if err := reg.Register(fileTools(dir)...); err != nil {
		return err
	}
	sess, err := codemode.NewSession(codemode.Options{
		Config:   cfg,
		Registry: reg,
		Log:      codemode.NewSessionLog(logOut),
		Policy:   legalHold(cfg.Policy),
	})
	if err != nil {
		return err
	}
	defer sess.Close(context.Background())

	fmt.Fprintln(stdout, "== wire tools")
	for _, t := range sess.WireTools() {
		fmt.Fprintln(stdout, t.Name)
	}
	fmt.Fprintln(stdout, "\n== SDK in the system prompt")
	fmt.Fprint(stdout, sess.SDK())

	// What the model would send: one run_code call.
	args, err := json.Marshal(codemode.RunCodeArgs{Program: program, Description: "Unify every date to YYYY-MM-DD"})
	if err != nil {
		return err
	}
	out, err := sess.Call(context.Background(), codemode.CallRequest{Tool: codemode.RunCodeToolName, Args: args})
	if err != nil {
		return fmt.Errorf("run_code: %w", err)
	}
	fmt.Fprintln(stdout, "\n== run_code result, as the model reads it")
	for _, c := range out.Content {
		fmt.Fprint(stdout, c.Text)
	}
	fmt.Fprintf(stdout, "\n== deferred context appended after the result (%d entries)\n", len(out.Deferred))
	for i, d := range out.Deferred {
		if i == 3 {
			fmt.Fprintf(stdout, "... and %d more\n", len(out.Deferred)-i)
			break
		}
		fmt.Fprintf(stdout, "[%s] %s\n", d.Source, d.Text)
	}

	fmt.Fprintln(stdout, "\n== dispatch tree from the session log")
	if err := printDispatchTree(stdout, logBuf.Bytes()); err != nil {
		return err
	}

	old, err := filesWithOldDates(dir)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "\n== files still holding non-ISO dates: %v\n", old)
	return nil
}

// legalHold wraps the configured policy with one rule a glob over tool names
// cannot express: writes to the frozen file are denied, whatever their path
// came from.
func legalHold(next codemode.Policy) codemode.Policy {
	return codemode.PolicyFunc(func(ctx context.Context, call codemode.Call) (codemode.Decision, error) {
		if call.Tool == "write_file" {
			var in struct{ Path string }
			if err := json.Unmarshal(call.Args, &in); err == nil && in.Path == frozen {
				return codemode.Decision{Action: codemode.ActionDeny, Reason: frozen + " is under legal hold and must not change"}, nil
			}
		}
		return next.Decide(ctx, call)
	})
}
