package coderun

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"sync"

	"github.com/coderun/coderun/internal/tsx"
)

// transformed is a program ready for the guest.
type transformed struct {
	js       string
	filename string
	mapPos   func(string) string
}

// MaxProgramBytes bounds the program text. esbuild and QuickJS both have
// inputs on which they go quadratic, so a bound on the size is a bound on
// the time a run can spend before its budgets apply.
const MaxProgramBytes = 16 << 20

// transform strips TypeScript and wraps the program as the body of an async
// function. A syntax error is the program's failure, not Run's error.
func transform(program string) (transformed, *Failure) {
	if len(program) > MaxProgramBytes {
		return transformed{}, &Failure{Kind: KindException, Message: fmt.Sprintf(
			"the program is %d bytes, over the %d-byte limit (MaxProgramBytes)", len(program), MaxProgramBytes)}
	}
	p, err := transformCache.get(program)
	if err != nil {
		var se *tsx.SyntaxError
		if errors.As(err, &se) {
			return transformed{}, &Failure{Kind: KindException, Message: "SyntaxError: " + se.Error()}
		}
		return transformed{}, &Failure{Kind: KindException, Message: "TypeScript transform failed: " + err.Error()}
	}
	return transformed{js: p.JS, filename: tsx.FileName, mapPos: p.MapStack}, nil
}

// transformCache remembers recent transforms. esbuild costs about as much
// as starting a sandbox, and the same program text is often run again (a
// retry with a larger budget, a fixed script an agent runs per item). A
// tsx.Program is immutable once built, so runs may share one.
var transformCache = &programCache{entries: make(map[[32]byte]*cacheEntry)}

// maxCachedPrograms bounds the cache; the oldest entry is evicted first.
const maxCachedPrograms = 256

type cacheEntry struct {
	prog *tsx.Program
	err  error
}

type programCache struct {
	mu      sync.Mutex
	entries map[[32]byte]*cacheEntry
	order   [][32]byte // insertion order, for eviction
}

func (c *programCache) get(program string) (*tsx.Program, error) {
	key := sha256.Sum256([]byte(program))
	c.mu.Lock()
	e, ok := c.entries[key]
	c.mu.Unlock()
	if ok {
		return e.prog, e.err
	}
	prog, err := tsx.Transform(program)
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.entries[key]; !ok {
		if len(c.order) >= maxCachedPrograms {
			delete(c.entries, c.order[0])
			c.order = c.order[1:]
		}
		c.entries[key] = &cacheEntry{prog: prog, err: err}
		c.order = append(c.order, key)
	}
	return prog, err
}
