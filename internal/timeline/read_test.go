package timeline

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func read(t *testing.T, lines ...string) *Log {
	t.Helper()
	l, err := Read(strings.NewReader(strings.Join(lines, "\n")))
	require.NoError(t, err)
	return l
}

func at(ms int) time.Time {
	return time.Date(2026, 12, 2, 10, 0, 0, 0, time.UTC).Add(time.Duration(ms) * time.Millisecond)
}

// The times of a sub-call come from its end event (the time it settled,
// less its duration, plus its wait), whatever moment its start event
// records, so a start written when the call leaves the queue and one
// written when the program makes it draw the same bar.
func TestCallTimesFromTheEnd(t *testing.T) {
	l := read(t,
		`{"time":"2026-12-02T10:00:00Z","msg":"tool/call-start","call":"rc","tool":"run_code","args":{"program":"x","description":"d"}}`,
		`{"time":"2026-12-02T10:00:00.030Z","msg":"tool/code-dispatch-start","parent":"rc","call":"rc.1","tool":"t","args":{"a":1}}`,
		`{"time":"2026-12-02T10:00:00.050Z","msg":"tool/code-dispatch","parent":"rc","call":"rc.1","tool":"t","duration":40000000,"wait":20000000,"outcome":"ok"}`,
		`{"time":"2026-12-02T10:00:00.060Z","msg":"tool/call","call":"rc","tool":"run_code","duration":60000000,"outcome":"ok"}`,
	)
	require.Len(t, l.Runs, 1)
	run := l.Runs[0]
	assert.Equal(t, "d", run.Description)
	assert.Equal(t, 60*time.Millisecond, run.Active())
	require.Len(t, run.Calls, 1)
	c := run.Calls[0]
	assert.Equal(t, at(10), c.Made)
	assert.Equal(t, at(30), c.Admitted)
	assert.Equal(t, at(50), c.End)
	assert.Equal(t, `{"a":1}`, c.Args)
	assert.False(t, c.NoStart || c.NoEnd || c.NeverRun)
}

// A malformed line, a line too long and an event without a token are
// reported with their line numbers and skipped; the rest is read.
func TestProblemsAreSkipped(t *testing.T) {
	long := `{"msg":"tool/call-start","args":"` + strings.Repeat("x", MaxLine) + `"}`
	l := read(t,
		`{"time":"2026-12-02T10:00:00Z","msg":"tool/call-start","call":"rc","tool":"run_code"}`,
		``,
		`not json`,
		long,
		`{"time":"2026-12-02T10:00:00.001Z","msg":"tool/code-dispatch","parent":"rc","tool":"t","outcome":"ok"}`,
		`{"msg":"tool/call","call":"rc"}`,
		`{"time":"2026-12-02T10:00:00.002Z","msg":"tool/code-dispatch-start","parent":"rc","call":"rc.1","tool":"t","args":{}}`,
		`{"time":"2026-12-02T10:00:00.003Z","msg":"tool/code-dispatch","parent":"rc","call":"rc.1","tool":"t","duration":1000000,"outcome":"ok"}`,
	)
	var lines []int
	for _, p := range l.Problems {
		lines = append(lines, p.Line)
	}
	assert.Equal(t, []int{3, 4, 5, 6}, lines)
	assert.Contains(t, l.Problems[0].Err, "not a JSON event")
	assert.Contains(t, l.Problems[1].Err, "longer than 8 MiB")
	assert.Contains(t, l.Problems[2].Err, "without a call token")
	assert.Contains(t, l.Problems[3].Err, "without a time")
	assert.Equal(t, 8, l.Lines)
	require.Len(t, l.Runs, 1)
	require.Len(t, l.Runs[0].Calls, 1)
	assert.Equal(t, "ok", l.Runs[0].Calls[0].Outcome)
}

