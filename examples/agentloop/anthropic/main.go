// Command anthropic is an agent loop on Anthropic's Messages API in which
// the model gets Code Mode's run_code tool: its description is the typed
// SDK of the shop's tools, and coderun runs the program the model writes.
// A refund waits for your approval on the terminal.
//
//	ANTHROPIC_API_KEY=... go run ./anthropic "Acme says an order arrived damaged. Sort it out."
//
// The client reads ANTHROPIC_API_KEY and ANTHROPIC_BASE_URL, as the SDK
// does everywhere. -sdk catalogue shows the model the catalogue form, for
// large tool sets: a tool index, and describe_tools next to run_code.
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
	"strings"

	"github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/coderun/coderun/codemode"
	"github.com/coderun/coderun/examples/agentloop/internal/shop"
)

// maxTurns bounds the conversation: a model that keeps calling tools is
// stopped rather than billed forever.
const maxTurns = 10

func main() {
	if err := run(context.Background(), os.Args[1:], os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "anthropic:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, args []string, stdin io.Reader, stdout io.Writer) error {
	flags := flag.NewFlagSet("anthropic", flag.ContinueOnError)
	model := flags.String("model", string(anthropic.ModelClaudeSonnet5_5), "the model")
	sdk := flags.String("sdk", "auto", "the SDK's form: full, catalogue or auto")
	if err := flags.Parse(args); err != nil {
		return err
	}
	if flags.NArg() != 1 {
		return errors.New(`usage: anthropic [-model M] [-sdk full|catalogue|auto] "what to do"`)
	}
	sess, err := shop.NewSession(*sdk, stdout)
	if err != nil {
		return err
	}
	defer sess.Close(ctx)
	a := &agent{client: anthropic.NewClient(), model: anthropic.Model(*model), sess: sess, in: bufio.NewReader(stdin), out: stdout}
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
	client anthropic.Client
	model  anthropic.Model
	sess   *codemode.Session
	in     *bufio.Reader
	out    io.Writer
}

// run sends the prompt and answers the model's tool calls until it stops
// calling tools, and returns its final text.
func (a *agent) run(ctx context.Context, prompt string) (string, error) {
	messages := []anthropic.MessageParam{anthropic.NewUserMessage(anthropic.NewTextBlock(prompt))}
	for range maxTurns {
		// The tool list is built every turn: when the session's tools
		// change (an MCP server comes or goes), so do run_code's SDK and
		// the catalogue.
		tools, err := toolParams(a.sess.ModelTools())
		if err != nil {
			return "", err
		}
		msg, err := a.client.Messages.New(ctx, anthropic.MessageNewParams{
			Model:     a.model,
			MaxTokens: 4096,
			System:    []anthropic.TextBlockParam{{Text: shop.SystemPrompt}},
			Messages:  messages,
			Tools:     tools,
		})
		if err != nil {
			return "", err
		}
		messages = append(messages, msg.ToParam())
		if msg.StopReason != anthropic.StopReasonToolUse {
			return text(msg), nil
		}
		// Every tool_use block is answered, in one user message, in order.
		var results []anthropic.ContentBlockParamUnion
		for _, block := range msg.Content {
			use, ok := block.AsAny().(anthropic.ToolUseBlock)
			if !ok {
				continue
			}
			fmt.Fprintf(a.out, "model calls %s (%s)\n", use.Name, use.ID)
			res := shop.Answer(ctx, a.sess, codemode.CallRequest{ID: use.ID, Tool: use.Name, Args: use.Input}, a.in, a.out)
			results = append(results, anthropic.NewToolResultBlock(use.ID, res.Text, res.IsError))
		}
		messages = append(messages, anthropic.NewUserMessage(results...))
	}
	return "", fmt.Errorf("the model was still calling tools after %d turns", maxTurns)
}

// toolParams turns the session's tools into the Messages API's: the
// schema's properties and required list go in their own fields, every
// other keyword (additionalProperties, $defs, ...) as an extra field.
func toolParams(tools []codemode.WireTool) ([]anthropic.ToolUnionParam, error) {
	params := make([]anthropic.ToolUnionParam, 0, len(tools))
	for _, t := range tools {
		var schema map[string]any
		if err := json.Unmarshal(t.InputSchema, &schema); err != nil {
			return nil, fmt.Errorf("tool %s: input schema: %w", t.Name, err)
		}
		in := anthropic.ToolInputSchemaParam{Properties: schema["properties"]}
		if req, ok := schema["required"].([]any); ok {
			for _, r := range req {
				s, _ := r.(string)
				in.Required = append(in.Required, s)
			}
		}
		delete(schema, "type") // always "object", which the SDK writes itself
		delete(schema, "properties")
		delete(schema, "required")
		in.ExtraFields = schema
		p := anthropic.ToolParam{Name: t.Name, Description: anthropic.String(t.Description), InputSchema: in}
		params = append(params, anthropic.ToolUnionParam{OfTool: &p})
	}
	return params, nil
}

// text joins the text blocks of a message.
func text(msg *anthropic.Message) string {
	var parts []string
	for _, block := range msg.Content {
		if t, ok := block.AsAny().(anthropic.TextBlock); ok {
			parts = append(parts, t.Text)
		}
	}
	return strings.Join(parts, "\n")
}
