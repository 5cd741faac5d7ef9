package bench

// The size of what the model reads up front for a large tool set: the
// catalogue form of the SDK against the native tool list and the
// full SDK, over the corpus of real MCP tools in codemode/testdata/corpus.

import (
	"bytes"
	"encoding/json"
	"os"
	"testing"

	coderun "github.com/coderun/coderun"
	"github.com/coderun/coderun/codemode"
)

// corpusTools loads the corpus as coderun offers it ("server__tool", the
// server as the group) and the byte size of its native tool list.
func corpusTools(b *testing.B) ([]codemode.Tool, int) {
	b.Helper()
	data, err := os.ReadFile("../codemode/testdata/corpus/tools.json")
	if err != nil {
		b.Fatal(err)
	}
	var file struct {
		Servers []struct {
			Name  string            `json:"name"`
			Tools []json.RawMessage `json:"tools"`
		} `json:"servers"`
	}
	if err := json.Unmarshal(data, &file); err != nil {
		b.Fatal(err)
	}
	var tools []codemode.Tool
	native := 1 // the list's brackets, less the last comma
	for _, s := range file.Servers {
		for _, raw := range s.Tools {
			var t struct {
				Name         string          `json:"name"`
				Description  string          `json:"description"`
				InputSchema  json.RawMessage `json:"inputSchema"`
				OutputSchema json.RawMessage `json:"outputSchema"`
				Annotations  struct {
					ReadOnlyHint bool `json:"readOnlyHint"`
				} `json:"annotations"`
			}
			if err := json.Unmarshal(raw, &t); err != nil {
				b.Fatal(err)
			}
			var buf bytes.Buffer
			if err := json.Compact(&buf, raw); err != nil {
				b.Fatal(err)
			}
			native += buf.Len() + 1
			tool := codemode.Tool{Name: s.Name + "__" + t.Name, Group: s.Name, Description: t.Description,
				InputSchema: t.InputSchema, OutputSchema: t.OutputSchema}
			if t.Annotations.ReadOnlyHint {
				tool.Concurrency = codemode.ParallelSafe
			}
			tools = append(tools, tool)
		}
	}
	return tools, native
}

// BenchmarkCatalogue renders the catalogue of the corpus and reports its
// size, and the full SDK's, as a share of the native tool JSON. The target
// is a catalogue of at most 10% of the native bytes.
func BenchmarkCatalogue(b *testing.B) {
	tools, native := corpusTools(b)
	opts := codemode.SDKOptions{MaxParallelSubCalls: 10, Budgets: coderun.DefaultConfig(), Form: codemode.SDKCatalogue}
	var catalogue string
	for b.Loop() {
		catalogue = codemode.GenerateSDK(tools, opts)
	}
	opts.Form = codemode.SDKFull
	full := codemode.GenerateSDK(tools, opts)
	b.ReportMetric(float64(len(tools)), "tools")
	b.ReportMetric(float64(native), "native-bytes")
	b.ReportMetric(float64(len(catalogue)), "catalogue-bytes")
	b.ReportMetric(100*float64(len(catalogue))/float64(native), "catalogue-%-of-native")
	b.ReportMetric(100*float64(len(full))/float64(native), "full-%-of-native")
}
