package python_test

import (
	"context"
	"fmt"
	"log"
	"strings"

	"github.com/coderun/coderun"
	_ "github.com/coderun/coderun/python"
)

// A Python program that calls a Go function, collects its failures and
// returns a summary.
func Example() {
	cfg := coderun.DefaultConfig()
	cfg.Language = coderun.LanguagePython
	rt, err := coderun.New(cfg)
	if err != nil {
		log.Fatal(err)
	}
	defer rt.Close(context.Background())

	files := coderun.Namespace{
		Global:     "files",
		ErrorClass: &coderun.ErrorClass{Name: "FileError", Member: "function"},
		Functions: map[string]coderun.Function{
			"read": func(ctx context.Context, args any) (any, error) {
				path := args.(map[string]any)["path"].(string)
				if strings.HasPrefix(path, "missing") {
					return nil, fmt.Errorf("%s: no such file", path)
				}
				return "2024-01-0" + path[len(path)-5:len(path)-4], nil
			},
		},
	}
	res, err := rt.Run(context.Background(), coderun.Request{
		Program: `import asyncio
from datetime import date

paths = ["a1.txt", "b2.txt", "missing.txt"]
results = await asyncio.gather(*(files.read(path=p) for p in paths), return_exceptions=True)
dates, failed = [], []
for path, r in zip(paths, results):
    if isinstance(r, FileError):
        failed.append(str(r))
    else:
        dates.append(date.fromisoformat(r).strftime("%d %b %Y"))
print(f"{len(dates)} read, {len(failed)} failed")
return {"dates": dates, "failed": failed}`,
		Bindings: []coderun.Namespace{files},
	})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(res.Logs)
	fmt.Println(string(res.Value))
	// Output:
	// [2 read, 1 failed]
	// {"dates":["01 Jan 2024","02 Jan 2024"],"failed":["missing.txt: no such file"]}
}
