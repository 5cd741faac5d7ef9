package coderun

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os/exec"
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"golang.org/x/text/secure/bidirule"
	"golang.org/x/text/unicode/bidi"
)

// The sandbox's URL class is checked differentially against Node's, whose
// parser follows the WHATWG URL Standard (UTS #46 included): the same
// inputs go through new URL(input, base) in a coderun run and in node, and
// every href, hostname and error must agree, except where Node is known to
// depart from the standard (nodeDeviation), which the test counts.

// urlCase is one input, with an optional base.
type urlCase struct {
	Input string `json:"input"`
	Base  string `json:"base,omitempty"`
}

// urlTricky are hand-picked inputs: the host's UTS #46 mapping (full-width
// letters, deviation characters, ignored and disallowed code points,
// Punycode labels good and bad), IP addresses, and the parser's corners.
var urlTricky = []string{
	"http://ＡＢＣ.com/", "http://a\u200Bb.com/", "http://xn--a.com/", "http://münchen.de/",
	"http://xn--mnchen-3ya.de/", "http://XN--MNCHEN-3YA.de/", "http://ß.de/", "http://faß.de/", "http://ς.gr/",
	"http://a\u00ADb.com/", "http://a\u200Cb.com/", "http://a\u200Db.com/", "http://\u0301a.com/",
	"http://a\u0301.com/", "http://xn--abc-.com/", "http://xn--.com/", "http://xn--ls8h.la/", "http://💩.la/",
	"http://EXAMPLE。com/", "http://a．b｡c/", "http://ⅷ.com/", "http://ﬁ.com/", "http://①.com/",
	"http://\uFFFD.com/", "http://\uFDD0.com/", "http://a\u0000b/", "http://\u2488.com/", "http://%E2%84%AA.com/",
	"http://%41.com/", "http://%zz.com/", "http://％４１.com/", "http://xn--zca.de/", "http://xn--ZCA.de/",
	"http://xn--bcher-kva.example/", "http://xn--bcher-KVA.example/", "http://xn--0.com/", "http://xn--99999999999.com/",
	"http://xn--a-ecp.ru/", "http://xn--53h.com/", "http://日本語.jp/", "http://例え.テスト/", "http://שלום.com/",
	"http://مثال.إختبار/", "http://a.b.c.d.e/", "http://a..b/", "http://.a/", "http://a./", "http://../",
	"http://0x7F.1/", "http://0300.0250.1.1/", "http://4294967296/", "http://1.2.3.4.5/", "http://１.２.３.４/",
	"http://[::1]/", "http://[::ffff:1.2.3.4]/", "http://[1::2::3]/", "http://a:b@c:8080/d?e#f",
	"https://user:pa ss@EXAMPLE.com:443/a/./b/../c d^|{}`'\"<>?q=1 2'\"#f g`<>",
	"file:///C:/x/../y", "file://localhost/x", "sc://ñ/x", "sc://%/", "sc://a b/", "non-spec:/.//p",
	"javascript:alert(1)", "mailto:Foo@Bar.com", "http://a/%zz%41", "http://x/😀?😀#😀", "http://a/\u0000b",
	"  http://trim.me/ \n", "ht\ttp://a\n/b", "http:example.com/x", "http://", "", "nope",
	"http://a\u3002b\uFF0Ec\uFF61d/", "http://xn--55qx5d.cn/", "http://xn--fiqs8s.cn/", "http://ĳ.nl/",
	"http://Ⓐ.com/", "http://a\u2028b/", "http://a\u00A0b/", "http://a\u3000b/", "http://a_b.com/",
}

// urlBases are bases for relative inputs.
var urlBases = []string{"http://a/b/c/d;p?q", "file:///C:/dir/f", "sc://h/p", "mailto:x@y", "https://例.jp/x/"}

// hostPieces are what generated hosts are made of: ASCII, the code points
// whose UTS #46 status is each kind there is, Punycode, percent-encoding.
var hostPieces = []string{
	"a", "Z", "0", "9", "-", "_", "ab", "xn--", "xn--mnchen-3ya", "xn--zca", "xn--a", "xn--ls8h",
	"ü", "Ü", "ß", "ẞ", "ς", "Σ", "İ", "ı", "ﬀ", "Ａ", "ｚ", "０", "。", "．", "｡", ".",
	"\u200B", "\u200C", "\u200D", "\u00AD", "\u034F", "\uFE0F", "\u0301", "\u0308", "\u094D",
	"日", "本", "テ", "한", "ا", "ب", "ש", "١", "٣", "۱", "क", "्", "ष",
	"½", "™", "℡", "㍱", "ǅ", "ᾈ", "Ω", "K", "Å", "é", "e\u0301", "\uFFFD", "\uE000", "\U0001F600",
	"%41", "%C3%BC", "%E3%80%82", "%00", "%", "@", ":", "[", "]", "~", "!", "$", "&", "'", "(", "*", "+", ",", ";", "=",
}

