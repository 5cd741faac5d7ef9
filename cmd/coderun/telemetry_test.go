package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/hex"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	collectormetrics "go.opentelemetry.io/proto/otlp/collector/metrics/v1"
	collectortrace "go.opentelemetry.io/proto/otlp/collector/trace/v1"
	commonpb "go.opentelemetry.io/proto/otlp/common/v1"
	tracepb "go.opentelemetry.io/proto/otlp/trace/v1"
	"google.golang.org/protobuf/proto"
)

// collector is an OTLP/HTTP endpoint that decodes what it receives as an
// OpenTelemetry Collector would.
type collector struct {
	mu      sync.Mutex
	traces  []*collectortrace.ExportTraceServiceRequest
	metrics []*collectormetrics.ExportMetricsServiceRequest
	errs    []error
}

func (c *collector) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, err := readOTLPBody(r)
	c.mu.Lock()
	defer c.mu.Unlock()
	if err == nil && r.Header.Get("Content-Type") != "application/x-protobuf" {
		err = io.ErrUnexpectedEOF
	}
	var resp proto.Message
	switch r.URL.Path {
	case "/v1/traces":
		req := &collectortrace.ExportTraceServiceRequest{}
		if err == nil {
			err = proto.Unmarshal(body, req)
		}
		c.traces = append(c.traces, req)
		resp = &collectortrace.ExportTraceServiceResponse{}
	case "/v1/metrics":
		req := &collectormetrics.ExportMetricsServiceRequest{}
		if err == nil {
			err = proto.Unmarshal(body, req)
		}
		c.metrics = append(c.metrics, req)
		resp = &collectormetrics.ExportMetricsServiceResponse{}
	default:
		http.NotFound(w, r)
		return
	}
	if err != nil {
		c.errs = append(c.errs, err)
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	out, _ := proto.Marshal(resp)
	w.Header().Set("Content-Type", "application/x-protobuf")
	w.Write(out)
}

func readOTLPBody(r *http.Request) ([]byte, error) {
	body := io.Reader(r.Body)
	if r.Header.Get("Content-Encoding") == "gzip" {
		zr, err := gzip.NewReader(r.Body)
		if err != nil {
			return nil, err
		}
		body = zr
	}
	return io.ReadAll(body)
}

// spans returns every span received, with the resource attributes and
// scope name it came with.
type receivedSpan struct {
	*tracepb.Span
	resource map[string]string
	scope    string
}

func (c *collector) spans() []receivedSpan {
	c.mu.Lock()
	defer c.mu.Unlock()
	var out []receivedSpan
	for _, req := range c.traces {
		for _, rs := range req.ResourceSpans {
			res := stringAttrs(rs.GetResource().GetAttributes())
			for _, ss := range rs.ScopeSpans {
				for _, s := range ss.Spans {
					out = append(out, receivedSpan{Span: s, resource: res, scope: ss.GetScope().GetName()})
				}
			}
		}
	}
	return out
}

func (c *collector) metricNames() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	var out []string
	for _, req := range c.metrics {
		for _, rm := range req.ResourceMetrics {
			for _, sm := range rm.ScopeMetrics {
				for _, m := range sm.Metrics {
					out = append(out, m.Name)
				}
			}
		}
	}
	return out
}

func stringAttrs(kvs []*commonpb.KeyValue) map[string]string {
	out := map[string]string{}
	for _, kv := range kvs {
		if s, ok := kv.GetValue().GetValue().(*commonpb.AnyValue_StringValue); ok {
			out[kv.Key] = s.StringValue
		}
	}
	return out
}

