package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/coderun/coderun/examples/agentloop/internal/replay"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The tool result the model gets for its program: two tools called, the
// refund approved.
const approvedResult = "status: ok\nvalue: [{\"order\":\"A-1002\",\"refunded\":40}]\nlogs: 1\n| acme has 3 orders, 1 damaged\n"

func TestMain(m *testing.M) { os.Exit(replay.Main(m)) }

// TestAgentLoopRunsTheModelsProgram replays a conversation in which the
// model answers with a run_code call whose program calls both shop tools;
// the program really runs, the refund waits for the human on stdin, and
// the test checks what the loop sent back.
func TestAgentLoopRunsTheModelsProgram(t *testing.T) {
	for _, tc := range []struct {
		name, sdk, answer, final string
		isError                  bool
		result                   []string
	}{
		{name: "approved", sdk: "full", answer: "y\n", final: "2-end-turn.json", result: []string{approvedResult}},
		{name: "approved, catalogue", sdk: "catalogue", answer: "y\n", final: "2-end-turn.json", result: []string{approvedResult}},
		{name: "refused", sdk: "full", answer: "n\n", final: "2-end-turn-refused.json", isError: true,
			result: []string{"status: failed\n", "| acme has 3 orders, 1 damaged\n", "failure: exception: ", "the reviewer said no"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := replay.New(t, "/v1/messages", filepath.Join("testdata", "1-tool-use.json"), filepath.Join("testdata", tc.final))
			t.Setenv("ANTHROPIC_API_KEY", "test-key")
			t.Setenv("ANTHROPIC_BASE_URL", srv.URL)
			var out strings.Builder
			err := run(t.Context(), []string{"-sdk", tc.sdk, "Acme says an order arrived damaged. Sort it out."}, strings.NewReader(tc.answer), &out)
			require.NoError(t, err, "%s", out.String())

			reqs := srv.Requests()
			require.Len(t, reqs, 2)
			// The key from ANTHROPIC_API_KEY, in whichever header this SDK
			// version sends it.
			assert.Contains(t, reqs[0].Header.Get("Authorization")+reqs[0].Header.Get("X-Api-Key"), "test-key")

			first := decode(t, reqs[0].Body)
			tools := first["tools"].([]any)
			runCode := tools[0].(map[string]any)
			assert.Equal(t, "run_code", runCode["name"])
			schema := runCode["input_schema"].(map[string]any)
			assert.Equal(t, "object", schema["type"])
			assert.Equal(t, []any{"program", "description"}, schema["required"])
			assert.Equal(t, false, schema["additionalProperties"], "keywords beyond properties and required are kept")
			desc := runCode["description"].(string)
			assert.Contains(t, desc, "// Code Mode SDK: the tools a run_code program can call.")
			if tc.sdk == "catalogue" {
				require.Len(t, tools, 2)
				assert.Equal(t, "describe_tools", tools[1].(map[string]any)["name"])
				assert.Contains(t, desc, "//   find_orders [p]: Lists a customer's orders, newest last.")
			} else {
				require.Len(t, tools, 1)
				assert.Contains(t, desc, `"refund"(args: {`)
			}

			second := decode(t, reqs[1].Body)
			msgs := second["messages"].([]any)
			require.Len(t, msgs, 3, "prompt, the model's tool use, the tool result")
			assistant := msgs[1].(map[string]any)
			assert.Equal(t, "assistant", assistant["role"])
			assert.Equal(t, "tool_use", assistant["content"].([]any)[1].(map[string]any)["type"])
			user := msgs[2].(map[string]any)
			assert.Equal(t, "user", user["role"])
			result := user["content"].([]any)[0].(map[string]any)
			assert.Equal(t, "tool_result", result["type"])
			assert.Equal(t, "toolu_01A09q90qw90lq917835lq9", result["tool_use_id"])
			assert.Equal(t, tc.isError, result["is_error"])
			text := result["content"].([]any)[0].(map[string]any)["text"].(string)
			if len(tc.result) == 1 {
				assert.Equal(t, tc.result[0], text)
			}
			for _, s := range tc.result {
				assert.Contains(t, text, s)
			}

			printed := out.String()
			assert.Contains(t, printed, "executed find_orders acme\n")
			assert.Contains(t, printed, `approve refund {"order":"A-1002","amount":40,"reason":"arrived damaged"} (refunds move money)? [y/N]`)
			if tc.isError {
				assert.NotContains(t, printed, "executed refund")
				assert.True(t, strings.HasSuffix(printed, "the refund of 40 EUR was refused by the reviewer, so nothing was refunded. You may want to follow up with them.\n"), printed)
			} else {
				assert.Equal(t, 1, strings.Count(printed, "executed refund A-1002 40\n"))
				assert.True(t, strings.HasSuffix(printed, "A-1002 arrived damaged, and I refunded its full 40 EUR. The other two (A-1001, delivered, and A-1003, in transit) need nothing.\n"), printed)
			}
		})
	}
}

func decode(t *testing.T, body []byte) map[string]any {
	t.Helper()
	var m map[string]any
	require.NoError(t, json.Unmarshal(body, &m), "%s", body)
	return m
}
