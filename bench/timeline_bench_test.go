package bench

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"testing"

	"github.com/coderun/coderun/codemode"
	"github.com/coderun/coderun/internal/timeline"
)

// timelineRuns and timelineCallsPerRun make the session log of the
// timeline benchmarks: 10,000 sub-calls, a hundredth of them denied.
const timelineRuns, timelineCallsPerRun = 10, 1000

// bigSessionLog returns the session log of a real session whose programs
// made timelineRuns × timelineCallsPerRun sub-calls, ten at a time.
func bigSessionLog(b *testing.B) []byte {
	b.Helper()
	var log bytes.Buffer
	reg := codemode.NewRegistry()
	shell := echoTool(codemode.ParallelSafe, 0)
	shell.Name = "shell_rm"
	if err := reg.Register(echoTool(codemode.ParallelSafe, 0), shell); err != nil {
		b.Fatal(err)
	}
	cfg := codemode.DefaultConfig()
	cfg.Mode = codemode.ModeCode
	cfg.MaxParallelSubCalls = 10
	s, err := codemode.NewSession(codemode.Options{
		Config: &cfg, Registry: reg, Runtime: newRuntime(b), Log: codemode.NewSessionLog(&log),
		Policy: codemode.RulePolicy{Default: codemode.ActionAllow, Rules: []codemode.Rule{{Tool: "shell*", Action: codemode.ActionDeny}}},
	})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close(context.Background())
	program := fmt.Sprintf(`
		const calls = Array.from({ length: %d }, (_, i) =>
			(i %% 100 === 0 ? tools.shell_rm({ i }) : tools.echo({ i })).catch(() => null))
		return (await Promise.all(calls)).length`, timelineCallsPerRun)
	for range timelineRuns {
		args, _ := json.Marshal(codemode.RunCodeArgs{Program: program, Description: "ten thousand calls"})
		if _, err := s.Call(context.Background(), codemode.CallRequest{Tool: codemode.RunCodeToolName, Args: args}); err != nil {
			b.Fatal(err)
		}
	}
	return log.Bytes()
}

// countWriter counts what is written to it.
type countWriter struct{ n int64 }

func (w *countWriter) Write(p []byte) (int, error) {
	w.n += int64(len(p))
	return len(p), nil
}

// BenchmarkTimelineView is `coderun log view` of a 10,000-call session log:
// reading the log and writing the page. page-bytes is the page's size.
func BenchmarkTimelineView(b *testing.B) {
	raw := bigSessionLog(b)
	if path := os.Getenv("CODERUN_BENCH_TIMELINE_LOG"); path != "" {
		// Kept for measuring the command and the page in a browser.
		if err := os.WriteFile(path, raw, 0o644); err != nil {
			b.Fatal(err)
		}
	}
	var page countWriter
	for b.Loop() {
		l, err := timeline.Read(bytes.NewReader(raw))
		if err != nil {
			b.Fatal(err)
		}
		if l.SubCalls != timelineRuns*timelineCallsPerRun {
			b.Fatalf("%d sub-calls, want %d", l.SubCalls, timelineRuns*timelineCallsPerRun)
		}
		page.n = 0
		if err := timeline.WriteHTML(&page, "session.jsonl", l); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(page.n), "page-bytes")
	b.ReportMetric(float64(len(raw)), "log-bytes")
}

// BenchmarkTimelineTree is `coderun log tree` of the same log.
func BenchmarkTimelineTree(b *testing.B) {
	raw := bigSessionLog(b)
	for b.Loop() {
		l, err := timeline.Read(bytes.NewReader(raw))
		if err != nil {
			b.Fatal(err)
		}
		if err := timeline.WriteTree(io.Discard, l); err != nil {
			b.Fatal(err)
		}
	}
}
