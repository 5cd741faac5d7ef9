package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/coderun/coderun/codemode"
)

// event is the part of a session log record the tree shows.
type event struct {
	Msg      string          `json:"msg"`
	Call     string          `json:"call"`
	Parent   string          `json:"parent"`
	Tool     string          `json:"tool"`
	Outcome  string          `json:"outcome"`
	Message  string          `json:"message"`
	Duration time.Duration   `json:"duration"`
	Wait     time.Duration   `json:"wait"`
	Args     json.RawMessage `json:"args"`
}

// printDispatchTree prints each top-level call of the session log with the
// sub-calls its program made beneath it, in the order they were made.
func printDispatchTree(w io.Writer, log []byte) error {
	var (
		top      []event
		children = map[string][]event{}
		args     = map[string]json.RawMessage{}
	)
	sc := bufio.NewScanner(bytes.NewReader(log))
	sc.Buffer(nil, 16<<20)
	for sc.Scan() {
		var ev event
		if err := json.Unmarshal(sc.Bytes(), &ev); err != nil {
			return fmt.Errorf("session log: %w", err)
		}
		switch ev.Msg {
		case codemode.EventCallStart, codemode.EventCodeDispatchStart:
			args[ev.Call] = ev.Args
		case codemode.EventCall:
			top = append(top, ev)
		case codemode.EventCodeDispatch:
			children[ev.Parent] = append(children[ev.Parent], ev)
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("session log: %w", err)
	}
	for _, call := range top {
		line := fmt.Sprintf("%s %s: %s in %s", call.Call, call.Tool, call.Outcome, call.Duration.Round(time.Microsecond))
		if call.Tool == codemode.RunCodeToolName {
			if a, err := codemode.ParseRunCodeArgs(args[call.Call]); err == nil {
				line += fmt.Sprintf(" (%q)", a.Description)
			}
		}
		fmt.Fprintln(w, line)
		subs := children[call.Call]
		sortBySubmission(subs)
		idWidth, toolWidth := 0, 0
		for _, sub := range subs {
			idWidth, toolWidth = max(idWidth, len(sub.Call)), max(toolWidth, len(sub.Tool))
		}
		for i, sub := range subs {
			branch := "├─"
			if i == len(subs)-1 {
				branch = "└─"
			}
			fmt.Fprintf(w, "  %s %-*s %-*s %-7s %8s (queued %s)  %s\n", branch, idWidth, sub.Call, toolWidth, sub.Tool, sub.Outcome,
				sub.Duration.Round(time.Microsecond), sub.Wait.Round(time.Microsecond), summarize(args[sub.Call], sub.Message))
		}
	}
	return nil
}

// sortBySubmission orders sub-calls by their token "<parent>.<n>": the log
// has them in completion order.
func sortBySubmission(subs []event) {
	n := func(e event) int {
		var i int
		fmt.Sscanf(e.Call[strings.LastIndexByte(e.Call, '.')+1:], "%d", &i)
		return i
	}
	for i := 1; i < len(subs); i++ {
		for j := i; j > 0 && n(subs[j]) < n(subs[j-1]); j-- {
			subs[j], subs[j-1] = subs[j-1], subs[j]
		}
	}
}

// summarize shows a sub-call's path argument, or why it failed.
func summarize(args json.RawMessage, message string) string {
	if message != "" {
		return message
	}
	var a struct{ Path string }
	_ = json.Unmarshal(args, &a)
	return a.Path
}
