package main

import (
	"context"
	"errors"
	"fmt"

	coderun "github.com/coderun/coderun"
)

// coderunEngine runs programs with one coderun.Runtime with
// DefaultConfig: every budget on, a fresh wasm instance per run.
type coderunEngine struct{ rt *coderun.Runtime }

func newCoderun() (*coderunEngine, error) {
	rt, err := coderun.New(coderun.DefaultConfig())
	if err != nil {
		return nil, err
	}
	return &coderunEngine{rt: rt}, nil
}

func (e *coderunEngine) Name() string { return "coderun" }

func (e *coderunEngine) Close() { _ = e.rt.Close(context.Background()) }

func (e *coderunEngine) Run(program string, host Host) (string, error) {
	req := coderun.Request{Program: program}
	if len(host) > 0 {
		ns := coderun.Namespace{Global: "host", Functions: map[string]coderun.Function{}}
		for name, fn := range host {
			ns.Functions[name] = func(_ context.Context, arg any) (any, error) { return fn(arg) }
		}
		req.Bindings = []coderun.Namespace{ns}
	}
	res, err := e.rt.Run(context.Background(), req)
	if err != nil {
		return "", err
	}
	if res.Failure != nil {
		return "", fmt.Errorf("%s: %s", res.Failure.Kind, res.Failure.Message)
	}
	if res.Value == nil {
		return "", nil
	}
	if len(res.Value) == 0 {
		return "", errors.New("empty value")
	}
	return string(res.Value), nil
}
