// Package codemode turns an agent's tools into a typed `tools` SDK that a
// model-written TypeScript program can call, and runs every call, top-level
// or made from inside a program, through the same policy pipeline.
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
