package coderun_test

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/coderun/coderun"
)

// A program runs as the body of an async function; its return value comes
// back as JSON, its console output as Logs.
func ExampleRuntime_Run() {
	rt, err := coderun.New(coderun.DefaultConfig())
	if err != nil {
		panic(err)
	}
	defer rt.Close(context.Background())

	res, err := rt.Run(context.Background(), coderun.Request{Program: `
		const words: string[] = ["fix", "the", "date", "format"]
		console.log("words:", words.length)
		return { longest: words.reduce((a, b) => (b.length > a.length ? b : a)) }
	`})
	if err != nil {
		panic(err) // only contract misuse ends up here
	}
	fmt.Println(string(res.Value))
	fmt.Println(res.Logs)
	// Output:
	// {"longest":"format"}
	// [words: 4]
}

// A failing program is a Result with a Failure, never an error of Run.
func ExampleFailure() {
	rt, _ := coderun.New(coderun.DefaultConfig())
	defer rt.Close(context.Background())

	res, _ := rt.Run(context.Background(), coderun.Request{Program: `return { when: new Date(0) }`})
	fmt.Println(res.Failure.Kind)
	fmt.Println(res.Failure.Message)
	// Output:
	// invalid-output
	// the return value is not lossless JSON: $.when: Date is not JSON
}

// Bindings make Go functions async globals of the program. With an
// ErrorClass, a failed call is an instance of that class the program can
// catch and carry on.
func ExampleNamespace() {
	rt, _ := coderun.New(coderun.DefaultConfig())
	defer rt.Close(context.Background())

	files := map[string]string{"a.txt": "2024/01/31", "b.txt": "2024/02/29"}
	tools := coderun.Namespace{
		Global: "tools",
		Functions: map[string]coderun.Function{
			"read": func(ctx context.Context, args any) (any, error) {
				path, _ := args.(map[string]any)["path"].(string)
				text, ok := files[path]
				if !ok {
					return nil, errors.New("no such file: " + path)
				}
				return text, nil
			},
		},
		ErrorClass: &coderun.ErrorClass{Name: "ToolCallError", Member: "toolName"},
	}
	res, _ := rt.Run(context.Background(), coderun.Request{
		Program: `
			const out: Record<string, string> = {}
			for (const path of ["a.txt", "missing.txt", "b.txt"]) {
				try {
					out[path] = (await tools.read({ path })).replaceAll("/", "-")
				} catch (e) {
					if (!(e instanceof ToolCallError)) throw e
					out[path] = e.toolName + " failed: " + e.message
				}
			}
			return out`,
		Bindings: []coderun.Namespace{tools},
	})
	fmt.Println(string(res.Value))
	// Output:
	// {"a.txt":"2024-01-31","missing.txt":"read failed: no such file: missing.txt","b.txt":"2024-02-29"}
}

// Func adapts a typed Go function; the program's argument is decoded into
// the input struct.
func ExampleFunc() {
	type in struct {
		Text string `json:"text"`
	}
	type out struct {
		Upper string `json:"upper"`
	}
	upper := coderun.Func(func(ctx context.Context, a in) (out, error) {
		return out{Upper: strings.ToUpper(a.Text)}, nil
	})
	rt, _ := coderun.New(coderun.DefaultConfig())
	defer rt.Close(context.Background())
	res, _ := rt.Run(context.Background(), coderun.Request{
		Program:  `return (await text.upper({ text: "hello" })).upper`,
		Bindings: []coderun.Namespace{{Global: "text", Functions: map[string]coderun.Function{"upper": upper}}},
	})
	fmt.Println(string(res.Value))
	// Output:
	// "HELLO"
}
