// Package store keeps suspended runs between the request that suspended
// them and the one that resumes them, possibly in another process.
//
// A [Store] has two operations: Put, with a time to live, and Take, which
// returns a value and removes it in one atomic step. Take is what makes a
// resume happen at most once: of two requests racing to resume the same
// run, exactly one gets the value.
//
// [NewMemory] is the embedded default: it works with nothing else running,
// for one process. [OpenRedis] shares the values between processes through
// a Redis server, so any replica can resume a run another one suspended.
package store

import (
	"context"
	"errors"
	"time"
)

// Store holds values for a limited time and hands each out at most once.
// Implementations are safe for concurrent use.
type Store interface {
	// Put stores value under key for ttl, replacing any value the key had.
	Put(ctx context.Context, key string, value []byte, ttl time.Duration) error
	// Take returns the value stored under key and removes it, atomically:
	// when several callers take the same key, one gets the value and the
	// others ErrNotFound. A value past its ttl is ErrNotFound too.
	Take(ctx context.Context, key string) ([]byte, error)
	// Close releases the store's resources (connections); values kept in
	// a shared store stay there.
	Close() error
}

// ErrNotFound is Take's error for a key that holds nothing: never put,
// already taken, or expired.
var ErrNotFound = errors.New("store: no value under this key (never stored, already taken, or expired)")
