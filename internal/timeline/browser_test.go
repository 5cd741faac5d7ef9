package timeline

import (
	"bytes"
	"context"
	"flag"
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

var barTag = regexp.MustCompile(`<div class="bar"[^>]*>`)
var attr = regexp.MustCompile(`data-(call|outcome)="([^"]*)"`)

// The page of a real session, loaded in a real browser, draws one bar per
// sub-call with its outcome, shows a hostile argument as text, and logs
// no errors.
func TestPageInBrowser(t *testing.T) {
	browser := chromium(t)
	l, err := Read(bytes.NewReader(sessionLog(t)))
	require.NoError(t, err)
	require.Empty(t, l.Problems)
	dir := t.TempDir()
	page := filepath.Join(dir, "session.html")
	var b bytes.Buffer
	require.NoError(t, WriteHTML(&b, "session.jsonl", l))
	require.NoError(t, os.WriteFile(page, b.Bytes(), 0o600))

	// #call= pins the details of the call with the hostile argument.
	dom, stderr := headless(t, browser, "file://"+page+"#call=busy.4", "--dump-dom")
	assert.Empty(t, consoleErrors.FindAllString(stderr, -1), "the page logged errors")
	require.Contains(t, dom, `data-rendered="true"`, "the page's script ran to the end")

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
	assert.Contains(t, dom, `data-run="busy" data-run-outcome="ok"`)
	assert.Contains(t, dom, `data-run="refund" data-run-outcome="ok"`)
	assert.Equal(t, 4, strings.Count(dom, `class="mark suspended"`), "the suspension, on each of the refund's sub-call rows")
	assert.Equal(t, 4, strings.Count(dom, `class="mark resumed"`), "the resume, on each of the refund's sub-call rows")
	assert.Regexp(t, `>suspended [0-9.]+ms<`, dom, "the shortened suspension says how long it was")

	// The hostile argument is text in the pinned details, never markup.
	assert.Contains(t, dom, `<pre>{"text":"&lt;/script&gt;&lt;img src=x onerror=\"document.body.dataset.pwned=1\"&gt;&lt;b&gt;\u001b[2J"}</pre>`)
	assert.NotContains(t, dom, "<img")
	assert.NotContains(t, dom, "<b>")
	assert.NotContains(t, dom, "data-pwned")

	if *screenshot != "" {
		_, stderr := headless(t, browser, "file://"+page+"#call=refund.2", "--window-size=1400,760", "--screenshot="+*screenshot)
		assert.Empty(t, consoleErrors.FindAllString(stderr, -1))
	}
}
