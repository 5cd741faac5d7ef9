package engine

import (
	"context"
	"crypto/sha256"
	"errors"
	"io/fs"
	"path/filepath"
	"sync"
	"sync/atomic"

	"github.com/tetratelabs/wazero"
)

// Engine is a handle on a compiled sandbox module. It is safe for
// concurrent use.
//
// Engines of one process that agree on the module, the memory ceiling and
// the compilation cache share one sandbox: the module is decoded,
// validated and loaded, and its snapshot image mapped, once, so a second
// Runtime costs next to nothing (validation alone is tens of milliseconds,
// and seconds under the race detector). The last Close of a sandbox's
// handles releases it.
type Engine struct {
	s      *sandbox
	closed atomic.Bool
}

// sandbox is what Engines with the same sandboxKey share.
type sandbox struct {
	key  sandboxKey
	refs int // the Engines open on it; guarded by sandboxes.mu

	runtime  wazero.Runtime
	compiled wazero.CompiledModule
	memory   imageSource // nil: wazero builds memory from the data section
	module   []byte      // as given, for ModuleHash
	files    fs.FS       // Options.Files

	hashOnce sync.Once
	hash     [32]byte

	// reusable says whether instances may be reset and kept for the next
	// run (reuse.go): the module's state outside memory is known.
	reusable   bool
	idleMu     sync.Mutex
	idle       []idleInstance
	resetting  int // claimed instances being reset
	idleClosed bool
}

// sandboxKey is what makes two sandboxes differ.
type sandboxKey struct {
	module   [32]byte // the module's sha256; zero for the embedded wasm.Binary
	pages    uint32   // the memory ceiling in wasm pages
	cacheDir string   // resolved and cleaned: the same directory is one key
	heap     bool     // Options.heapMemory
	interp   bool     // Options.interpret
}

// sandboxes are the process's open sandboxes, and the ones being built.
// The lock is never held while a sandbox is built (that takes seconds when
// nothing is cached, longer while another process holds the cache
// directory's lock): New and Close of other keys go on meanwhile, and
// New of the same key waits for the build instead of repeating it.
var sandboxes = struct {
	mu       sync.Mutex
	open     map[sandboxKey]*sandbox
	building map[sandboxKey]*build
}{open: map[sandboxKey]*sandbox{}, building: map[sandboxKey]*build{}}

// build is a sandbox under construction; done closes when it is over.
type build struct {
	done chan struct{}
	err  error
}

// New returns an Engine for the sandbox opts describe, compiling it unless
// another open Engine of the process already has. ctx bounds waiting for
// another goroutine's or process's compilation of the same sandbox.
func New(ctx context.Context, opts Options) (*Engine, error) {
	key := sandboxKey{pages: 65536, heap: opts.heapMemory, interp: opts.interpret} // wasm32's maximum
	if want := (opts.MemoryLimitBytes + pageSize - 1) / pageSize; want > 0 && want < int64(key.pages) {
		key.pages = uint32(want)
	}
	if opts.Module != nil {
		key.module = sha256.Sum256(opts.Module)
	}
	if dir := cacheDir(opts.CacheDir); dir != "" && mayCompile {
		key.cacheDir = filepath.Clean(dir)
	}
	for {
		sandboxes.mu.Lock()
		if s := sandboxes.open[key]; s != nil {
			s.refs++
			sandboxes.mu.Unlock()
			return &Engine{s: s}, nil
		}
		if b := sandboxes.building[key]; b != nil {
			sandboxes.mu.Unlock()
			select {
			case <-b.done:
			case <-ctx.Done():
				return nil, ctx.Err()
			}
			if b.err != nil {
				return nil, b.err
			}
			continue // built: take it (or build again if it closed already)
		}
		b := &build{done: make(chan struct{})}
		sandboxes.building[key] = b
		sandboxes.mu.Unlock()

		s, err := newSandbox(ctx, opts, key)
		sandboxes.mu.Lock()
		delete(sandboxes.building, key)
		if err == nil {
			s.refs = 1
			if keepSandboxes {
				s.refs++ // the process's own, never released
			}
			sandboxes.open[key] = s
		}
		b.err = err
		close(b.done)
		sandboxes.mu.Unlock()
		if err != nil {
			return nil, err
		}
		return &Engine{s: s}, nil
	}
}

// Close releases the Engine. The last Engine of a sandbox releases the
// compiled module and every instance still open. A second Close does
// nothing.
func (e *Engine) Close(ctx context.Context) error {
	if e.closed.Swap(true) {
		return nil
	}
	sandboxes.mu.Lock()
	e.s.refs--
	last := e.s.refs == 0
	if last {
		delete(sandboxes.open, e.s.key)
	}
	sandboxes.mu.Unlock()
	if !last {
		return nil
	}
	return e.s.close(ctx)
}

// close releases the sandbox's runtime and image.
func (s *sandbox) close(ctx context.Context) error {
	s.closeIdle()
	err := s.runtime.Close(ctx)
	if s.memory != nil {
		err = errors.Join(err, s.memory.close())
	}
	return err
}
