// Command durable-approval shows a run_code program that waits for a
// human's approval without holding a process: the first process runs the
// program until its refund needs approval, writes the suspended run to a
// file and exits; a second process, later, resumes it with the decision.
// The invoice lookups made before the suspension are not made again.
//
//	go run ./examples/durable-approval suspend state.bin
//	go run ./examples/durable-approval resume state.bin approve   # or deny
//
// suspend also writes STATE.pending.json, the approvals the run waits for
// (the state itself is sealed). Both processes need the same 32-byte key: it is read from the
// environment variable CODERUN_STATE_KEY (64 hex digits), or, for this
// demo, from STATE.key next to the state file, which suspend creates. In
// production keep it in a secret store, never next to the states.
package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/coderun/coderun/codemode"
)

// program is what a model might write: look up the invoices, refund the
// overcharged one, report.
const program = `
const invoices = await Promise.all(["inv-1", "inv-2", "inv-3"].map((id) => tools.get_invoice({id})));
const over = invoices.filter((inv) => inv.charged > inv.due);
console.log("overcharged:", over.map((inv) => inv.id).join(", "));
const refunds = [];
for (const inv of over) {
  try {
    refunds.push(await tools.refund({id: inv.id, amount: inv.charged - inv.due}));
  } catch (e) {
    refunds.push({id: inv.id, refused: e.message});
  }
}
return refunds;
`

// config asks before every refund; everything else is allowed.
const config = `
mode: code
policy:
  rules:
    - tool: refund
      action: ask
      reason: refunds move money
`

func main() {
	if err := run(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "durable-approval:", err)
		os.Exit(1)
	}
}

func run(args []string, out io.Writer) error {
	switch {
	case len(args) == 2 && args[0] == "suspend":
		return suspend(args[1], out)
	case len(args) == 3 && args[0] == "resume" && (args[2] == "approve" || args[2] == "deny"):
		return resume(args[1], args[2] == "approve", out)
	}
	return errors.New("usage: durable-approval suspend STATE | durable-approval resume STATE approve|deny")
}

// suspend runs the program until it waits for approval and writes the
// suspended run to statePath.
func suspend(statePath string, out io.Writer) error {
	key, err := stateKey(statePath, true)
	if err != nil {
		return err
	}
	sess, err := newSession(key, out)
	if err != nil {
		return err
	}
	defer sess.Close(context.Background())
	args, _ := json.Marshal(codemode.RunCodeArgs{Program: program, Description: "refund overcharged invoices"})
	res, err := sess.Call(context.Background(), codemode.CallRequest{ID: "call-1", Tool: codemode.RunCodeToolName, Args: args})
	if err != nil {
		return err
	}
	if res.Suspended == nil {
		return fmt.Errorf("the program finished without needing approval:\n%s", res.Content[0].Text)
	}
	for _, p := range res.Suspended.Pending {
		fmt.Fprintf(out, "waiting for approval: %s %s %s (%s)\n", p.ID, p.Tool, p.Args, p.Reason)
	}
	if err := os.WriteFile(statePath, res.Suspended.State, 0o600); err != nil {
		return err
	}
	// The pending approvals are kept next to the state, for whoever
	// decides them: the state itself is sealed.
	pending, _ := json.Marshal(res.Suspended.Pending)
	if err := os.WriteFile(statePath+".pending.json", pending, 0o600); err != nil {
		return err
	}
	fmt.Fprintf(out, "suspended: %d bytes written to %s, valid until %s\n", len(res.Suspended.State), statePath, res.Suspended.Expires.Format("2006-01-02 15:04 MST"))
	return nil
}

// resume continues the run in statePath with the decision on every
// pending approval.
func resume(statePath string, approve bool, out io.Writer) error {
	key, err := stateKey(statePath, false)
	if err != nil {
		return err
	}
	state, err := os.ReadFile(statePath)
	if err != nil {
		return err
	}
	sess, err := newSession(key, out)
	if err != nil {
		return err
	}
	defer sess.Close(context.Background())
	data, err := os.ReadFile(statePath + ".pending.json")
	if err != nil {
		return err
	}
	var pending []codemode.PendingApproval
	if err := json.Unmarshal(data, &pending); err != nil {
		return fmt.Errorf("%s.pending.json: %w", statePath, err)
	}
	var decisions []codemode.Approval
	for _, p := range pending {
		decisions = append(decisions, codemode.Approval{ID: p.ID, Approved: approve, Reason: "the reviewer said no"})
	}
	res, err := sess.Resume(context.Background(), state, decisions)
	if err != nil {
		return err
	}
	if res.Suspended != nil {
		return fmt.Errorf("still waiting for %d approvals", len(res.Suspended.Pending))
	}
	fmt.Fprint(out, res.Content[0].Text)
	for _, d := range res.Deferred {
		fmt.Fprintf(out, "[context from %s] %s\n", d.Source, d.Text)
	}
	return nil
}

// newSession is the same in both processes: same config, same tools, same
// key. Its approver never decides on the spot: a human will, later.
func newSession(key []byte, out io.Writer) (*codemode.Session, error) {
	cfg, err := codemode.ParseConfig([]byte(config))
	if err != nil {
		return nil, err
	}
	cfg.Budgets.StateKey = key
	// Each process compiles the sandbox once; a cache on disk lets the
	// resuming process skip the second or so that takes.
	if dir, err := os.UserCacheDir(); err == nil {
		cfg.Budgets.CompilationCacheDir = filepath.Join(dir, "coderun")
	}
	reg := codemode.NewRegistry()
	if err := reg.Register(tools(out)...); err != nil {
		return nil, err
	}
	return codemode.NewSession(codemode.Options{
		Config:   cfg,
		Registry: reg,
		Approver: codemode.ApproverFunc(func(_ context.Context, req codemode.ApprovalRequest) (bool, error) {
			return false, codemode.NotYet("a human reviews refunds")
		}),
	})
}

// stateKey reads the key from CODERUN_STATE_KEY, or from STATE.key,
// creating that file when create is set.
func stateKey(statePath string, create bool) ([]byte, error) {
	if v := os.Getenv(codemode.StateKeyEnv); v != "" {
		return codemode.ParseStateKey(v)
	}
	path := statePath + ".key"
	if data, err := os.ReadFile(path); err == nil || !create {
		if err != nil {
			return nil, fmt.Errorf("no key: set %s or keep %s from the suspend step: %w", codemode.StateKeyEnv, path, err)
		}
		return codemode.ParseStateKey(string(data))
	}
	key := make([]byte, 32)
	_, _ = rand.Read(key)
	return key, os.WriteFile(path, []byte(hex.EncodeToString(key)+"\n"), 0o600)
}
