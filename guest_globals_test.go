package coderun

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Node's I/O globals are absent, so feature tests take the branch that
// does not use them, and using one anyway says why.
func TestAbsentGlobalsAreUndefinedAndExplained(t *testing.T) {
	t.Parallel()
	rt := newRuntime(t, nil)
	assert.Equal(t, `["undefined","undefined","undefined","undefined",true,"not node",false]`, requireOK(t, runProgram(t, rt, `
		return [typeof process, typeof require, typeof fetch, typeof Buffer,
			globalThis.process === undefined,
			typeof process !== "undefined" && process.env ? "node" : "not node",
			typeof fetch === "function"]`)))

	for _, c := range []struct{ program, want string }{
		{`process.exit(1)`, "ReferenceError: process is not defined: there is no process in the coderun sandbox (no environment, arguments or exit); use the bindings for I/O\n"},
		{`require("fs")`, "ReferenceError: require is not defined: there are no modules or files in the coderun sandbox; use the bindings for I/O\n"},
		{`await fetch("https://example.com")`, "ReferenceError: fetch is not defined: there is no network in the coderun sandbox; use the bindings for I/O\n"},
		{`Buffer.from("hi")`, "ReferenceError: Buffer is not defined: Buffer is Node's; in coderun use TextEncoder/TextDecoder for UTF-8, btoa/atob for base64 and Uint8Array for bytes\n"},
	} {
		msg := requireFailure(t, runProgram(t, rt, c.program), KindException)
		assert.Contains(t, msg, c.want)
	}

	// Other undefined names keep the engine's message, and a program may
	// still define its own process.
	msg := requireFailure(t, runProgram(t, rt, `nosuchthing.x`), KindException)
	assert.Contains(t, msg, "ReferenceError: nosuchthing is not defined\n")
	assert.Equal(t, `"mine"`, requireOK(t, runProgram(t, rt, `globalThis.process = {env: {A: "mine"}}; return process.env.A`)))
}

// Every global the sandbox has is in runtimeGlobals (or is a reserved word,
// like undefined and eval), so no binding namespace can replace one.
func TestRuntimeGlobalsCoverSandbox(t *testing.T) {
	t.Parallel()
	rt := newRuntime(t, nil)
	var names []string
	require.NoError(t, json.Unmarshal([]byte(requireOK(t, runProgram(t, rt,
		`return Object.getOwnPropertyNames(globalThis)`))), &names))
	assert.Contains(t, names, "AbortController")
	for _, name := range names {
		assert.True(t, runtimeGlobals[name] || reservedWords[name], "the sandbox's global %q is missing from runtimeGlobals", name)
	}
}
