// Command bindings is the README's first program: a Go function becomes an
// async global of a TypeScript program, which coderun runs in a sandbox.
package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/coderun/coderun"
)

func main() {
	ctx := context.Background()
	rt, err := coderun.New(coderun.DefaultConfig()) // validates every budget
	if err != nil {
		panic(err)
	}
	defer rt.Close(ctx) // aborts runs in flight and waits for them

	files := map[string]string{"a.txt": "2024/01/31", "b.txt": "2024/02/29"}
	tools := coderun.Namespace{
		Global: "tools",
		Functions: map[string]coderun.Function{
			"read": func(ctx context.Context, args any) (any, error) {
				path, _ := args.(map[string]any)["path"].(string)
				text, ok := files[path]
				if !ok {
					return nil, fmt.Errorf("no such file: %s", path)
				}
				return text, nil
			},
		},
		ErrorClass: &coderun.ErrorClass{Name: "ToolCallError", Member: "toolName"},
	}

	res, err := rt.Run(ctx, coderun.Request{
		Program: `
			const out: Record<string, string> = {}
			for (const path of ["a.txt", "missing.txt", "b.txt"]) {
				try {
					out[path] = (await tools.read({ path })).replaceAll("/", "-")
				} catch (e) {
					if (!(e instanceof ToolCallError)) throw e
					console.log(e.toolName, "failed:", e.message)
				}
			}
			return out`,
		Bindings: []coderun.Namespace{tools},
	})
	if err != nil {
		panic(err) // only contract misuse: a bad namespace, a closed Runtime
	}
	if res.Failure != nil { // the program failed: feed the message back to the model
		fmt.Println(res.Failure.Kind, res.Failure.Message)
		return
	}
	fmt.Println(string(res.Value))
	fmt.Println(strings.Join(res.Logs, "\n"))
}
