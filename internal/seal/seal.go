// Package seal encrypts and authenticates the bytes coderun hands to callers
// to keep for it, such as a suspended run, with AES-256-GCM from the
// standard library.
//
// A sealed box is
//
//	magic (4) | version (1) | key id (8) | header length (2) | header | nonce (12) | ciphertext+tag
//
// The header travels in the clear but is authenticated with the ciphertext
// (it is the AEAD's additional data), so a reader can tell why a box is
// refused (another key, another build, expired) before or after it is
// opened, and trust what it reads there once Open succeeds. The key id is a
// hash of the key, never the key: it lets "sealed with another key" be told
// apart from "tampered with".
package seal

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
)

// KeySize is the size of a key: AES-256.
const KeySize = 32

const (
	version   = 1
	keyIDSize = 8
	nonceSize = 12
	tagSize   = 16
	// prefix is everything before the header.
	prefix = len(magicBytes) + 1 + keyIDSize + 2
	// MaxHeader bounds the clear header.
	MaxHeader = 1 << 12
)

var magicBytes = [4]byte{'c', 'r', 's', 'b'}

// Errors of Open. ErrKey and ErrInvalid are told apart by the key id.
var (
	// ErrInvalid: not a sealed box, or changed or cut short after sealing.
	ErrInvalid = errors.New("not a sealed box, or it was changed or truncated")
	// ErrKey: sealed with another key.
	ErrKey = errors.New("sealed with another key")
)

// KeyID is the public fingerprint of key written into every box.
func KeyID(key []byte) [keyIDSize]byte {
	h := sha256.Sum256(append([]byte("coderun seal key id\x00"), key...))
	var id [keyIDSize]byte
	copy(id[:], h[:])
	return id
}

// Seal encrypts plaintext under key and binds header to it. The purpose
// string separates uses of one key (a run state cannot be opened as
// something else): it is authenticated, not stored.
func Seal(key []byte, purpose string, header, plaintext []byte) ([]byte, error) {
	buf := make([]byte, PlaintextOffset(header), PlaintextOffset(header)+len(plaintext)+tagSize)
	buf = append(buf, plaintext...)
	return SealInPlace(key, purpose, header, buf)
}

// PlaintextOffset is where the plaintext starts in a buffer for
// SealInPlace with this header.
func PlaintextOffset(header []byte) int { return prefix + len(header) + nonceSize }

// SealInPlace is Seal for a plaintext already in buf at
// PlaintextOffset(header): it fills in what comes before and encrypts buf
// where it is, so sealing a large plaintext costs no copy of it. It
// returns the box, which reuses buf's memory when buf has room for the
// 16-byte tag.
func SealInPlace(key []byte, purpose string, header, buf []byte) ([]byte, error) {
	aead, err := newAEAD(key)
	if err != nil {
		return nil, err
	}
	if len(header) > MaxHeader {
		return nil, fmt.Errorf("seal: header is %d bytes, over %d", len(header), MaxHeader)
	}
	at := PlaintextOffset(header)
	if len(buf) < at {
		return nil, fmt.Errorf("seal: the buffer is %d bytes, shorter than the %d before the plaintext", len(buf), at)
	}
	head := buf[:0]
	head = append(head, magicBytes[:]...)
	head = append(head, version)
	id := KeyID(key)
	head = append(head, id[:]...)
	head = binary.BigEndian.AppendUint16(head, uint16(len(header)))
	head = append(head, header...)
	clearLen := len(head)
	if _, err := rand.Read(buf[clearLen:at]); err != nil {
		return nil, fmt.Errorf("seal: nonce: %w", err)
	}
	// dst ends exactly where the plaintext starts: GCM encrypts in place.
	return aead.Seal(buf[:at], buf[clearLen:at], buf[at:], additionalData(purpose, buf[:clearLen])), nil
}

// Header returns a box's clear header without opening it. It is not yet
// authenticated: act on it only to explain a refusal, or after Open.
func Header(box []byte) ([]byte, [keyIDSize]byte, error) {
	var id [keyIDSize]byte
	if len(box) < prefix || [4]byte(box[:4]) != magicBytes || box[4] != version {
		return nil, id, ErrInvalid
	}
	copy(id[:], box[5:5+keyIDSize])
	n := int(binary.BigEndian.Uint16(box[prefix-2 : prefix]))
	if len(box) < prefix+n+nonceSize+tagSize {
		return nil, id, ErrInvalid
	}
	return box[prefix : prefix+n], id, nil
}

// Open authenticates and decrypts a box made by Seal with the same key and
// purpose, returning its header and plaintext.
func Open(key []byte, purpose string, box []byte) (header, plaintext []byte, err error) {
	header, id, err := Header(box)
	if err != nil {
		return nil, nil, err
	}
	aead, err := newAEAD(key)
	if err != nil {
		return nil, nil, err
	}
	if id != KeyID(key) {
		return nil, nil, ErrKey
	}
	clearLen := prefix + len(header)
	nonce := box[clearLen : clearLen+nonceSize]
	plaintext, err = aead.Open(nil, nonce, box[clearLen+nonceSize:], additionalData(purpose, box[:clearLen]))
	if err != nil {
		return nil, nil, ErrInvalid
	}
	return header, plaintext, nil
}

func newAEAD(key []byte) (cipher.AEAD, error) {
	if len(key) != KeySize {
		return nil, fmt.Errorf("seal: the key is %d bytes, want %d", len(key), KeySize)
	}
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, fmt.Errorf("seal: %w", err)
	}
	return cipher.NewGCM(block)
}

func additionalData(purpose string, clearPart []byte) []byte {
	ad := make([]byte, 0, len(purpose)+1+len(clearPart))
	ad = append(ad, purpose...)
	ad = append(ad, 0)
	return append(ad, clearPart...)
}
