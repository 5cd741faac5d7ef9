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

// The function call output the model gets for its program: two tools
// called, the refund approved.
const approvedResult = "status: ok\nvalue: [{\"order\":\"A-1002\",\"refunded\":40}]\nlogs: 1\n| acme has 3 orders, 1 damaged\n"

func TestMain(m *testing.M) { os.Exit(replay.Main(m)) }

// TestAgentLoopRunsTheModelsProgram replays a conversation in which the
// model answers with a run_code function call whose program calls both
// shop tools; the program really runs, the refund waits for the human on
// stdin, and the test checks what the loop sent back.
func TestAgentLoopRunsTheModelsProgram(t *testing.T) {
	for _, tc := range []struct {
		name, sdk, answer, final string
		result                   []string
	}{
		{name: "approved", sdk: "full", answer: "y\n", final: "2-message.json", result: []string{approvedResult}},
		{name: "approved, catalogue", sdk: "catalogue", answer: "y\n", final: "2-message.json", result: []string{approvedResult}},
		{name: "refused", sdk: "full", answer: "n\n", final: "2-message-refused.json",
			result: []string{"status: failed\n", "| acme has 3 orders, 1 damaged\n", "failure: exception: ", "the reviewer said no"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := replay.New(t, "/v1/responses", filepath.Join("testdata", "1-function-call.json"), filepath.Join("testdata", tc.final))
			t.Setenv("OPENAI_API_KEY", "test-key")
			t.Setenv("OPENAI_BASE_URL", srv.URL+"/v1")
			var out strings.Builder
			err := run(t.Context(), []string{"-sdk", tc.sdk, "Acme says an order arrived damaged. Sort it out."}, strings.NewReader(tc.answer), &out)
			require.NoError(t, err, "%s", out.String())

			reqs := srv.Requests()
			require.Len(t, reqs, 2)
			assert.Equal(t, "Bearer test-key", reqs[0].Header.Get("Authorization"))

			first := decode(t, reqs[0].Body)
			assert.Contains(t, first["instructions"], "Use run_code to do the work")
			tools := first["tools"].([]any)
			runCode := tools[0].(map[string]any)
			assert.Equal(t, "function", runCode["type"])
			assert.Equal(t, "run_code", runCode["name"])
			params := runCode["parameters"].(map[string]any)
			assert.Equal(t, []any{"program", "description"}, params["required"])
			assert.Equal(t, false, params["additionalProperties"])
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
			assert.Equal(t, "resp_0a7c5e1d3f9b2c4e0068f1a2b3c4d5e6", second["previous_response_id"])
			input := second["input"].([]any)
			require.Len(t, input, 1, "only the function call's output; the API keeps the rest")
			output := input[0].(map[string]any)
			assert.Equal(t, "function_call_output", output["type"])
			assert.Equal(t, "call_Kx7pQ2mVn9RtY4wZb3cD8eF1", output["call_id"])
			text := output["output"].(string)
			if len(tc.result) == 1 {
				assert.Equal(t, tc.result[0], text)
			}
			for _, s := range tc.result {
				assert.Contains(t, text, s)
			}

			printed := out.String()
			assert.Contains(t, printed, "executed find_orders acme\n")
			assert.Contains(t, printed, `approve refund {"order":"A-1002","amount":40,"reason":"arrived damaged"} (refunds move money)? [y/N]`)
			if tc.name == "refused" {
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
