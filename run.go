package coderun

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"sync/atomic"
	"time"

	"github.com/coderun/coderun/internal/engine"
	"github.com/coderun/coderun/internal/hostcalls"
	"github.com/coderun/coderun/internal/intl"
)

// run is the state of one segment of a program run: the whole run, or the
// part from a Resume to the run's end or next suspension. Its engine.Host
// methods are called from inside the guest on the loop's goroutine; only
// aborted is touched from elsewhere.
type run struct {
	rt         *Runtime
	cfg        Config
	parent     context.Context // the caller's
	ctx        context.Context // cancelled when the caller's is, or with errClosing
	cancel     context.CancelCauseFunc
	stopAfter  [2]func() bool // unregister the watchers of ctx's parent and of the Runtime's closing
	namespaces []Namespace

	inst   *engine.Instance
	bridge *hostcalls.Bridge
	clock  *runClock

	program  string              // the source, sealed with a suspended run
	fileName string              // Request.FileName, sealed with it
	mapPos   func(string) string // maps positions in messages to the source
	intl     *intl.Session       // the segment's formatters, which no other run sees

	aborted atomic.Bool // set when ctx is to be done; read by FuelTick

	start     time.Time     // the run's start, shifted back by earlier segments' live time
	compute   time.Duration // guest execution time of finished export calls
	callStart time.Time     // when the current export call began
	lastYield time.Time     // when FuelTick last yielded the thread
	ticks     uint64

	admitted   bool      // r holds an admission slot (admission.go)
	admittedAt time.Time // when it took it

	// untrimmed says the guest ran since its free pages were last given
	// back (see trim); trimming says a trim is running, whose fuel ticks
	// are not the program's.
	untrimmed, trimming bool

	timers timerQueue
	parked []parkedCall // calls waiting for an answer from outside, in program order

	logs     []string
	outBytes int64
	settled  bool
	result   Result
}

// parkedCall is a call whose Function returned Suspend.
type parkedCall struct {
	ID uint32 // the guest's call id
	hostcalls.Parked
}

func newRun(parent context.Context, rt *Runtime, bindings []Namespace) *run {
	ctx, cancel := context.WithCancelCause(parent)
	r := &run{rt: rt, cfg: rt.cfg, parent: parent, ctx: ctx, cancel: cancel, namespaces: bindings, mapPos: func(s string) string { return s }, intl: intl.NewSession()}
	// The watchers set aborted first, for FuelTick to see at once. A parent
	// that can never be done (context.Background) needs none.
	if parent.Done() != nil {
		r.stopAfter[0] = context.AfterFunc(parent, func() { r.aborted.Store(true) })
	}
	r.stopAfter[1] = context.AfterFunc(rt.closing, func() {
		r.aborted.Store(true)
		cancel(errClosing)
	})
	return r
}

// end releases what the segment holds: the calls still running are
// cancelled (their late results dropped) and the instance closed.
func (r *run) end() {
	for _, stop := range r.stopAfter {
		if stop != nil {
			stop()
		}
	}
	if r.bridge != nil {
		r.bridge.Settle()
	}
	if r.inst != nil {
		r.inst.Close()
	}
	r.yieldSlot()
	r.cancel(nil)
}

// finish is the segment's Result, with every log line of the run.
func (r *run) finish() Result {
	r.result.Logs = r.logs
	if r.result.Logs == nil {
		r.result.Logs = []string{}
	}
	return r.result
}

// abortErr is non-nil once the run must end as an abort. It reads the
// Runtime's closing directly, not only the run's ctx, which learns of it a
// moment later on another goroutine: a Close that happened before the run
// settled always wins.
func (r *run) abortErr() error {
	if r.rt.closing.Err() != nil {
		return errClosing
	}
	if r.ctx.Err() != nil {
		return context.Cause(r.ctx)
	}
	if r.parent.Err() != nil {
		// The parent's watcher may set aborted before ctx learns of it.
		return context.Cause(r.parent)
	}
	return nil
}

func (r *run) abortMessage() string {
	err := r.abortErr()
	switch {
	case errors.Is(err, errClosing):
		return "the run was aborted: the runtime is closing"
	case err == nil, errors.Is(err, context.Canceled):
		return "the run was aborted: its context was cancelled"
	default:
		return "the run was aborted: its context ended (" + err.Error() + ")"
	}
}

