package intl

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// caseWords are strings that differ in case, accents, width, punctuation
// and Danish's aa, sorted below as Node 20 sorts them.
var caseWords = []string{
	"apple", "Apple", "APPLE", "banana", "Banana", "éclair", "Éclair", "eclair", "Eclair", "résumé", "Resume", "resume", "ǅemal", "Džemal", "aa", "Aa", "AA", "å", "Å", "zebra", "Zebra", "ıi", "Iİ", "ab", "aB", "Ab", "AB", "ＡＢ", "ａｂ", "straße", "Strasse", "co-op", "coop", "Co-op", "O'Brien", "OBrien", "x10", "X2", "x2",
}

// Each expectation is Node 20's: the resolved locale and caseFirst, and
// caseWords sorted.
func TestCollatorCaseMatchesNode(t *testing.T) {
	for _, c := range []struct {
		loc, options, locale, caseFirst string
		want                            []string
	}{
		{"en", `{"caseFirst":"upper"}`, "en", "upper", []string{"Å", "å", "AA", "Aa", "aa", "AB", "Ab", "ＡＢ", "aB", "ab", "ａｂ", "APPLE", "Apple", "apple", "Banana", "banana", "Co-op", "co-op", "coop", "Džemal", "ǅemal", "Eclair", "eclair", "Éclair", "éclair", "Iİ", "ıi", "O'Brien", "OBrien", "Resume", "resume", "résumé", "Strasse", "straße", "x10", "X2", "x2", "Zebra", "zebra"}},
		{"en-u-kf-upper", `{}`, "en-u-kf-upper", "upper", []string{"Å", "å", "AA", "Aa", "aa", "AB", "Ab", "ＡＢ", "aB", "ab", "ａｂ", "APPLE", "Apple", "apple", "Banana", "banana", "Co-op", "co-op", "coop", "Džemal", "ǅemal", "Eclair", "eclair", "Éclair", "éclair", "Iİ", "ıi", "O'Brien", "OBrien", "Resume", "resume", "résumé", "Strasse", "straße", "x10", "X2", "x2", "Zebra", "zebra"}},
		{"da", `{}`, "da", "upper", []string{"AB", "Ab", "ＡＢ", "aB", "ab", "ａｂ", "APPLE", "Apple", "apple", "Banana", "banana", "Co-op", "co-op", "coop", "Džemal", "ǅemal", "Eclair", "eclair", "Éclair", "éclair", "Iİ", "ıi", "O'Brien", "OBrien", "Resume", "resume", "résumé", "Strasse", "straße", "x10", "X2", "x2", "Zebra", "zebra", "Å", "AA", "Aa", "å", "aa"}},
		{"de", `{"caseFirst":"upper","sensitivity":"case"}`, "de", "upper", []string{"Å", "å", "AA", "Aa", "aa", "AB", "ＡＢ", "Ab", "aB", "ab", "ａｂ", "APPLE", "Apple", "apple", "Banana", "banana", "Co-op", "co-op", "coop", "ǅemal", "Džemal", "Éclair", "Eclair", "éclair", "eclair", "Iİ", "ıi", "O'Brien", "OBrien", "Resume", "résumé", "resume", "Strasse", "straße", "x10", "X2", "x2", "Zebra", "zebra"}},
		{"en", `{"caseFirst":"lower"}`, "en", "lower", []string{"å", "Å", "aa", "Aa", "AA", "ab", "aB", "ａｂ", "Ab", "AB", "ＡＢ", "apple", "Apple", "APPLE", "banana", "Banana", "co-op", "Co-op", "coop", "Džemal", "ǅemal", "eclair", "Eclair", "éclair", "Éclair", "Iİ", "ıi", "O'Brien", "OBrien", "resume", "Resume", "résumé", "Strasse", "straße", "x10", "x2", "X2", "zebra", "Zebra"}},
		{"sv", `{"caseFirst":"upper","numeric":true}`, "sv", "upper", []string{"AA", "Aa", "aa", "AB", "Ab", "ＡＢ", "aB", "ab", "ａｂ", "APPLE", "Apple", "apple", "Banana", "banana", "Co-op", "co-op", "coop", "Džemal", "ǅemal", "Eclair", "eclair", "Éclair", "éclair", "Iİ", "ıi", "O'Brien", "OBrien", "Resume", "resume", "résumé", "Strasse", "straße", "X2", "x2", "x10", "Zebra", "zebra", "Å", "å"}},
		{"en", `{"ignorePunctuation":true,"caseFirst":"upper"}`, "en", "upper", []string{"Å", "å", "AA", "Aa", "aa", "AB", "Ab", "ＡＢ", "aB", "ab", "ａｂ", "APPLE", "Apple", "apple", "Banana", "banana", "Co-op", "co-op", "coop", "Džemal", "ǅemal", "Eclair", "eclair", "Éclair", "éclair", "Iİ", "ıi", "O'Brien", "OBrien", "Resume", "resume", "résumé", "Strasse", "straße", "x10", "X2", "x2", "Zebra", "zebra"}},
		{"tr", `{"caseFirst":"upper"}`, "tr", "upper", []string{"Å", "å", "AA", "Aa", "aa", "AB", "Ab", "ＡＢ", "aB", "ab", "ａｂ", "APPLE", "Apple", "apple", "Banana", "banana", "Co-op", "co-op", "coop", "Džemal", "ǅemal", "Eclair", "eclair", "Éclair", "éclair", "Iİ", "ıi", "O'Brien", "OBrien", "Resume", "resume", "résumé", "Strasse", "straße", "x10", "X2", "x2", "Zebra", "zebra"}},
		{"en", `{"sensitivity":"case"}`, "en", "false", []string{"å", "Å", "aa", "Aa", "AA", "ab", "ａｂ", "aB", "Ab", "AB", "ＡＢ", "apple", "Apple", "APPLE", "banana", "Banana", "co-op", "Co-op", "coop", "ǅemal", "Džemal", "éclair", "eclair", "Éclair", "Eclair", "Iİ", "ıi", "O'Brien", "OBrien", "résumé", "resume", "Resume", "straße", "Strasse", "x10", "x2", "X2", "zebra", "Zebra"}},
	} {
		var o collatorOptions
		require.NoError(t, json.Unmarshal([]byte(c.options), &o))
		coll, err := newCollator(newRunData(), []string{c.loc}, o)
		require.NoError(t, err)
		assert.Equal(t, c.locale, coll.Locale, "%s %s", c.loc, c.options)
		assert.Equal(t, c.caseFirst, coll.CaseFirst, "%s %s", c.loc, c.options)
		got := slices.Clone(caseWords)
		slices.SortStableFunc(got, coll.compare)
		assert.Equal(t, c.want, got, "%s %s", c.loc, c.options)
	}
}