// TestMCPExportsOTLP runs `coderun mcp` with the standard OpenTelemetry
// variables pointing at an OTLP/HTTP endpoint, makes a run_code call with
// a sub-call, and checks what leaves the process as a collector decodes
// it: the spans, their parent links and the service's resource, and the
// metrics, flushed when the server exits.
func TestMCPExportsOTLP(t *testing.T) {
	col := &collector{}
	srv := httptest.NewServer(col)
	defer srv.Close()
	b := buildBinaries(t, t.TempDir())
	cfg := b.writeConfig(t, "otel.yml", b.config("code"))

	cmd := exec.Command(b.coderun, "mcp", "--config", cfg)
	cmd.Env = append(os.Environ(),
		"OTEL_EXPORTER_OTLP_ENDPOINT="+srv.URL,
		"OTEL_EXPORTER_OTLP_PROTOCOL=http/protobuf",
		"OTEL_SERVICE_NAME=coderun-under-test",
	)
	stderr := &lockedWriter{w: &strings.Builder{}}
	cmd.Stderr = stderr
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	client := mcp.NewClient(&mcp.Implementation{Name: "test-host", Version: "v0"}, nil)
	cs, err := client.Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	require.NoError(t, err)
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "run_code", Arguments: map[string]any{
		"program": `return (await tools["echo__echo"]({text: "traced"})).text;`, "description": "echo",
	}})
	require.NoError(t, err)
	assert.JSONEq(t, `"traced"`, string(decodeResult(t, res).Value))
	require.NoError(t, cs.Close(), "the server exits, flushing its telemetry")
	require.NotNil(t, cmd.ProcessState, "Close waits for the server to exit")
	assert.True(t, cmd.ProcessState.Success(), "stderr:\n%s", stderr.String())

	col.mu.Lock()
	assert.Empty(t, col.errs, "every export decodes")
	col.mu.Unlock()
	byName := map[string]receivedSpan{}
	for _, s := range col.spans() {
		byName[s.Name] = s
		assert.Equal(t, "coderun-under-test", s.resource["service.name"], "OTEL_SERVICE_NAME names the service")
		assert.Equal(t, "github.com/coderun/coderun", s.scope)
	}
	rc, ok := byName["execute_tool run_code"]
	require.True(t, ok, "run_code's span was exported; got %v\nstderr:\n%s", keys(byName), stderr.String())
	assert.Equal(t, tracepb.Span_SPAN_KIND_INTERNAL, rc.Kind)
	rcAttrs := stringAttrs(rc.Attributes)
	assert.Equal(t, "execute_tool", rcAttrs["gen_ai.operation.name"])
	assert.Equal(t, "run_code", rcAttrs["gen_ai.tool.name"])
	callID := rcAttrs["gen_ai.tool.call.id"]
	require.NotEmpty(t, callID)

	run, ok := byName["coderun.run"]
	require.True(t, ok, "the run's span was exported")
	assert.Equal(t, hex.EncodeToString(rc.SpanId), hex.EncodeToString(run.ParentSpanId), "the run is a child of run_code")
	assert.Equal(t, "ok", stringAttrs(run.Attributes)["coderun.run.outcome"])

	sub, ok := byName["execute_tool echo__echo"]
	require.True(t, ok, "the sub-call's span was exported")
	assert.True(t, bytes.Equal(rc.TraceId, sub.TraceId))
	assert.Equal(t, hex.EncodeToString(rc.SpanId), hex.EncodeToString(sub.ParentSpanId), "the sub-call is a child of run_code")
	subAttrs := stringAttrs(sub.Attributes)
	assert.Equal(t, callID, subAttrs["coderun.parent_call.id"])
	assert.Equal(t, callID+".1", subAttrs["gen_ai.tool.call.id"])
	assert.Equal(t, "ok", subAttrs["coderun.outcome"])

	assert.Subset(t, col.metricNames(), []string{"coderun.runs", "coderun.run.duration", "coderun.subcalls"})
}

func keys[V any](m map[string]V) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

// TestMCPRefusesAnOTLPProtocolItCannotSpeak: a protocol the command does
// not export with is an error naming the variable, not a silent fallback.
func TestMCPRefusesAnOTLPProtocolItCannotSpeak(t *testing.T) {
	b := buildBinaries(t, t.TempDir())
	cfg := b.writeConfig(t, "otel.yml", b.config("code"))
	cmd := exec.Command(b.coderun, "mcp", "--config", cfg)
	cmd.Env = append(os.Environ(), "OTEL_EXPORTER_OTLP_ENDPOINT=http://127.0.0.1:1", "OTEL_EXPORTER_OTLP_PROTOCOL=grpc")
	cmd.Stdin = strings.NewReader("")
	out, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	require.ErrorAs(t, err, &exit)
	assert.Equal(t, 2, exit.ExitCode())
	assert.Contains(t, string(out), "OTEL_EXPORTER_OTLP_PROTOCOL=grpc is not supported")
	assert.Contains(t, string(out), "http/protobuf")
}
