package codemode_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/coderun/coderun/codemode"
)

// A session in mode code offers the model one tool, run_code; the program
// it writes calls the session's tools, and each call passes the policy.
func ExampleSession_Call() {
	cfg, err := codemode.ParseConfig([]byte(`
mode: code
policy:
  rules:
    - {tool: shout, action: deny, reason: "no shouting"}
`))
	if err != nil {
		panic(err)
	}
	reg := codemode.NewRegistry()
	err = reg.Register(
		codemode.Tool{
			Name:        "upper",
			Description: "Upper-case a string.",
			InputSchema: json.RawMessage(`{"type":"object","properties":{"s":{"type":"string"}},"required":["s"]}`),
			Concurrency: codemode.ParallelSafe,
			Execute: func(ctx context.Context, call *codemode.Call) (*codemode.Output, error) {
				var in struct{ S string }
				if err := json.Unmarshal(call.Args, &in); err != nil {
					return nil, err
				}
				v, _ := json.Marshal(strings.ToUpper(in.S))
				return &codemode.Output{Value: v}, nil
			},
		},
		codemode.Tool{
			Name:        "shout",
			Description: "Shout a string.",
			InputSchema: json.RawMessage(`{"type":"object"}`),
			Execute: func(ctx context.Context, call *codemode.Call) (*codemode.Output, error) {
				return &codemode.Output{Value: json.RawMessage(`"!!!"`)}, nil
			},
		},
	)
	if err != nil {
		panic(err)
	}
	sess, err := codemode.NewSession(codemode.Options{Config: cfg, Registry: reg})
	if err != nil {
		panic(err)
	}
	defer sess.Close(context.Background())

	for _, t := range sess.WireTools() {
		fmt.Println("wire tool:", t.Name)
	}
	args, _ := json.Marshal(map[string]string{
		"description": "upper-case two words, try to shout",
		"program": `
			const words = await Promise.all(["a", "b"].map(s => tools["upper"]({ s })))
			try { await tools["shout"]({}) } catch (e) {
				if (e instanceof ToolCallError) console.log(e.toolName, "refused")
			}
			return words`,
	})
	out, err := sess.Call(context.Background(), codemode.CallRequest{Tool: "run_code", Args: args})
	if err != nil {
		panic(err)
	}
	fmt.Println(out.Content[0].Text)
	// Output:
	// wire tool: run_code
	// status: ok
	// value: ["A","B"]
	// logs: 1
	// | shout refused
}
