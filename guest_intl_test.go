package coderun

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf16"

	"github.com/rivo/uniseg"

	"github.com/coderun/coderun/internal/intl"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Intl is computed on the host (internal/intl) inside the guest's call, so
// its work is the run's work: the compute budget, fuel and abort stop a
// program that formats without end.
func TestIntlWorkIsBudgeted(t *testing.T) {
	t.Parallel()
	const forever = `
		const nf = new Intl.NumberFormat("de-DE", {style: "currency", currency: "EUR"})
		let n = 0
		for (let i = 0; ; i++) n += nf.format(i * 1.25).length + (i * 0.5).toLocaleString("fr-FR").length`

	rt := newRuntime(t, func(c *Config) { c.ComputeTime = 300 * time.Millisecond })
	msg := requireFailure(t, runProgram(t, rt, forever), KindTimeout)
	assert.Contains(t, msg, "ComputeTime")

	fuel := newRuntime(t, func(c *Config) { c.Deterministic, c.Fuel = true, 200 })
	requireFailure(t, runProgram(t, fuel, forever), KindTimeout)

	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(200*time.Millisecond, cancel)
	res, err := newRuntime(t, nil).Run(ctx, Request{Program: forever})
	require.NoError(t, err)
	requireFailure(t, res, KindAbort)
}

// An Intl object keeps only its resolved options and the host's spec, so a
// run that suspends with formatters resumes with them in another Runtime,
// whose session has none of them cached.
func TestIntlSurvivesSuspendAndResume(t *testing.T) {
	t.Parallel()
	ns := approvals(nil)
	rt := durableRuntime(t, nil)
	res, err := rt.Run(context.Background(), Request{Program: `
		const money = new Intl.NumberFormat("en-US", {style: "currency", currency: "USD"})
		const day = new Intl.DateTimeFormat("en-GB", {dateStyle: "long", timeZone: "Asia/Tokyo"})
		const byName = new Intl.Collator("de", {sensitivity: "base"})
		const before = money.format(1234.5)
		const ok = await tools.ask("format")
		return [before, money.format(99), day.format(Date.UTC(2024, 0, 31, 20)), byName.compare("Ä", "a"), ok,
			money.resolvedOptions().currency, (5).toLocaleString("de-DE", {minimumFractionDigits: 2})]`,
		Bindings: []Namespace{ns}})
	require.NoError(t, err)
	s := requireSuspended(t, res)

	other := durableRuntime(t, nil)
	res, err = other.Resume(context.Background(), s.State, []Answer{{ID: s.Pending[0].ID, Value: "yes"}}, []Namespace{ns})
	require.NoError(t, err)
	assert.JSONEq(t, `["$1,234.50", "$99.00", "1 February 2024", 0, "yes", "USD", "5,00"]`, requireOK(t, res))
}

// Intl's errors are the program's exceptions, with the class and message
// a program checks; what coderun cannot do, it says.
func TestIntlErrors(t *testing.T) {
	t.Parallel()
	rt := newRuntime(t, nil)
	for _, c := range []struct{ program, want string }{
		{`new Intl.NumberFormat("en_US")`, "RangeError: Incorrect locale information provided"},
		{`new Intl.NumberFormat("en", {style: "currency"})`, "TypeError: Currency code is required with currency style."},
		{`new Intl.NumberFormat("en", {style: "currency", currency: "EURO"})`, "RangeError: Invalid currency code : EURO"},
		{`new Intl.DateTimeFormat("en", {timeZone: "Mars/Olympus"})`, "RangeError: Invalid time zone specified: Mars/Olympus"},
		{`new Intl.NumberFormat("en", {maximumFractionDigits: 101})`, "RangeError: maximumFractionDigits value is out of range."},
		{`new Intl.NumberFormat("en", {style: "unit", unit: "meters"})`, "RangeError: Invalid unit argument for Intl.NumberFormat() 'meters'"},
		{`new Date(0).toLocaleDateString("fa-IR")`, `RangeError: calendar persian (fa-IR's default, or the one asked for) is not supported in the coderun sandbox; pass the option calendar: "gregory"`},
		{`new Intl.NumberFormat("en").formatRange(NaN, 2)`, "RangeError: Invalid start : NaN"},
		{`new Intl.PluralRules("en").selectRange(1)`, "TypeError: Invalid endRange : undefined"},
		{`new Intl.DateTimeFormat("th").formatRange(0, 1e10)`, `RangeError: Intl.DateTimeFormat formatRange with the buddhist calendar is not supported in the coderun sandbox; pass the option calendar: "gregory"`},
		{`new Intl.DateTimeFormat("en").format(NaN)`, "RangeError: Invalid time value"},
		{`new Intl.DisplayNames("en", {type: "calendar"})`, `RangeError: Intl.DisplayNames type "calendar" is not supported in the coderun sandbox`},
		{`[...new Intl.Segmenter("ja", {granularity: "word"}).segment("東京に行く")]`, "RangeError: Intl.Segmenter word granularity for Chinese, Japanese, Thai, Lao, Khmer or Burmese text is not supported in the coderun sandbox"},
	} {
		msg := requireFailure(t, runProgram(t, rt, c.program), KindException)
		assert.Contains(t, msg, c.want, c.program)
	}
}

