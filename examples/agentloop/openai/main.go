// Command openai is an agent loop on OpenAI's Responses API in which the
// model gets Code Mode's run_code tool as a function: its description is
// the typed SDK of the shop's tools, and coderun runs the program the model
// writes. A refund waits for your approval on the terminal.
//
//	OPENAI_API_KEY=... go run ./openai "Acme says an order arrived damaged. Sort it out."
//
// The client reads OPENAI_API_KEY and OPENAI_BASE_URL, as the SDK does
// everywhere. -sdk catalogue shows the model the catalogue form, for large
// tool sets: a tool index, and describe_tools next to run_code.
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/coderun/coderun/codemode"
	"github.com/coderun/coderun/examples/agentloop/internal/shop"
	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/responses"
)

// maxTurns bounds the conversation: a model that keeps calling tools is
// stopped rather than billed forever.
const maxTurns = 10

func main() {
	if err := run(context.Background(), os.Args[1:], os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "openai:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, args []string, stdin io.Reader, stdout io.Writer) error {
	flags := flag.NewFlagSet("openai", flag.ContinueOnError)
	model := flags.String("model", openai.ChatModelGPT5_5, "the model")
	sdk := flags.String("sdk", "auto", "the SDK's form: full, catalogue or auto")
	if err := flags.Parse(args); err != nil {
		return err
	}
	if flags.NArg() != 1 {
		return errors.New(`usage: openai [-model M] [-sdk full|catalogue|auto] "what to do"`)
	}
	sess, err := shop.NewSession(*sdk, stdout)
	if err != nil {
		return err
	}
	defer sess.Close(ctx)
	a := &agent{client: openai.NewClient(), model: *model, sess: sess, in: bufio.NewReader(stdin), out: stdout}
	answer, err := a.run(ctx, flags.Arg(0))
	if err != nil {
		return err
	}
	fmt.Fprintln(stdout, answer)
	return nil
}

// agent is the loop's state: the client, the session, and where the human
// is.
type agent struct {
	client openai.Client
	model  string
	sess   *codemode.Session
	in     *bufio.Reader
	out    io.Writer
}

// run sends the prompt and answers the model's function calls until it
// stops calling them, and returns its final text. The conversation is kept
// by the API: each request names the previous response and carries only
// the new function call outputs.
func (a *agent) run(ctx context.Context, prompt string) (string, error) {
	input := responses.ResponseInputParam{responses.ResponseInputItemParamOfMessage(prompt, responses.EasyInputMessageRoleUser)}
	previous := ""
	for range maxTurns {
		// The tool list is built every turn: when the session's tools
		// change (an MCP server comes or goes), so do run_code's SDK and
		// the catalogue.
		tools, err := toolParams(a.sess.ModelTools())
		if err != nil {
			return "", err
		}
		params := responses.ResponseNewParams{
			Model:        a.model,
			Instructions: openai.String(shop.SystemPrompt),
			Input:        responses.ResponseNewParamsInputUnion{OfInputItemList: input},
			Tools:        tools,
		}
		if previous != "" {
			params.PreviousResponseID = openai.String(previous)
		}
		resp, err := a.client.Responses.New(ctx, params)
		if err != nil {
			return "", err
		}
		previous, input = resp.ID, nil
		// Every function call is answered, in order, in the next request.
		for _, item := range resp.Output {
			call, ok := item.AsAny().(responses.ResponseFunctionToolCall)
			if !ok {
				continue
			}
			fmt.Fprintf(a.out, "model calls %s (%s)\n", call.Name, call.CallID)
			res := shop.Answer(ctx, a.sess, codemode.CallRequest{ID: call.CallID, Tool: call.Name, Args: json.RawMessage(call.Arguments)}, a.in, a.out)
			input = append(input, functionCallOutput(call.CallID, res))
		}
		if len(input) == 0 {
			return resp.OutputText(), nil
		}
	}
	return "", fmt.Errorf("the model was still calling tools after %d turns", maxTurns)
}

// toolParams turns the session's tools into the Responses API's function
// tools. They are not strict: strict mode requires every property to be
// required, and describe_tools' are optional.
func toolParams(tools []codemode.WireTool) ([]responses.ToolUnionParam, error) {
	params := make([]responses.ToolUnionParam, 0, len(tools))
	for _, t := range tools {
		var schema map[string]any
		if err := json.Unmarshal(t.InputSchema, &schema); err != nil {
			return nil, fmt.Errorf("tool %s: input schema: %w", t.Name, err)
		}
		params = append(params, responses.ToolUnionParam{OfFunction: &responses.FunctionToolParam{
			Name:        t.Name,
			Description: openai.String(t.Description),
			Parameters:  schema,
			Strict:      openai.Bool(false),
		}})
	}
	return params, nil
}

// functionCallOutput is a tool result as the Responses API takes it. The
// API has no error flag: a failure is said in the text, which for a
// run_code program starts "status: failed" and for a refused call is the
// pipeline's message.
func functionCallOutput(callID string, res codemode.ToolResult) responses.ResponseInputItemUnionParam {
	item := responses.ResponseInputItemParamOfFunctionCallOutput(res.Text)
	item.OfFunctionCallOutput.CallID = openai.String(callID)
	return item
}
