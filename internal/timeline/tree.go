package timeline

import (
	"bufio"
	"cmp"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"
)

// WriteTree prints l's dispatch tree as text: each run with its outcome,
// duration and description, then its sub-calls and its suspensions and
// resumes, in time order, indented under it. The lines skipped are only
// counted: the caller reports [Log.Problems] where errors go.
func WriteTree(w io.Writer, l *Log) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "%s\n", Summary(l))
	for _, run := range l.Runs {
		writeRun(bw, run)
	}
	return bw.Flush()
}

// Summary says in one line what the log holds.
func Summary(l *Log) string {
	s := fmt.Sprintf("%d %s, %d %s", len(l.Runs), plural(len(l.Runs), "run"), l.SubCalls, plural(l.SubCalls, "sub-call"))
	if l.Direct > 0 {
		s += fmt.Sprintf(" (%d direct %s not shown)", l.Direct, plural(l.Direct, "call"))
	}
	if n := l.Skipped; n > 0 {
		s += fmt.Sprintf("; %d %s skipped", n, plural(n, "line"))
	}
	return s
}

func plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}

func writeRun(w *bufio.Writer, run *Run) {
	fmt.Fprintf(w, "\n%s %s  %s  %s  %s", Safe(run.Tool), Safe(run.ID), runOutcome(run), dur(run.Active()), run.Start.UTC().Format(timeFormat))
	if peak := run.Peak(); peak > 1 {
		fmt.Fprintf(w, "  up to %d at once", peak)
	}
	if run.Description != "" {
		fmt.Fprintf(w, "  %q", short(run.Description, 100))
	}
	w.WriteByte('\n')
	if note := outcomeNote(run.Stage, run.Message, run.Error); note != "" {
		fmt.Fprintf(w, "  ! %s\n", Safe(short(note, 160)))
	}
	labels, tools := 0, 0
	for _, c := range run.Calls {
		labels = max(labels, len(label(run, c)))
		tools = max(tools, min(len(c.Tool), 32))
	}
	marks := run.Marks
	for _, c := range run.Calls {
		for len(marks) > 0 && marks[0].At.Before(c.Made) {
			writeMark(w, marks[0])
			marks = marks[1:]
		}
		fmt.Fprintf(w, "  %-*s %-*s %-11s %8s", labels, label(run, c), tools, Safe(c.Tool), c.Outcome, dur(c.End.Sub(c.Made)))
		var notes []string
		// A call that never ran spent its whole life in the queue: its
		// duration already says how long, so only a call that ran is
		// worth a queue note.
		if c.Wait >= minShownWait && !c.NeverRun {
			notes = append(notes, "queued "+dur(c.Wait))
		}
		if c.NeverRun {
			notes = append(notes, "never ran")
		}
		if c.Resumed {
			notes = append(notes, "after resume")
		}
		if c.NoStart && !c.Resumed {
			notes = append(notes, "no start event")
		}
		if c.Unhandled {
			notes = append(notes, "unhandled: ended the program")
		}
		if c.Approval != "" {
			notes = append(notes, c.Approval)
		}
		if note := outcomeNote(c.Stage, c.Message, c.Error); note != "" && c.Outcome != "ok" {
			notes = append(notes, note)
		}
		if len(notes) > 0 {
			fmt.Fprintf(w, "  %s", Safe(short(strings.Join(notes, "; "), 160)))
		}
		w.WriteByte('\n')
	}
	for _, m := range marks {
		writeMark(w, m)
	}
}

// timeFormat is how the tree writes a run's start: RFC 3339 in UTC, to
// the millisecond.
const timeFormat = "2006-01-02T15:04:05.000Z07:00"

// minShownWait is the shortest queue wait worth a note: below it, a call
// was admitted as soon as it was made, give or take the queue's own work.
const minShownWait = 100 * time.Microsecond

func writeMark(w *bufio.Writer, m Mark) {
	fmt.Fprintf(w, "  -- %s at %s: %s\n", m.Kind, m.At.UTC().Format("15:04:05.000"), Safe(short(m.Detail, 160)))
}

// runOutcome is a run's outcome with the failure's kind, if any.
func runOutcome(run *Run) string {
	if run.Failure != "" {
		return run.Outcome + " (" + Safe(run.Failure) + ")"
	}
	return run.Outcome
}

// OverlapSlack is how much two calls must overlap to count as running at
// once. codemode writes a call's end before its queue admits the next
// call, but a log from another writer, or from an older coderun, may
// record the end a little after: a call admitted as another ended then
// seems to overlap it by some microseconds.
const OverlapSlack = 100 * time.Microsecond

// Peak is the most sub-calls the run had running at once (admitted, not
// yet settled), overlaps within [OverlapSlack] aside.
func (r *Run) Peak() int {
	type edge struct {
		at    time.Time
		delta int
	}
	edges := make([]edge, 0, 2*len(r.Calls))
	for _, c := range r.Calls {
		end := c.End.Add(-OverlapSlack)
		if c.NeverRun || !end.After(c.Admitted) {
			continue
		}
		edges = append(edges, edge{c.Admitted, 1}, edge{end, -1})
	}
	// At equal times ends go first: a call that starts as another ends
	// did not run alongside it.
	slices.SortFunc(edges, func(a, b edge) int { return cmp.Or(a.at.Compare(b.at), cmp.Compare(a.delta, b.delta)) })
	n, peak := 0, 0
	for _, e := range edges {
		n += e.delta
		peak = max(peak, n)
	}
	return peak
}

// Active is how long the run was running: its segments, without the time
// it spent suspended.
func (r *Run) Active() time.Duration {
	var d time.Duration
	for _, s := range r.Segments {
		d += s.To.Sub(s.From)
	}
	return d
}
