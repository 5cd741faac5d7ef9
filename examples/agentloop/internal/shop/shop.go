// Package shop is what the agent loop examples have in common: a Code
// Mode session over two tools of a small shop, with refunds needing a
// human's approval, and the answer to a model's tool call. Only the
// conversion to and from each model SDK's types differs between them.
package shop

import (
	"bufio"
	"context"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/coderun/coderun/codemode"
)

// SystemPrompt tells the model how to work; the SDK itself is in
// run_code's description.
const SystemPrompt = "You are a support agent for a small shop. Use run_code to do the work: " +
	"one program can look up orders and refund them. Refunds are checked by a human, who may refuse them."

// config offers only run_code (mode code) and asks a human before every
// refund. sdk is the SDK's form: full, catalogue or auto.
const config = `
mode: code
sdk: %s
policy:
  rules:
    - tool: refund
      action: ask
      reason: refunds move money
`

// orders are the shop's data: A-1002 arrived damaged.
var orders = map[string][]order{
	"acme": {
		{ID: "A-1001", Total: 120, Currency: "EUR", Status: "delivered"},
		{ID: "A-1002", Total: 40, Currency: "EUR", Status: "damaged"},
		{ID: "A-1003", Total: 75, Currency: "EUR", Status: "in transit"},
	},
}

type order struct {
	ID       string `json:"id"`
	Total    int    `json:"total"`
	Currency string `json:"currency"`
	Status   string `json:"status"`
}

// NewSession returns a session over the shop's tools whose approver never
// decides on the spot: a refund suspends the call until Answer's human
// decides. Every tool execution is reported to log.
func NewSession(sdkForm string, log io.Writer) (*codemode.Session, error) {
	cfg, err := codemode.ParseConfig(fmt.Appendf(nil, config, sdkForm))
	if err != nil {
		return nil, err
	}
	// Suspended calls are sealed with this key. One process suspends and
	// resumes here, so a fresh key will do; a host that resumes in another
	// process shares one (codemode.ParseStateKey).
	cfg.Budgets.StateKey = make([]byte, 32)
	_, _ = rand.Read(cfg.Budgets.StateKey) // never fails (crypto/rand)
	if dir, err := os.UserCacheDir(); err == nil {
		cfg.Budgets.CompilationCacheDir = filepath.Join(dir, "coderun") // compile the sandbox once per machine
	}
	reg := codemode.NewRegistry()
	if err := reg.Register(tools(log)...); err != nil {
		return nil, err
	}
	return codemode.NewSession(codemode.Options{
		Config:   cfg,
		Registry: reg,
		Approver: codemode.ApproverFunc(func(context.Context, codemode.ApprovalRequest) (bool, error) {
			return false, codemode.NotYet("a human decides refunds")
		}),
	})
}

func tools(log io.Writer) []codemode.Tool {
	return []codemode.Tool{
		{
			Name:         "find_orders",
			Description:  "Lists a customer's orders, newest last.",
			InputSchema:  json.RawMessage(`{"type":"object","properties":{"customer":{"type":"string","description":"The customer's account name."}},"required":["customer"]}`),
			OutputSchema: json.RawMessage(`{"type":"array","items":{"type":"object","properties":{"id":{"type":"string"},"total":{"type":"number"},"currency":{"type":"string"},"status":{"type":"string","enum":["delivered","damaged","in transit"]}},"required":["id","total","currency","status"]}}`),
			Concurrency:  codemode.ParallelSafe,
			Execute: func(_ context.Context, call *codemode.Call) (*codemode.Output, error) {
				var in struct{ Customer string }
				if err := json.Unmarshal(call.Args, &in); err != nil {
					return nil, err
				}
				fmt.Fprintf(log, "executed find_orders %s\n", in.Customer)
				v, err := json.Marshal(append([]order{}, orders[in.Customer]...))
				return &codemode.Output{Value: v}, err
			},
		},
		{
			Name:         "refund",
			Description:  "Refunds an amount of an order to the customer.",
			InputSchema:  json.RawMessage(`{"type":"object","properties":{"order":{"type":"string"},"amount":{"type":"number"},"reason":{"type":"string"}},"required":["order","amount","reason"]}`),
			OutputSchema: json.RawMessage(`{"type":"object","properties":{"order":{"type":"string"},"refunded":{"type":"number"}},"required":["order","refunded"]}`),
			Execute: func(_ context.Context, call *codemode.Call) (*codemode.Output, error) {
				var in struct {
					Order  string
					Amount float64
				}
				if err := json.Unmarshal(call.Args, &in); err != nil {
					return nil, err
				}
				fmt.Fprintf(log, "executed refund %s %v\n", in.Order, in.Amount)
				v, err := json.Marshal(map[string]any{"order": in.Order, "refunded": in.Amount})
				return &codemode.Output{Value: v}, err
			},
		},
	}
}

// Answer answers a tool call the model made. A call that waits for
// approvals is shown to the human, who answers each on in; the call then
// goes on with the decisions. A host that cannot wait for the human keeps
// res.Suspended.State with its conversation instead, and calls ResumeTool
// when the decisions come, in this process or another.
func Answer(ctx context.Context, sess *codemode.Session, req codemode.CallRequest, in *bufio.Reader, out io.Writer) codemode.ToolResult {
	res := sess.CallTool(ctx, req)
	for res.Suspended != nil {
		var approvals []codemode.Approval
		for _, p := range res.Suspended.Pending {
			fmt.Fprintf(out, "approve %s %s (%s)? [y/N] ", p.Tool, p.Args, p.Reason)
			line, _ := in.ReadString('\n')
			yes := strings.EqualFold(strings.TrimSpace(line), "y")
			approvals = append(approvals, codemode.Approval{ID: p.ID, Approved: yes, Reason: "the reviewer said no"})
		}
		res = sess.ResumeTool(ctx, res.Suspended.State, approvals)
	}
	return res
}