// runProgram runs a program from its first line.
func (r *run) runProgram(program string) {
	r.clock = newRunClock(time.Now(), r.cfg.Deterministic, r.cfg.Seed)
	r.start = r.clock.startedAt()
	// The transform is part of the run: ctx and WallTime bound it too.
	prog, failure, err := r.prepare(program)
	switch {
	case err != nil && r.abortErr() != nil:
		r.fail(KindAbort, r.abortMessage())
		return
	case err != nil:
		r.fail(KindTimeout, r.wallTimeMessage())
		return
	case failure != nil:
		r.fail(failure.Kind, failure.Message)
		return
	}
	r.program, r.mapPos = program, prog.mapPos
	r.bridge = r.newBridge(hostcalls.Prior{})
	if !r.instantiate() {
		return
	}
	if !r.guest(func() (engine.State, error) {
		ok, err := r.inst.Start(uint32(r.cfg.MemoryLimitBytes))
		if err == nil && !ok && !r.settled {
			r.fail(KindWorkerExit, "the sandbox failed to initialise")
		}
		return engine.Pending, err
	}) {
		return
	}
	if len(r.namespaces) > 0 {
		spec, err := bindingSpec(r.namespaces)
		if err != nil {
			r.fail(KindWorkerExit, err.Error())
			return
		}
		if !r.guest(func() (engine.State, error) {
			_, err := r.inst.Bind(spec)
			return engine.Pending, err
		}) {
			return
		}
	}
	if h := r.rt.hooks.beforeLoop; h != nil {
		h()
	}
	if !r.guest(func() (engine.State, error) { return r.inst.Run(prog.js, prog.filename) }) {
		return
	}
	r.loop()
}

// testHooks let a package's tests look into one Runtime's runs; they are
// set before its first Run and never in production.
type testHooks struct {
	beforeLoop func() // called before the program starts: to inject a fault
	trimmed    func() // called after each trim
}

// newBridge gives the segment its binding bridge.
func (r *run) newBridge(prior hostcalls.Prior) *hostcalls.Bridge {
	nss := make([]hostcalls.Namespace, len(r.namespaces))
	for i, ns := range r.namespaces {
		fns := ns.Functions
		nss[i] = hostcalls.Namespace{Global: ns.Global, Immediate: ns.Immediate, Lookup: func(name string) (hostcalls.Function, bool) {
			f, ok := fns[name]
			return hostcalls.Function(f), ok
		}}
	}
	return hostcalls.NewBridge(r.ctx, nss, hostcalls.Limits{
		ImmediateDeadline: r.start.Add(r.cfg.WallTime),
		MaxInFlight:       r.cfg.MaxCallsInFlight,
		MaxCalls:          r.cfg.MaxCalls,
		CanPark:           r.cfg.StateKey != nil,
		NoParkReason:      "this Runtime has no Config.StateKey, so its runs cannot suspend: set a 32-byte StateKey",
	}, prior)
}

// instantiate gives the segment a fresh sandbox instance.
func (r *run) instantiate() bool {
	inst, err := r.rt.engine.Instantiate(context.Background(), r, r.clock.engineClock())
	if err != nil {
		r.fail(KindWorkerExit, "the sandbox could not start: "+err.Error())
		return false
	}
	r.inst = inst
	return true
}

// stopError carries a Failure through engine.Stop to the loop.
type stopError struct{ f Failure }

func (e *stopError) Error() string { return e.f.Error() }

func (r *run) stop(kind FailureKind, format string, args ...any) {
	engine.Stop(&stopError{Failure{Kind: kind, Message: fmt.Sprintf(format, args...)}})
}

// ---- engine.Host ----------------------------------------------------------

func (r *run) Log(line string) {
	n := jsonStringLen(line)
	if r.outBytes+n > r.cfg.MaxOutputBytes {
		r.stop(KindOutputLimit, "%s", r.outputLimitMessage("the logs reached", r.outBytes+n))
	}
	r.outBytes += n
	r.logs = append(r.logs, line)
}

