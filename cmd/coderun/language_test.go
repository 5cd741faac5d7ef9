package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/coderun/coderun"
)

// pythonLinked reports whether this binary has the Python sandbox, which
// is linked in by importing github.com/coderun/coderun/python.
func pythonLinked() bool {
	cfg := coderun.DefaultConfig()
	cfg.Language = coderun.LanguagePython
	return cfg.Validate() == nil
}

func TestProgramLanguage(t *testing.T) {
	for _, c := range []struct{ file, flag, lang, by string }{
		{"prog.py", "", coderun.LanguagePython, ".py"},
		{"dir/PROG.PY", "", coderun.LanguagePython, ".py"},
		{"prog.ts", "", coderun.LanguageTypeScript, ""},
		{"prog", "", coderun.LanguageTypeScript, ""},
		{"-", "", coderun.LanguageTypeScript, ""},
		{"prog.py", coderun.LanguageTypeScript, coderun.LanguageTypeScript, ""},
		{"prog.ts", coderun.LanguagePython, coderun.LanguagePython, ""},
		{"-", coderun.LanguagePython, coderun.LanguagePython, ""},
	} {
		lang, by := programLanguage(c.file, c.flag)
		assert.Equal(t, c.lang, lang, "%s --language %q", c.file, c.flag)
		assert.Equal(t, c.by, by, "%s --language %q", c.file, c.flag)
	}
}

// `coderun run` runs a .py file, or any program with --language python, as
// Python; --language typescript overrides the extension. Without the Python
// sandbox, the Config.Validate report says what is missing.
func TestRunPicksTheLanguage(t *testing.T) {
	dir := t.TempDir()
	py := filepath.Join(dir, "prog.py")
	require.NoError(t, os.WriteFile(py, []byte("x = 1\n"), 0o600))

	code, out, stderr := cli(t, "", "run", py)
	if pythonLinked() {
		require.Equal(t, 0, code, stderr)
		assert.Nil(t, decode(t, out).Failure)
	} else {
		assert.Equal(t, 2, code)
		assert.Contains(t, stderr, `coderun run: --language is "python", but the python sandbox is not linked in: add import _ "github.com/coderun/coderun/python"`)
		assert.Contains(t, stderr, "(python because the file ends in .py; --language typescript runs it as TypeScript)")
	}

	code, out, stderr = cli(t, "x = 1\n", "run", "--language", "python", "-")
	if pythonLinked() {
		require.Equal(t, 0, code, stderr)
		assert.Nil(t, decode(t, out).Failure)
	} else {
		assert.Equal(t, 2, code)
		assert.Contains(t, stderr, `coderun run: --language is "python", but the python sandbox is not linked in`)
		assert.NotContains(t, stderr, "ends in")
	}

	typescript := filepath.Join(dir, "typescript.py")
	require.NoError(t, os.WriteFile(typescript, []byte("const n: number = 41\nreturn n + 1\n"), 0o600))
	code, out, stderr = cli(t, "", "run", "--language", "typescript", typescript)
	require.Equal(t, 0, code, stderr)
	assert.JSONEq(t, "42", string(decode(t, out).Value))

	code, _, stderr = cli(t, "", "run", "--language", "ruby", "-")
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, `invalid value "ruby" for flag -language: want one of typescript, python`)
}

// coderun.yml's language is checked as the config loads, and picks the
// SDK's language.
func TestConfigLanguage(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "ruby.yml")
	require.NoError(t, os.WriteFile(bad, []byte("mode: code\nlanguage: ruby\n"), 0o600))
	code, _, stderr := cli(t, "", "sdk", "--config", bad)
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, bad+`:2: language: is "ruby", want one of "typescript", "python"`)

	py := filepath.Join(dir, "python.yml")
	require.NoError(t, os.WriteFile(py, []byte("mode: code\nlanguage: python\n"), 0o600))
	code, out, stderr := cli(t, "", "sdk", "--config", py)
	if pythonLinked() {
		require.Equal(t, 0, code, stderr)
		assert.Contains(t, out, "class Tools(Protocol):")
	} else {
		assert.Equal(t, 2, code)
		assert.Contains(t, stderr, py+`:2: language: is "python", but the python sandbox is not linked in`)
	}

	ts := filepath.Join(dir, "typescript.yml")
	require.NoError(t, os.WriteFile(ts, []byte("mode: code\n"), 0o600))
	code, out, stderr = cli(t, "", "sdk", "--config", ts)
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, out, "interface Tools {")
}