// pathPieces are what generated paths, queries and fragments are made of.
var pathPieces = []string{"a", "/", ".", "..", "%2e", "%2E%2e", "?", "#", " ", "\"", "<", ">", "`", "{", "}", "|",
	"\\", "^", "'", "é", "😀", "%zz", "%41", "\t", "\u0000", "\u007F", "\uFFFD", ":", "@", ";", "=", "&"}

// generatedURLCases builds n cases from a fixed seed, so every run checks
// the same inputs.
func generatedURLCases(n int) []urlCase {
	r := rand.New(rand.NewPCG(11, 2026))
	pick := func(pieces []string, max int) string {
		var b strings.Builder
		for range 1 + r.IntN(max) {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		return b.String()
	}
	schemes := []string{"http://", "https://", "ws://", "ftp://", "file://", "sc://", "HTTP://"}
	var cases []urlCase
	for i := range n {
		host := pick(hostPieces, 5)
		if r.IntN(3) == 0 {
			host += "." + pick(hostPieces, 3)
		}
		in := schemes[r.IntN(len(schemes))] + host
		if r.IntN(4) == 0 {
			in += fmt.Sprintf(":%d", r.IntN(70000))
		}
		if r.IntN(2) == 0 {
			in += "/" + pick(pathPieces, 6)
		}
		c := urlCase{Input: in}
		if i%10 == 0 { // some relative references
			c = urlCase{Input: pick(pathPieces, 6), Base: urlBases[r.IntN(len(urlBases))]}
		}
		cases = append(cases, c)
	}
	return cases
}

// urlProgram is run both by coderun and by node: for each case, the parsed
// URL's href and hostname, or the error's name.
const urlProgram = `
const out = [];
for (const c of CASES) {
  try {
    const u = c.base === undefined ? new URL(c.input) : new URL(c.input, c.base);
    out.push([u.href, u.hostname]);
  } catch (e) {
    out.push(e.name);
  }
}
return out;
`

func TestURLMatchesNode(t *testing.T) {
	t.Parallel()
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("SKIPPED LOUDLY: node is not on PATH, so URL cannot be compared with Node's WHATWG parser")
	}
	var cases []urlCase
	for _, in := range urlTricky {
		cases = append(cases, urlCase{Input: in})
		for _, b := range urlBases[:2] {
			cases = append(cases, urlCase{Input: in, Base: b})
		}
	}
	cases = append(cases, generatedURLCases(3000)...)
	casesJSON, err := json.Marshal(cases)
	require.NoError(t, err)
	program := strings.Replace(urlProgram, "CASES", string(casesJSON), 1)

	cmd := exec.Command(node, "-e", "(async () => {"+program+"})().then(v => process.stdout.write(JSON.stringify(v)))")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	require.NoError(t, cmd.Run(), "node: %s", stderr.String())
	var want []json.RawMessage
	require.NoError(t, json.Unmarshal(stdout.Bytes(), &want))

	rt := newRuntime(t, roomyBudgets)
	res, err := rt.Run(context.Background(), Request{Program: program})
	require.NoError(t, err)
	require.Nil(t, res.Failure, "%v", res.Failure)
	var got []json.RawMessage
	require.NoError(t, json.Unmarshal(res.Value, &got))
	require.Len(t, got, len(cases))

	// The Unicode form of the hosts Node accepted where coderun did not,
	// for checking them against the Bidi Rule.
	var refused []string
	for i := range cases {
		var wantHref, gotHref []string
		if json.Unmarshal(want[i], &wantHref) == nil && json.Unmarshal(got[i], &gotHref) != nil {
			refused = append(refused, wantHref[1])
		}
	}
	unicodeHosts := nodeDomainsToUnicode(t, node, refused)

	agree, known := 0, map[string]int{}
	for i, c := range cases {
		if sameJSON(got[i], want[i]) {
			agree++
			continue
		}
		if why := nodeDeviation(c, got[i], want[i], unicodeHosts); why != "" {
			known[why]++
			continue
		}
		t.Errorf("new URL(%q, %q): coderun %s, node %s", c.Input, c.Base, got[i], want[i])
	}
	t.Logf("URL vs node %s: %d of %d cases agree (%.1f%%); where Node departs from the standard: %v",
		nodeVersion(node), agree, len(cases), 100*float64(agree)/float64(len(cases)), known)
}

