package engine

import (
	"runtime"

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
// everywhere else. Where mayCompile holds, wazero makes the choice itself
// (NewRuntimeConfig), because the checks it runs, of the CPU's features
// and of executable memory, are not exported; asking for the compiler
// regardless is what panics with "unsupported architecture".
func newRuntimeConfig() wazero.RuntimeConfig {
	if !mayCompile {
		return wazero.NewRuntimeConfigInterpreter()
	}
	return wazero.NewRuntimeConfig()
}