// A dispatch start that says the call never ran (dropped, or never_run)
// marks the call; its end, outcome dropped, settles it.
func TestNeverRun(t *testing.T) {
	for _, flag := range []string{`"dropped":true`, `"never_run":true`} {
		l := read(t,
			`{"time":"2026-12-02T10:00:00Z","msg":"tool/call-start","call":"rc","tool":"run_code"}`,
			`{"time":"2026-12-02T10:00:00.005Z","msg":"tool/code-dispatch-start","parent":"rc","call":"rc.1","tool":"t","args":{},`+flag+`}`,
			`{"time":"2026-12-02T10:00:00.005Z","msg":"tool/code-dispatch","parent":"rc","call":"rc.1","tool":"t","duration":3000000,"wait":3000000,"outcome":"dropped","stage":"queue","message":"dropped"}`,
			`{"time":"2026-12-02T10:00:00.006Z","msg":"tool/call","call":"rc","tool":"run_code","outcome":"ok"}`,
		)
		require.Len(t, l.Runs[0].Calls, 1, flag)
		c := l.Runs[0].Calls[0]
		assert.True(t, c.NeverRun, flag)
		assert.Equal(t, "dropped", c.Outcome)
		assert.Equal(t, at(2), c.Made, "made when the end says, less its duration")
		assert.Equal(t, c.End, c.Admitted, "queued all its life")

		// Its 3 ms in the queue are its duration: the tree says it never
		// ran, and adds no queue note.
		var tree bytes.Buffer
		require.NoError(t, WriteTree(&tree, l))
		assert.Regexp(t, `(?m)^  #1 t dropped +3\.0ms  never ran; queue: dropped$`, tree.String(), flag)
	}
}

// Ends without starts, and starts without ends: a log that begins
// mid-session, and one cut while calls ran, still give every call.
func TestMissingEvents(t *testing.T) {
	l := read(t,
		`{"time":"2026-12-02T10:00:00.010Z","msg":"tool/code-dispatch","parent":"rc","call":"rc.4","tool":"t","duration":5000000,"outcome":"failed","stage":"execute","error":"boom"}`,
		`{"time":"2026-12-02T10:00:00.020Z","msg":"tool/code-dispatch-start","parent":"rc","call":"rc.5","tool":"t","args":{}}`,
		`{"time":"2026-12-02T10:00:00.030Z","msg":"tool/call","call":"rc","tool":"run_code","duration":30000000,"outcome":"ok"}`,
		`{"time":"2026-12-02T10:00:00.040Z","msg":"tool/call-start","call":"cut","tool":"run_code"}`,
		`{"time":"2026-12-02T10:00:00.045Z","msg":"tool/code-dispatch-start","parent":"cut","call":"cut.1","tool":"t","args":{}}`,
		`{"time":"2026-12-02T10:00:00.050Z","msg":"tool/code-dispatch-start","parent":"cut","call":"cut.2","tool":"t","args":{}}`,
		`{"time":"2026-12-02T10:00:00.055Z","msg":"tool/call","call":"direct","tool":"t","duration":1000000,"outcome":"ok"}`,
	)
	require.Len(t, l.Runs, 2)
	assert.Equal(t, 1, l.Direct, "a direct call is counted, not drawn")
	rc := l.Runs[0]
	assert.True(t, rc.NoStart)
	assert.Equal(t, at(0), rc.Start, "its end, less its duration, before its first sub-call")
	require.Len(t, rc.Calls, 2)
	assert.True(t, rc.Calls[0].NoStart)
	assert.Equal(t, at(5), rc.Calls[0].Made)
	assert.Equal(t, "failed", rc.Calls[0].Outcome)
	assert.True(t, rc.Calls[1].NoEnd)
	assert.Equal(t, OutcomeUnfinished, rc.Calls[1].Outcome)

	cut := l.Runs[1]
	assert.Equal(t, OutcomeUnfinished, cut.Outcome)
	assert.Equal(t, at(50), cut.End, "its last event")
	for _, c := range cut.Calls {
		assert.Equal(t, OutcomeUnfinished, c.Outcome)
		assert.Equal(t, at(50), c.End)
	}

	var b bytes.Buffer
	require.NoError(t, WriteTree(&b, l))
	assert.Regexp(t, `\n  #4 t failed +5\.0ms  no start event; execute: boom\n  #5 t unfinished +10\.0ms\n`, b.String())
	assert.Contains(t, b.String(), "run_code cut  unfinished")
}