// V8 keeps kf and kn in the reported locale whenever their values are
// valid, even where an option overrides them.
func TestCollatorLocaleKeysMatchNode(t *testing.T) {
	for _, c := range []struct{ loc, options, locale, caseFirst string }{
		{"en-u-kf-upper", `{"caseFirst":"lower"}`, "en-u-kf-upper", "lower"},
		{"en-u-kf-lower", `{"caseFirst":"upper"}`, "en-u-kf-lower", "upper"},
		{"en-u-kf-bogus", `{}`, "en", "false"},
		{"da-u-kf-false", `{}`, "da-u-kf-false", "false"},
		{"da-DK", `{}`, "da", "upper"},
		{"de-u-co-phonebk-kf-upper-kn", `{}`, "de-u-co-phonebk-kf-upper-kn", "upper"},
		{"en-u-kn-false", `{"numeric":true}`, "en-u-kn-false", "false"},
	} {
		var o collatorOptions
		require.NoError(t, json.Unmarshal([]byte(c.options), &o))
		coll, err := newCollator(newRunData(), []string{c.loc}, o)
		require.NoError(t, err)
		assert.Equal(t, c.locale, coll.Locale, c.loc)
		assert.Equal(t, c.caseFirst, coll.CaseFirst, c.loc)
	}
}
