package coderun

import (
	"fmt"
	"regexp"
)

// identifierPattern is the portable identifier subset: valid in JavaScript,
// TypeScript and Python alike, so one list of namespaces serves every
// backend. "$tools" is valid JavaScript but not Python, so it is refused.
var identifierPattern = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// reservedWords are reserved in JavaScript, TypeScript or Python. A
// namespace named after one would be unusable in at least one language.
var reservedWords = setOf(
	// JavaScript, including strict-mode and future reserved words.
	"await", "break", "case", "catch", "class", "const", "continue", "debugger",
	"default", "delete", "do", "else", "enum", "export", "extends", "false",
	"finally", "for", "function", "if", "import", "in", "instanceof", "new",
	"null", "return", "super", "switch", "this", "throw", "true", "try",
	"typeof", "var", "void", "while", "with", "yield", "let", "static",
	"implements", "interface", "package", "private", "protected", "public",
	"arguments", "eval",
	// TypeScript keywords and primitive type names.
	"abstract", "any", "as", "asserts", "async", "bigint", "boolean",
	"constructor", "declare", "from", "get", "infer", "is", "keyof", "module",
	"namespace", "never", "number", "object", "of", "readonly", "require",
	"satisfies", "set", "string", "symbol", "type", "undefined", "unique",
	"unknown", "override", "accessor", "out", "using",
	// Python keywords and soft keywords.
	"False", "None", "True", "and", "assert", "def", "del", "elif", "except",
	"global", "lambda", "nonlocal", "not", "or", "pass", "raise", "match",
)

// runtimeGlobals are the globals the sandbox itself owns: the JavaScript
// built-ins and what the runtime provides. TestRuntimeGlobalsCoverSandbox
// checks this list against the sandbox's real global object.
var runtimeGlobals = setOf(
	"globalThis", "console", "setTimeout", "clearTimeout", "setInterval",
	"clearInterval", "setImmediate", "clearImmediate", "queueMicrotask",
	"structuredClone", "TextEncoder", "TextDecoder", "atob", "btoa",
	"performance", "URL", "URLSearchParams", "crypto", "Event", "EventTarget",
	"AbortSignal", "AbortController", "fetch", "process", "navigator", "gc",
	"Object", "Function", "Array", "Number", "parseFloat", "parseInt",
	"Infinity", "NaN", "Boolean", "String", "Symbol", "Date", "Promise",
	"RegExp", "Error", "AggregateError", "EvalError", "RangeError",
	"ReferenceError", "SyntaxError", "TypeError", "URIError", "InternalError",
	"SuppressedError", "DOMException", "JSON", "Math", "Intl", "ArrayBuffer",
	"SharedArrayBuffer", "Atomics", "Uint8Array", "Int8Array",
	"Uint8ClampedArray", "Int16Array", "Uint16Array", "Int32Array",
	"Uint32Array", "Float16Array", "Float32Array", "Float64Array",
	"BigInt64Array", "BigUint64Array", "BigInt", "DataView", "Map", "Set",
	"WeakMap", "WeakSet", "WeakRef", "FinalizationRegistry", "Proxy",
	"Reflect", "Iterator", "decodeURI", "decodeURIComponent", "encodeURI",
	"encodeURIComponent", "escape", "unescape", "isFinite", "isNaN",
	"DisposableStack", "AsyncDisposableStack", "CallSite", "Generator",
	"AsyncGenerator",
)

func setOf(names ...string) map[string]bool {
	m := make(map[string]bool, len(names))
	for _, n := range names {
		m[n] = true
	}
	return m
}

// reservedMembers would collide with the properties every Error has.
var reservedMembers = setOf("name", "message", "stack", "cause", "constructor", "__proto__", "prototype")

// checkGlobalName reports why name cannot be a global the program sees.
func checkGlobalName(what, name string) error {
	switch {
	case !identifierPattern.MatchString(name):
		return fmt.Errorf("coderun: %s %q must match %s", what, name, identifierPattern)
	case reservedWords[name]:
		return fmt.Errorf("coderun: %s %q is a reserved word in JavaScript, TypeScript or Python", what, name)
	case runtimeGlobals[name]:
		return fmt.Errorf("coderun: %s %q is a global the runtime owns", what, name)
	}
	return nil
}
