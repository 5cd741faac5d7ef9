package coderun

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
)

// A call made without await that fails ends the run with its error, and the
// failure names the call: the one the program most often forgets to await
// is a tool call. (The parity corpus, testdata/parity/unhandled.ts, checks
// the rule itself against Node.)
func TestUnhandledRejectionOfACallNamesTheCall(t *testing.T) {
	t.Parallel()
	rt := newRuntime(t, nil)
	fns := map[string]Function{
		"save": func(_ context.Context, args any) (any, error) {
			if name := args.(map[string]any)["name"].(string); name == "bad/name.txt" {
				return nil, errors.New("cannot save " + name)
			}
			return true, nil
		},
	}
	for _, immediate := range []bool{false, true} {
		ns := tools(fns)
		ns.Immediate = immediate
		res := runWith(t, rt, `
			const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
			async function save(name) { await tools.save({name}) }
			for (const name of ["report.txt", "bad/name.txt"]) save(name);
			await sleep(5000); // the rejection ends the run long before, however loaded the machine
			return "saved all files"`, ns)
		msg := requireFailure(t, res, KindException)
		assert.Regexp(t, `^ToolCallError: cannot save bad/name.txt`, msg, "immediate %v", immediate)
		assert.Contains(t, msg, "the rejection of tools.save (call 2 of the program)")
		assert.Equal(t, &FailedCall{Namespace: "tools", Function: "save", Sequence: 2}, res.Failure.Call)
	}
}

// A rejection that is not a call's error ends the run too, with no call
// named; the program's own exception stays a plain exception.
func TestUnhandledRejectionWithoutACall(t *testing.T) {
	t.Parallel()
	rt := newRuntime(t, nil)
	res := runProgram(t, rt, `Promise.reject(new RangeError("dropped")); return 1`)
	msg := requireFailure(t, res, KindException)
	assert.Regexp(t, `^RangeError: dropped\n`, msg)
	assert.Contains(t, msg, "Unhandled promise rejection: nothing awaited or caught")
	assert.Nil(t, res.Failure.Call)

	res = runProgram(t, rt, `await null; throw new Error("mine")`)
	msg = requireFailure(t, res, KindException)
	assert.NotContains(t, msg, "Unhandled promise rejection", "the program's own failure is not an unhandled rejection")
}

// A call still running when the program returns is abandoned with the run:
// its rejection, after the run settled, cannot fail the finished run.
func TestRejectionAfterTheRunSettledDoesNotFailIt(t *testing.T) {
	t.Parallel()
	rt := newRuntime(t, nil)
	fns := map[string]Function{
		"slow": func(ctx context.Context, _ any) (any, error) {
			<-ctx.Done()
			return nil, errors.New("cancelled with the run")
		},
	}
	res := runWith(t, rt, `tools.slow(); setTimeout(() => Promise.reject(new Error("after")), 1); return "done"`, tools(fns))
	assert.JSONEq(t, `"done"`, requireOK(t, res))
}

// A rejection handled by a job of the same drain is handled: it does not
// end the run, for a call's error as for any other.
func TestRejectionHandledInTheSameDrainIsHandled(t *testing.T) {
	t.Parallel()
	rt := newRuntime(t, nil)
	fns := map[string]Function{"fail": func(context.Context, any) (any, error) { return nil, errors.New("no") }}
	ns := tools(fns)
	ns.Immediate = true
	res := runWith(t, rt, `
		const p = tools.fail();
		await null; await null;
		return await p.catch((e) => e.message)`, ns)
	assert.JSONEq(t, `"no"`, requireOK(t, res))
}

// A call the host refused (a limit) rejects inside the program without its
// Function running; left unhandled, it is named without a position.
func TestUnhandledRefusedCallIsNamed(t *testing.T) {
	t.Parallel()
	rt := newRuntime(t, func(c *Config) { c.MaxCallsInFlight = 1 })
	release := make(chan struct{})
	fns := map[string]Function{"wait": func(context.Context, any) (any, error) { <-release; return 1, nil }}
	defer close(release)
	res := runWith(t, rt, `tools.wait(); tools.wait(); await new Promise((r) => setTimeout(r, 10)); return 1`, tools(fns))
	msg := requireFailure(t, res, KindException)
	assert.Contains(t, msg, "MaxCallsInFlight is 1")
	assert.Contains(t, msg, "the rejection of tools.wait (refused before it started)")
	assert.Equal(t, &FailedCall{Namespace: "tools", Function: "wait"}, res.Failure.Call)
}