func (r *run) Settle(kind engine.SettleKind, payload []byte) {
	if r.settled {
		return // the guest settles once; a second settle is ignored
	}
	if r.abortErr() != nil {
		// Cancelled before the program finished: whatever it would have
		// returned, the run is an abort, so a caller never mistakes a
		// cancelled run for a finished one.
		r.fail(KindAbort, r.abortMessage())
		return
	}
	r.settled = true
	switch kind {
	case engine.SettleValue:
		if len(payload) == 0 {
			return
		}
		v, err := hostcalls.CBORToJSON(payload)
		if err != nil {
			r.fail(KindInvalidOutput, err.Error())
			return
		}
		if r.outBytes+int64(len(v)) > r.cfg.MaxOutputBytes {
			r.fail(KindOutputLimit, r.outputLimitMessage("logs and value total", r.outBytes+int64(len(v))))
			return
		}
		r.result.Value = v
	case engine.SettleException:
		// The guest mapped the positions when it read the stack (MapStack).
		r.fail(KindException, string(payload))
	case engine.SettleInvalidOutput:
		r.fail(KindInvalidOutput, "the return value is not lossless JSON: "+string(payload))
	case engine.SettleUnhandled:
		r.unhandled(payload)
	default:
		r.fail(KindWorkerExit, fmt.Sprintf("the sandbox settled with unknown kind %d", kind))
	}
}

func (r *run) Call(msg, answer []byte) (int, string) {
	if r.abortErr() != nil {
		// A call refused here would reject inside the program, which could
		// catch it and finish normally; a cancelled run ends as an abort.
		r.stop(KindAbort, "%s", r.abortMessage())
	}
	n, refusal := r.bridge.Start(msg, answer)
	// A call of an Immediate namespace ran here, inside the guest's
	// execution, for as long as it took: the budgets are checked now
	// rather than at the guest's next fuel tick, which a program awaiting
	// such calls in a loop may not reach for a long time. (For any other
	// call this is a clock read.) The abort is read from the context
	// itself: a Function that returned because it was cancelled is back
	// before the flag FuelTick reads is set.
	if r.abortErr() != nil {
		r.stop(KindAbort, "%s", r.abortMessage())
	}
	r.checkBudgets(time.Now())
	return n, refusal
}

// maxTimers bounds the timers one run may keep armed: the guest's heap is
// bounded by MemoryLimitBytes, but the host's timer queue is not.
const maxTimers = 100_000

func (r *run) TimerSet(id uint32, delayMs float64) {
	if r.timers.Len() >= maxTimers {
		r.stop(KindException, "RangeError: too many timers armed at once (the limit is %d)", maxTimers)
	}
	if !(delayMs >= 0) {
		delayMs = 0
	}
	if delayMs > float64(maxDuration/time.Millisecond) {
		delayMs = float64(maxDuration / time.Millisecond)
	}
	r.timers.set(id, r.clock.elapsed()+time.Duration(delayMs*float64(time.Millisecond)))
}

func (r *run) TimerClear(id uint32) { r.timers.clear(id) }

// ReserveOutput refuses a large output before the guest encodes it.
func (r *run) ReserveOutput(n int64) {
	if r.outBytes+n > r.cfg.MaxOutputBytes {
		r.stop(KindOutputLimit, "%s", r.outputLimitMessage("logs and output total at least", r.outBytes+n))
	}
}

func (r *run) OutOfMemory(requested uint32) {
	r.stop(KindWorkerExit, "out of memory: the program exhausted MemoryLimitBytes (%d bytes) allocating %d more", r.cfg.MemoryLimitBytes, requested)
}

// MapStack maps a stack's positions to the program's source; the guest
// asks when a program reads err.stack. Like every host service, it ran
// inside the guest's execution: the budgets are checked when it is done,
// since a program calling it in a loop may not reach a fuel tick soon.
func (r *run) MapStack(frames string) string {
	mapped := r.mapPos(frames)
	r.checkBudgets(time.Now())
	return mapped
}

// Intl answers the guest's Intl requests with the segment's own session.
// Each call's work is bounded (internal/intl's limits); the budgets are
// checked after it, as after MapStack.
func (r *run) Intl(req []byte) []byte {
	resp := r.intl.Call(req)
	r.checkBudgets(time.Now())
	return resp
}

