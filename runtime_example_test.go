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

// A Function that must wait for a human returns Suspend: the run is sealed
// into bytes, which any process with the same StateKey resumes with the
// answer. Calls made before the suspension are not made again.
func ExampleRuntime_Resume() {
	cfg := coderun.DefaultConfig()
	cfg.StateKey = []byte("0123456789abcdef0123456789abcdef") // 32 secret bytes in real use
	rt, err := coderun.New(cfg)
	if err != nil {
		panic(err)
	}
	defer rt.Close(context.Background())

	tools := coderun.Namespace{Global: "tools", Functions: map[string]coderun.Function{
		"list": func(context.Context, any) (any, error) { return []string{"a.txt", "b.txt"}, nil },
		"delete": func(_ context.Context, args any) (any, error) {
			return nil, coderun.Suspend("deleting files needs a human's approval")
		},
	}}
	res, err := rt.Run(context.Background(), coderun.Request{Program: `
		const files = await tools.list()
		console.log("asking to delete", files.length, "files")
		const ok = await tools.delete({files})
		return ok ? "deleted" : "kept"
	`, Bindings: []coderun.Namespace{tools}})
	if err != nil {
		panic(err)
	}
	pending := res.Suspended.Pending[0]
	fmt.Println(pending.Function, string(pending.Args), "-", pending.Reason)

	// Later, perhaps in another process: the human said yes.
	res, err = rt.Resume(context.Background(), res.Suspended.State,
		[]coderun.Answer{{ID: pending.ID, Value: true}}, []coderun.Namespace{tools})
	if err != nil {
		panic(err)
	}
	fmt.Println(string(res.Value), res.Logs)
	// Output:
	// delete {"files":["a.txt","b.txt"]} - deleting files needs a human's approval
	// "deleted" [asking to delete 2 files]
}
