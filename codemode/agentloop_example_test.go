package codemode_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/coderun/coderun/codemode"
)

// The provider-neutral half of an agent loop: offer ModelTools, answer each
// call the model makes with CallTool, and when a call waits for an
// approval, decide it and continue with ResumeTool. A real loop turns each
// WireTool into its SDK's tool parameter and each ToolResult into its SDK's
// tool result; examples/agentloop does so for Anthropic's and OpenAI's Go
// SDKs.
func ExampleSession_CallTool() {
	cfg, err := codemode.ParseConfig([]byte(`
mode: code
policy:
  rules:
    - {tool: refund, action: ask, reason: refunds move money}
`))
	if err != nil {
		panic(err)
	}
	cfg.Budgets.StateKey = []byte("an example key, 32 bytes long!!!") // keep a real one secret
	reg := codemode.NewRegistry()
	err = reg.Register(
		codemode.Tool{
			Name:        "find_orders",
			Description: "Lists a customer's orders.",
			Concurrency: codemode.ParallelSafe,
			Execute: func(context.Context, *codemode.Call) (*codemode.Output, error) {
				return &codemode.Output{Value: json.RawMessage(`[{"id":"A-1","total":40,"damaged":true}]`)}, nil
			},
		},
		codemode.Tool{
			Name:        "refund",
			Description: "Refunds an order.",
			Execute: func(_ context.Context, call *codemode.Call) (*codemode.Output, error) {
				return &codemode.Output{Value: call.Args}, nil
			},
		},
	)
	if err != nil {
		panic(err)
	}
	sess, err := codemode.NewSession(codemode.Options{
		Config:   cfg,
		Registry: reg,
		// A human decides refunds, later: the call suspends instead of
		// holding the loop.
		Approver: codemode.ApproverFunc(func(context.Context, codemode.ApprovalRequest) (bool, error) {
			return false, codemode.NotYet("a human decides")
		}),
	})
	if err != nil {
		panic(err)
	}
	defer sess.Close(context.Background())

	for _, t := range sess.ModelTools() {
		fmt.Printf("offer %s, SDK in its description: %v\n", t.Name, strings.Contains(t.Description, "interface Tools {"))
	}

	// The model answers with a tool call; here, a scripted one.
	args, _ := json.Marshal(codemode.RunCodeArgs{
		Description: "refund the damaged orders",
		Program: `
			const orders = await tools.find_orders({customer: "acme"});
			const refunds = [];
			for (const o of orders.filter(o => o.damaged)) refunds.push(await tools.refund({order: o.id, amount: o.total}));
			return refunds;`,
	})
	ctx := context.Background()
	res := sess.CallTool(ctx, codemode.CallRequest{ID: "toolu_1", Tool: codemode.RunCodeToolName, Args: args})
	for res.Suspended != nil {
		// A durable host stores res.Suspended.State with the conversation
		// here, and resumes when the decision comes.
		var approvals []codemode.Approval
		for _, p := range res.Suspended.Pending {
			fmt.Printf("approve %s %s? yes\n", p.Tool, p.Args)
			approvals = append(approvals, codemode.Approval{ID: p.ID, Approved: true})
		}
		res = sess.ResumeTool(ctx, res.Suspended.State, approvals)
	}
	// Send res.Text back as the result of call toolu_1, flagged if IsError.
	fmt.Printf("is error: %v\n%s", res.IsError, res.Text)
	// Output:
	// offer run_code, SDK in its description: true
	// approve refund {"order":"A-1","amount":40}? yes
	// is error: false
	// status: ok
	// value: [{"order":"A-1","amount":40}]
	// logs: 0
}
