package coderun

import (
	"errors"

	"github.com/coderun/coderun/internal/tsx"
)

// transformed is a program ready for the guest.
type transformed struct {
	js       string
	filename string
	mapPos   func(string) string
}

// transform strips TypeScript and wraps the program as the body of an async
// function. A syntax error is the program's failure, not Run's error.
func transform(program string) (transformed, *Failure) {
	p, err := tsx.Transform(program)
	if err != nil {
		var se *tsx.SyntaxError
		if errors.As(err, &se) {
			return transformed{}, &Failure{Kind: KindException, Message: "SyntaxError: " + se.Error()}
		}
		return transformed{}, &Failure{Kind: KindException, Message: "TypeScript transform failed: " + err.Error()}
	}
	return transformed{js: p.JS, filename: tsx.FileName, mapPos: p.MapStack}, nil
}
