package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/coderun/coderun"
)

// cacheFlags are the compilation cache flags of run and mcp. The library's
// Config has no cache by default (a library must not write to the user's
// home on its own); the CLI, started afresh for every program, defaults to
// one, because compiling the sandbox is nearly all of a cold start.
type cacheFlags struct {
	fs  *flag.FlagSet
	dir string
	off bool
}

func addCacheFlags(fs *flag.FlagSet) *cacheFlags {
	c := &cacheFlags{fs: fs}
	fs.StringVar(&c.dir, "cache-dir", defaultCacheDir(), "keep the compiled sandbox in `DIR` (\"\" for no cache)")
	fs.BoolVar(&c.off, "no-cache", false, "compile the sandbox afresh, using no cache directory")
	return c
}

// defaultCacheDir is coderun under the user's cache directory, or "" (no
// cache) when the system names none (e.g. neither $XDG_CACHE_HOME nor $HOME
// is set).
func defaultCacheDir() string {
	dir, err := os.UserCacheDir()
	if err != nil {
		return ""
	}
	return filepath.Join(dir, "coderun")
}

// resolve returns the cache directory to use: none with -no-cache, else
// -cache-dir when given, else configured (coderun.yml's
// budgets.compilationCacheDir) when not empty, else the default.
func (c *cacheFlags) resolve(configured string) string {
	switch {
	case c.off:
		return ""
	case isSet(c.fs, "cache-dir"):
		return c.dir
	case configured != "":
		return configured
	}
	return c.dir
}

// newRuntime is coderun.New that never fails because of the cache: when
// the runtime cannot be made with cfg.CompilationCacheDir (a directory that
// cannot be created or written, or holds a corrupt entry), it warns on
// stderr and compiles without the cache. cfg must already be valid, so that
// a failure is the cache's or the engine's, not a bad budget.
func newRuntime(cfg coderun.Config, std stdio) (*coderun.Runtime, error) {
	rt, err := coderun.New(cfg)
	if err == nil || cfg.CompilationCacheDir == "" {
		return rt, err
	}
	fmt.Fprintf(std.err, "coderun: warning: compilation cache %s is unusable, so the sandbox is compiled afresh (a slower start): %v\n"+
		"coderun: warning: make the directory writable or delete it, or pass -no-cache\n", cfg.CompilationCacheDir, err)
	cfg.CompilationCacheDir = ""
	return coderun.New(cfg)
}
