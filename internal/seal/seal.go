// Package seal encrypts and authenticates the bytes coderun hands out to be
// stored elsewhere and given back later (suspended runs, Code Mode
// suspensions, MCP request states), so that every layer seals the same way
// and a stranger holding the bytes can neither read nor change them.
//
// A sealed value is
//
//	version (1 byte) | key id (8 bytes) | nonce (12 bytes) | AES-256-GCM ciphertext and tag
//
// The version and key id are authenticated together with the caller's
// additional data (aad), which binds a value to its purpose: a value sealed
// for one aad does not open under another. The key id is a hash of the key,
// so Open can tell "sealed with another key" from "tampered with"; it
// reveals nothing usable about a 256-bit key.
package seal

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"crypto/sha256"
	"errors"
	"fmt"
)

// KeySize is the size of a key: AES-256.
const KeySize = 32

// version is the first byte of every sealed value; a future format gets a
// new one, and Open refuses values of a version it does not know.
const version = 1

const (
	keyIDSize = 8
	nonceSize = 12
	tagSize   = 16
	// headerSize is what precedes the ciphertext.
	headerSize = 1 + keyIDSize + nonceSize
	// Overhead is how many bytes sealing adds to the plaintext.
	Overhead = headerSize + tagSize
)

// Errors of Open. They are distinct so that a caller can tell a user what
// to change: the key, or where the bytes came from.
var (
	// ErrKeySize: the key is not KeySize bytes.
	ErrKeySize = errors.New("seal: the key must be exactly 32 bytes")
	// ErrMalformed: the bytes are too short or of an unknown format version.
	ErrMalformed = errors.New("seal: not a sealed value (too short, or an unknown format version)")
	// ErrWrongKey: the value was sealed with another key.
	ErrWrongKey = errors.New("seal: the value was sealed with another key")
	// ErrTampered: the value, or the data it is bound to, was changed after
	// sealing (or cut short).
	ErrTampered = errors.New("seal: the value was changed after sealing, or belongs to something else")
)

// Seal encrypts plaintext with key, bound to aad, under a fresh random
// nonce. With 96-bit random nonces a key may seal about 2^32 values before
// the chance of a repeated nonce matters.
func Seal(key, aad, plaintext []byte) ([]byte, error) {
	aead, err := newAEAD(key)
	if err != nil {
		return nil, err
	}
	out := make([]byte, headerSize, headerSize+len(plaintext)+tagSize)
	out[0] = version
	id := keyID(key)
	copy(out[1:], id[:])
	if _, err := rand.Read(out[1+keyIDSize : headerSize]); err != nil {
		return nil, fmt.Errorf("seal: nonce: %w", err)
	}
	return aead.Seal(out, out[1+keyIDSize:headerSize], plaintext, additional(out[:headerSize], aad)), nil
}

// Open checks and decrypts a value Seal returned for the same key and aad.
func Open(key, aad, sealed []byte) ([]byte, error) {
	aead, err := newAEAD(key)
	if err != nil {
		return nil, err
	}
	if len(sealed) < Overhead || sealed[0] != version {
		return nil, ErrMalformed
	}
	id := keyID(key)
	if string(sealed[1:1+keyIDSize]) != string(id[:]) {
		return nil, ErrWrongKey
	}
	plain, err := aead.Open(nil, sealed[1+keyIDSize:headerSize], sealed[headerSize:], additional(sealed[:headerSize], aad))
	if err != nil {
		return nil, ErrTampered
	}
	return plain, nil
}

func newAEAD(key []byte) (cipher.AEAD, error) {
	if len(key) != KeySize {
		return nil, ErrKeySize
	}
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, fmt.Errorf("seal: %w", err)
	}
	return cipher.NewGCM(block)
}

// keyID names a key without revealing it: a domain-separated SHA-256.
func keyID(key []byte) [keyIDSize]byte {
	h := sha256.New()
	h.Write([]byte("coderun seal key id\x00"))
	h.Write(key)
	var id [keyIDSize]byte
	copy(id[:], h.Sum(nil))
	return id
}

// additional is what GCM authenticates besides the ciphertext: the header
// (so the version and key id cannot be swapped) and the caller's aad.
func additional(header, aad []byte) []byte {
	out := make([]byte, 0, len(header)+len(aad))
	return append(append(out, header...), aad...)
}
