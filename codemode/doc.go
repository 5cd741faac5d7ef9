// Package codemode turns an agent's tools into a typed `tools` SDK that a
// model-written TypeScript (or, with a Python runtime, Python) program can
// call, and runs every call, top-level or made from inside a program,
// through the same policy pipeline.
//
// A session in mode code offers the model one tool, run_code, whose program
// calls the registered tools:
//
//	ctx := context.Background()
//	reg := codemode.NewRegistry()
//	err := reg.Register(codemode.Tool{
//		Name:        "add",
//		Description: "Add two numbers.",
//		InputSchema: json.RawMessage(`{"type":"object","properties":{"a":{"type":"number"},"b":{"type":"number"}},"required":["a","b"]}`),
//		Execute: func(ctx context.Context, call *codemode.Call) (*codemode.Output, error) {
//			var in struct{ A, B float64 }
//			if err := json.Unmarshal(call.Args, &in); err != nil {
//				return nil, err
//			}
//			sum, _ := json.Marshal(in.A + in.B)
//			return &codemode.Output{Value: sum}, nil
//		},
//	})
//	if err != nil {
//		panic(err)
//	}
//	cfg := codemode.DefaultConfig()
//	cfg.Mode = codemode.ModeCode // the model sees run_code alone
//	sess, err := codemode.NewSession(codemode.Options{Config: &cfg, Registry: reg})
//	if err != nil {
//		panic(err)
//	}
//	defer sess.Close(ctx)
//
//	// The model calls run_code; every call its program makes passes the
//	// session's policy pipeline, as a direct call would.
//	args, _ := json.Marshal(codemode.RunCodeArgs{
//		Description: "add two pairs",
//		Program:     `return [await tools.add({ a: 1, b: 2 }), await tools.add({ a: 3, b: 4 })]`,
//	})
//	out, err := sess.Call(ctx, codemode.CallRequest{Tool: codemode.RunCodeToolName, Args: args})
//	if err != nil {
//		panic(err)
//	}
//	fmt.Println(out.Content[0].Text)
//
// A Session holds the tools (a Registry), the pipeline (pre-execute hooks,
// argument validation, guards, approval through a Policy, execute,
// post-execute hooks) and the session log. Its configuration comes from
// coderun.yml (see ParseConfig): in mode native the model sees the tools'
// own schemas, in mode code it sees only run_code, in mode both it sees
// both.
//
// run_code is an ordinary tool dispatched through the pipeline, so a
// permission hook sees the full program text. The program runs in a
// coderun.Runtime with one namespace, tools, whose functions send each
// sub-call back through the pipeline, carrying the run_code call's token.
// A denied or failed sub-call rejects inside the program with a
// ToolCallError the program can catch; it never kills the run.
//
// An Approver that cannot decide now answers NotYet: the call, and for
// run_code the program's whole run, is suspended into sealed bytes
// (Output.Suspended), and Session.Resume continues it later, in any process
// with the same StateKey, without repeating a sub-call.
//
// The sandbox is containment, not the security boundary: the boundary is
// the policy and approval every call, and every sub-call, passes.
package codemode
