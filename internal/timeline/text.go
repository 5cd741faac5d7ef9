package timeline

import (
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode"
)

// label is how a sub-call is named under its run: "#3" for the third call
// the program made, its whole token when that is not derived from the run's.
func label(run *Run, c *Call) string {
	if seq, ok := strings.CutPrefix(c.ID, run.ID+"."); ok {
		return "#" + seq
	}
	return c.ID
}

// dur formats a duration for people: microseconds below a millisecond,
// three significant digits up to a minute, then whole seconds.
func dur(d time.Duration) string {
	switch {
	case d < time.Millisecond:
		return fmt.Sprintf("%dµs", d.Microseconds())
	case d < time.Second:
		return strconv.FormatFloat(float64(d)/float64(time.Millisecond), 'f', 1, 64) + "ms"
	case d < time.Minute:
		return strconv.FormatFloat(d.Seconds(), 'f', 2, 64) + "s"
	}
	return d.Round(time.Second).String()
}

// Safe makes text from the log safe to print on a terminal: control
// characters (escape sequences could move the cursor or retitle the
// window) and the characters that reorder text on screen are written as Go
// escapes, so a hostile argument cannot disguise what a call did.
func Safe(s string) string {
	clean := true
	for _, r := range s {
		if unsafeRune(r) {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		if unsafeRune(r) {
			q := strconv.QuoteRuneToASCII(r)
			b.WriteString(q[1 : len(q)-1])
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

func unsafeRune(r rune) bool {
	return unicode.IsControl(r) || unicode.Is(unicode.Bidi_Control, r)
}

// short cuts s to n runes for a one-line summary.
func short(s string, n int) string {
	if len(s) <= n {
		return s
	}
	i := 0
	for j := range s {
		if i == n {
			return s[:j] + "…"
		}
		i++
	}
	return s
}

// outcomeNote is the one-line reason a call ended as it did.
func outcomeNote(stage, message, err string) string {
	text := message
	if text == "" {
		text = err
	}
	if stage != "" && text != "" {
		return stage + ": " + text
	}
	return stage + text
}
