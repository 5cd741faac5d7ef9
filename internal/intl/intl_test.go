package intl

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// CLDR gives sample numbers with every plural rule: each must fall in its
// own category, for every language, cardinal and ordinal.
func TestPluralRulesMatchCLDRSamples(t *testing.T) {
	checked := 0
	for _, ordinal := range []bool{false, true} {
		table := supp().Plurals
		if ordinal {
			table = supp().Ordinals
		}
		for lang, rules := range table {
			set := newRunData().plurals(lang, ordinal)
			for key, text := range rules {
				cat := strings.TrimPrefix(key, "pluralRule-count-")
				for _, sample := range pluralSamples(text) {
					d, ok := parseDecimal(sample)
					require.True(t, ok, sample)
					// A sample's visible fraction digits are as written.
					minFrac := 0
					if _, frac, found := strings.Cut(sample, "."); found {
						minFrac = len(frac)
					}
					assert.Equal(t, cat, set.category(operandsOf(d, minFrac)), "%s (ordinal %v): %s", lang, ordinal, sample)
					checked++
				}
			}
		}
	}
	assert.Greater(t, checked, 5000)
}

// pluralSamples lists the sample numbers of a rule ("@integer 0, 2~16,
// 100, …"): both ends of each range; compact forms (1c6) are left out.
func pluralSamples(rule string) []string {
	var out []string
	for _, part := range strings.Split(rule, "@")[1:] {
		fields := strings.Fields(part)
		for _, f := range fields[1:] {
			f = strings.TrimSuffix(f, ",")
			if f == "…" || f == "" || strings.ContainsAny(f, "ce") {
				continue
			}
			lo, hi, isRange := strings.Cut(f, "~")
			out = append(out, lo)
			if isRange {
				out = append(out, hi)
			}
		}
	}
	return out
}

func TestDecimalRounding(t *testing.T) {
	for _, c := range []struct {
		in   string
		frac int
		mode string
		want string
	}{
		{"2.5", 0, "halfExpand", "3"},
		{"-2.5", 0, "halfExpand", "-3"},
		{"2.5", 0, "halfEven", "2"},
		{"3.5", 0, "halfEven", "4"},
		{"2.5", 0, "halfTrunc", "2"},
		{"-2.5", 0, "halfCeil", "-2"},
		{"-2.5", 0, "halfFloor", "-3"},
		{"1.001", 2, "ceil", "1.01"},
		{"-1.009", 2, "ceil", "-1"},
		{"1.009", 2, "trunc", "1"},
		{"0.0004", 3, "expand", "0.001"},
		{"0.0004", 3, "halfExpand", "0"},
		{"999.96", 1, "halfExpand", "1000"},
		{"123456", -2, "halfExpand", "123500"},
		{"1e+21", 0, "halfExpand", "1000000000000000000000"},
		{"1.5e-7", 7, "halfExpand", "0.0000002"},
	} {
		d, ok := parseDecimal(c.in)
		require.True(t, ok, c.in)
		r := d.roundAt(c.frac, c.mode)
		got := r.intDigits()
		if got == "" {
			got = "0"
		}
		if f := r.fracDigits(); f != "" {
			got += "." + f
		}
		if r.neg && !r.isZero() {
			got = "-" + got
		}
		assert.Equal(t, c.want, got, "%s at %d (%s)", c.in, c.frac, c.mode)
	}
}

// A call by an id the session does not know is answered "?", so the
// guest sends the spec itself; the spec alone makes the formatter. A
// session knows only the formatters its own run made: another run's id is
// unknown to it, so no run can tell what another formatted.
func TestCallsBySpecAndID(t *testing.T) {
	s := NewSession()
	var made created
	require.NoError(t, json.Unmarshal(s.Call([]byte(`{"op":"nf","locales":["de-DE"],"options":{"style":"percent"}}`)), &made))
	assert.Equal(t, "=50\u00a0%", string(s.Call([]byte("nf.format\n"+made.ID+"\n0.5"))))
	assert.Equal(t, "?", string(s.Call([]byte("nf.format\n#00000000000000000000000000000000\n0.5"))))
	assert.Equal(t, "?", string(NewSession().Call([]byte("nf.format\n"+made.ID+"\n0.5"))), "another run's formatter")
	other := NewSession()
	assert.Equal(t, "=25\u00a0%", string(other.Call([]byte("nf.format\n"+made.Spec+"\n0.25"))))
	assert.Equal(t, "=75\u00a0%", string(other.Call([]byte("nf.format\n"+made.ID+"\n0.75"))), "known once its spec came")
	assert.JSONEq(t, `[{"type":"integer","value":"25"},{"type":"literal","value":"\u00a0"},{"type":"percentSign","value":"%"}]`,
		string(s.Call([]byte("nf.parts\n"+made.Spec+"\n0.25"))))
}