// nodeDomainsToUnicode maps each host to its Unicode form, by node's
// url.domainToUnicode.
func nodeDomainsToUnicode(t *testing.T, node string, hosts []string) map[string]string {
	t.Helper()
	in, err := json.Marshal(hosts)
	require.NoError(t, err)
	cmd := exec.Command(node, "-e", `const u = require('url'); const h = JSON.parse(require('fs').readFileSync(0, 'utf8'));
process.stdout.write(JSON.stringify(h.map((x) => u.domainToUnicode(x))))`)
	cmd.Stdin = bytes.NewReader(in)
	out, err := cmd.Output()
	require.NoError(t, err)
	var unicode []string
	require.NoError(t, json.Unmarshal(out, &unicode))
	require.Len(t, unicode, len(hosts))
	m := make(map[string]string, len(hosts))
	for i, h := range hosts {
		m[h] = unicode[i]
	}
	return m
}

// nodeDeviation names the known way in which Node 20's URL (ada) departs
// from the URL Standard, if that explains why coderun gave got where Node
// gave want, or returns "".
func nodeDeviation(c urlCase, got, want json.RawMessage, unicodeHosts map[string]string) string {
	var gotHref, wantHref []string
	gotErr := json.Unmarshal(got, &gotHref) != nil
	wantErr := json.Unmarshal(want, &wantHref) != nil
	switch {
	case gotErr && !wantErr && breaksBidiRule(unicodeHosts[wantHref[1]]):
		// The standard runs UTS #46 with CheckBidi: in a domain with a
		// right-to-left label every label must follow RFC 5893's Bidi Rule
		// (checked here with x/text's implementation). Node accepts many
		// hosts the rule refuses, e.g. "aب".
		return "bidi rule"
	case gotErr && !wantErr && strings.HasPrefix(c.Base, "mailto:") && !strings.HasPrefix(c.Input, "#"):
		// Against a base with an opaque path only a fragment resolves;
		// Node resolves anything, e.g. "x" against "mailto:x@y".
		return "relative to an opaque path"
	case !gotErr && !wantErr && !isSpecialURL(gotHref[0]) && dropOneSlash(gotHref[0], wantHref[0]):
		// A final ".." in a non-special URL leaves an empty last segment
		// ("sc://h/.." is "sc://h/"); Node drops it.
		return "final .. of a non-special path"
	}
	return ""
}

// breaksBidiRule reports whether the domain (in Unicode) is a Bidi domain
// name with a label that fails RFC 5893's Bidi Rule.
func breaksBidiRule(domain string) bool {
	labels := strings.Split(domain, ".")
	bidiDomain := false
	for _, l := range labels {
		if bidirule.DirectionString(l) == bidi.RightToLeft {
			bidiDomain = true
		}
	}
	if !bidiDomain {
		return false
	}
	for _, l := range labels {
		if l != "" && !bidirule.ValidString(l) {
			return true
		}
	}
	return false
}

// sameJSON compares two JSON values by what they denote: the run's value
// escapes "&" as "\u0026", which node's JSON.stringify does not.
func sameJSON(a, b json.RawMessage) bool {
	var x, y any
	return json.Unmarshal(a, &x) == nil && json.Unmarshal(b, &y) == nil && reflect.DeepEqual(x, y)
}

func isSpecialURL(href string) bool {
	for _, s := range []string{"http:", "https:", "ws:", "wss:", "ftp:", "file:"} {
		if strings.HasPrefix(href, s) {
			return true
		}
	}
	return false
}

// dropOneSlash reports whether removing one "/" from long gives short.
func dropOneSlash(long, short string) bool {
	for i := range len(long) {
		if long[i] == '/' && long[:i]+long[i+1:] == short {
			return true
		}
	}
	return false
}

func nodeVersion(node string) string {
	out, err := exec.Command(node, "--version").Output()
	if err != nil {
		return "(unknown version)"
	}
	return strings.TrimSpace(string(out))
}