// A suspended run has two segments; the resumed call settles in the
// second without a start, and its approval goes with it.
func TestSuspendAndResume(t *testing.T) {
	l, err := Read(bytes.NewReader(sessionLog(t)))
	require.NoError(t, err)
	require.Len(t, l.Runs, 2)
	run := l.Runs[1]
	assert.Equal(t, "refund", run.ID)
	require.Len(t, run.Segments, 2)
	assert.Less(t, run.Active(), run.End.Sub(run.Start), "the suspension is not counted as running")
	require.Len(t, run.Marks, 2)
	assert.Equal(t, []string{"suspended", "resumed"}, []string{run.Marks[0].Kind, run.Marks[1].Kind})
	var outcomes []string
	for _, c := range run.Calls {
		outcomes = append(outcomes, c.ID+" "+c.Outcome)
	}
	assert.Equal(t, []string{"refund.1 ok", "refund.2 suspended", "refund.2 ok", "refund.3 ok"}, outcomes)
	resumed := run.Calls[2]
	assert.True(t, resumed.Resumed && resumed.NoStart)
	assert.Equal(t, "approved (on resume)", resumed.Approval)
	assert.Equal(t, `{"order":7,"amount":12}`, resumed.Args, "the arguments of the call it continues")
	assert.Contains(t, run.Calls[1].Approval, "approval pending")

	// On the page, the suspension between the segments is shortened.
	pr := newPageRun(run)
	require.Len(t, pr.Breaks, 1)
	assert.Equal(t, int64(run.Segments[1].From.Sub(run.Segments[0].To)), pr.Breaks[0].Hidden)
	assert.Less(t, pr.Breaks[0].Width, pr.Breaks[0].Hidden)
	assert.Equal(t, pr.Span, pr.Active+pr.Breaks[0].Width)
}

// Text for the terminal cannot carry escape sequences or reorder itself.
func TestSafe(t *testing.T) {
	assert.Equal(t, `a\x1b[2Jb\u202ec\n`, Safe("a\x1b[2Jb\u202ec\n"))
	assert.Equal(t, "plain – text", Safe("plain – text"))
}

func TestCut(t *testing.T) {
	s := strings.Repeat("é", MaxText)
	c := cut(s)
	assert.True(t, strings.HasSuffix(c, "… (4096 bytes in all)"), c[len(c)-40:])
	assert.Less(t, len(c), MaxText+40)
	assert.Equal(t, `{"a":"<b>&","b":"\\u003c","c":"\u001b"}`, unescapeHTML([]byte(`{"a":"\u003cb\u003e\u0026","b":"\\u003c","c":"\u001b"}`)))
}

// The sub-call whose unhandled rejection ended the program is marked.
func TestUnhandled(t *testing.T) {
	l := read(t,
		`{"time":"2026-12-02T10:00:00Z","msg":"tool/call-start","call":"rc","tool":"run_code"}`,
		`{"time":"2026-12-02T10:00:00.001Z","msg":"tool/code-dispatch-start","parent":"rc","call":"rc.1","tool":"t","args":{}}`,
		`{"time":"2026-12-02T10:00:00.002Z","msg":"tool/code-dispatch","parent":"rc","call":"rc.1","tool":"t","duration":1000000,"outcome":"failed","stage":"execute","error":"boom"}`,
		`{"time":"2026-12-02T10:00:00.003Z","msg":"tool/call","call":"rc","tool":"run_code","duration":3000000,"outcome":"failed","stage":"execute","failure":"exception","message":"boom","unhandled":"rc.1"}`,
	)
	run := l.Runs[0]
	assert.Equal(t, "rc.1", run.Unhandled)
	assert.True(t, run.Calls[0].Unhandled)
	var b bytes.Buffer
	require.NoError(t, WriteTree(&b, l))
	assert.Contains(t, b.String(), "run_code rc  failed (exception)  3.0ms")
	assert.Contains(t, b.String(), "unhandled: ended the program; execute: boom")
}

// Peak counts the calls running at once, not the ones queued or dropped.
func TestPeak(t *testing.T) {
	l, err := Read(bytes.NewReader(sessionLog(t)))
	require.NoError(t, err)
	assert.Equal(t, 2, l.Runs[0].Peak(), "maxParallelSubCalls is 2: the third page queued")
	assert.Equal(t, 1, l.Runs[1].Peak())
}
