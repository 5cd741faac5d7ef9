// Package coderun runs TypeScript programs written by AI models, in a
// sandbox, and lets them call Go functions you choose.
//
// An agent that calls its tools one at a time thinks, calls, waits and
// thinks again for every step. For work like "fix the date format in these
// 30 files" it is better to let the model write one program that loops,
// branches and collects failures, and to run it once. coderun is where that
// program runs: QuickJS-ng compiled to WebAssembly, executed by wazero in
// pure Go (no cgo), with every resource bounded.
//
// # Runtimes and runs
//
// A [Runtime] compiles the sandbox once and then runs any number of
// programs, concurrently if you like. Create one with [New] from a [Config],
// starting from [DefaultConfig], and release it with [Runtime.Close]:
//
//	rt, err := coderun.New(coderun.DefaultConfig())
//	if err != nil {
//		return err // a Config field out of range, named with its range
//	}
//	defer rt.Close(ctx)
//
// A run is one call of [Runtime.Run] with a [Request]. The Request's
// Program is TypeScript source, run as the body of an async function: types
// are erased (not checked), top-level await and return work, and the value
// the program returns becomes the run's result. Each run gets a fresh
// sandbox instance that shares no state with any other run; nothing a
// program does survives it.
//
//	res, err := rt.Run(ctx, coderun.Request{
//		Program:  `const r = await tools.read({path: "a.txt"}); return r.length`,
//		Bindings: []coderun.Namespace{tools},
//	})
//
// # Results and failures
//
// Run returns an error only when the caller misuses the contract: an
// invalid [Namespace], or a Runtime that is closed ([ErrClosed]). Whatever
// the program itself does, Run returns a [Result]: its Value (the returned
// value as JSON; nil when the program returned nothing), its Logs (one line
// per console call, formatted as Node formats them) and, when the run
// failed, a [Failure].
//
// A Failure has a [FailureKind] that tells the caller what to do next, and a
// Message written to be shown to the model:
//
//   - [KindException]: the program threw, or did not parse, or left a
//     rejected promise unhandled (as Node, which ends the process: a call
//     made without await that failed; [Failure.Call] names the call). Give
//     the message to the model so it fixes its code.
//   - [KindTimeout]: a budget ran out ([Config.ComputeTime],
//     [Config.WallTime] or [Config.Fuel]).
//   - [KindAbort]: the caller's context was cancelled.
//   - [KindWorkerExit]: the sandbox died, e.g. it exhausted
//     [Config.MemoryLimitBytes].
//   - [KindInvalidOutput]: the returned value is not lossless JSON; the
//     message names the path, e.g. "$.items[3]: BigInt is not JSON".
//   - [KindOutputLimit]: logs and value together exceeded
//     [Config.MaxOutputBytes]. Nothing is ever truncated.
//
// A panic on the host's side of a run never crashes the host: in a bound
// [Function] it rejects that call inside the program, like an error, and
// anywhere else it becomes a failure of the run.
//
// # Budgets
//
// Everything that bounds a run lives in the Runtime's [Config], explicitly,
// and [New] validates every field: [Config.ComputeTime] (time spent
// executing, not waiting), [Config.WallTime] (the whole run),
// [Config.MemoryLimitBytes], [Config.MaxOutputBytes], [Config.Fuel] (a
// deterministic compute budget that behaves the same on fast and slow
// machines), [Config.MaxCalls] and [Config.MaxCallsInFlight] (binding
// calls). [Config.Deterministic] makes a run reproducible: seeded randomness
// and a virtual clock that advances only when timers fire (binding calls
// take no virtual time). A cancelled context, or [Runtime.Close], ends a run
// as an abort within milliseconds, whatever the program does with the calls
// the cancellation fails. A program cannot
// stop the host from stopping it: interruption reaches into the sandbox's
// native code too.
//
// # Bindings
//
// The program reaches the outside world only through the functions you
// bind. A [Namespace] becomes a global object whose members are async
// functions: with Global "tools" and a [Function] under "read", the program
// writes await tools.read({path: "a.txt"}). Arguments and results cross the
// boundary as lossless JSON; a Function receives its argument as
// encoding/json decodes an any, and [Func] adapts a typed Go function. A
// returned error, or a panic, rejects the call inside the program with the
// error's message, as an instance of the Namespace's [ErrorClass] when it has
// one. Calls the program makes together run concurrently, each on its own
// goroutine, with a context that ends with the run; [CallSequence] gives the
// order in which the program made them.
//
// The sandbox is containment, not the security boundary: a program can do
// exactly what its bindings can do. Put your policy around the bindings;
// package [github.com/coderun/coderun/codemode] does that for an agent's
// tools, turning them into a typed SDK whose every call passes the same
// hooks, approval and audit as a direct tool call.
//
// # Durable runs
//
// A Function that cannot answer yet, because a human must approve the call
// or a tool is slow, returns [Suspend]. Once the program waits on nothing
// else, the run is sealed into bytes (a [Suspension], encrypted and
// authenticated with [Config.StateKey]) and leaves the process: no goroutine
// and no memory stay behind. [Runtime.Resume], in this process or any other
// with the same StateKey and sandbox build, restores it with [Answer] values
// and goes on from where it stopped; calls made before the suspension are
// not made again. [Runtime.Pending] reads the [PendingCall] list of a sealed run
// without running it.
//
// # Start-up
//
// Compiling the sandbox is nearly all the cost of the first [New] in a
// process (the doc of package internal/engine gives the measured figure);
// later Runtimes in the same process reuse the compiled code.
// [Config.CompilationCacheDir] keeps it on disk so that a new process skips
// most of that work too (the coderun command does this by default).
package coderun
