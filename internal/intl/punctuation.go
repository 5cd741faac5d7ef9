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
func withoutVariable(s string) string {
	if strings.IndexFunc(s, isVariable) < 0 {
		return s
	}
	dropping := false
	return strings.Map(func(r rune) rune {
		switch {
		case isVariable(r):
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
	// variableProbe is CLDR root's order, shifted. An x/text Collator is
	// not safe for concurrent use and runs call isVariable concurrently,
	// so it is used under variableMu; answers are cached in variableRunes.
	variableMu    sync.Mutex
	variableProbe *collate.Collator
	variableRunes sync.Map // rune -> bool
)

// isVariable reports whether r is variable in CLDR's root collation: with
// alternate shifted, its sort key has no primary weight, while it is not
// a combining mark (which has none either, and stays).
func isVariable(r rune) bool {
	if r < 0x80 && (unicode.IsLetter(r) || unicode.IsDigit(r)) {
		return false
	}
	if unicode.In(r, unicode.Mn, unicode.Me) {
		return false
	}
	if v, ok := variableRunes.Load(r); ok {
		return v.(bool)
	}
	variableMu.Lock()
	if variableProbe == nil {
		tag := language.MustParse("und-u-ka-shifted")
		variableProbe = collate.New(tag, collate.OptionsFromTag(tag))
	}
	var buf collate.Buffer
	key := variableProbe.KeyFromString(&buf, string(r))
	v := len(key) >= 2 && key[0] == 0 && key[1] == 0
	variableMu.Unlock()
	variableRunes.Store(r, v)
	return v
}
