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
// and reset works the same, only several times slower (bench/README.md,
// "Inside a WASI host").

// mayCompile reports whether wazero may compile to native code here: it
// generates code for these two architectures only. Elsewhere a compilation
// cache directory would stay empty, so none is used.
const mayCompile = runtime.GOARCH == "amd64" || runtime.GOARCH == "arm64"

// newRuntimeConfig returns the configuration that runs the guest on
// wazero's compiler where wazero supports it and on its interpreter
// everywhere else, or when interpret is set. Where mayCompile holds, wazero makes the choice itself
// (NewRuntimeConfig), because the checks it runs, of the CPU's features
// and of executable memory, are not exported; asking for the compiler
// regardless is what panics with "unsupported architecture".
func newRuntimeConfig(interpret bool) wazero.RuntimeConfig {
	if interpret || !mayCompile {
		return wazero.NewRuntimeConfigInterpreter()
	}
	return wazero.NewRuntimeConfig()
}

// interpreterCallStackCeiling is how many wasm call frames wazero's
// interpreter allows before it traps with "stack overflow": 2,000 by
// default, a hard-coded variable that its documented -ldflags override
// cannot set (-X sets strings only). The guest recurses several frames per
// JavaScript call, so 2,000 frames are reached long before QuickJS's own
// check of its 1 MiB shadow stack, and a deep recursion that throws a
// catchable RangeError on the compiler would end the run on the
// interpreter. The frames are heap-allocated (the interpreter does not
// recurse in Go for a wasm call), and the shadow stack bounds the depth
// the guest can reach, so the ceiling only needs to be out of its way.
//
//go:linkname interpreterCallStackCeiling github.com/tetratelabs/wazero/internal/engine/interpreter.callStackCeiling
var interpreterCallStackCeiling int

func init() { interpreterCallStackCeiling = GuestStackBytes / 4 }
