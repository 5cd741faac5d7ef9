package codemode

import (
	"encoding/json"
	"errors"
	"math"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/coderun/coderun/internal/testing/echoserver"
)

// allocated returns how many bytes f allocates.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// A schema of about 2 KB whose definitions each use the next one twice
// would inline into a type of 2^20 leaves: tens of megabytes of SDK and
// seconds of work. Its declaration is cut short instead, and says so.
func TestNestedRefsDeclareWithinBudget(t *testing.T) {
	schema := echoserver.NestedRefSchema(20)
	require.Less(t, len(schema), 2100, "about depth×100 bytes")
	tool := valueTool("deep__nested", Exclusive, "{}")
	tool.InputSchema = schema

	var sdk string
	bytes := allocated(func() { sdk = GenerateSDK([]Tool{tool}, testSDKOptions()) })
	t.Logf("SDK %d bytes, %d bytes allocated", len(sdk), bytes)
	assert.Less(t, len(sdk), 8<<10, "the SDK stays small")
	assert.Less(t, bytes, uint64(4<<20), "rendering allocates a bounded amount")
	assert.Contains(t, sdk, tooComplexNote)
	assert.Contains(t, sdk, `"deep__nested"(args?: {`+"\n    root?: unknown;\n  }): Promise<unknown>;",
		"the top level is declared; the $refs are unknown")
	requireParsesAsTypeScript(t, sdk)

	var res describeResult
	bytes = allocated(func() { res = describeTools([]Tool{tool}, describeRequest{Names: []string{tool.Name}}) })
	assert.Less(t, len(res.Declarations), 4<<10, "describe_tools stays small")
	assert.Less(t, bytes, uint64(4<<20))
	assert.Contains(t, res.Declarations, tooComplexNote)

	allocs := testing.AllocsPerRun(3, func() { GenerateSDK([]Tool{tool}, testSDKOptions()) })
	assert.Less(t, allocs, 200_000.0)

	var tooComplex *SchemaTooComplexError
	require.ErrorAs(t, CheckDeclaration(tool), &tooComplex)
	assert.Equal(t, SchemaTooComplexError{Tool: "deep__nested", Schema: "input"}, *tooComplex)
	assert.Contains(t, tooComplex.Error(), "tool deep__nested is too complex to declare")
}

// A schema still too large with its $refs left out is declared as unknown:
// objects nested a thousand deep, each level indenting every line below.
func TestHugeSchemaDeclaresUnknown(t *testing.T) {
	t.Parallel()
	nested := strings.Repeat(`{"type":"object","properties":{"x":`, 1000) + `{"type":"string"}` + strings.Repeat(`}}`, 1000)
	// Only the output schema is too complex; the error names it.
	tool := valueTool("big__one", Exclusive, "{}")
	tool.OutputSchema = json.RawMessage(nested)
	d := declare(tool)
	assert.Equal(t, "unknown", d.result)
	var tooComplex *SchemaTooComplexError
	require.True(t, errors.As(d.problem, &tooComplex))
	assert.Equal(t, "output", tooComplex.Schema)
}

// Every real tool of the corpus is declared in full, exactly as an
// unbounded translation declares it.
func TestCorpusDeclarationsWithinBudget(t *testing.T) {
	t.Parallel()
	c := loadCorpus(t)
	for _, tool := range c.tools {
		require.NoError(t, CheckDeclaration(tool))
		for _, schema := range []json.RawMessage{tool.InputSchema, tool.OutputSchema} {
			if len(schema) == 0 {
				continue
			}
			root, err := decodeOrdered(schema)
			require.NoError(t, err)
			text, full := schemaType(root, len(schema))
			assert.True(t, full, tool.Name)
			assert.Equal(t, newTSGen(root, math.MaxInt).convert(root, "  ").text, text, tool.Name)
		}
	}
}