// Whatever the guest sends, Call answers: hostile or broken requests get
// an error the program sees, never a panic.
func TestCallNeverPanics(t *testing.T) {
	for _, req := range []string{
		"", "{", "{}", `{"op":"nope"}`, `{"op":"nf","options":{"style":7}}`, `{"op":"nf","locales":[1]}`,
		"nf.format", "nf.format\n{}\n1", "nf.format\n{\"locale\":\"xx\"}\n1", "dtf.format\n{\"r\":null}\n1",
		"coll.compare\n{}\nnot json", "lf.format\n" + `{"locale":"en","type":"conjunction","style":"long"}` + "\n[1,2]",
		"rtf.format\n{}\n[]", "pr.select\n{}\nx", `{"op":"dtf","options":{"timeZone":"../../etc/passwd"}}`,
	} {
		resp := string(NewSession().Call([]byte(req)))
		assert.True(t, strings.HasPrefix(resp, "!") || resp == "?", "%q answered %q", req, resp)
	}
}

// An answer longer than the guest's first buffer is asked for twice (the
// import's protocol): the second call gets the first's answer, so the
// host does the work once.
func TestLongAnswerIsComputedOnce(t *testing.T) {
	s := NewSession()
	var made created
	require.NoError(t, json.Unmarshal(s.Call([]byte(`{"op":"seg","locales":["en"],"options":{}}`)), &made))
	req := []byte("seg.next\n" + made.ID + "\n1" + strings.Repeat("ab ", 300))
	first := s.Call(req)
	require.Greater(t, len(first), retryBytes)
	again := s.Call(req)
	assert.Same(t, &first[0], &again[0], "the retry reuses the answer")
	assert.NotSame(t, &first[0], &s.Call(req)[0], "a later call computes afresh")
}

// One call's work is bounded by its input: a request over MaxRequestBytes
// and a language tag over 255 characters are refused with a RangeError
// that names the limit, before any parsing; a tag under it is taken.
func TestRequestsAreBounded(t *testing.T) {
	s := NewSession()
	big := []byte(`{"op":"case","locales":["tr"],"a":"` + strings.Repeat("i", MaxRequestBytes) + `","upper":true}`)
	assert.Contains(t, string(s.Call(big)), `"name":"RangeError","message":"Intl arguments too large: one call takes at most 65536 bytes`)

	tag := func(n int) string { return "en" + strings.Repeat("-abcde", (n-2)/6) + strings.Repeat("x", (n-2)%6) }
	resp := string(s.Call([]byte(`{"op":"getCanonicalLocales","locales":["` + tag(256) + `"]}`)))
	assert.Contains(t, resp, "a language tag is at most 255 characters long in the coderun sandbox, and this one has 256")
	ok := tag(254) // a whole number of variants: well formed
	require.Len(t, ok, 254)
	assert.True(t, strings.HasPrefix(string(s.Call([]byte(`{"op":"getCanonicalLocales","locales":["`+ok+`"]}`))), `["en-abcde`))
}

// A session's caches are per run, so their size is bounded per run: a
// program making formatter after formatter holds at most maxCached of
// them in the host.
func TestSessionCachesAreBounded(t *testing.T) {
	s := NewSession()
	for i := 0; i < 2*maxCached; i++ {
		req := fmt.Sprintf(`{"op":"nf","locales":["de"],"options":{"style":"currency","currency":"%c%c%c"}}`, 'A'+i%26, 'A'+i/26%26, 'A'+i/676)
		require.NotEqual(t, byte('!'), s.Call([]byte(req))[0])
		require.LessOrEqual(t, len(s.specs), maxCached)
		require.LessOrEqual(t, len(s.answers), maxCached)
	}
}
