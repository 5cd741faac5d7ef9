package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"

	"github.com/coderun/coderun/codemode"
)

// fileTools are list/read/write over one directory. Reads and listings are
// parallel-safe; writes declare nothing and so are exclusive.
func fileTools(root string) []codemode.Tool {
	return []codemode.Tool{
		{
			Name:         "list_files",
			Description:  "List the files of the workspace, sorted by name.",
			Concurrency:  codemode.ParallelSafe,
			InputSchema:  json.RawMessage(`{"type":"object","additionalProperties":false}`),
			OutputSchema: json.RawMessage(`{"type":"object","properties":{"files":{"type":"array","items":{"type":"string"}}},"required":["files"]}`),
			Execute: func(context.Context, *codemode.Call) (*codemode.Output, error) {
				entries, err := os.ReadDir(root)
				if err != nil {
					return nil, errors.New("cannot list the workspace")
				}
				files := []string{}
				for _, e := range entries {
					if e.Type().IsRegular() {
						files = append(files, e.Name())
					}
				}
				slices.Sort(files)
				return jsonOutput(map[string]any{"files": files})
			},
		},
		{
			Name:         "read_file",
			Description:  "Read a UTF-8 text file.",
			Concurrency:  codemode.ParallelSafe,
			InputSchema:  json.RawMessage(`{"type":"object","properties":{"path":{"type":"string","description":"Path relative to the workspace."}},"required":["path"],"additionalProperties":false}`),
			OutputSchema: json.RawMessage(`{"type":"object","properties":{"content":{"type":"string"}},"required":["content"]}`),
			Execute: func(_ context.Context, call *codemode.Call) (*codemode.Output, error) {
				var in struct{ Path string }
				if err := json.Unmarshal(call.Args, &in); err != nil {
					return nil, err
				}
				path, err := inside(root, in.Path)
				if err != nil {
					return nil, err
				}
				b, err := os.ReadFile(path)
				if err != nil {
					return nil, fmt.Errorf("cannot read %s", in.Path)
				}
				return jsonOutput(map[string]any{"content": string(b)})
			},
		},
		{
			Name:        "write_file",
			Description: "Create or overwrite a text file.",
			InputSchema: json.RawMessage(`{"type":"object","properties":{"path":{"type":"string","description":"Path relative to the workspace."},"content":{"type":"string"}},"required":["path","content"],"additionalProperties":false}`),
			Execute: func(_ context.Context, call *codemode.Call) (*codemode.Output, error) {
				var in struct{ Path, Content string }
				if err := json.Unmarshal(call.Args, &in); err != nil {
					return nil, err
				}
				path, err := inside(root, in.Path)
				if err != nil {
					return nil, err
				}
				if err := os.WriteFile(path, []byte(in.Content), 0o644); err != nil {
					return nil, fmt.Errorf("cannot write %s", in.Path)
				}
				out, err := jsonOutput(map[string]any{"bytes": len(in.Content)})
				if out != nil {
					out.Deferred = []codemode.ContextEntry{{Text: in.Path + " was rewritten"}}
				}
				return out, err
			},
		},
	}
}

// inside resolves a workspace-relative path, refusing anything that would
// leave the workspace.
func inside(root, rel string) (string, error) {
	if !filepath.IsLocal(rel) {
		return "", fmt.Errorf("path %q is outside the workspace", rel)
	}
	return filepath.Join(root, rel), nil
}

func jsonOutput(v any) (*codemode.Output, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	return &codemode.Output{Value: b}, nil
}
