// Package wasm embeds the QuickJS-ng sandbox that coderun runs programs in.
//
// quickjs.wasm is built from Debian's qjs-src package by build/build.sh and
// committed, so a Go build needs no C toolchain. The guest's imports, exports
// and message formats are documented in build/ABI.md.
package wasm

import (
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"sync"
)

// Binary is the instrumented QuickJS-ng reactor module.
//
//go:embed quickjs.wasm
var Binary []byte

// QuickJSVersion is the QuickJS-ng release Binary is built from.
const QuickJSVersion = "0.17.0"

var sumOnce = sync.OnceValue(func() string {
	s := sha256.Sum256(Binary)
	return hex.EncodeToString(s[:])
})

// SHA256 returns the hex sha256 of Binary.
func SHA256() string { return sumOnce() }
