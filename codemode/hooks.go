package codemode

import "context"

// PreExecuteHook runs first for every call, top-level or sub-call. It sees
// the full call, for run_code the full program text, and may rewrite
// call.Args; changes to the call's identity (ID, ParentID, Tool) are
// discarded so a hook cannot redirect a call past the checks for another
// tool. Returning an error denies the call; use Deny for a reason the model
// should see.
type PreExecuteHook func(ctx context.Context, call *Call) error

// Guard checks a call after its arguments were rewritten and validated
// against the input schema, so it can rely on their shape. It cannot rewrite;
// returning an error denies the call.
type Guard func(ctx context.Context, call Call) error

// PostExecuteHook sees a call's normalized result before anyone else does.
// Returning an error blocks the result: the caller gets a CallError with
// OutcomeBlocked, and the result's deferred context entries, including those
// a run_code program's sub-calls produced, are discarded.
type PostExecuteHook func(ctx context.Context, call Call, out Output) error
