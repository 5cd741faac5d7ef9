// Package python links coderun's Python sandbox into a program. Import it
// for its side effect, then select the language in the Config:
//
//	import _ "github.com/coderun/coderun/python"
//
//	cfg := coderun.DefaultConfig()
//	cfg.Language = coderun.LanguagePython
//	rt, err := coderun.New(cfg)
//
// The sandbox is CPython 3.13 compiled to WebAssembly (package
// github.com/coderun/coderun/wasm/python embeds it), about 5 MiB of compressed
// module and 4 MiB of compressed standard library that a TypeScript-only program
// does not link. A program is the body of an async function: top-level
// await works, and `return` gives the run's value. docs/python.md
// describes the contract.
package python

import (
	"io/fs"
	"sync"
	"testing/fstest"

	"github.com/coderun/coderun"
	"github.com/coderun/coderun/internal/guest"
	pythonwasm "github.com/coderun/coderun/wasm/python"
)

func init() {
	guest.Register(&guest.Sandbox{
		Language:   coderun.LanguagePython,
		Module:     pythonwasm.Binary,
		Files:      stdlibFS{},
		FileName:   "program.py",
		StackBytes: 8 << 20, // the interpreter's stack (-z stack-size in build/build.sh)
	})
}

// stdlibFS is the guest's file system: the standard library's zip alone,
// at the path on its sys.path. The zip is unpacked to stored entries at the
// first Open, so a program that links the package but runs no Python pays
// nothing.
type stdlibFS struct{}

var stdlibFiles = sync.OnceValues(func() (fs.FS, error) {
	zip, err := pythonwasm.Stdlib()
	if err != nil {
		return nil, err
	}
	return fstest.MapFS{pythonwasm.StdlibPath: {Data: zip, Mode: 0o444}}, nil
})

func (stdlibFS) Open(name string) (fs.File, error) {
	files, err := stdlibFiles()
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: name, Err: err}
	}
	return files.Open(name)
}
