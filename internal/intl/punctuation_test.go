package intl

import (
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Each expectation is Node 20's compare with ignorePunctuation.
func TestIgnorePunctuationMatchesNode(t *testing.T) {
	yes, base, numeric := true, "base", true
	c, err := newCollator(newRunData(), []string{"en"}, collatorOptions{IgnorePunctuation: &yes, Sensitivity: &base})
	require.NoError(t, err)
	for _, p := range []struct {
		a, b string
		want int
	}{
		{"e-mail", "email", 0}, {"re-enter", "reenter", 0}, {"it's", "its", 0},
		{"a.b.c", "abc", 0}, {"hello world", "helloworld", 0}, {"x_y", "xy", 0},
		{"10,000", "10000", 0}, {"#tag", "tag", 0}, {"a", "b", -1},
		// A combining mark after a variable character goes with it.
		{"-\u0e48a", "a", 0},
	} {
		assert.Equal(t, p.want, c.compare(p.a, p.b), "%q %q", p.a, p.b)
	}
	n, err := newCollator(newRunData(), []string{"en"}, collatorOptions{IgnorePunctuation: &yes, Numeric: &numeric})
	require.NoError(t, err)
	assert.Equal(t, 1, n.compare("x-10", "x9"))
	// Thai ignores punctuation by default.
	th, err := newCollator(newRunData(), []string{"th"}, collatorOptions{})
	require.NoError(t, err)
	assert.Equal(t, 0, th.compare("ก-ข", "กข"))
	assert.Equal(t, -1, th.compare("ก", "ข"))
}

// Runs compare strings concurrently, each with its own collator, and the
// variable-character probe is shared: under -race this test fails if the
// probe is used without its lock.
func TestIgnorePunctuationIsSafeConcurrently(t *testing.T) {
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Go(func() {
			yes := true
			c, err := newCollator(newRunData(), []string{"th"}, collatorOptions{IgnorePunctuation: &yes})
			if !assert.NoError(t, err) {
				return
			}
			// Thousands of runes no test asked about before, each
			// goroutine from another start, so the probe is asked (not
			// its cache) by several goroutines at once.
			for i := range 3000 {
				r := rune(0x2e00 + (g*375+i)%3000)
				c.compare("a"+string(r)+"b", "ab")
			}
		})
	}
	wg.Wait()
}
