package engine

import (
	"crypto/hmac"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha512"
	"fmt"
	"hash"

	"github.com/tetratelabs/wazero/api"
)

// MaxCryptoInput is the most data, and the longest key, one call of the
// crypto import hashes (ABI.md): 32 MiB. The guest refuses more with a
// RangeError before calling; a guest that sends more anyway is stopped.
const MaxCryptoInput = 32 << 20

// cryptoChunk is how much the crypto import hashes between two fuel ticks:
// about what the guest computes in one quantum of loop iterations, so a
// digest costs fuel and time like the same work done in JavaScript, and an
// abort or a budget stops it.
const cryptoChunk = 64 << 10

// The crypto import's operations: a hash, plus cryptoHMAC for an HMAC of
// that hash keyed with the key.
const (
	cryptoSHA1   = 1
	cryptoSHA256 = 2
	cryptoSHA384 = 3
	cryptoSHA512 = 4
	cryptoHMAC   = 16
)

func cryptoHash(op int32) func() hash.Hash {
	switch op {
	case cryptoSHA1:
		return sha1.New
	case cryptoSHA256:
		return sha256.New
	case cryptoSHA384:
		return sha512.New384
	case cryptoSHA512:
		return sha512.New
	}
	return nil
}

// hostCrypto computes a digest or an HMAC for crypto.subtle (the crypto
// import): s holds op, key pointer and length, data pointer and length,
// and the 64-byte output buffer. The result is the output's length, or -1
// for an operation it does not know.
func hostCrypto(h Host, mod api.Module, s []uint64) int32 {
	op := int32(s[0])
	keyLen, dataLen := uint32(s[2]), uint32(s[4])
	if keyLen > MaxCryptoInput || dataLen > MaxCryptoInput {
		Stop(fmt.Errorf("guest passed %d bytes to the crypto import, more than its %d-byte limit", max(keyLen, dataLen), MaxCryptoInput))
	}
	newHash := cryptoHash(op &^ cryptoHMAC)
	if newHash == nil || op&^(cryptoHMAC|7) != 0 {
		return -1
	}
	var sum hash.Hash
	if op&cryptoHMAC != 0 {
		sum = hmac.New(newHash, read(mod, uint32(s[1]), keyLen))
	} else {
		sum = newHash()
	}
	// The data is hashed in place: no guest code runs until this returns.
	data, ok := mod.Memory().Read(uint32(s[3]), dataLen)
	if !ok {
		Stop(fmt.Errorf("guest passed an out-of-range buffer (%d bytes at %#x)", dataLen, uint32(s[3])))
	}
	for len(data) > 0 {
		n := min(len(data), cryptoChunk)
		sum.Write(data[:n])
		data = data[n:]
		h.FuelTick()
	}
	out := sum.Sum(nil)
	if !mod.Memory().Write(uint32(s[5]), out) {
		Stop(fmt.Errorf("guest passed an out-of-range output buffer for the crypto import"))
	}
	return int32(len(out))
}
