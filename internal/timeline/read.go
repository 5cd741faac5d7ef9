package timeline

import (
	"bufio"
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"
)

// MaxLine bounds the memory one line of the log may take. A longer line is
// reported as a [Problem] and skipped.
const MaxLine = 8 << 20

// The session log events Read uses; they are codemode's Event* names,
// spelled here so reading a log does not need the runtime.
const (
	eventCallStart     = "tool/call-start"
	eventCall          = "tool/call"
	eventDispatchStart = "tool/code-dispatch-start"
	eventDispatch      = "tool/code-dispatch"
	eventApproval      = "tool/approval"
	eventArgsRewritten = "tool/args-rewritten"
	eventSuspended     = "tool/suspended"
	eventResumed       = "tool/resumed"
	runCodeTool        = "run_code"
	outcomeSuspended   = "suspended"
)

// record is the part of an event Read uses. Fields that differ in type
// between events (pending, approved) stay raw.
type record struct {
	Time      time.Time       `json:"time"`
	Msg       string          `json:"msg"`
	Call      string          `json:"call"`
	Parent    string          `json:"parent"`
	Tool      string          `json:"tool"`
	Args      json.RawMessage `json:"args"`
	Duration  *int64          `json:"duration"`
	Wait      *int64          `json:"wait"`
	Outcome   string          `json:"outcome"`
	Stage     string          `json:"stage"`
	Failure   string          `json:"failure"`
	Unhandled string          `json:"unhandled"`
	Message   string          `json:"message"`
	Error     string          `json:"error"`
	Note      string          `json:"note"`
	Approved  json.RawMessage `json:"approved"`
	Denied    json.RawMessage `json:"denied"`
	Pending   json.RawMessage `json:"pending"`
	Resumed   bool            `json:"resumed"`
	// Dropped (or NeverRun) on a dispatch start marks a call that left the
	// queue without running.
	Dropped  bool `json:"dropped"`
	NeverRun bool `json:"never_run"`
}

// Read reads a session log from r, one event at a time, and returns its
// runs. Lines that are not events of a call are skipped; lines that cannot
// be used are listed in [Log.Problems]. The error is only r's.
func Read(r io.Reader) (*Log, error) {
	b := newBuilder()
	br := bufio.NewReaderSize(r, 64<<10)
	var buf []byte
	for {
		line, tooLong, read, err := readLine(br, buf[:0])
		buf = line[:0]
		if read {
			b.log.Lines++
			b.n = b.log.Lines
			if tooLong {
				b.problem(fmt.Sprintf("longer than %d MiB: skipped", MaxLine>>20))
			} else {
				b.line(line)
			}
		}
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("reading the session log at line %d: %w", b.log.Lines+1, err)
		}
	}
	return b.finish(), nil
}