func (r *run) FuelTick() int32 {
	if r.trimming {
		// The host's housekeeping, not the program's compute: only an
		// abort stops it.
		if r.aborted.Load() {
			r.stop(KindAbort, "%s", r.abortMessage())
		}
		return FuelQuantum
	}
	r.ticks++
	if r.aborted.Load() { // an abort outranks the budgets
		r.stop(KindAbort, "%s", r.abortMessage())
	}
	if r.cfg.Fuel > 0 && r.ticks > r.cfg.Fuel {
		r.stop(KindTimeout, "the Fuel budget ran out (%d ticks of %d loop iterations)", r.cfg.Fuel, FuelQuantum)
	}
	now := time.Now()
	r.checkBudgets(now)
	// A guest spinning in native code never reaches a Go safe point; this
	// tick is where it lets the scheduler and the garbage collector in.
	// Entering a Go function already honours a pending preemption (a GC
	// stop-the-world); an explicit yield once a millisecond keeps the run
	// fair to other goroutines without paying for it on every tick.
	if now.Sub(r.lastYield) >= time.Millisecond {
		r.lastYield = now
		if now.Sub(r.admittedAt) >= admissionSlice && r.rt.admission.contended() {
			r.requeue(now)
		} else {
			runtime.Gosched()
		}
	}
	return FuelQuantum
}

// checkBudgets stops the run, from inside the guest, if it was aborted or
// its ComputeTime or WallTime ran out by now.
func (r *run) checkBudgets(now time.Time) {
	if r.aborted.Load() {
		r.stop(KindAbort, "%s", r.abortMessage())
	}
	if spent := r.compute + now.Sub(r.callStart); spent > r.cfg.ComputeTime {
		r.stop(KindTimeout, "the ComputeTime budget ran out (%v of guest execution)", r.cfg.ComputeTime)
	}
	if now.Sub(r.start) > r.cfg.WallTime {
		r.stop(KindTimeout, "%s", r.wallTimeMessage())
	}
}

// outputLimitMessage is the one message of an output-limit failure: what
// reached how many bytes.
func (r *run) outputLimitMessage(what string, total int64) string {
	return fmt.Sprintf("output exceeded MaxOutputBytes (%d bytes): %s %d bytes", r.cfg.MaxOutputBytes, what, total)
}

// wallTimeMessage is the one message of a WallTime timeout.
func (r *run) wallTimeMessage() string {
	return fmt.Sprintf("the WallTime budget ran out (%v)", r.cfg.WallTime)
}

// ---- the loop ---------------------------------------------------------------

func (r *run) fail(kind FailureKind, msg string) {
	n := int64(len(msg))
	if kind != KindOutputLimit && r.outBytes+n > r.cfg.MaxOutputBytes {
		kind = KindOutputLimit
		msg = r.outputLimitMessage("logs and failure message total", r.outBytes+n)
	}
	r.settled = true
	r.result.Value = nil
	r.result.Suspended = nil
	r.result.Failure = &Failure{Kind: kind, Message: msg}
}

// guest wraps one export call: it accounts compute time and turns a trap
// into the run's failure.
func (r *run) guest(call func() (engine.State, error)) bool {
	if !r.admit() {
		return false
	}
	r.untrimmed = true
	r.callStart = time.Now()
	_, err := call()
	r.compute += time.Since(r.callStart)
	if err != nil {
		r.trapped(err)
		return false
	}
	return !r.settled
}

func (r *run) trapped(err error) {
	if reason, ok := engine.AsTrap(err); ok {
		var se *stopError
		if errors.As(reason, &se) {
			r.fail(se.f.Kind, se.f.Message)
			return
		}
	}
	msg := err.Error()
	if i := strings.IndexByte(msg, '\n'); i >= 0 {
		msg = msg[:i]
	}
	r.fail(KindWorkerExit, "the sandbox died without settling: "+msg)
}

