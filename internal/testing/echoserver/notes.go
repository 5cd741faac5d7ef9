package echoserver

import (
	"context"
	"net/url"
	"path"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Notes are resources served the way many servers serve files: each is
// listed under its own URI, and a template reaches any of them by name,
// which the server reads as a path, percent-decoded and cleaned. So one
// note answers to several URIs, as a file does ("notes://n/secret",
// "notes://n/%73ecret", "notes://n/x/../secret").
var Notes = map[string]string{
	"public": "anyone may read this",
	"secret": "the launch code is 0000",
}

// NotesTemplate is the template reaching every note.
const NotesTemplate = "notes://n/{+name}"

// addNotes offers every note as a listed resource named after it, and
// NotesTemplate, named "note".
func addNotes(server *mcp.Server) {
	read := func(_ context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
		uri := req.Params.URI
		name, err := url.PathUnescape(strings.TrimPrefix(uri, "notes://n/"))
		if err != nil {
			return nil, err
		}
		text, ok := Notes[strings.TrimPrefix(path.Clean("/"+name), "/")]
		if !ok {
			return nil, mcp.ResourceNotFoundError(uri)
		}
		return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: uri, MIMEType: "text/plain", Text: text}}}, nil
	}
	for name := range Notes {
		server.AddResource(&mcp.Resource{Name: name, URI: "notes://n/" + name, MIMEType: "text/plain"}, read)
	}
	server.AddResourceTemplate(&mcp.ResourceTemplate{Name: "note", URITemplate: NotesTemplate, MIMEType: "text/plain"}, read)
}
