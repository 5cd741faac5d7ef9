package codemode

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestMatchGlob(t *testing.T) {
	t.Parallel()
	cases := []struct {
		pattern, name string
		want          bool
	}{
		{"read_file", "read_file", true},
		{"read_file", "read_files", false},
		{"read_*", "read_file", true},
		{"read_*", "read_", true},
		{"*", "", true},
		{"*", "fs/read", true},        // '*' crosses '/': tool names are not paths
		{"fs/*", "fs/sub/read", true}, // likewise
		{"*_file", "write_file", true},
		{"*a*b*c", "xaxbxbxc", true}, // needs backtracking
		{"*a*b*c", "xaxbxbx", false},
		{"?ead", "read", true},
		{"?ead", "éead", true}, // '?' is one character, not one byte
		{"?ead", "ead", false},
		{`\*`, "*", true},
		{`\*`, "x", false},
		{`a\?`, "a?", true},
		{`a\`, "a", false}, // malformed: matches nothing
		{"", "", true},
		{"", "x", false},
	}
	for _, c := range cases {
		assert.Equal(t, c.want, matchGlob(c.pattern, c.name), "matchGlob(%q, %q)", c.pattern, c.name)
	}
}

func TestValidateGlob(t *testing.T) {
	t.Parallel()
	assert.NoError(t, validateGlob(`a\\`))
	assert.NoError(t, validateGlob(`\*x*`))
	assert.ErrorContains(t, validateGlob(`a\`), "unpaired")
	assert.ErrorContains(t, validateGlob(`a\\\`), "unpaired")
}
