package codemode

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	coderun "github.com/coderun/coderun"
)

// renderResult renders a run_code result as the text the model reads. The
// form is stable, so a model (and a test) can rely on it:
//
//	status: ok | failed
//	value: <compact JSON> | (none)
//	logs: <n>
//	| <log line>
//	failure: <kind>: <message>      (only when failed)
//
// Every line a log entry contains is prefixed with "| ", so program output
// can never be mistaken for one of the labelled lines.
func renderResult(r coderun.Result) string {
	var b strings.Builder
	if r.Failure != nil {
		b.WriteString("status: failed\n")
	} else {
		b.WriteString("status: ok\n")
	}
	b.WriteString("value: ")
	b.WriteString(renderValue(r.Value))
	b.WriteByte('\n')
	fmt.Fprintf(&b, "logs: %d\n", len(r.Logs))
	for _, entry := range r.Logs {
		for line := range strings.SplitSeq(entry, "\n") {
			b.WriteString("| ")
			b.WriteString(line)
			b.WriteByte('\n')
		}
	}
	if r.Failure != nil {
		fmt.Fprintf(&b, "failure: %s: %s\n", r.Failure.Kind, r.Failure.Message)
	}
	return b.String()
}

// renderValue compacts the value onto one line; "(none)" marks an absent
// value, which is distinct from an explicit null.
func renderValue(v json.RawMessage) string {
	if len(v) == 0 {
		return "(none)"
	}
	var buf bytes.Buffer
	if err := json.Compact(&buf, v); err != nil {
		return string(v)
	}
	return buf.String()
}
