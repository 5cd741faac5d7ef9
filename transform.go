package coderun

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"runtime"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"

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
// the time a run can spend before its budgets apply. Within it, the
// transform refuses programs too deeply nested, too complex or with too
// many tokens to transform in bounded time and memory
// (internal/tsx/limits.go; bench/README.md has the numbers).
const MaxProgramBytes = 16 << 20

// transform strips TypeScript and wraps the program as the body of an async
// function. A syntax error, or a program over the transform's limits, is
// the program's failure. The error is non-nil only when ctx ended, or the
// deadline passed, before the transform did: esbuild cannot be
// interrupted, so the transform goes on in the background (bounded by
// tsx's limits and by transformSlots) and its result is cached for the
// next run of the same program.
//
// Positions in messages name the file fileName.
func transform(ctx context.Context, deadline time.Time, program, fileName string) (transformed, *Failure, error) {
	if f := checkProgramSize(program); f != nil {
		return transformed{}, f, nil
	}
	p, err := transformCache.get(ctx, deadline, program)
	if err != nil {
		var se *tsx.SyntaxError
		var le *tsx.LimitError
		switch {
		case errors.As(err, &se):
			named := *se // the cached error is shared by every run of the program
			named.File = fileName
			return transformed{}, &Failure{Kind: KindException, Message: "SyntaxError: " + named.Error()}, nil
		case errors.As(err, &le):
			return transformed{}, &Failure{Kind: KindException, Message: le.Error()}, nil
		case errors.Is(err, errTransformWait):
			return transformed{}, nil, err
		}
		return transformed{}, &Failure{Kind: KindException, Message: "TypeScript transform failed: " + err.Error()}, nil
	}
	return transformed{js: p.JS, filename: tsx.FileName, mapPos: func(s string) string { return p.MapStackAs(s, fileName) }}, nil, nil
}

// transformSlots bounds the transforms running at once, abandoned ones
// included, to the number of CPUs: esbuild is CPU-bound, so more at once
// would not finish sooner, and each one's memory, which tsx's limits
// bound, is not multiplied by the number of concurrent hostile programs.
var transformSlots = make(chan struct{}, max(1, runtime.GOMAXPROCS(0)))

// transformCache remembers recent transforms. esbuild costs about as much
// as starting a sandbox, and the same program text is often run again (a
// retry with a larger budget, a fixed script an agent runs per item). A
// tsx.Program is immutable once built, so runs may share one.
var transformCache = &programCache{entries: make(map[[32]byte]*cacheEntry)}

// maxCachedPrograms bounds the cache; the oldest entry is evicted first.
const maxCachedPrograms = 256

// cacheEntry is one program's transform, finished once done is closed.
type cacheEntry struct {
	done chan struct{}
	prog *tsx.Program
	err  error
}

type programCache struct {
	mu      sync.Mutex
	entries map[[32]byte]*cacheEntry
	order   [][32]byte // insertion order, for eviction
}

// get returns the transform of program, starting it unless the same text
// is already being transformed or was recently. It waits for a free slot
// and then for the result until ctx ends or the deadline (if not zero)
// passes, and then returns their cause wrapped in errTransformWait. A
// transform already started finishes in the background and is cached:
// the cache never holds a ctx-interrupted result.
func (c *programCache) get(ctx context.Context, deadline time.Time, program string) (*tsx.Program, error) {
	key := sha256.Sum256([]byte(program))
	e := c.lookup(key)
	if e != nil {
		select {
		case <-e.done:
			return e.prog, e.err // nothing to wait for: no deadline to arm
		default:
		}
	}
	if !deadline.IsZero() {
		var cancel context.CancelFunc
		ctx, cancel = context.WithDeadline(ctx, deadline)
		defer cancel()
	}
	if e == nil {
		select {
		case transformSlots <- struct{}{}:
		case <-ctx.Done():
			return nil, fmt.Errorf("%w: %w", errTransformWait, context.Cause(ctx))
		}
		e = c.start(key, program)
	}
	select {
	case <-e.done:
		return e.prog, e.err
	case <-ctx.Done():
		return nil, fmt.Errorf("%w: %w", errTransformWait, context.Cause(ctx))
	}
}

