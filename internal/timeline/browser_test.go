package timeline

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var screenshot = flag.String("screenshot", "", "write a screenshot of the example session's page to `FILE` (docs/timeline.png)")

// chromium returns Debian's chromium, or skips the test, loudly: the
// browser is installed by .ci/setup-chromium, which cannot when the
// package registry is unreachable, and that says nothing about the code.
func chromium(t *testing.T) string {
	t.Helper()
	path, err := exec.LookPath("chromium")
	if err != nil {
		t.Skip("SKIPPED: chromium is not installed (.ci/setup-chromium installs it); the page was not checked in a browser")
	}
	return path
}

// headless runs chromium on url with args and returns what it wrote to
// standard output and standard error.
func headless(t *testing.T, browser, url string, args ...string) (stdout, stderr string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute)
	defer cancel()
	base := []string{"--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
		"--disable-component-update", "--disable-sync", "--no-first-run", "--user-data-dir=" + t.TempDir(),
		"--enable-logging=stderr", "--v=0", "--window-size=1400,2400"}
	cmd := exec.CommandContext(ctx, browser, append(append(base, args...), url)...)
	var out, errs bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errs
	require.NoError(t, cmd.Run(), "chromium: %s", errs.String())
	return out.String(), errs.String()
}

// consoleErrors are chromium's reports of the page's console messages,
// uncaught exceptions and content policy refusals.
var consoleErrors = regexp.MustCompile(`(?m)^.*(CONSOLE|Uncaught|Refused to).*$`)

// assertIn and its kin check the DOM without printing all of it when
// they fail.
func assertIn(t *testing.T, dom, want string, msg ...any) {
	t.Helper()
	if !strings.Contains(dom, want) {
		t.Errorf("the page lacks %q %v", want, msg)
	}
}

func requireIn(t *testing.T, dom, want string, msg ...any) {
	t.Helper()
	if !strings.Contains(dom, want) {
		t.Fatalf("the page lacks %q %v", want, msg)
	}
}

func assertNotIn(t *testing.T, dom, unwanted string, msg ...any) {
	t.Helper()
	if i := strings.Index(dom, unwanted); i >= 0 {
		t.Errorf("the page has %q: ...%s... %v", unwanted, dom[max(0, i-200):min(len(dom), i+200)], msg)
	}
}

var barTag = regexp.MustCompile(`<div class="bar"[^>]*>`)
var attr = regexp.MustCompile(`data-(call|outcome)="([^"]*)"`)

// The page of a real session, loaded in a real browser, draws one bar per
// sub-call with its outcome, shows a hostile argument as text, and logs
// no errors.
func TestPageInBrowser(t *testing.T) {
	browser := chromium(t)
	raw := sessionLog(t)
	if *screenshot != "" {
		l, err := Read(bytes.NewReader(raw))
		require.NoError(t, err)
		var b bytes.Buffer
		require.NoError(t, WriteHTML(&b, "session.jsonl", l))
		page := filepath.Join(t.TempDir(), "session.html")
		require.NoError(t, os.WriteFile(page, b.Bytes(), 0o600))
		_, stderr := headless(t, browser, "file://"+page+"#call=refund.2", "--window-size=1400,760", "--screenshot="+*screenshot)
		assert.Empty(t, consoleErrors.FindAllString(stderr, -1))
	}

	// A line cut short, as by a full disk, among the real events.
	raw = append(raw, `{"time":"2026-12-02T10:00:00Z","msg":"tool/ca`+"\n"...)
	l, err := Read(bytes.NewReader(raw))
	require.NoError(t, err)
	require.Len(t, l.Problems, 1)
	dir := t.TempDir()
	page := filepath.Join(dir, "session.html")
	var b bytes.Buffer
	require.NoError(t, WriteHTML(&b, "session.jsonl", l))
	require.NoError(t, os.WriteFile(page, b.Bytes(), 0o600))

	// #call= pins the details of the call with the hostile argument.
	dom, stderr := headless(t, browser, "file://"+page+"#call=busy.4", "--dump-dom")
	assert.Empty(t, consoleErrors.FindAllString(stderr, -1), "the page logged errors")
	requireIn(t, dom, `data-rendered="true"`, "the page's script ran to the end")

	assertIn(t, dom, fmt.Sprintf("<li>line %d: not a JSON event: unexpected end of JSON input</li>", l.Lines), "the skipped line is listed")

	var want, got []string
	for _, run := range l.Runs {
		for _, c := range run.Calls {
			want = append(want, c.ID+" "+c.Outcome)
		}
	}
	for _, tag := range barTag.FindAllString(dom, -1) {
		var call, outcome string
		for _, m := range attr.FindAllStringSubmatch(tag, -1) {
			if m[1] == "call" {
				call = m[2]
			} else {
				outcome = m[2]
			}
		}
		got = append(got, call+" "+outcome)
	}
	slices.Sort(want)
	slices.Sort(got)
	assert.Equal(t, want, got, "one bar per sub-call, with its outcome")
	for _, bar := range []string{"busy.1 ok", "busy.3 ok", "busy.4 ok", "busy.5 denied", "busy.6 failed", "busy.8 dropped", "refund.2 suspended", "refund.2 ok", "refund.3 ok"} {
		assert.Contains(t, got, bar)
	}
	assert.Len(t, got, 12)
	assertIn(t, dom, `data-run="busy" data-run-outcome="ok"`)
	assertIn(t, dom, `data-run="refund" data-run-outcome="ok"`)
	assert.Equal(t, 4, strings.Count(dom, `class="mark suspended"`), "the suspension, on each of the refund's sub-call rows")
	assert.Equal(t, 4, strings.Count(dom, `class="mark resumed"`), "the resume, on each of the refund's sub-call rows")
	assert.True(t, regexp.MustCompile(`>suspended [0-9.]+ms<`).MatchString(dom), "the shortened suspension says how long it was")

	// The hostile argument is text in the pinned details, never markup.
	assertIn(t, dom, `<pre>{"text":"&lt;/script&gt;&lt;img src=x onerror=\"document.body.dataset.pwned=1\"&gt;&lt;b&gt;\u001b[2J"}</pre>`)
	assertNotIn(t, dom, "<img")
	assertNotIn(t, dom, "<b>")
	assertNotIn(t, dom, "data-pwned")

}

