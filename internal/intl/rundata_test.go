package intl

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A locale other than the shared ones is decoded by each session that
// uses it, however many sessions used it before: its first use costs a
// run the same whatever other runs did.
func TestSessionsDecodeTheirOwnLocales(t *testing.T) {
	shared := SharedLocales()
	require.Equal(t, []string{"en"}, shared)

	first := NewSession()
	call(t, first, `{"op":"nf","locales":["ja"],"options":{"style":"currency","currency":"JPY"}}`)
	call(t, first, `{"op":"dtf","locales":["de"],"options":{"timeZone":"Europe/Berlin","timeZoneName":"long"},"required":"any","defaults":"all"}`)
	call(t, first, `{"op":"pr","locales":["ja"],"options":{"type":"ordinal"}}`)
	call(t, first, `{"op":"coll","locales":["ru"],"options":{"ignorePunctuation":true}}`)

	second := NewSession()
	before := LocaleDecodes()
	call(t, second, `{"op":"nf","locales":["ja-JP"],"options":{}}`)
	assert.Equal(t, int64(1), LocaleDecodes()-before, "the second session's first ja use decodes ja")
	call(t, second, `{"op":"dtf","locales":["ja"],"options":{"timeZone":"Asia/Tokyo"},"required":"any","defaults":"date"}`)
	assert.Equal(t, int64(1), LocaleDecodes()-before, "a session decodes a locale once")
	call(t, second, `{"op":"dtf","locales":["de"],"options":{"timeZone":"Europe/Berlin"},"required":"any","defaults":"date"}`)
	assert.Equal(t, int64(2), LocaleDecodes()-before, "the second session's first de use decodes de")

	// The default locale is shared: no session decodes it.
	call(t, NewSession(), `{"op":"nf","locales":[],"options":{}}`)
	assert.Equal(t, int64(2), LocaleDecodes()-before)
	assert.Equal(t, shared, SharedLocales(), "what sessions used is not shared")
}

// What a session derives from locale data (a numbering system's data,
// plural rules, parsed patterns, script reorder tables, which characters
// are punctuation) is kept in the session, as its locales are.
func TestSessionKeepsWhatItDerives(t *testing.T) {
	s := NewSession()
	var nf, coll created
	require.NoError(t, json.Unmarshal(call(t, s, `{"op":"nf","locales":["ar-u-nu-arab"],"options":{"notation":"compact"}}`), &nf))
	assert.Equal(t, "=١٫٢\u00a0ألف", string(s.Call([]byte("nf.format\n"+nf.ID+"\n1234"))))
	require.NoError(t, json.Unmarshal(call(t, s, `{"op":"coll","locales":["ru"],"options":{"ignorePunctuation":true}}`), &coll))
	assert.Equal(t, "=-1", string(s.Call([]byte("coll.compare\n"+coll.ID+"\n!a\x00?b"))))
	assert.NotEmpty(t, s.data.locales, "locales")
	assert.NotEmpty(t, s.data.numbering, "numbering systems")
	assert.NotEmpty(t, s.data.pluralSets, "plural rules")
	assert.NotEmpty(t, s.data.patterns, "patterns")
	assert.NotEmpty(t, s.data.affixes, "affixes")
	assert.NotEmpty(t, s.data.reorder, "reorder tables")
	assert.NotEmpty(t, s.data.variable, "punctuation")
}

// call sends a constructor request and requires an answer that is not an
// error.
func call(t *testing.T, s *Session, req string) []byte {
	t.Helper()
	resp := s.Call([]byte(req))
	require.NotEqual(t, byte('!'), resp[0], "%s: %s", req, resp)
	return resp
}