// errTransformWait wraps the cause of a wait for a transform that ended
// before the transform did.
var errTransformWait = errors.New("coderun: stopped waiting for the transform")

// lookup returns the entry for key, or nil.
func (c *programCache) lookup(key [32]byte) *cacheEntry {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.entries[key]
}

// start transforms program on a new goroutine that owns the slot the
// caller took, unless another caller started the same text meanwhile (the
// slot is then given back).
func (c *programCache) start(key [32]byte, program string) *cacheEntry {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.entries[key]; ok {
		<-transformSlots
		return e
	}
	e := &cacheEntry{done: make(chan struct{})}
	if len(c.order) >= maxCachedPrograms {
		delete(c.entries, c.order[0])
		c.order = c.order[1:]
	}
	c.entries[key] = e
	c.order = append(c.order, key)
	go e.fill(program)
	return e
}

// fill runs the transform and gives back the slot. A panic (esbuild
// recovers its own, but the scan and the position mapping are ours)
// becomes the entry's error rather than ending the process.
func (e *cacheEntry) fill(program string) {
	defer close(e.done)
	defer func() { <-transformSlots }()
	defer func() {
		if p := recover(); p != nil {
			e.prog, e.err = nil, fmt.Errorf("internal error: %v", p)
		}
	}()
	e.prog, e.err = tsx.Transform(program)
}

// maxFileNameBytes bounds Request.FileName: a file name, as file systems
// bound theirs.
const maxFileNameBytes = 255

// validateFileName checks Request.FileName. A ':' would make the positions
// FILE:LINE:COLUMN ambiguous, and a control character could forge lines of
// a message.
func validateFileName(name string) error {
	if len(name) > maxFileNameBytes {
		return fmt.Errorf("coderun: Request.FileName is %d bytes, want at most %d", len(name), maxFileNameBytes)
	}
	if !utf8.ValidString(name) {
		return fmt.Errorf("coderun: Request.FileName %q is not valid UTF-8", name)
	}
	for _, c := range name {
		if c == ':' || unicode.IsControl(c) {
			return fmt.Errorf("coderun: Request.FileName %q contains %q: use a plain file name, without ':' or control characters", name, c)
		}
	}
	return nil
}

// programFileName is the name positions in r's messages use.
func (r *run) programFileName() string {
	switch {
	case r.fileName != "":
		return r.fileName
	case r.rt.guest != nil:
		return r.rt.guest.FileName
	}
	return tsx.FileName
}

// prepare readies the program for the sandbox. TypeScript goes through
// the transform; another language's guest compiles the program itself,
// reporting its syntax errors at the program's own positions.
func (r *run) prepare(program string) (transformed, *Failure, error) {
	if r.rt.guest == nil {
		return transform(r.ctx, r.start.Add(r.cfg.WallTime), program, r.programFileName())
	}
	if f := checkProgramSize(program); f != nil {
		return transformed{}, f, nil
	}
	return transformed{js: program, filename: r.programFileName(), mapPos: func(s string) string { return s }}, nil, nil
}

// checkProgramSize refuses a program over MaxProgramBytes.
func checkProgramSize(program string) *Failure {
	if len(program) > MaxProgramBytes {
		return &Failure{Kind: KindException, Message: fmt.Sprintf(
			"the program is %d bytes, over the %d-byte limit (MaxProgramBytes)", len(program), MaxProgramBytes)}
	}
	return nil
}

// lazyMapPos maps positions in messages of a resumed run to its source. The
// transform that knows them runs only if a message needs it: a resume in
// another process would otherwise pay esbuild for every run. The program
// passed the transform's limits when the run started, so its cost is
// bounded; and it gives up, leaving the message as it is, when the run's
// ctx ends or its WallTime (deadline) runs out, which the run's next budget
// check then reports.
func lazyMapPos(ctx context.Context, deadline time.Time, program, fileName string) func(string) string {
	return func(s string) string {
		p, err := transformCache.get(ctx, deadline, program)
		if err != nil {
			return s
		}
		return p.MapStackAs(s, fileName)
	}
}
