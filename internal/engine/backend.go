package engine

import (
	"runtime"
	_ "unsafe" // go:linkname

	"github.com/tetratelabs/wazero"
)

// How wazero runs the guest.
//
// wazero's compiler turns the module into native code, which needs an
// architecture it generates code for on an OS where it can map memory
// executable. Elsewhere, and notably inside a WASI host, where coderun is
// itself a wasm module (GOOS=wasip1 GOARCH=wasm) and cannot make native
// code at all, its interpreter runs the same module: every budget, trap
// and reset works the same (but for the depth of recursion, see
// interpreterCallStackCeiling), only far slower: about 80 times natively,
// hundreds of times inside a WASI host (bench/README.md, "Inside a WASI
// host").

// mayCompile reports whether wazero may compile to native code here: it
// generates code for these two architectures only. Elsewhere a compilation
// cache directory would stay empty, so none is used.
const mayCompile = runtime.GOARCH == "amd64" || runtime.GOARCH == "arm64"

// newRuntimeConfig returns the configuration that runs the guest on
// wazero's compiler where wazero supports it and on its interpreter
// everywhere else, or when interpret is set. Where mayCompile holds,
// wazero makes the choice itself (NewRuntimeConfig), because the checks it
// runs, of the CPU's features and of executable memory, are not exported;
// asking for the compiler regardless is what panics with "unsupported
// architecture".
func newRuntimeConfig(interpret bool) wazero.RuntimeConfig {
	if interpret || !mayCompile {
		return wazero.NewRuntimeConfigInterpreter()
	}
	return wazero.NewRuntimeConfig()
}

// interpreterCallStackCeiling is how many wasm call frames wazero's
// interpreter allows before it traps with "stack overflow": 2,000 by
// default, a variable its documented -ldflags override cannot set (-X sets
// strings only). The guest makes several frames per JavaScript call, and
// up to 16,000 before QuickJS's own check of its 1 MiB shadow stack throws
// a RangeError (a getter or toJSON that recurses): with 2,000, a deep
// recursion that the program catches on the compiler would end the run on
// the interpreter.
//
// The interpreter recurses in Go for every wasm call. On a native platform
// the goroutine's stack grows to what that needs, so the ceiling is set out
// of the guest's way. Inside a WASI host (GOARCH=wasm) the host's own
// stack bounds that recursion, and 4,000 frames overflowed wazero's CLI,
// killing the whole process: there the default stays, and a recursion
// deeper than it ends the run as KindWorkerExit instead of a RangeError
// (README.md, "Inside a WASI host").
//
//go:linkname interpreterCallStackCeiling github.com/tetratelabs/wazero/internal/engine/interpreter.callStackCeiling
var interpreterCallStackCeiling int

func init() {
	if runtime.GOARCH != "wasm" {
		interpreterCallStackCeiling = GuestStackBytes / 16
	}
}
