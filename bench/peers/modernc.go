package main

import (
	"fmt"

	"modernc.org/quickjs"
)

// moderncEngine runs every program in a fresh modernc.org/quickjs VM (the
// same QuickJS C code, transpiled to Go), with an eval timeout and a
// memory limit matching coderun's defaults, and the same event loop as
// gojaEngine.
type moderncEngine struct{}

func (moderncEngine) Name() string { return "modernc" }

func (moderncEngine) Close() {}

func (moderncEngine) Run(program string, host Host) (out string, err error) {
	m, err := quickjs.NewVM()
	if err != nil {
		return "", err
	}
	defer func() {
		if cerr := m.Close(); cerr != nil && err == nil {
			err = cerr
		}
	}()
	m.SetMemoryLimit(memoryLimit)
	if err := m.SetEvalTimeout(computeTimeout); err != nil {
		return "", err
	}

	done := make(chan completion, 64)
	pending := 0
	if len(host) > 0 {
		glue := "globalThis.host = {"
		for name, fn := range host {
			global := "__host_" + name
			// RegisterFunc, not RegisterHostFunc: only RegisterFunc hands a
			// returned Value (the promise) to JavaScript as it is.
			err := m.RegisterFunc(global, func(args ...any) quickjs.Value {
				pc, err := m.NewPromiseCapability()
				if err != nil {
					panic(err) // a RegisterFunc function cannot throw; the panic reaches Run's caller
				}
				var arg any
				if len(args) > 0 {
					arg = args[0]
				}
				pending++
				go func() {
					v, err := fn(arg)
					done <- func() error {
						// The capability's references are released here,
						// after the promise settled; the promise itself
						// went to the program.
						defer pc.Reject.Free()
						defer pc.Resolve.Free()
						if err != nil {
							_, err = pc.Reject.Call(quickjs.UndefinedValue, err.Error())
							return err
						}
						_, err = pc.Resolve.Call(quickjs.UndefinedValue, v)
						return err
					}
				}()
				return pc.Promise
			}, false)
			if err != nil {
				return "", err
			}
			glue += fmt.Sprintf("%q: %s, ", name, global)
		}
		if _, err := m.Eval(glue+"};", quickjs.EvalGlobal); err != nil {
			return "", err
		}
	}
	v, err := m.EvalValue(wrapProgram(program), quickjs.EvalGlobal)
	if err != nil {
		return "", err
	}
	v.Free()
	if _, err := m.ExecutePendingJobs(); err != nil {
		return "", err
	}
	for pending > 0 {
		c := <-done
		pending--
		if err := c(); err != nil {
			return "", err
		}
		if _, err := m.ExecutePendingJobs(); err != nil {
			return "", err
		}
	}
	res, err := m.Eval("globalThis.__out", quickjs.EvalGlobal)
	if err != nil {
		return "", err
	}
	errText, err := m.Eval("globalThis.__err", quickjs.EvalGlobal)
	if err != nil {
		return "", err
	}
	return outcome(res, errText)
}
