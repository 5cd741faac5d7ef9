package codemode

import (
	"fmt"
	"strings"
)

// ConfigError is a problem with one setting of coderun.yml. Its message
// names the key, where it is, and what the key allows, so the file can be
// fixed from the message alone.
type ConfigError struct {
	// File is the path LoadConfig read; empty for ParseConfig and Validate.
	File string
	// Line is the 1-based line of the offending key or value; 0 when the
	// problem has no single place (e.g. two settings that conflict).
	Line int
	// Key is the setting's path, e.g. "budgets.wallTime" or
	// "policy.rules[0].action"; empty for a YAML syntax error.
	Key string
	// Problem says what is wrong and what is allowed.
	Problem string
	// Err is the underlying cause, if any.
	Err error
}

// Error renders "<file>:<line>: <key>: <problem>", the form editors and
// terminals link to; without a file it starts "config", since the reader is
// a user fixing a file, not a Go programmer looking for a package.
func (e *ConfigError) Error() string {
	var b strings.Builder
	switch {
	case e.File != "" && e.Line > 0:
		fmt.Fprintf(&b, "%s:%d: ", e.File, e.Line)
	case e.File != "":
		b.WriteString(e.File + ": ")
	case e.Line > 0:
		fmt.Fprintf(&b, "config line %d: ", e.Line)
	default:
		b.WriteString("config: ")
	}
	if e.Key != "" {
		b.WriteString(e.Key + ": ")
	}
	b.WriteString(e.Problem)
	return b.String()
}

// Unwrap returns the underlying cause.
func (e *ConfigError) Unwrap() error { return e.Err }
