package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"

	"github.com/coderun/coderun/codemode"
)

// invoices are the demo's data: inv-2 was charged too much.
var invoices = map[string]struct{ Due, Charged int }{
	"inv-1": {Due: 100, Charged: 100},
	"inv-2": {Due: 80, Charged: 120},
	"inv-3": {Due: 50, Charged: 50},
}

// tools prints a line to out for every execution, so the output shows
// which process ran which call.
func tools(out io.Writer) []codemode.Tool {
	return []codemode.Tool{
		{
			Name:        "get_invoice",
			Description: "Look up an invoice.",
			InputSchema: json.RawMessage(`{"type":"object","properties":{"id":{"type":"string"}},"required":["id"]}`),
			Concurrency: codemode.ParallelSafe,
			Execute: func(_ context.Context, call *codemode.Call) (*codemode.Output, error) {
				var in struct{ ID string }
				if err := json.Unmarshal(call.Args, &in); err != nil {
					return nil, err
				}
				inv, ok := invoices[in.ID]
				if !ok {
					return nil, fmt.Errorf("no invoice %q", in.ID)
				}
				fmt.Fprintf(out, "executed get_invoice %s\n", in.ID)
				v, _ := json.Marshal(map[string]any{"id": in.ID, "due": inv.Due, "charged": inv.Charged})
				return &codemode.Output{Value: v}, nil
			},
		},
		{
			Name:        "refund",
			Description: "Refund an amount on an invoice.",
			InputSchema: json.RawMessage(`{"type":"object","properties":{"id":{"type":"string"},"amount":{"type":"number"}},"required":["id","amount"]}`),
			Execute: func(_ context.Context, call *codemode.Call) (*codemode.Output, error) {
				var in struct {
					ID     string
					Amount int
				}
				if err := json.Unmarshal(call.Args, &in); err != nil {
					return nil, err
				}
				fmt.Fprintf(out, "executed refund %s %d\n", in.ID, in.Amount)
				v, _ := json.Marshal(map[string]any{"id": in.ID, "refunded": in.Amount})
				return &codemode.Output{
					Value:    v,
					Deferred: []codemode.ContextEntry{{Text: fmt.Sprintf("%s was refunded %d", in.ID, in.Amount)}},
				}, nil
			},
		},
	}
}
