package mcpproxy

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestStderrTailForwardsLinesWithTheServerName(t *testing.T) {
	t.Parallel()
	var out strings.Builder
	s := newStderrTail("fs", &out, strings.Clone)
	_, _ = s.Write([]byte("starting\nhal"))
	_, _ = s.Write([]byte("f a line\n"))
	assert.Equal(t, "[fs] starting\n[fs] half a line\n", out.String())
	assert.Equal(t, "starting | half a line", s.String())
}

func TestStderrTailKeepsOnlyTheEnd(t *testing.T) {
	t.Parallel()
	s := newStderrTail("x", &strings.Builder{}, strings.Clone)
	for i := range 1000 {
		_, _ = s.Write([]byte(strings.Repeat("y", i%50) + "\n"))
	}
	_, _ = s.Write([]byte("fatal: the real reason\n"))
	assert.True(t, strings.HasSuffix(s.String(), "fatal: the real reason"))
	assert.LessOrEqual(t, strings.Count(s.String(), " | "), 4, "at most five lines")
}

// The kept tail starts at a line's start, never inside one: a secret cut
// in two there would escape the redaction of the whole value, which runs
// on the tail afterwards, and show its end.
func TestStderrTailDropsTheLineItCutInto(t *testing.T) {
	t.Parallel()
	s := newStderrTail("x", &strings.Builder{}, strings.Clone)
	secretLine := "rejected key sk-SECRET-0123456789\n"
	_, _ = s.Write([]byte(secretLine))
	// One long line fills all but 8 bytes of the tail, so it starts in
	// the secret.
	_, _ = s.Write([]byte(strings.Repeat("z", stderrTailBytes-9) + "\n"))
	assert.NotContains(t, s.String(), "6789", "no piece of the cut line is kept")
	assert.True(t, strings.HasSuffix(s.String(), "z"), s.String())
}
