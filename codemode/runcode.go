package codemode

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	coderun "github.com/coderun/coderun"
	"go.opentelemetry.io/otel/trace"
)

// The names a program sees. They are part of the SDK's contract.
const (
	// ToolsGlobal is the global object through which programs call tools.
	ToolsGlobal = "tools"
	// ToolCallErrorClass is the class of the error a failed or denied call
	// rejects with.
	ToolCallErrorClass = "ToolCallError"
	// ToolCallErrorMember is the ToolCallError property naming the tool
	// in TypeScript programs; Python programs read the attribute
	// tool_name.
	ToolCallErrorMember = "toolName"
)

// RunCodeArgs are run_code's arguments.
type RunCodeArgs struct {
	// Program is the source to run, in the session's language
	// (Session.Language).
	Program string `json:"program"`
	// Description says in one sentence what the program does; it is for the
	// session log and for approvers.
	Description string `json:"description"`
}

// ParseRunCodeArgs decodes a run_code call's arguments, for hooks and
// policies that inspect the program.
func ParseRunCodeArgs(args json.RawMessage) (RunCodeArgs, error) {
	var a RunCodeArgs
	if err := json.Unmarshal(args, &a); err != nil {
		return RunCodeArgs{}, fmt.Errorf("codemode: run_code arguments: %w", err)
	}
	return a, nil
}

// runCodeDescription and runCodeInputSchema describe run_code to a model
// writing TypeScript.
var (
	runCodeDescription = runCodeDescriptionFor("TypeScript", "TypeScript declarations")
	runCodeInputSchema = runCodeSchemaFor("TypeScript")
)

// runCodeDescriptionFor is run_code's description for programs in lang,
// whose SDK is made of declarations.
func runCodeDescriptionFor(lang, declarations string) string {
	return "Run a " + lang + " program that calls your tools through the global `tools` object, " +
		"as declared in the Code Mode SDK (" + declarations + " you were given with this tool). Use it to do many tool calls in one step " +
		"with loops, conditions and error handling; intermediate results stay in variables instead of the conversation. " +
		"The result is the program's return value, its console output and, if it failed, why."
}

// runCodeSchemaFor is run_code's input schema for programs in lang.
func runCodeSchemaFor(lang string) string {
	return `{
  "type": "object",
  "properties": {
    "program": {"type": "string", "description": "` + lang + ` source, run as the body of an async function: use await, and return a plain JSON value."},
    "description": {"type": "string", "description": "One sentence saying what the program does."}
  },
  "required": ["program", "description"],
  "additionalProperties": false
}`
}

// newRunCodeEntry builds the run_code tool. It is not in the Registry, so no
// visibility filter can remove it and no program can call it.
func (s *Session) newRunCodeEntry() (*entry, error) {
	t := Tool{
		Name:        RunCodeToolName,
		Description: s.lang.runCodeDescription,
		InputSchema: json.RawMessage(s.lang.runCodeInputSchema),
		Concurrency: Exclusive,
		Execute:     s.executeRunCode,
	}
	in, err := compileSchema(t.InputSchema)
	if err != nil {
		return nil, fmt.Errorf("codemode: run_code: %w", err)
	}
	return &entry{tool: t, input: in}, nil
}

// executeRunCode runs the program with one namespace, tools, whose functions
// dispatch sub-calls through the pipeline. The run settles first; then queued
// sub-calls are dropped, running ones cancelled and awaited, so no sub-call
// outlives run_code and the deferred entries are final when returned.
func (s *Session) executeRunCode(ctx context.Context, call *Call) (*Output, error) {
	if s.rt == nil {
		return nil, fmt.Errorf("codemode: run_code: no runtime (mode %s)", s.cfg.Mode)
	}
	args, err := ParseRunCodeArgs(call.Args)
	if err != nil {
		return nil, err
	}
	started := time.Now()
	d := newSubDispatcher(s, call, s.cfg.MaxParallelSubCalls)
	d.span = trace.SpanFromContext(ctx)
	res, runErr := s.rt.Run(ctx, coderun.Request{Program: args.Program, Bindings: d.bindings()})
	return s.runCodeOutput(ctx, call, d, started, res, runErr)
}

// runCodeOutput turns a settled run into run_code's output. A suspended
// run becomes a Suspension carrying the runtime's state with the
// dispatcher's own (parked sub-calls, held entries), and Value the Result
// so far (its logs) without the runtime's raw state.
func (s *Session) runCodeOutput(ctx context.Context, call *Call, d *subDispatcher, started time.Time, res coderun.Result, runErr error) (*Output, error) {
	deferred := d.settle()
	if runErr != nil {
		return nil, fmt.Errorf("codemode: run_code: %w", runErr)
	}
	var susp *Suspension
	if res.Suspended != nil {
		env := &envelope{CallID: call.ID, Tool: call.Tool, Args: call.Args, Run: res.Suspended.State}
		if err := d.suspend(env, res.Suspended.Pending); err != nil {
			return nil, err
		}
		var err error
		if susp, err = s.suspension(ctx, env, started); err != nil {
			return nil, err
		}
		res.Suspended, deferred = nil, nil
	}
	value, err := json.Marshal(res)
	if err != nil {
		return nil, fmt.Errorf("codemode: run_code: encode result: %w", err)
	}
	if susp != nil {
		return &Output{Value: value, Content: suspendedContent(susp.Pending), Suspended: susp}, nil
	}
	return &Output{
		Value:    value,
		Content:  []Content{TextContent(renderResult(res))},
		Deferred: deferred,
	}, nil
}
