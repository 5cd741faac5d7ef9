package mcpproxy

import (
	"context"
	"testing"

	"github.com/coderun/coderun/codemode"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A tool whose schema nests twenty definitions, each using the next one
// twice, is served with a short SDK, and reported as too complex on the
// warnings writer and in the session log.
func TestTooComplexToolIsReported(t *testing.T) {
	t.Parallel()
	for _, mode := range []codemode.Mode{codemode.ModeCode, codemode.ModeNative} {
		t.Run(string(mode), func(t *testing.T) {
			t.Parallel()
			log, warnings := &lockedBuffer{}, &lockedBuffer{}
			sessionLog := codemode.NewSessionLog(log)
			hub, report := startHub(t, map[string]codemode.ServerSpec{"deep": echoSpec("-nested-refs", "20")}, Options{Log: sessionLog})
			require.False(t, report.Failed(), "start-up: %v", report.Servers)
			cfg := configFor(mode)
			cfg.SDK = codemode.SDKFull
			srv, err := NewServer(cfg, hub, ServerOptions{Log: sessionLog, Warnings: warnings, Runtime: sharedRuntime(t), StateKey: testStateKey})
			require.NoError(t, err)
			t.Cleanup(func() { require.NoError(t, srv.Close(context.Background())) })
			f := &fixture{hub: hub, server: srv, log: log}
			cs := f.connect(t, nil, nil)

			if mode == codemode.ModeNative {
				// The schema goes to the host as it is; nothing renders it.
				assert.Empty(t, warnings.buf.String())
				assert.NotContains(t, eventNames(log.events(t)), "mcp/tool-too-complex")
				return
			}
			assert.Equal(t, "coderun: tool deep__nested is too complex to declare: its input schema takes too much TypeScript with its $refs inlined, "+
				"so the SDK and describe_tools show parts of it as unknown (calls are still checked against the whole schema)\n", warnings.buf.String())
			ev := findEvent(t, log.events(t), "mcp/tool-too-complex")
			assert.Equal(t, "deep__nested", ev["tool"])
			assert.Equal(t, "input", ev["schema"])

			desc := findTool(t, cs, codemode.RunCodeToolName).Description
			assert.Less(t, len(desc), 16<<10, "run_code's description stays small")
			assert.Contains(t, desc, `"deep__nested"(args?: {`)

			sdk, problems := hub.SDK(cfg)
			assert.Equal(t, srv.Session().SDK(), sdk)
			require.Len(t, problems, 1)
			assert.ErrorAs(t, problems[0], new(*codemode.SchemaTooComplexError))
		})
	}
}
