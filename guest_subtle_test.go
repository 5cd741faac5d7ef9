package coderun

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// crypto.subtle's digests and HMACs are compared with Node's in the
// parity corpus (testdata/parity-unseen/crypto.ts); these are the limits
// and refusals Node does not have.

func TestSubtleRefusesMoreThanItsInputLimit(t *testing.T) {
	t.Parallel()
	rt := newRuntime(t, nil)
	msg := requireFailure(t, runProgram(t, rt, `
		await crypto.subtle.digest("SHA-256", new Uint8Array(32 * 1024 * 1024 + 1))`), KindException)
	assert.Contains(t, msg, "RangeError: crypto.subtle takes at most 32 MiB of data or key in one call; this one has 33554433 bytes")
	// The limit itself is allowed.
	assert.Equal(t, `64`, requireOK(t, runProgram(t, rt, `
		const d = await crypto.subtle.digest("SHA-256", new Uint8Array(32 * 1024 * 1024));
		return new Uint8Array(d).length * 2`)))
}

func TestSubtleNamesWhatItDoesNotHave(t *testing.T) {
	t.Parallel()
	rt := newRuntime(t, nil)
	for _, c := range []struct{ program, want string }{
		{`await crypto.subtle.encrypt({name: "AES-GCM", iv: new Uint8Array(12)}, null, new Uint8Array(1))`,
			"DOMException [NotSupportedError]: crypto.subtle.encrypt is not supported: coderun's crypto.subtle has digest"},
		{`await crypto.subtle.generateKey({name: "HMAC", hash: "SHA-256"}, true, ["sign"])`,
			"DOMException [NotSupportedError]: crypto.subtle.generateKey is not supported"},
		{`await crypto.subtle.importKey("raw", new Uint8Array(16), {name: "AES-GCM"}, false, ["encrypt"])`,
			"DOMException [NotSupportedError]: crypto.subtle.importKey of AES-GCM keys is not supported"},
		{`await crypto.subtle.importKey("jwk", {}, {name: "HMAC", hash: "SHA-256"}, false, ["sign"])`,
			`DOMException [NotSupportedError]: crypto.subtle.importKey in the "jwk" format is not supported`},
	} {
		msg := requireFailure(t, runProgram(t, rt, c.program), KindException)
		assert.Contains(t, msg, c.want, c.program)
	}
}

// A digest costs fuel as it goes, so a Fuel budget bounds it like the same
// work done in JavaScript.
func TestSubtleDigestCountsAsCompute(t *testing.T) {
	t.Parallel()
	rt := newRuntime(t, func(c *Config) { c.Deterministic = true; c.Fuel = 3000; roomyBudgets(c) })
	msg := requireFailure(t, runProgram(t, rt, `
		const data = new Uint8Array(16 * 1024 * 1024);
		for (let i = 0; i < 20; i++) await crypto.subtle.digest("SHA-512", data);`), KindTimeout)
	assert.Contains(t, msg, "Fuel budget ran out")
}
