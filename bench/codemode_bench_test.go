// Package bench measures coderun and Code Mode.
package bench

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"testing"
	"time"

	coderun "github.com/coderun/coderun"
	"github.com/coderun/coderun/codemode"
)

// newCodeSession returns a mode-code session over tools, logging JSONL to
// io.Discard so the cost of writing events is measured but not of disk.
func newCodeSession(b *testing.B, rt *coderun.Runtime, maxParallel int, tools ...codemode.Tool) *codemode.Session {
	b.Helper()
	reg := codemode.NewRegistry()
	if err := reg.Register(tools...); err != nil {
		b.Fatal(err)
	}
	cfg := codemode.DefaultConfig()
	cfg.Mode = codemode.ModeCode
	cfg.MaxParallelSubCalls = maxParallel
	s, err := codemode.NewSession(codemode.Options{
		Config:   &cfg,
		Registry: reg,
		Runtime:  rt,
		Log:      codemode.NewSessionLog(io.Discard),
		Policy:   codemode.RulePolicy{Default: codemode.ActionAllow, Rules: []codemode.Rule{{Tool: "shell*", Action: codemode.ActionDeny}}},
	})
	if err != nil {
		b.Fatal(err)
	}
	return s
}

func newRuntime(b *testing.B) *coderun.Runtime {
	b.Helper()
	rt, err := coderun.New(coderun.DefaultConfig())
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { _ = rt.Close(context.Background()) })
	return rt
}

var echoSchema = json.RawMessage(`{"type":"object","properties":{"i":{"type":"number"}},"required":["i"]}`)

func echoTool(class codemode.Concurrency, sleep time.Duration) codemode.Tool {
	return codemode.Tool{
		Name:        "echo",
		Concurrency: class,
		InputSchema: echoSchema,
		Execute: func(ctx context.Context, call *codemode.Call) (*codemode.Output, error) {
			if sleep > 0 {
				select {
				case <-time.After(sleep):
				case <-ctx.Done():
					return nil, ctx.Err()
				}
			}
			return &codemode.Output{Value: call.Args}, nil
		},
	}
}

// runCode runs program as one run_code call and fails on any failure.
func runCode(b *testing.B, s *codemode.Session, program string) {
	args, _ := json.Marshal(codemode.RunCodeArgs{Program: program, Description: "benchmark"})
	out, err := s.Call(context.Background(), codemode.CallRequest{Tool: codemode.RunCodeToolName, Args: args})
	if err != nil {
		b.Fatal(err)
	}
	var res coderun.Result
	if err := json.Unmarshal(out.Value, &res); err != nil || res.Failure != nil {
		b.Fatalf("program failed: %v %v", err, res.Failure)
	}
}

// BenchmarkPipelineCall is the pipeline's cost for one call with no
// runtime involved: hooks, schema validation, policy, execute, events.
func BenchmarkPipelineCall(b *testing.B) {
	reg := codemode.NewRegistry()
	if err := reg.Register(echoTool(codemode.ParallelSafe, 0)); err != nil {
		b.Fatal(err)
	}
	s, err := codemode.NewSession(codemode.Options{
		Registry:   reg,
		Log:        codemode.NewSessionLog(io.Discard),
		PreExecute: []codemode.PreExecuteHook{func(context.Context, *codemode.Call) error { return nil }},
		Guards:     []codemode.Guard{func(context.Context, codemode.Call) error { return nil }},
		Policy:     codemode.RulePolicy{Rules: []codemode.Rule{{Tool: "shell*", Action: codemode.ActionDeny}}},
	})
	if err != nil {
		b.Fatal(err)
	}
	req := codemode.CallRequest{Tool: "echo", Args: json.RawMessage(`{"i":1}`)}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := s.Call(context.Background(), req); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSubCallOverhead compares 100 sequential binding calls made
// straight to the runtime with 100 sub-calls through Code Mode; the
// difference per call is what the pipeline and the dispatch queue add.
func BenchmarkSubCallOverhead(b *testing.B) {
	const calls = 100
	rt := newRuntime(b)
	program := fmt.Sprintf(`for (let i = 0; i < %d; i++) await tools["echo"]({ i }); return null;`, calls)

	b.Run("raw-binding", func(b *testing.B) {
		echo := func(_ context.Context, args any) (any, error) { return args, nil }
		req := coderun.Request{Program: program, Bindings: []coderun.Namespace{{Global: "tools", Functions: map[string]coderun.Function{"echo": echo}}}}
		for b.Loop() {
			res, err := rt.Run(context.Background(), req)
			if err != nil || res.Failure != nil {
				b.Fatalf("program failed: %v %v", err, res.Failure)
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*calls), "ns/subcall")
	})
	b.Run("codemode-pipeline", func(b *testing.B) {
		s := newCodeSession(b, rt, 10, echoTool(codemode.ParallelSafe, 0))
		for b.Loop() {
			runCode(b, s, program)
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*calls), "ns/subcall")
	})
}

// BenchmarkParallelSubCalls fires 50 calls of a parallel-safe tool that
// takes 2ms at once: serial (maxParallelSubCalls 1) takes about 100ms, the
// default cap of 10 about a tenth of that.
func BenchmarkParallelSubCalls(b *testing.B) {
	rt := newRuntime(b)
	program := `await Promise.all(Array.from({ length: 50 }, (_, i) => tools["echo"]({ i }))); return null;`
	for _, max := range []int{1, 10} {
		b.Run(fmt.Sprintf("maxParallelSubCalls=%d", max), func(b *testing.B) {
			s := newCodeSession(b, rt, max, echoTool(codemode.ParallelSafe, 2*time.Millisecond))
			for b.Loop() {
				runCode(b, s, program)
			}
		})
	}
}
