package intl

import (
	"strings"
	"sync"
	"unicode"

	"golang.org/x/text/collate"
	"golang.org/x/text/language"
)

// Collator's ignorePunctuation (Thai's default), which is the Unicode
// Collation Algorithm's alternate "shifted": the variable characters,
// spaces and punctuation, weigh nothing at the three levels Intl compares.
// golang.org/x/text's collator has the setting (ka-shifted) but its
// CompareString then skips the primary level altogether ("a" equals "b"),
// and its sort keys then ignore numeric ordering. So coderun removes the
// variable characters from both strings and compares the rest with the
// ordinary collator, which gives the same order.

// withoutVariable is s without its variable characters, and without the
// combining marks right after one, which the algorithm ignores with it.
func (d *runData) withoutVariable(s string) string {
	if strings.IndexFunc(s, d.isVariable) < 0 {
		return s
	}
	dropping := false
	return strings.Map(func(r rune) rune {
		switch {
		case d.isVariable(r):
			dropping = true
			return -1
		case dropping && unicode.In(r, unicode.Mn, unicode.Me):
			return -1
		}
		dropping = false
		return r
	}, s)
}

var (
	// variableProbe is CLDR root's order, shifted, made by [Warm]. An
	// x/text Collator is not safe for concurrent use and runs call
	// isVariable concurrently, so it is used under variableMu.
	variableMu    sync.Mutex
	variableProbe *collate.Collator
)

// maxVariableRunes bounds the characters a run's cache of isVariable's
// answers holds (a few bytes each): a text has many distinct ones.
const maxVariableRunes = 1 << 14

// isVariable reports whether r is variable in CLDR's root collation: with
// alternate shifted, its sort key has no primary weight, while it is not
// a combining mark (which has none either, and stays). Probing a
// character takes microseconds: the run keeps its answers.
func (d *runData) isVariable(r rune) bool {
	if r < 0x80 && (unicode.IsLetter(r) || unicode.IsDigit(r)) {
		return false
	}
	if unicode.In(r, unicode.Mn, unicode.Me) {
		return false
	}
	if v, ok := d.variable[r]; ok {
		return v
	}
	v := probeVariable(r)
	rememberUpTo(d.variable, maxVariableRunes, r, v)
	return v
}

// probeVariable weighs r with the shared probe.
func probeVariable(r rune) bool {
	Warm()
	variableMu.Lock()
	defer variableMu.Unlock()
	var buf collate.Buffer
	key := variableProbe.KeyFromString(&buf, string(r))
	return len(key) >= 2 && key[0] == 0 && key[1] == 0
}

// newVariableProbe makes variableProbe.
func newVariableProbe() *collate.Collator {
	tag := language.MustParse("und-u-ka-shifted")
	return collate.New(tag, collate.OptionsFromTag(tag))
}