// A page of 10,000 calls holds only the rows in view, and a call far down
// is drawn when it is scrolled to.
func TestBigPageInBrowser(t *testing.T) {
	browser := chromium(t)
	const calls = 10000
	var b strings.Builder
	start := time.Date(2026, 12, 2, 10, 0, 0, 0, time.UTC)
	stamp := func(d time.Duration) string { return start.Add(d).Format(time.RFC3339Nano) }
	fmt.Fprintf(&b, `{"time":%q,"msg":"tool/call-start","call":"big","tool":"run_code","args":{"description":"many","program":"..."}}`+"\n", stamp(0))
	for i := 1; i <= calls; i++ {
		made := time.Duration(i) * time.Millisecond
		outcome := "ok"
		if i%7 == 0 {
			outcome = "denied"
		}
		fmt.Fprintf(&b, `{"time":%q,"msg":"tool/code-dispatch-start","parent":"big","call":"big.%d","tool":"echo","args":{"i":%d}}`+"\n", stamp(made), i, i)
		fmt.Fprintf(&b, `{"time":%q,"msg":"tool/code-dispatch","parent":"big","call":"big.%d","tool":"echo","duration":3000000,"wait":1000000,"outcome":%q}`+"\n", stamp(made+3*time.Millisecond), i, outcome)
	}
	fmt.Fprintf(&b, `{"time":%q,"msg":"tool/call","call":"big","tool":"run_code","duration":%d,"outcome":"ok"}`+"\n", stamp(calls*time.Millisecond+5*time.Millisecond), int64(calls*time.Millisecond+5*time.Millisecond))
	l, err := Read(strings.NewReader(b.String()))
	require.NoError(t, err)
	require.Equal(t, calls, l.SubCalls)
	page := filepath.Join(t.TempDir(), "big.html")
	var html bytes.Buffer
	require.NoError(t, WriteHTML(&html, "big.jsonl", l))
	require.NoError(t, os.WriteFile(page, html.Bytes(), 0o600))

	dom, stderr := headless(t, browser, "file://"+page+"#call=big.9996", "--dump-dom")
	assert.Empty(t, consoleErrors.FindAllString(stderr, -1), "the page logged errors")
	requireIn(t, dom, `data-rendered="true"`)
	assertIn(t, dom, `data-calls="10000"`)
	bars := barTag.FindAllString(dom, -1)
	assert.Less(t, len(bars), 500, "only the rows near the view are in the document")
	assertIn(t, dom, `data-call="big.9996" data-outcome="denied"`, "9,996 is a multiple of 7")
	assertIn(t, dom, `data-call="big.9995" data-outcome="ok"`)
	assertNotIn(t, dom, `data-call="big.1"`, "the first rows are far from the view")
	assertIn(t, dom, `<h2>echo #9996 of big</h2>`, "its details are pinned")
}
