package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/exporters/otlp/otlpmetric/otlpmetrichttp"
	"go.opentelemetry.io/otel/exporters/otlp/otlptrace/otlptracehttp"
	sdkmetric "go.opentelemetry.io/otel/sdk/metric"
	"go.opentelemetry.io/otel/sdk/resource"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"

	coderun "github.com/coderun/coderun"
)

// otlpProtocol is the one OTLP protocol `coderun mcp` exports with. The
// exporters themselves read the rest of the standard OTEL_EXPORTER_OTLP_*
// variables (endpoint, headers, timeout, compression, certificates), the
// SDK the sampler (OTEL_TRACES_SAMPLER) and the metrics' export interval
// (OTEL_METRIC_EXPORT_INTERVAL), and the resource OTEL_SERVICE_NAME and
// OTEL_RESOURCE_ATTRIBUTES.
const otlpProtocol = "http/protobuf"

// telemetryFlushGrace bounds how long exiting waits for the last spans and
// metrics to be exported.
const telemetryFlushGrace = 5 * time.Second

// exportSignal reports whether a signal (TRACES or METRICS) is to be
// exported over OTLP, as the OpenTelemetry environment variables say: an
// OTLP endpoint is set, for every signal or for this one, the signal's
// exporter is not "none" and the SDK is not disabled. It returns an error
// for a setting coderun cannot honour rather than exporting otherwise than
// asked.
func exportSignal(signal string) (bool, error) {
	if strings.EqualFold(os.Getenv("OTEL_SDK_DISABLED"), "true") {
		return false, nil
	}
	if os.Getenv("OTEL_EXPORTER_OTLP_ENDPOINT") == "" && os.Getenv("OTEL_EXPORTER_OTLP_"+signal+"_ENDPOINT") == "" {
		return false, nil
	}
	switch e := os.Getenv("OTEL_" + signal + "_EXPORTER"); e {
	case "none":
		return false, nil
	case "", "otlp":
	default:
		return false, fmt.Errorf("OTEL_%s_EXPORTER=%s is not supported: coderun exports OTLP only; set it to otlp, or none", signal, e)
	}
	for _, name := range []string{"OTEL_EXPORTER_OTLP_" + signal + "_PROTOCOL", "OTEL_EXPORTER_OTLP_PROTOCOL"} {
		if p := os.Getenv(name); p != "" {
			if p != otlpProtocol {
				return false, fmt.Errorf("%s=%s is not supported: coderun exports OTLP over HTTP with protobuf; set it to %s or unset it", name, p, otlpProtocol)
			}
			break // the signal's own setting wins over the general one
		}
	}
	return true, nil
}

// openTelemetry starts the OTLP exporters the environment asks for (see
// exportSignal) and returns the providers for coderun, and the function
// that flushes and stops them, which the command calls on its way out so
// that the spans of the last calls leave the process. Without any OTLP
// endpoint set it returns the zero Telemetry: nothing is recorded. Export
// errors are written to stderr and do not stop the server.
func openTelemetry(ctx context.Context, stderr io.Writer) (coderun.Telemetry, func(), error) {
	traces, err := exportSignal("TRACES")
	if err != nil {
		return coderun.Telemetry{}, nil, err
	}
	metrics, err := exportSignal("METRICS")
	if err != nil {
		return coderun.Telemetry{}, nil, err
	}
	if !traces && !metrics {
		return coderun.Telemetry{}, func() {}, nil
	}
	otel.SetErrorHandler(otel.ErrorHandlerFunc(func(err error) {
		fmt.Fprintf(stderr, "coderun: telemetry: %v\n", err)
	}))
	res, err := resource.New(ctx,
		resource.WithAttributes(attribute.String("service.name", "coderun"), attribute.String("service.version", moduleVersion("github.com/coderun/coderun"))),
		resource.WithFromEnv(), // OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES win
		resource.WithTelemetrySDK(),
	)
	if err != nil {
		return coderun.Telemetry{}, nil, fmt.Errorf("telemetry resource: %w", err)
	}
	var (
		tel   coderun.Telemetry
		stops []func(context.Context) error
	)
	if traces {
		exp, err := otlptracehttp.New(ctx)
		if err != nil {
			return coderun.Telemetry{}, nil, fmt.Errorf("OTLP trace exporter: %w", err)
		}
		tp := sdktrace.NewTracerProvider(sdktrace.WithBatcher(exp), sdktrace.WithResource(res))
		tel.TracerProvider, stops = tp, append(stops, tp.Shutdown)
	}
	if metrics {
		exp, err := otlpmetrichttp.New(ctx)
		if err != nil {
			return coderun.Telemetry{}, nil, fmt.Errorf("OTLP metric exporter: %w", err)
		}
		mp := sdkmetric.NewMeterProvider(sdkmetric.WithReader(sdkmetric.NewPeriodicReader(exp)), sdkmetric.WithResource(res))
		tel.MeterProvider, stops = mp, append(stops, mp.Shutdown)
	}
	stop := func() {
		ctx, cancel := context.WithTimeout(context.Background(), telemetryFlushGrace)
		defer cancel()
		var errs []error
		for _, s := range stops {
			errs = append(errs, s(ctx))
		}
		if err := errors.Join(errs...); err != nil {
			fmt.Fprintf(stderr, "coderun: telemetry: flushing on exit: %v\n", err)
		}
	}
	return tel, stop, nil
}
