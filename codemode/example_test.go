package codemode_test

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/coderun/coderun/codemode"
)

// The package doc shows this example's body: keep the two the same
// (TestDocShowsTheExample checks).
func Example() {
	ctx := context.Background()
	reg := codemode.NewRegistry()
	err := reg.Register(codemode.Tool{
		Name:        "add",
		Description: "Add two numbers.",
		InputSchema: json.RawMessage(`{"type":"object","properties":{"a":{"type":"number"},"b":{"type":"number"}},"required":["a","b"]}`),
		Execute: func(ctx context.Context, call *codemode.Call) (*codemode.Output, error) {
			var in struct{ A, B float64 }
			if err := json.Unmarshal(call.Args, &in); err != nil {
				return nil, err
			}
			sum, _ := json.Marshal(in.A + in.B)
			return &codemode.Output{Value: sum}, nil
		},
	})
	if err != nil {
		panic(err)
	}
	cfg := codemode.DefaultConfig()
	cfg.Mode = codemode.ModeCode // the model sees run_code alone
	sess, err := codemode.NewSession(codemode.Options{Config: &cfg, Registry: reg})
	if err != nil {
		panic(err)
	}
	defer sess.Close(ctx)

	// The model calls run_code; every call its program makes passes the
	// session's policy pipeline, as a direct call would.
	args, _ := json.Marshal(codemode.RunCodeArgs{
		Description: "add two pairs",
		Program:     `return [await tools.add({ a: 1, b: 2 }), await tools.add({ a: 3, b: 4 })]`,
	})
	out, err := sess.Call(ctx, codemode.CallRequest{Tool: codemode.RunCodeToolName, Args: args})
	if err != nil {
		panic(err)
	}
	fmt.Println(out.Content[0].Text)
	// Output:
	// status: ok
	// value: [3,7]
	// logs: 0
}