// readLine reads one line into buf, without its newline. tooLong reports a
// line over MaxLine, whose rest is read and discarded; read is false at the
// end of the input, when there was no line left.
func readLine(br *bufio.Reader, buf []byte) (line []byte, tooLong, read bool, err error) {
	for {
		chunk, err := br.ReadSlice('\n')
		read = read || len(chunk) > 0
		if !tooLong {
			if len(buf)+len(chunk) > MaxLine+1 {
				tooLong, buf = true, buf[:0]
			} else {
				buf = append(buf, chunk...)
			}
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		return bytes.TrimRight(buf, "\r\n"), tooLong, read, err
	}
}

// builder assembles the runs event by event.
type builder struct {
	log  *Log
	n    int             // the line being read
	runs map[string]*Run // the latest run of each token
	open map[string]*Call
	last map[string]*Call // the latest sub-call of each token
}

func newBuilder() *builder {
	return &builder{
		log:  &Log{},
		runs: make(map[string]*Run),
		open: make(map[string]*Call),
		last: make(map[string]*Call),
	}
}

func (b *builder) problem(msg string) {
	b.log.Skipped++
	if len(b.log.Problems) < MaxProblems {
		b.log.Problems = append(b.log.Problems, Problem{Line: b.n, Err: msg})
	}
}

// line uses one line of the log.
func (b *builder) line(line []byte) {
	if len(bytes.TrimSpace(line)) == 0 {
		return
	}
	var rec record
	if err := json.Unmarshal(line, &rec); err != nil {
		b.problem("not a JSON event: " + err.Error())
		return
	}
	switch rec.Msg {
	case eventCallStart, eventCall, eventDispatchStart, eventDispatch, eventApproval, eventArgsRewritten, eventSuspended, eventResumed:
	default:
		return // an event about something else: the wire tools, a server
	}
	if rec.Call == "" {
		b.problem(rec.Msg + " without a call token: skipped")
		return
	}
	if rec.Time.IsZero() {
		b.problem(rec.Msg + " without a time: skipped")
		return
	}
	b.log.Events++
	if rec.Parent != "" {
		b.subEvent(&rec)
		return
	}
	b.topEvent(&rec)
}

// topEvent uses an event of a top-level call.
func (b *builder) topEvent(rec *record) {
	run := b.runs[rec.Call]
	switch rec.Msg {
	case eventCallStart:
		if run != nil && run.NoStart && !run.ended {
			run.NoStart, run.Start, run.Segments[0].From = false, rec.Time, rec.Time
		} else {
			run = b.newRun(rec, rec.Time, false)
		}
		run.Args = jsonText(rec.Args)
		run.Description = description(rec.Args)
	case eventCall:
		if run == nil || run.ended {
			run = b.newRun(rec, rec.Time, true)
		}
		run.reach(rec.Time.Add(-nanos(rec.Duration)))
		run.ended = true
		run.Outcome, run.Stage, run.Failure = rec.Outcome, rec.Stage, rec.Failure
		run.Message, run.Error, run.Unhandled = cut(rec.Message), cut(rec.Error), rec.Unhandled
	case eventSuspended:
		if run == nil {
			run = b.newRun(rec, rec.Time, true)
		}
		run.Marks = append(run.Marks, Mark{Kind: outcomeSuspended, At: rec.Time, Detail: "pending: " + tokens(rec.Pending)})
	case eventResumed:
		if run == nil {
			run = b.newRun(rec, rec.Time, true)
		} else {
			run.Segments = append(run.Segments, Segment{From: rec.Time, To: rec.Time})
		}
		run.ended = false
		run.Marks = append(run.Marks, Mark{Kind: "resumed", At: rec.Time, Detail: "approved: " + tokens(rec.Approved) + "; denied: " + tokens(rec.Denied)})
	case eventApproval, eventArgsRewritten:
		if run == nil {
			return
		}
	}
	if run.Tool == "" {
		run.Tool = rec.Tool
	}
	run.saw(rec.Time)
}

// newRun starts a run of rec's call at start. noStart marks one whose start
// the log lacks.
func (b *builder) newRun(rec *record, start time.Time, noStart bool) *Run {
	run := &Run{ID: rec.Call, Tool: rec.Tool, Start: start, End: start, NoStart: noStart,
		Segments: []Segment{{From: start, To: start}}}
	b.runs[rec.Call] = run
	b.log.Runs = append(b.log.Runs, run)
	return run
}

// saw extends the run's current segment to t.
func (r *Run) saw(t time.Time) {
	if t.After(r.End) {
		r.End = t
	}
	seg := &r.Segments[len(r.Segments)-1]
	if t.After(seg.To) {
		seg.To = t
	}
}

// reach moves the start of a run whose start event the log lacks back to
// t, when an event says the run was already running then.
func (r *Run) reach(t time.Time) {
	if r.NoStart && len(r.Segments) == 1 && t.Before(r.Start) {
		r.Start, r.Segments[0].From = t, t
	}
}

// subEvent uses an event of a sub-call.
func (b *builder) subEvent(rec *record) {
	// A sub-call belongs to its parent's latest run, also when it comes
	// after the run ended: a call the program made and never awaited is
	// dropped only then.
	run := b.runs[rec.Parent]
	if run == nil {
		run = b.newRun(&record{Call: rec.Parent}, rec.Time, true)
	}
	switch rec.Msg {
	case eventDispatchStart:
		if old := b.open[rec.Call]; old != nil {
			b.problem("a second start of sub-call " + rec.Call + " before its end")
		}
		c := &Call{ID: rec.Call, Tool: rec.Tool, Args: jsonText(rec.Args), Made: rec.Time, Admitted: rec.Time, End: rec.Time,
			NeverRun: rec.Dropped || rec.NeverRun, NoEnd: true, Outcome: OutcomeUnfinished, Resumed: len(run.Segments) > 1, Segment: len(run.Segments) - 1}
		run.Calls = append(run.Calls, c)
		b.open[rec.Call], b.last[rec.Call] = c, c
	case eventDispatch:
		c := b.open[rec.Call]
		delete(b.open, rec.Call)
		if c == nil {
			c = &Call{ID: rec.Call, Tool: rec.Tool, NoStart: true, Resumed: len(run.Segments) > 1, Segment: len(run.Segments) - 1}
			if prev := b.last[rec.Call]; prev != nil {
				c.Args = prev.Args
			}
			run.Calls = append(run.Calls, c)
			b.last[rec.Call] = c
		}
		c.NoEnd, c.End = false, rec.Time
		c.Outcome, c.Stage, c.Message, c.Error = rec.Outcome, rec.Stage, cut(rec.Message), cut(rec.Error)
		if rec.Duration != nil {
			c.Duration = max(nanos(rec.Duration), 0)
			c.Made = rec.Time.Add(-c.Duration)
		} else if c.NoStart {
			c.Made = rec.Time
		}
		c.Wait = min(max(nanos(rec.Wait), 0), rec.Time.Sub(c.Made))
		c.Admitted = c.Made.Add(c.Wait)
		run.reach(c.Made)
	case eventApproval:
		if rec.Resumed && b.open[rec.Call] == nil {
			// The answer a resume brought: the call settles again, in the
			// resumed segment, and its end follows without a start.
			c := &Call{ID: rec.Call, Tool: rec.Tool, Made: rec.Time, Admitted: rec.Time, End: rec.Time,
				NoStart: true, NoEnd: true, Outcome: OutcomeUnfinished, Resumed: true, Segment: len(run.Segments) - 1}
			if prev := b.last[rec.Call]; prev != nil {
				c.Args = prev.Args
			}
			run.Calls = append(run.Calls, c)
			b.open[rec.Call], b.last[rec.Call] = c, c
		}
		if c := b.last[rec.Call]; c != nil {
			c.Approval = joinNote(c.Approval, approvalText(rec))
		}
	case eventArgsRewritten:
		if c := b.last[rec.Call]; c != nil {
			c.Approval = joinNote(c.Approval, "arguments rewritten to "+jsonText(rec.Args))
		}
	}
	run.saw(rec.Time)
}

// finish closes what the log left open and drops the runs not shown.
func (b *builder) finish() *Log {
	runs := b.log.Runs[:0]
	for _, run := range b.log.Runs {
		if run.Tool != runCodeTool && len(run.Calls) == 0 {
			b.log.Direct++
			continue
		}
		if !run.ended {
			run.Outcome = OutcomeUnfinished
		}
		if c := b.last[run.Unhandled]; c != nil && run.Unhandled != "" {
			c.Unhandled = true
		}
		for _, c := range run.Calls {
			if c.NoEnd {
				// Running, as far as the log knows, until the run's last event.
				c.End = run.End
			}
		}
		// Program order within each segment: calls made within microseconds
		// of each other are not ordered reliably by their times.
		slices.SortStableFunc(run.Calls, func(x, y *Call) int {
			return cmp.Or(cmp.Compare(x.Segment, y.Segment), cmp.Compare(seq(run, x), seq(run, y)), x.Made.Compare(y.Made))
		})
		b.log.SubCalls += len(run.Calls)
		runs = append(runs, run)
	}
	b.log.Runs = runs
	return b.log
}

// seq is the call's position in its program's order, from its token, or a
// number after every position when the token has none.
func seq(run *Run, c *Call) int64 {
	if rest, ok := strings.CutPrefix(c.ID, run.ID+"."); ok {
		if n, err := strconv.ParseInt(rest, 10, 64); err == nil {
			return n
		}
	}
	return math.MaxInt64
}

func nanos(p *int64) time.Duration {
	if p == nil {
		return 0
	}
	return time.Duration(*p)
}

// approvalText says what an approval event decided.
func approvalText(rec *record) string {
	var s string
	switch {
	case string(rec.Pending) == "true":
		s = "approval pending"
		if rec.Note != "" {
			s += ": " + cut(rec.Note)
		}
	case string(rec.Approved) == "true":
		s = "approved"
	default:
		s = "not approved"
	}
	if rec.Resumed {
		s += " (on resume)"
	}
	return s
}

func joinNote(a, b string) string {
	if a == "" {
		return b
	}
	return a + "; " + b
}

// tokens lists a JSON array of call tokens, or says none.
func tokens(raw json.RawMessage) string {
	var ids []string
	if json.Unmarshal(raw, &ids) != nil || len(ids) == 0 {
		return "none"
	}
	return cut(strings.Join(ids, ", "))
}

// description is run_code's description argument.
func description(args json.RawMessage) string {
	var a struct {
		Description string `json:"description"`
	}
	if json.Unmarshal(args, &a) != nil {
		return ""
	}
	return cut(a.Description)
}

// jsonText is arguments as compact JSON text, cut to MaxText, with <, >
// and & as themselves: the log escapes them, but people read the text, and
// every place that shows it escapes it for its own medium.
func jsonText(raw json.RawMessage) string {
	if len(raw) == 0 {
		return ""
	}
	var b bytes.Buffer
	if json.Compact(&b, raw) != nil {
		return cut(string(raw))
	}
	return cut(unescapeHTML(b.Bytes()))
}

// unescapeHTML turns the \u003c, \u003e and \u0026 escapes of JSON text
// back into characters. Every other escape, a control character's
// included, stays as it is; a backslash outside a string is not JSON.
func unescapeHTML(text []byte) string {
	var b strings.Builder
	for i := 0; i < len(text); i++ {
		if text[i] != '\\' || i+1 == len(text) {
			b.WriteByte(text[i])
			continue
		}
		if text[i+1] == 'u' && i+6 <= len(text) {
			switch strings.ToLower(string(text[i+2 : i+6])) {
			case "003c":
				b.WriteByte('<')
				i += 5
				continue
			case "003e":
				b.WriteByte('>')
				i += 5
				continue
			case "0026":
				b.WriteByte('&')
				i += 5
				continue
			}
		}
		b.Write(text[i : i+2])
		i++
	}
	return b.String()
}

// cut shortens s to MaxText bytes of valid UTF-8, saying how long it was.
func cut(s string) string {
	if len(s) <= MaxText {
		return strings.ToValidUTF8(s, "\uFFFD")
	}
	// A character cut in two becomes U+FFFD, like any invalid byte.
	return fmt.Sprintf("%s… (%d bytes in all)", strings.ToValidUTF8(s[:MaxText], "\uFFFD"), len(s))
}
