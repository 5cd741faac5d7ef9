package python_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/coderun/coderun"
	_ "github.com/coderun/coderun/python"
)

func newRuntime(t *testing.T, edit func(*coderun.Config)) *coderun.Runtime {
	t.Helper()
	cfg := coderun.DefaultConfig()
	cfg.Language = coderun.LanguagePython
	if edit != nil {
		edit(&cfg)
	}
	rt, err := coderun.New(cfg)
	require.NoError(t, err)
	t.Cleanup(func() { rt.Close(context.Background()) })
	return rt
}

func run(t *testing.T, rt *coderun.Runtime, program string, ns ...coderun.Namespace) coderun.Result {
	t.Helper()
	res, err := rt.Run(context.Background(), coderun.Request{Program: program, Bindings: ns})
	require.NoError(t, err)
	return res
}

// A Python Runtime says so, and runs a program to its value and logs.
func TestPythonRuntime(t *testing.T) {
	rt := newRuntime(t, nil)
	require.Equal(t, coderun.LanguagePython, rt.Language())
	res := run(t, rt, "print('hi')\nreturn 1+1")
	require.Nil(t, res.Failure)
	require.JSONEq(t, "2", string(res.Value))
	require.Equal(t, []string{"hi"}, res.Logs)
}
