package intl

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// Each expectation is Node 20's Intl.getCanonicalLocales.
func TestLanguageAliasesMatchNode(t *testing.T) {
	for tag, want := range map[string]string{
		"sgn-GR":             "gss",
		"sgn-DE":             "gsg",
		"sgn-US":             "ase",
		"sgn-NO":             "nsl",
		"sgn-GR-x-foo":       "gss-x-foo",
		"sgn-GR-u-nu-thai":   "gss-u-nu-thai",
		"mo":                 "ro",
		"cmn":                "zh",
		"cmn-Hant-TW":        "zh-Hant-TW",
		"zh-guoyu":           "zh",
		"sh":                 "sr-Latn",
		"sh-ME":              "sr-Latn-ME",
		"hy-arevela":         "hy",
		"hy-arevmda":         "hyw",
		"und-hepburn-heploc": "und-alalc97",
		"bh":                 "bh",
		"tw":                 "tw",
		"iw-IL":              "he-IL",
		"aar":                "aa",
		"art-lojban":         "jbo",
		"en-US":              "en-US",
	} {
		got, err := canonicalLocales([]string{tag})
		if assert.NoError(t, err, tag) {
			assert.Equal(t, []string{want}, got, tag)
		}
	}
}
