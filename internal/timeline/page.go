package timeline

import (
	"strings"
	"time"
)

// The page's data: the model with each time turned into a position on its
// run's axis, in nanoseconds from the run's start with suspensions
// shortened, so the page's script only scales numbers. Keys are short: a
// page of 10,000 calls carries them 10,000 times.
type (
	pageData struct {
		Title    string    `json:"title"`
		Summary  string    `json:"summary"`
		Problems []Problem `json:"problems"`
		Skipped  int       `json:"skipped"`
		Runs     []pageRun `json:"runs"`
		Outcomes []string  `json:"outcomes"`
		Slack    int64     `json:"slack"` // OverlapSlack
	}
	pageRun struct {
		ID       string      `json:"id"`
		Tool     string      `json:"tool"`
		Desc     string      `json:"desc,omitempty"`
		Args     string      `json:"args,omitempty"`
		Outcome  string      `json:"o"`
		Failure  string      `json:"failure,omitempty"`
		Note     string      `json:"note,omitempty"`
		Start    string      `json:"start"`
		Span     int64       `json:"span"`   // the axis' length
		Active   int64       `json:"active"` // time running, suspensions left out
		Peak     int         `json:"peak"`
		NoStart  bool        `json:"nostart,omitempty"`
		Segments [][2]int64  `json:"segs"`             // axis positions of each segment
		Breaks   []pageBreak `json:"breaks,omitempty"` // shortened suspensions
		Marks    []pageMark  `json:"marks,omitempty"`
		Calls    []pageCall  `json:"calls"`
	}
	pageBreak struct {
		X      int64 `json:"x"`
		Width  int64 `json:"w"`
		Hidden int64 `json:"hidden"` // how long the run was suspended
	}
	pageMark struct {
		X      int64  `json:"x"`
		Kind   string `json:"kind"`
		At     string `json:"at"`
		Detail string `json:"detail"`
	}
	pageCall struct {
		Label    string `json:"l"`
		ID       string `json:"id"`
		Tool     string `json:"t"`
		Outcome  string `json:"o"`
		Note     string `json:"n,omitempty"`
		Args     string `json:"a,omitempty"`
		Approval string `json:"p,omitempty"`
		Flags    string `json:"f,omitempty"`
		Made     int64  `json:"m"`
		Admitted int64  `json:"q"`
		End      int64  `json:"e"`
		Duration int64  `json:"d"`
		Wait     int64  `json:"w"`
		At       string `json:"at"`
	}
)

// axis maps a run's times to positions: its segments one after another,
// each gap between them (the run suspended, waiting for an approval that
// may take hours) shortened to gap.
type axis struct {
	segs []Segment
	gap  time.Duration
}

func newAxis(run *Run) axis {
	// A suspension takes an eighth of the running time on screen, enough
	// to see and label, however long it really was.
	return axis{segs: run.Segments, gap: max(run.Active()/8, time.Microsecond)}
}

// pos is t's position on the axis. A time between two segments falls
// within the shortened gap, in proportion.
func (a axis) pos(t time.Time) int64 {
	var x time.Duration
	for i, s := range a.segs {
		if !t.After(s.To) || i == len(a.segs)-1 {
			return int64(x + min(max(t.Sub(s.From), 0), s.To.Sub(s.From)))
		}
		x += s.To.Sub(s.From)
		next := a.segs[i+1].From
		if t.Before(next) {
			gap := next.Sub(s.To)
			return int64(x + time.Duration(float64(a.gap)*float64(t.Sub(s.To))/float64(max(gap, 1))))
		}
		x += a.gap
	}
	return int64(x)
}

// span is the axis' length.
func (a axis) span() int64 {
	return a.pos(a.segs[len(a.segs)-1].To)
}

func newPageData(title string, l *Log) *pageData {
	d := &pageData{Title: title, Summary: Summary(l), Problems: l.Problems, Skipped: l.Skipped, Slack: int64(OverlapSlack), Runs: make([]pageRun, 0, len(l.Runs))}
	if d.Problems == nil {
		d.Problems = []Problem{}
	}
	seen := map[string]bool{}
	for _, run := range l.Runs {
		pr := newPageRun(run)
		for _, c := range pr.Calls {
			if !seen[c.Outcome] {
				seen[c.Outcome] = true
				d.Outcomes = append(d.Outcomes, c.Outcome)
			}
		}
		d.Runs = append(d.Runs, pr)
	}
	return d
}

func newPageRun(run *Run) pageRun {
	a := newAxis(run)
	pr := pageRun{
		ID: run.ID, Tool: run.Tool, Desc: run.Description, Args: run.Args,
		Outcome: run.Outcome, Failure: run.Failure, Note: outcomeNote(run.Stage, run.Message, run.Error),
		Start: run.Start.UTC().Format(time.RFC3339Nano), Span: a.span(), Active: int64(run.Active()), Peak: run.Peak(), NoStart: run.NoStart,
		Calls: make([]pageCall, len(run.Calls)),
	}
	for i, s := range run.Segments {
		pr.Segments = append(pr.Segments, [2]int64{a.pos(s.From), a.pos(s.To)})
		if i > 0 {
			prev := run.Segments[i-1].To
			pr.Breaks = append(pr.Breaks, pageBreak{X: a.pos(prev), Width: int64(a.gap), Hidden: int64(s.From.Sub(prev))})
		}
	}
	for _, m := range run.Marks {
		pr.Marks = append(pr.Marks, pageMark{X: a.pos(m.At), Kind: m.Kind, At: m.At.UTC().Format(time.RFC3339Nano), Detail: m.Detail})
	}
	for i, c := range run.Calls {
		pr.Calls[i] = pageCall{
			Label: label(run, c), ID: c.ID, Tool: c.Tool, Outcome: c.Outcome,
			Note: outcomeNote(c.Stage, c.Message, c.Error), Args: c.Args, Approval: c.Approval, Flags: flags(c),
			Made: a.pos(c.Made), Admitted: a.pos(c.Admitted), End: a.pos(c.End),
			Duration: int64(c.End.Sub(c.Made)), Wait: int64(c.Wait), At: c.Made.UTC().Format(time.RFC3339Nano),
		}
	}
	return pr
}

// flags says what is unusual about how the log tells a call.
func flags(c *Call) string {
	var fs []string
	if c.NeverRun {
		fs = append(fs, "never ran")
	}
	if c.Resumed {
		fs = append(fs, "settled after the run resumed")
	}
	if c.NoStart && !c.Resumed {
		fs = append(fs, "the log has no start event")
	}
	if c.NoEnd {
		fs = append(fs, "the log has no end event")
	}
	if c.Unhandled {
		fs = append(fs, "its rejection, handled by nothing, ended the program")
	}
	return strings.Join(fs, "; ")
}
