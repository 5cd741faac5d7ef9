package bench

// Rendering the SDK for schemas built to be expensive: one whose
// definitions each use the next one twice (2^20 paths when inlined), and
// an enum of 50,000 values. Both stay linear in the schema's size.

import (
	"fmt"
	"strings"
	"testing"

	"github.com/coderun/coderun/codemode"
	"github.com/coderun/coderun/internal/testing/echoserver"
)

func BenchmarkSDKOfCostlySchema(b *testing.B) {
	var enum strings.Builder
	enum.WriteString(`{"type":"object","properties":{"x":{"enum":[`)
	for i := range 50_000 {
		if i > 0 {
			enum.WriteByte(',')
		}
		fmt.Fprintf(&enum, `"v%d"`, i)
	}
	enum.WriteString(`]}}}`)
	for _, c := range []struct {
		name   string
		schema []byte
	}{
		{"nested-refs-20", echoserver.NestedRefSchema(20)},
		{"enum-50000", []byte(enum.String())},
	} {
		b.Run(c.name, func(b *testing.B) {
			tools := []codemode.Tool{{Name: "costly__tool", InputSchema: c.schema}}
			opts := codemode.SDKOptions{MaxParallelSubCalls: 10, Form: codemode.SDKFull}
			var sdk string
			b.ReportAllocs()
			for b.Loop() {
				sdk = codemode.GenerateSDK(tools, opts)
			}
			b.ReportMetric(float64(len(c.schema)), "schema-bytes")
			b.ReportMetric(float64(len(sdk)), "sdk-bytes")
		})
	}
}
