package codemode

import (
	"encoding/json"
	"testing"

	coderun "github.com/coderun/coderun"
	"github.com/stretchr/testify/assert"
)

func TestRenderResult(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		res  coderun.Result
		want string
	}{
		{"value and logs", coderun.Result{
			Value: json.RawMessage(`{ "changed": 29,
				"denied": ["a.txt"] }`),
			Logs: []string{"rewrote 29 files", "two\nlines"},
		}, "status: ok\n" +
			`value: {"changed":29,"denied":["a.txt"]}` + "\n" +
			"logs: 2\n" +
			"| rewrote 29 files\n" +
			"| two\n" +
			"| lines\n"},
		{"absent value", coderun.Result{Logs: []string{}},
			"status: ok\nvalue: (none)\nlogs: 0\n"},
		{"explicit null", coderun.Result{Value: json.RawMessage("null")},
			"status: ok\nvalue: null\nlogs: 0\n"},
		{"failure", coderun.Result{
			Logs:    []string{"starting", "status: ok"},
			Failure: &coderun.Failure{Kind: coderun.KindTimeout, Message: "wall time 60s exceeded"},
		}, "status: failed\n" +
			"value: (none)\n" +
			"logs: 2\n" +
			"| starting\n" +
			"| status: ok\n" + // program output cannot pass for a label
			"failure: timeout: wall time 60s exceeded\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.want, renderResult(c.res))
		})
	}
}