// loop drives the guest until it settles or suspends: whenever the program
// waits, the host waits here, with the guest's call stack empty, for a
// timer, a call completion, the deadline or an abort.
func (r *run) loop() {
	wall := time.NewTimer(r.cfg.WallTime - time.Since(r.start))
	defer wall.Stop()
	var timer, trim *time.Timer
	defer func() {
		if timer != nil {
			timer.Stop()
		}
		if trim != nil {
			trim.Stop()
		}
	}()
	for !r.settled {
		// An immediate call that could not be answered inside the guest's
		// call is as good as back already.
		if c, ok := r.bridge.TakeReady(); ok {
			r.receive(c)
			continue
		}
		running := r.bridge.InFlight()
		next, hasTimer := r.timers.next()
		if running == 0 && len(r.parked) > 0 && !(hasTimer && r.clock.due(next)) {
			// Only parked calls, or the passing of time, can move the
			// program on: it waits for the outside world, so it is sealed
			// and leaves the process. Timers keep their remaining delay.
			// A run cancelled, or out of time, ends as such instead.
			switch {
			case r.abortErr() != nil:
				r.fail(KindAbort, r.abortMessage())
			case time.Since(r.start) > r.cfg.WallTime:
				r.fail(KindTimeout, r.wallTimeMessage())
			default:
				r.suspend()
			}
			return
		}
		if running == 0 && !hasTimer {
			r.fail(KindException, "the program is waiting on a promise that can never settle: no timers are armed and no binding calls are in flight")
			return
		}
		var timerC <-chan time.Time
		if hasTimer && !(r.clock.virtual && running > 0 && !r.clock.due(next)) {
			wait := r.clock.until(next)
			if r.clock.virtual && next > r.cfg.WallTime {
				r.fail(KindTimeout, r.wallTimeMessage())
				return
			}
			if wait <= 0 {
				r.fireDue()
				continue
			}
			if timer == nil {
				timer = time.NewTimer(wait)
			} else {
				timer.Reset(wait)
			}
			timerC = timer.C
		}
		var trimC <-chan time.Time
		if r.untrimmed && r.inst.CanTrim() {
			if trim == nil {
				trim = time.NewTimer(trimAfter)
			} else {
				trim.Reset(trimAfter)
			}
			trimC = trim.C
		}
		// Waiting is not executing: another run may have the slot.
		r.yieldSlot()
		select {
		case c := <-r.bridge.Done():
			r.receive(c)
		case <-timerC:
			r.fireDue()
		case <-wall.C:
			r.fail(KindTimeout, r.wallTimeMessage())
		case <-r.ctx.Done():
			r.fail(KindAbort, r.abortMessage())
		case <-trimC:
			r.trim()
		}
		if timerC != nil && !timer.Stop() {
			select {
			case <-timer.C:
			default:
			}
		}
		if trimC != nil {
			trim.Stop()
		}
	}
}

// trimAfter is how long a run waits with nothing to do before the pages its
// guest holds nothing in are given back. A binding call that answers within
// it never pays for a trim; a run waiting on a slow tool, a timer or a
// human keeps only the pages it uses, not every page it ever touched.
const trimAfter = 20 * time.Millisecond

// trim gives the guest's free pages back to the OS while the run waits
// (engine.Instance.Trim). The program cannot observe it.
func (r *run) trim() {
	r.untrimmed, r.trimming = false, true
	start := time.Now()
	err := r.inst.Trim()
	// The walk is the host's work, but its length grows with the program's
	// heap: it is counted as the run's compute, so no program can make the
	// host walk a large heap for free after every wait.
	r.compute += time.Since(start)
	r.trimming = false
	if err != nil {
		r.trapped(err)
		return
	}
	if h := r.rt.hooks.trimmed; h != nil {
		h()
	}
}

// receive takes a call's completion: delivers it to the guest, or parks
// the call.
func (r *run) receive(c hostcalls.Completion) {
	r.bridge.Received(c)
	if c.Parked != nil {
		r.park(c)
		return
	}
	r.guest(func() (engine.State, error) { return r.inst.Deliver(c.ID, c.OK, c.Payload) })
}

// park records a call that waits for an answer from outside the run.
func (r *run) park(c hostcalls.Completion) {
	p := parkedCall{ID: c.ID, Parked: *c.Parked}
	i := len(r.parked)
	for i > 0 && r.parked[i-1].Seq > p.Seq {
		i--
	}
	r.parked = append(r.parked, parkedCall{})
	copy(r.parked[i+1:], r.parked[i:])
	r.parked[i] = p
}

// fireDue fires every timer whose deadline has passed, earliest first.
func (r *run) fireDue() {
	now := r.clock.elapsed()
	for !r.settled {
		id, ok := r.timers.popDue(now)
		if !ok {
			return
		}
		r.clock.advanceTo(now)
		r.guest(func() (engine.State, error) { return r.inst.FireTimer(id) })
	}
}

// jsonStringLen is the length of s as JSON string content, the measure
// MaxOutputBytes applies to logs (the quotes are envelope syntax).
func jsonStringLen(s string) int64 {
	n := int64(0)
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '"' || c == '\\' || c == '\n' || c == '\r' || c == '\t' || c == '\b' || c == '\f':
			n += 2
		case c < 0x20:
			n += 6
		default:
			n++
		}
	}
	return n
}
