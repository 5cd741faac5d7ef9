package mcpproxy

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/coderun/coderun/codemode"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// toOutput turns an upstream's tools/call result into what the pipeline
// expects. A result with isError set becomes an error carrying the server's
// message, which a program sees as a ToolCallError.
//
// The value a program receives is the structured content when the server
// sent some, and otherwise the text content as one string. Text is never
// parsed as JSON on a guess: a file that happens to hold JSON must come back
// from a read tool as the string it is, so the program sees the same type
// on every call. A program that knows a tool answers in JSON text can
// JSON.parse it.
func toOutput(res *mcp.CallToolResult) (*codemode.Output, error) {
	if res.IsError {
		msg := strings.TrimSpace(joinText(res.Content))
		if msg == "" {
			msg = "the server reported an error without a message"
		}
		return nil, errors.New(msg)
	}
	out := &codemode.Output{Content: toContent(res.Content)}
	var err error
	if res.StructuredContent != nil {
		out.Value, err = json.Marshal(res.StructuredContent)
	} else {
		out.Value, err = json.Marshal(joinText(res.Content))
	}
	if err != nil {
		return nil, fmt.Errorf("encoding the result: %w", err)
	}
	return out, nil
}

// joinText concatenates the text of every content item, one per line, with
// a short placeholder for items that have no text (images, audio, links),
// so a program can at least tell they were there.
func joinText(content []mcp.Content) string {
	parts := make([]string, 0, len(content))
	for _, c := range content {
		switch c := c.(type) {
		case *mcp.TextContent:
			parts = append(parts, c.Text)
		case *mcp.ImageContent:
			parts = append(parts, fmt.Sprintf("[image %s, %d bytes]", c.MIMEType, len(c.Data)))
		case *mcp.AudioContent:
			parts = append(parts, fmt.Sprintf("[audio %s, %d bytes]", c.MIMEType, len(c.Data)))
		case *mcp.EmbeddedResource:
			if c.Resource != nil && c.Resource.Text != "" {
				parts = append(parts, c.Resource.Text)
			} else if c.Resource != nil {
				parts = append(parts, fmt.Sprintf("[resource %s, %d bytes]", c.Resource.URI, len(c.Resource.Blob)))
			}
		case *mcp.ResourceLink:
			parts = append(parts, fmt.Sprintf("[resource link %s]", c.URI))
		}
	}
	return strings.Join(parts, "\n")
}

// toContent keeps an upstream result's display content for a call the
// client made directly, in the pipeline's form.
func toContent(content []mcp.Content) []codemode.Content {
	out := make([]codemode.Content, 0, len(content))
	for _, c := range content {
		switch c := c.(type) {
		case *mcp.TextContent:
			out = append(out, codemode.TextContent(c.Text))
		case *mcp.ImageContent:
			out = append(out, codemode.Content{Type: "image", MIMEType: c.MIMEType, Data: c.Data})
		case *mcp.AudioContent:
			out = append(out, codemode.Content{Type: "audio", MIMEType: c.MIMEType, Data: c.Data})
		default:
			// Resources have no place in the pipeline's content; their
			// text stands in for them.
			out = append(out, codemode.TextContent(joinText([]mcp.Content{c})))
		}
	}
	return out
}

// fromContent is toContent's inverse, for sending a pipeline result to the
// downstream client.
func fromContent(content []codemode.Content) []mcp.Content {
	out := make([]mcp.Content, 0, len(content))
	for _, c := range content {
		switch c.Type {
		case "image":
			out = append(out, &mcp.ImageContent{MIMEType: c.MIMEType, Data: c.Data})
		case "audio":
			out = append(out, &mcp.AudioContent{MIMEType: c.MIMEType, Data: c.Data})
		case "text":
			out = append(out, &mcp.TextContent{Text: c.Text})
		default:
			out = append(out, &mcp.TextContent{Text: fmt.Sprintf("[%s %s, %d bytes]", c.Type, c.MIMEType, len(c.Data))})
		}
	}
	return out
}
