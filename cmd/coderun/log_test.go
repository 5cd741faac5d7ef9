package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// sessionLogLines is a short session log: a run_code call with a sub-call
// that ran and one dropped, with a line between them that is not JSON.
var sessionLogLines = []string{
	`{"time":"2026-12-02T10:00:00.000000000Z","level":"INFO","msg":"session/wire-tools","mode":"code","tools":["run_code"]}`,
	`{"time":"2026-12-02T10:00:00.001000000Z","level":"INFO","msg":"tool/call-start","call":"rc","tool":"run_code","args":{"description":"look it up","program":"..."}}`,
	`{"time":"2026-12-02T10:00:00.002000000Z","level":"INFO","msg":"tool/code-dispatch-start","parent":"rc","call":"rc.1","tool":"search","args":{"q":"\u003cb\u003e"}}`,
	`{"time":"2026-12-02T10:00:00.012000000Z","level":"INFO","msg":"tool/code-dispatch","parent":"rc","call":"rc.1","tool":"search","duration":10000000,"wait":2000000,"outcome":"ok"}`,
	`{"time":"2026-12-02T10:00:00.013000000Z","level":"INFO","msg":"tool/code-dis`,
	`{"time":"2026-12-02T10:00:00.014000000Z","level":"INFO","msg":"tool/code-dispatch-start","parent":"rc","call":"rc.2","tool":"write","args":{},"dropped":true}`,
	`{"time":"2026-12-02T10:00:00.014000000Z","level":"INFO","msg":"tool/code-dispatch","parent":"rc","call":"rc.2","tool":"write","duration":0,"wait":0,"outcome":"dropped","stage":"queue","message":"call of tool \"write\" was dropped"}`,
	`{"time":"2026-12-02T10:00:00.015000000Z","level":"INFO","msg":"tool/call","call":"rc","tool":"run_code","duration":14000000,"outcome":"ok"}`,
}

func writeSessionLog(t *testing.T) string {
	path := filepath.Join(t.TempDir(), "session.jsonl")
	require.NoError(t, os.WriteFile(path, []byte(strings.Join(sessionLogLines, "\n")+"\n"), 0o600))
	return path
}

// coderun log tree prints the dispatch tree and names the line it skipped.
func TestLogTree(t *testing.T) {
	path := writeSessionLog(t)
	code, out, stderr := cli(t, "", "log", "tree", path)
	require.Equal(t, 0, code, stderr)
	assert.Equal(t, "coderun log tree: "+path+":5: not a JSON event: unexpected end of JSON input\n", stderr)
	assert.Equal(t, `1 run, 2 sub-calls; 1 line skipped

run_code rc  ok  14.0ms  2026-12-02T10:00:00.001Z  "look it up"
  #1 search ok            10.0ms  queued 2.0ms
  #2 write  dropped          0µs  never ran; queue: call of tool "write" was dropped
`, out)

	code, stdinOut, _ := cli(t, strings.Join(sessionLogLines, "\n"), "log", "tree", "-")
	assert.Equal(t, 0, code)
	assert.Equal(t, out, stdinOut, "- reads standard input")
}

// coderun log view writes the page to standard output or -o FILE.
func TestLogView(t *testing.T) {
	path := writeSessionLog(t)
	code, out, stderr := cli(t, "", "log", "view", path)
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, stderr, path+":5: ")
	assert.True(t, strings.HasPrefix(out, "<!DOCTYPE html>"))
	assert.Contains(t, out, "<title>session.jsonl</title>")
	assert.Contains(t, out, `"id":"rc.2","t":"write","o":"dropped"`)
	assert.Contains(t, out, `"a":"{\"q\":\"\u003cb\u003e\"}"`, "the arguments' text is escaped in the page's data")
	assert.NotContains(t, out, "<b>")

	page := filepath.Join(t.TempDir(), "page.html")
	code, out, _ = cli(t, "", "log", "view", "-o", page, "-title", "prod <1>", path)
	require.Equal(t, 0, code)
	assert.Empty(t, out)
	html, err := os.ReadFile(page)
	require.NoError(t, err)
	assert.Contains(t, string(html), "<title>prod &lt;1&gt;</title>")
}

// coderun log's usage names its subcommands; a wrong one, or a missing
// file, is an error.
func TestLogUsage(t *testing.T) {
	code, out, _ := cli(t, "", "log", "-h")
	assert.Equal(t, 0, code)
	assert.Contains(t, out, "  view [-o FILE] SESSION.jsonl|-")
	assert.Contains(t, out, "  tree SESSION.jsonl|-")
	for _, sub := range []string{"view", "tree"} {
		code, out, _ := cli(t, "", "log", sub, "-h")
		assert.Equal(t, 0, code)
		assert.True(t, strings.HasPrefix(out, "usage: coderun log "+sub+" "), out)
	}
	code, _, stderr := cli(t, "", "log", "show", "x.jsonl")
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, `unknown subcommand "show": want view or tree`)
	code, _, stderr = cli(t, "", "log", "tree")
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, "missing argument")
	code, _, stderr = cli(t, "", "log", "tree", filepath.Join(t.TempDir(), "none.jsonl"))
	assert.Equal(t, 1, code)
	assert.Contains(t, stderr, "no such file")
}

// Of a file that is not a session log, standard error names the first
// lines skipped and counts the rest.
func TestLogNotASessionLog(t *testing.T) {
	code, out, stderr := cli(t, strings.Repeat("hello\n", 50), "log", "tree", "-")
	assert.Equal(t, 0, code)
	assert.Equal(t, "0 runs, 0 sub-calls; 50 lines skipped\n", out)
	assert.Equal(t, maxReportedProblems+2, strings.Count(stderr, "\n"), stderr)
	assert.Contains(t, stderr, "coderun log tree: -:20: not a JSON event")
	assert.Contains(t, stderr, "coderun log tree: -: 30 more lines skipped\n")
	assert.Contains(t, stderr, "has no call events: is it a session log")
}
