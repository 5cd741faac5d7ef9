// Package guest is the registry of the languages coderun can run besides
// TypeScript, whose QuickJS-ng sandbox is built in. A language's package
// (github.com/coderun/coderun/python) registers its sandbox from an init
// function, so a program that never imports it never links its wasm.
package guest

import (
	"io/fs"
	"sync"
)

// Sandbox is a language's interpreter module and what a host gives it.
type Sandbox struct {
	// Language is the name Config.Language selects it by.
	Language string
	// Module returns the instrumented reactor module implementing
	// wasm/build/ABI.md. It is called when a Runtime of the language is
	// created, not at registration: a module may be costly to unpack.
	Module func() ([]byte, error)
	// Files, when not nil, is a read-only file system the guest sees at
	// "/" (Python's standard library).
	Files fs.FS
	// FileName is the name a program gets in error positions when the
	// request names none ("program.py").
	FileName string
	// StackBytes is the guest's shadow stack, which lies outside its heap
	// limit: the memory ceiling leaves room for it.
	StackBytes int64
}

var registry sync.Map // language -> *Sandbox

// Register makes s available under s.Language. A second registration of
// the same language panics: two packages disagree on what it runs.
func Register(s *Sandbox) {
	if _, dup := registry.LoadOrStore(s.Language, s); dup {
		panic("coderun: language " + s.Language + " registered twice")
	}
}

// Lookup returns the sandbox registered for language, or nil.
func Lookup(language string) *Sandbox {
	s, _ := registry.Load(language)
	sb, _ := s.(*Sandbox)
	return sb
}
