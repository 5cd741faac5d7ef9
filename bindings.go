package coderun

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"

	"github.com/fxamacker/cbor/v2"

	"github.com/coderun/coderun/internal/hostcalls"
)

// Namespace is a group of host functions the program sees as one global
// object, e.g. Global "tools" makes `await tools.read({path: "a.txt"})` call
// Functions["read"].
type Namespace struct {
	// Global is the program's global identifier. It must match
	// ^[A-Za-z_][A-Za-z0-9_]*$, must not be a reserved word of JavaScript,
	// TypeScript or Python, and must not be a global the runtime owns.
	Global string
	// Functions are keyed by the exact name the program calls; any string is
	// a valid name, "__proto__" and "" included. The runtime reads the map
	// while a run uses it: do not change it until the run returns.
	Functions map[string]Function
	// Hidden names Functions the program can call but that the namespace
	// does not list: they are not enumerable, so Object.keys and for...in
	// skip them. It is for helpers of the namespace itself next to the
	// services it offers, such as Code Mode's tools.$describe beside the
	// tools. Every name must be a key of Functions.
	Hidden []string
	// ErrorClass, when set, makes rejected calls of this namespace instances
	// of a class the runtime injects as a global of that name.
	ErrorClass *ErrorClass
	// Immediate says the namespace's Functions return at once: a
	// computation, a lookup in memory, never I/O. Their calls run inside
	// the program's execution, on the run's goroutine, and the program gets
	// the answer without a round trip through the run's event loop, about
	// twice as fast (bench/: BenchmarkBindingRoundTrip). The price is that
	// such a call holds the run while it lasts: its time counts as
	// ComputeTime, and a timer, another call's result, a cancellation or
	// the end of WallTime takes effect only once it returns (its ctx ends
	// with the run's WallTime, so a Function that honours ctx returns in
	// time). A Function that may block belongs in a namespace without
	// Immediate, where calls run on goroutines of their own and overlap.
	// An Immediate Function must not wait for another run of the same
	// Runtime either: its run holds one of the Runtime's MaxExecuting
	// slots while it lasts.
	Immediate bool
}

// ErrorClass describes an error class the runtime injects into the program,
// e.g. {Name: "ToolCallError", Member: "toolName"} lets a program write
// `catch (e) { if (e instanceof ToolCallError) skip(e.toolName) }`.
type ErrorClass struct {
	// Name is the class's global name; the same rules as Namespace.Global.
	Name string
	// Member is the property that carries the name of the rejected function.
	Member string
}

// Function is a host function called by the program. args arrives as
// encoding/json would decode it into an any (map[string]any, []any, string,
// float64, bool or nil). The result may be any value encoding/json marshals
// and must come out as lossless JSON. An error rejects the call inside the
// program with the error's message; so does a panic.
//
// ctx is cancelled when the run settles; a Function that outlives its run is
// the caller's to settle, and its late result is dropped.
type Function func(ctx context.Context, args any) (any, error)

// Func adapts a typed function to a Function: the program's argument is
// decoded into In with encoding/json (a mismatch rejects the call with the
// decoding error), and Out is marshalled as the call's result.
func Func[In, Out any](f func(ctx context.Context, in In) (Out, error)) Function {
	return func(ctx context.Context, args any) (any, error) {
		raw, err := json.Marshal(args)
		if err != nil {
			return nil, fmt.Errorf("arguments: %w", err)
		}
		var in In
		if err := json.Unmarshal(raw, &in); err != nil {
			return nil, fmt.Errorf("arguments: %w", err)
		}
		return f(ctx, in)
	}
}

// CallSequence returns the position (1, 2, ...) of the binding call whose
// Function received ctx, among its run's calls, in the order the program
// made them. Calls run on goroutines of their own, so calls the program makes
// together reach their Functions in no particular order; a consumer that
// queues calls (Code Mode does) uses the sequence to start them in program
// order. ok is false for a context that did not come from a binding call.
func CallSequence(ctx context.Context) (seq int64, ok bool) {
	return hostcalls.Sequence(ctx)
}

// CallArgs returns the arguments of the binding call whose Function
// received ctx as JSON text, with object keys in the order the program
// wrote them (the args a Function receives are decoded into maps, which
// have no order). A Function that hands the arguments on as JSON, to a
// tool or a log, keeps them as the program made them. ok is false for a
// context that did not come from a binding call.
func CallArgs(ctx context.Context) (args json.RawMessage, ok bool) {
	return hostcalls.ArgsJSON(ctx)
}

// bindingSpec encodes the namespaces for the guest (ABI.md, the bind operation):
// [[global, [function names, sorted], error class name|null, member|null]...].
func bindingSpec(nss []Namespace) ([]byte, error) {
	spec := make([]any, len(nss))
	for i, ns := range nss {
		names := make([]string, 0, len(ns.Functions))
		for name := range ns.Functions {
			names = append(names, name)
		}
		sort.Strings(names)
		var class, member any
		if ns.ErrorClass != nil {
			class, member = ns.ErrorClass.Name, ns.ErrorClass.Member
		}
		hidden := ns.Hidden
		if hidden == nil {
			hidden = []string{}
		}
		spec[i] = []any{ns.Global, names, class, member, hidden}
	}
	b, err := cbor.Marshal(spec)
	if err != nil {
		return nil, fmt.Errorf("coderun: encode bindings: %w", err)
	}
	return b, nil
}

// validateBindings checks a request's namespaces; an error is contract
// misuse and the run does not start.
func validateBindings(nss []Namespace) error {
	globals := make(map[string]string) // name -> what claims it
	classes := make(map[string]string) // class name -> member
	for i, ns := range nss {
		where := fmt.Sprintf("Bindings[%d]", i)
		if err := checkGlobalName(where+".Global", ns.Global); err != nil {
			return err
		}
		if prev, dup := globals[ns.Global]; dup {
			return fmt.Errorf("coderun: %s.Global %q is already used by %s", where, ns.Global, prev)
		}
		globals[ns.Global] = where + ".Global"
		for name, fn := range ns.Functions {
			if fn == nil {
				return fmt.Errorf("coderun: %s.Functions[%q] is nil", where, name)
			}
		}
		for _, name := range ns.Hidden {
			if _, ok := ns.Functions[name]; !ok {
				return fmt.Errorf("coderun: %s.Hidden names %q, which is not in its Functions: add the function or drop the name", where, name)
			}
		}
		ec := ns.ErrorClass
		if ec == nil {
			continue
		}
		if err := checkGlobalName(where+".ErrorClass.Name", ec.Name); err != nil {
			return err
		}
		if ec.Member == "" || reservedMembers[ec.Member] {
			return fmt.Errorf("coderun: %s.ErrorClass.Member %q must be a non-empty name other than name, message, stack, cause, constructor, prototype and __proto__", where, ec.Member)
		}
		if member, shared := classes[ec.Name]; shared {
			if member != ec.Member {
				return fmt.Errorf("coderun: %s.ErrorClass %q is declared again with Member %q (was %q)", where, ec.Name, ec.Member, member)
			}
			continue
		}
		classes[ec.Name] = ec.Member
	}
	for name := range classes {
		if prev, clash := globals[name]; clash {
			return fmt.Errorf("coderun: ErrorClass name %q is already used by %s", name, prev)
		}
	}
	return nil
}