// What the host leaves out of an answer stays out: a property a program
// puts on Object.prototype does not show through Intl's objects.
func TestIntlIgnoresAPollutedObjectPrototype(t *testing.T) {
	t.Parallel()
	rt := newRuntime(t, nil)
	assert.JSONEq(t, `[null, null, [null, null], "en-US", "1,234.5", "€5.00"]`, requireOK(t, runProgram(t, rt, `
		Object.prototype.script = "Evil"; Object.prototype.w = [true]; Object.prototype.timeZones = ["X"]
		Object.prototype.id = "#0"; Object.prototype.spec = "{}"
		const l = new Intl.Locale("en")
		return [l.script ?? null, l.timeZones ?? null, [...new Intl.Segmenter().segment("ab")].map(s => s.isWordLike ?? null),
			new Intl.NumberFormat().resolvedOptions().locale, (1234.5).toLocaleString(),
			new Intl.NumberFormat("en", {style: "currency", currency: "EUR"}).format(5)]`)))
}

// The host segments a long input a window at a time (a bounded work per
// call): across the windows' edges, through surrogate pairs that straddle
// them, the segments are those of the whole text, and containing() far
// into the input finds its segment.
func TestSegmenterSegmentsLongTextAsAWhole(t *testing.T) {
	t.Parallel()
	pieces := []string{"The fox can't jump 3.14 m. ", "Mr. Smith went. ", "Yes?!\r\n", "👩‍👩‍👧‍👦", "🇫🇷🇩🇪", "e\u0301", "Привет, мир! ", "😀", "  "}
	var b strings.Builder
	for i := 0; b.Len() < 120_000; i++ {
		b.WriteString(pieces[(i*7+i/3)%len(pieces)])
	}
	text := b.String()
	literal, err := json.Marshal(text)
	require.NoError(t, err)
	rt := newRuntime(t, roomyBudgets)
	got := requireOK(t, runProgram(t, rt, `
		const text = `+string(literal)+`
		const out = {}
		for (const g of ["grapheme", "word", "sentence"]) {
			const segs = new Intl.Segmenter("en", {granularity: g}).segment(text)
			const far = segs.containing(text.length - 1)
			out[g] = [[...segs].map(s => s.index).join(","), far.index + far.segment.length === text.length]
		}
		return out`))

	want := map[string][2]any{}
	for _, g := range []string{"grapheme", "word", "sentence"} {
		var starts []string
		pos, state := 0, -1
		for rest := text; rest != ""; {
			var seg string
			switch g {
			case "word":
				seg, rest, state = uniseg.FirstWordInString(rest, state)
			case "sentence":
				seg, rest, state = uniseg.FirstSentenceInString(rest, state)
			default:
				seg, rest, _, state = uniseg.FirstGraphemeClusterInString(rest, state)
			}
			starts = append(starts, strconv.Itoa(pos))
			pos += len(utf16.Encode([]rune(seg)))
		}
		want[g] = [2]any{strings.Join(starts, ","), true}
	}
	wantJSON, err := json.Marshal(want)
	require.NoError(t, err)
	assert.JSONEq(t, string(wantJSON), got)
}

// A run cannot learn which locales earlier runs used: what the process
// shares of Intl's data is a fixed set, and every other locale is decoded
// by the run that uses it (in tens of milliseconds), however many runs
// used it before. Not parallel: it counts the process's decodes.
func TestIntlLocaleDataIsNotSharedBetweenRuns(t *testing.T) {
	rt := newRuntime(t, nil)
	shared := intl.SharedLocales()
	const probe = `return [new Intl.NumberFormat("ja-JP", {style: "currency", currency: "JPY"}).format(1234),
		new Intl.DateTimeFormat("ja-JP", {dateStyle: "long", timeZone: "Asia/Tokyo"}).format(0)]`
	first := requireOK(t, runProgram(t, rt, probe))

	before := intl.LocaleDecodes()
	assert.Equal(t, first, requireOK(t, runProgram(t, rt, probe)))
	assert.Equal(t, int64(1), intl.LocaleDecodes()-before, "the second run decodes ja itself")
	assert.Equal(t, shared, intl.SharedLocales(), "the runs' locales are not shared")

	// The default locale is shared: a run that names none decodes nothing.
	before = intl.LocaleDecodes()
	requireOK(t, runProgram(t, rt, `return [(1234.5).toLocaleString(), new Date(0).toLocaleDateString("en-US", {timeZone: "UTC"})]`))
	assert.Zero(t, intl.LocaleDecodes()-before)
}
