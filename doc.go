// Package coderun runs programs that AI models write, in a sandbox.
//
// An agent that calls its tools one at a time thinks, calls, waits and
// thinks again for every step. For work like "fix the date format in these
// 30 files" it is better to let the model write one program that loops,
// branches and collects failures, and to run it once. coderun is where such
// a program runs: TypeScript, executed by QuickJS-ng compiled to
// WebAssembly, in a fresh wazero instance for every run, with every budget
// explicit and every failure typed.
//
// # Runs
//
// A [Runtime] compiles the sandbox once; [New] validates a [Config], which
// holds every budget a run is held to ([DefaultConfig] spells out the
// defaults). [Runtime.Run] takes a [Request], the program and the host
// functions it may call, and returns a [Result]:
//
//	rt, err := coderun.New(coderun.DefaultConfig())
//	if err != nil { ... }
//	defer rt.Close(ctx)
//	res, err := rt.Run(ctx, coderun.Request{Program: `return 1 + 1`})
//	// res.Value is `2`; res.Logs what the program printed.
//
// The program is the body of an async function: top-level await and return
// work, and the returned value, which must be plain JSON, becomes
// [Result].Value. Run returns an error only when the request misuses the
// contract (an invalid namespace) or the Runtime is closed. Everything the
// program can do wrong is a [Failure] in the Result, of one of six
// [FailureKind]s, each asking the caller for a different next step:
// [KindException], [KindTimeout], [KindAbort], [KindWorkerExit],
// [KindInvalidOutput] and [KindOutputLimit].
//
// # Budgets
//
// Compute time, wall time, deterministic fuel, output bytes, memory and
// binding calls are each bounded by a [Config] field, checked by
// [Config.Validate]. Output is never truncated: a run over MaxOutputBytes
// fails. A cancelled context, or [Runtime.Close], ends a run as an abort
// within milliseconds, wherever the guest is, even in a native sort or a
// catastrophic regexp.
//
// # Bindings
//
// A [Namespace] makes Go functions a global object of async functions in
// the program: Namespace{Global: "tools", Functions: ...} lets the program
// write `await tools.read({path: "a.txt"})`. Calls overlap, each on a
// goroutine of its own; their arguments arrive as encoding/json would
// decode them, and their results go back as JSON. [Func] adapts a typed Go
// function. An [ErrorClass] makes every rejection of a namespace's calls an
// instance of a class the program can test with instanceof. The program is
// hostile input: every message it sends is validated, and a panic in a
// Function, or in its result's MarshalJSON, rejects the call instead of
// crashing the host.
//
// # Durable runs
//
// A Function that cannot answer yet, because a human must approve the call
// or a tool is slow, returns [Suspend]. Once the program waits on nothing
// else, the run is sealed into bytes ([Suspension]) and leaves the process:
// no goroutine and no memory stay behind. [Runtime.Resume], in this process
// or any other with the same [Config].StateKey and sandbox build, restores
// it with the [Answer]s and goes on; [Runtime.Pending] reads a sealed run's
// [PendingCall]s without running it.
//
// Package codemode builds on this package to offer an agent's tools to its
// programs through one policy pipeline, and package mcpproxy offers that
// over the user's MCP servers.
package coderun
