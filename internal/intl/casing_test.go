package intl

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Greek capitals drop accents and breathings, keep or add the diaeresis
// that keeps a vowel pair apart, turn a ypogegrammeni into an iota, and
// leave the word ή its accent: each expectation is Node 20's
// toLocaleUpperCase("el") (ICU 78). Written with escapes so that the
// combining marks are visible.
func TestGreekUpperMatchesNode(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"\u03ac\u03b4\u03b9\u03ba\u03bf\u03c2", "\u0391\u0394\u0399\u039a\u039f\u03a3"},
		{"\u039c\u03b1\u0390\u03bf\u03c5", "\u039c\u0391\u03aa\u039f\u03a5"},
		{"\u03b5\u03c5\u03c6\u03c5\u0390\u03b1", "\u0395\u03a5\u03a6\u03a5\u03aa\u0391"},
		{"\u03a0\u03c1\u03cc\u03b2\u03bb\u03b7\u03bc\u03b1", "\u03a0\u03a1\u039f\u0392\u039b\u0397\u039c\u0391"},
		{"\u03ae\u03c3\u03c5\u03c7\u03b1", "\u0397\u03a3\u03a5\u03a7\u0391"},
		{"\u03b1\u03b0\u03bb\u03bf\u03c2", "\u0391\u03ab\u039b\u039f\u03a3"},
		{"\u0386\u0388\u0389", "\u0391\u0395\u0397"},
		{"\u03b7 \u03ac\u03bb\u03bb\u03b7", "\u0397 \u0391\u039b\u039b\u0397"},
		{"\u03ae", "\u0389"},
		{"\u0389", "\u0389"},
		{"\u03ac\u03b9", "\u0391\u03aa"},
		{"\u03ac\u03c5\u03bb\u03bf\u03c2", "\u0391\u03ab\u039b\u039f\u03a3"},
		{"\u03cc\u03c3\u03bf\u03c2", "\u039f\u03a3\u039f\u03a3"},
		{"\u1fb3\u03b4\u03c9", "\u0391\u0399\u0394\u03a9"},
		{"\u1fa7", "\u03a9\u0399"},
		{"\u1f04\u03bd\u03b8\u03c1\u03c9\u03c0\u03bf\u03c2", "\u0391\u039d\u0398\u03a1\u03a9\u03a0\u039f\u03a3"},
		{"\u1fe5\u03ae\u03c4\u03c9\u03c1", "\u03a1\u0397\u03a4\u03a9\u03a1"},
		{"\u03ba\u03b1\u0390\u03ba\u03b9", "\u039a\u0391\u03aa\u039a\u0399"},
		{"\u03c0\u03c1\u03bf\u03ca\u03cc\u03bd", "\u03a0\u03a1\u039f\u03aa\u039f\u039d"},
		{"\u0390", "\u03aa"},
		{"\u03b0", "\u03ab"},
		{"\u03aa\u0301", "\u03aa"},
		{"\u03b1\u03b9", "\u0391\u0399"},
		{"\u0386\u03aa", "\u0391\u03aa"},
		{"abc \u03ac", "ABC \u0391"},
		{"\u03ac\u0308", "\u0391\u0308"},
		{"\u03ae \u03b2\u03c1\u03bf\u03c7\u03ae", "\u0389 \u0392\u03a1\u039f\u03a7\u0397"},
		{"\u03bd\u03b5\u03c1\u03ac\u03b9\u03b4\u03b1", "\u039d\u0395\u03a1\u0391\u03aa\u0394\u0391"},
		{"\u038c,\u03c4\u03b9", "\u039f,\u03a4\u0399"},
		{"\u03ce\u03b9", "\u03a9\u03aa"},
		{"\u03af\u03b9", "\u0399\u03aa"},
		{"\u1f0d\u03b9\u03b4\u03b7\u03c2", "\u0391\u03aa\u0394\u0397\u03a3"},
		{"\u1f00\u03b0\u03c0\u03bd\u03bf\u03c2", "\u0391\u03ab\u03a0\u039d\u039f\u03a3"},
		{"\u03bc\u03ac\u03b9\u03bf\u03c2", "\u039c\u0391\u03aa\u039f\u03a3"},
		{"\u03c4\u03c1\u03cc\u03bb\u03b5\u03ca", "\u03a4\u03a1\u039f\u039b\u0395\u03aa"},
		{"\u03cc\u03bc\u03c9\u03c2 \u03ae \u03cc\u03c7\u03b9", "\u039f\u039c\u03a9\u03a3 \u0389 \u039f\u03a7\u0399"},
		{"(\u03ae)", "(\u0389)"},
		{"\u03ae\u03ae", "\u0397\u0397"},
		{"\u1fa0\u03b4\u03ae", "\u03a9\u0399\u0394\u0397"},
		{"\u1f5d\u03c8\u03b9\u03c3\u03c4\u03bf\u03c2", "\u03a5\u03a8\u0399\u03a3\u03a4\u039f\u03a3"},
		{"\u03c5\u03b9\u03cc\u03c2", "\u03a5\u0399\u039f\u03a3"},
		{"stra\u00dfe \u03ac", "STRASSE \u0391"},
	} {
		got, err := changeCase([]string{"el"}, c.in, true)
		require.NoError(t, err)
		require.NotNil(t, got)
		assert.Equal(t, c.want, *got, "%q", c.in)
	}
}

// Lithuanian capitals drop the dot above that a soft-dotted i or j carries
// under another accent, and leave the rest uncomposed, as ICU does: each
// expectation is Node 20's toLocaleUpperCase("lt"), as code points.
func TestLithuanianUpperMatchesNode(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"i\u0307\u0300", "I\u0300"},
		{"i\u0307", "I"},
		{"\u012f\u0307", "\u012e"},
		{"j\u0307", "J"},
		{"\u00cc", "\u00cc"},
		{"\u0131\u0307", "I\u0307"},
		{"i\u0307x", "IX"},
		{"\u00df", "SS"},
		{"\ufb01", "FI"},
		{"i\u0328\u0307", "I\u0328"},
		{"lietuvi\u0173", "LIETUVI\u0172"},
		{"\u01f0", "J\u030c"},
		{"i\u0307\u0301a", "I\u0301A"},
		{"\u0105\u0307", "\u0104\u0307"},
	} {
		got, err := changeCase([]string{"lt"}, c.in, true)
		require.NoError(t, err)
		require.NotNil(t, got)
		assert.Equal(t, c.want, *got, "%q", c.in)
	}
}
