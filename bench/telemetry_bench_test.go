package bench

import (
	"context"
	"testing"

	sdkmetric "go.opentelemetry.io/otel/sdk/metric"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"

	coderun "github.com/coderun/coderun"
)

// BenchmarkTracedColdStart is BenchmarkColdStart with a Runtime reporting
// to the OpenTelemetry SDK: every run's span sampled, recorded and batched
// to an exporter that drops it, and the run metrics aggregated. Compared
// with BenchmarkColdStart in the same run (-bench 'ColdStart$'), it is the
// price of telemetry; BenchmarkColdStart itself, whose Runtime has no
// providers, must cost what it did before the instrumentation existed.
func BenchmarkTracedColdStart(b *testing.B) {
	tp := sdktrace.NewTracerProvider(sdktrace.WithBatcher(discardSpans{}))
	mp := sdkmetric.NewMeterProvider(sdkmetric.WithReader(sdkmetric.NewManualReader()))
	b.Cleanup(func() {
		_ = tp.Shutdown(context.Background())
		_ = mp.Shutdown(context.Background())
	})
	cfg := coderun.DefaultConfig()
	cfg.Telemetry = coderun.Telemetry{TracerProvider: tp, MeterProvider: mp}
	benchColdStartWith(b, cfg, func(int) string { return "return 1+1" })
}

// discardSpans is a span exporter that drops what it is given, so the
// benchmark measures coderun's side and the SDK's, not a network.
type discardSpans struct{}

func (discardSpans) ExportSpans(context.Context, []sdktrace.ReadOnlySpan) error { return nil }
func (discardSpans) Shutdown(context.Context) error                             { return nil }
