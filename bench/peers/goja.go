package main

import (
	"time"

	"github.com/dop251/goja"
)

// gojaEngine runs every program in a fresh goja.Runtime, with a small event
// loop: a host call returns a promise, runs its function on a goroutine and
// resolves the promise back on the run's goroutine. An Interrupt after
// wallTimeout stands in for coderun's WallTime; goja has no memory limit.
type gojaEngine struct{}

func (gojaEngine) Name() string { return "goja" }

func (gojaEngine) Close() {}

func (gojaEngine) Run(program string, host Host) (string, error) {
	rt := goja.New()
	timer := time.AfterFunc(wallTimeout, func() { rt.Interrupt("timeout") })
	defer timer.Stop()

	done := make(chan completion, 64)
	pending := 0
	if len(host) > 0 {
		obj := rt.NewObject()
		for name, fn := range host {
			err := obj.Set(name, func(call goja.FunctionCall) goja.Value {
				p, resolve, reject := rt.NewPromise()
				arg := call.Argument(0).Export()
				pending++
				go func() {
					v, err := fn(arg)
					done <- func() error {
						if err != nil {
							return reject(err.Error())
						}
						return resolve(v)
					}
				}()
				return rt.ToValue(p)
			})
			if err != nil {
				return "", err
			}
		}
		if err := rt.Set("host", obj); err != nil {
			return "", err
		}
	}
	// Promise jobs run when control leaves the runtime: at the end of
	// RunString and of every resolve.
	if _, err := rt.RunString(wrapProgram(program)); err != nil {
		return "", err
	}
	for pending > 0 {
		c := <-done
		pending--
		if err := c(); err != nil {
			return "", err
		}
	}
	return outcome(rt.Get("__out").Export(), exportOrNil(rt.Get("__err")))
}

func exportOrNil(v goja.Value) any {
	if v == nil {
		return nil
	}
	return v.Export()
}
