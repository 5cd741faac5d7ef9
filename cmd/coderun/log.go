package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/coderun/coderun/internal/timeline"
)

var logCmd = &command{
	name:    "log",
	args:    "view|tree FILE",
	summary: "show what each run_code call did, from a session log",
	synopsis: `Reads a Code Mode session log (coderun mcp --log FILE) and shows each
run_code call's sub-calls: when each was made, how long it queued and ran,
which overlapped, how it ended (ok, denied, failed, dropped, ...), and where
the run suspended and resumed. A line that is not a valid event is reported
with its number on standard error and skipped.

subcommands:
  view [-o FILE] SESSION.jsonl|-   write the timeline as one self-contained HTML page
  tree SESSION.jsonl|-             print the dispatch tree as text

Run 'coderun log view -h' for its flags.`,
	run: runLog,
}

// logSubcommands are log's subcommands, in the order its usage lists them.
var logSubcommands = []*command{logViewCmd, logTreeCmd}

var logViewCmd = &command{
	name: "log view",
	args: "[flags] SESSION.jsonl|-",
	synopsis: `Writes the session log's timeline as one HTML page, to standard output or
-o FILE. The page needs no network: open it from the file. Hover over a
call for its arguments and outcome; click to keep them shown.`,
	run: runLogView,
}

var logTreeCmd = &command{
	name:     "log tree",
	args:     "SESSION.jsonl|-",
	synopsis: "Prints each run_code call of the session log with its sub-calls indented under it, with outcome and duration.",
	run:      runLogTree,
}

// runLog implements `coderun log`: it runs the subcommand named by the
// first argument.
func runLog(c *command, args []string, std stdio) int {
	fs := newFlagSet(c, std)
	if len(args) == 0 || strings.HasPrefix(args[0], "-") {
		// log has no flags of its own: the subcommand's come after its
		// name, so only -h (or a mistake) can come first.
		if status, stop := parseFlags(c, fs, args[:min(len(args), 1)], std, 1, 1); stop {
			return status
		}
	}
	for _, sub := range logSubcommands {
		if sub.name == "log "+args[0] {
			return sub.run(sub, args[1:], std)
		}
	}
	return usageError(c, std, fmt.Sprintf("unknown subcommand %q: want view or tree", args[0]))
}

// runLogView implements `coderun log view`. It returns 0 when the page is
// written, also if lines of the log were skipped, 1 when the log cannot be
// read or the page written, 2 for a usage error.
func runLogView(c *command, args []string, std stdio) int {
	fs := newFlagSet(c, std)
	out := fs.String("o", "", "write the page to `FILE` instead of standard output")
	title := fs.String("title", "", "the page's `TITLE` (default: the log's file name)")
	if status, stop := parseFlags(c, fs, args, std, 1, 1); stop {
		return status
	}
	l, ok := readSessionLog(c, fs.Arg(0), std)
	if !ok {
		return 1
	}
	if *title == "" {
		*title = filepath.Base(fs.Arg(0))
		if fs.Arg(0) == "-" {
			*title = "session log"
		}
	}
	w, done := std.out, func() error { return nil }
	if *out != "" {
		f, err := os.Create(*out)
		if err != nil {
			fmt.Fprintf(std.err, "coderun %s: %v\n", c.name, err)
			return 1
		}
		w, done = f, f.Close
	}
	err := timeline.WriteHTML(w, *title, l)
	if cerr := done(); err == nil {
		err = cerr
	}
	if err != nil {
		fmt.Fprintf(std.err, "coderun %s: writing the page: %v\n", c.name, err)
		return 1
	}
	return 0
}

// runLogTree implements `coderun log tree`, with runLogView's statuses.
func runLogTree(c *command, args []string, std stdio) int {
	fs := newFlagSet(c, std)
	if status, stop := parseFlags(c, fs, args, std, 1, 1); stop {
		return status
	}
	l, ok := readSessionLog(c, fs.Arg(0), std)
	if !ok {
		return 1
	}
	if err := timeline.WriteTree(std.out, l); err != nil {
		fmt.Fprintf(std.err, "coderun %s: %v\n", c.name, err)
		return 1
	}
	return 0
}

// maxReportedProblems bounds the skipped lines named on standard error: a
// log that is not a session log at all would otherwise repeat itself for
// every line.
const maxReportedProblems = 20

// readSessionLog reads the session log at path (- for standard input) and
// reports the lines it skipped on standard error.
func readSessionLog(c *command, path string, std stdio) (*timeline.Log, bool) {
	var r io.Reader = std.in
	if path != "-" {
		f, err := os.Open(path)
		if err != nil {
			fmt.Fprintf(std.err, "coderun %s: %v\n", c.name, err)
			return nil, false
		}
		defer f.Close()
		r = f
	}
	l, err := timeline.Read(r)
	if err != nil {
		fmt.Fprintf(std.err, "coderun %s: %v\n", c.name, err)
		return nil, false
	}
	for i, p := range l.Problems {
		if i == maxReportedProblems {
			break
		}
		fmt.Fprintf(std.err, "coderun %s: %s:%d: %s\n", c.name, path, p.Line, timeline.Safe(p.Err))
	}
	if more := l.Skipped - min(len(l.Problems), maxReportedProblems); more > 0 {
		fmt.Fprintf(std.err, "coderun %s: %s: %d more lines skipped\n", c.name, path, more)
	}
	if len(l.Runs) == 0 && l.Events == 0 {
		fmt.Fprintf(std.err, "coderun %s: %s has no call events: is it a session log (coderun mcp --log FILE)?\n", c.name, path)
	}
	return l, true
}
