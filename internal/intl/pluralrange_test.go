package intl

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Each expectation is what Node 20 prints for selectRange of the pairs
// 0–1, 1–1, 1–2, 1–5, 2–5, 2–21, 5–11, 0–3 and 1.5–2.
func TestPluralSelectRangeMatchesNode(t *testing.T) {
	pairs := [][2]string{{"0", "1"}, {"1", "1"}, {"1", "2"}, {"1", "5"}, {"2", "5"}, {"2", "21"}, {"5", "11"}, {"0", "3"}, {"1.5", "2"}}
	for _, c := range []struct{ loc, options, want string }{
		{"en", `{}`, "other other other other other other other other other"},
		{"fr", `{}`, "one one other other other other other other other"},
		{"ru", `{}`, "one one few many many one many few few"},
		{"pl", `{}`, "one other few many many many many few few"},
		{"ar", `{}`, "zero other other few few many many few other"},
		{"ja", `{}`, "other other other other other other other other other"},
		{"lt", `{}`, "one one few few few one other few few"},
		{"en", `{"type":"ordinal"}`, "other other other other other other other other other"},
		{"en", `{"minimumFractionDigits":1}`, "other other other other other other other other other"},
	} {
		var o pluralOptions
		require.NoError(t, json.Unmarshal([]byte(c.options), &o))
		pr, err := newPluralRules(newRunData(), []string{c.loc}, o)
		require.NoError(t, err)
		var got []string
		for _, p := range pairs {
			got = append(got, pr.selectRange(p[0], p[1]))
		}
		assert.Equal(t, c.want, strings.Join(got, " "), "%s %s", c.loc, c.options)
	}
}
