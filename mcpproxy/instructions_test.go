package mcpproxy

import (
	"testing"

	"github.com/stretchr/testify/assert"

	coderun "github.com/coderun/coderun"
	"github.com/coderun/coderun/codemode"
)

// The server's instructions name the language run_code's programs are
// written in.
func TestInstructionsNameTheLanguage(t *testing.T) {
	assert.Contains(t, instructions(codemode.ModeCode, coderun.LanguageTypeScript), "coderun runs TypeScript programs")
	assert.Contains(t, instructions(codemode.ModeBoth, coderun.LanguagePython), "coderun runs Python programs")
	assert.NotContains(t, instructions(codemode.ModeNative, coderun.LanguagePython), "programs")
}
