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
)

// run is the state of one program run. Its engine.Host methods are called
// from inside the guest on the loop's goroutine; only aborted is touched
// from elsewhere.
type run struct {
	cfg    Config
	inst   *engine.Instance
	bridge *hostcalls.Bridge
	mapPos func(string) string // maps positions in messages to the source
	clock  *runClock

	aborted atomic.Bool // set when ctx is done; read by FuelTick
	abortBy string      // what aborted: the caller or Close

	start     time.Time
	compute   time.Duration // guest execution time of finished export calls
	callStart time.Time     // when the current export call began
	lastYield time.Time     // when FuelTick last yielded the thread
	ticks     uint64

	timers timerQueue

	logs     []string
	outBytes int64
	settled  bool
	result   Result
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
		r.stop(KindOutputLimit, "output exceeded MaxOutputBytes (%d bytes): the logs reached %d bytes", r.cfg.MaxOutputBytes, r.outBytes+n)
	}
	r.outBytes += n
	r.logs = append(r.logs, line)
}

func (r *run) Settle(kind engine.SettleKind, payload []byte) {
	if r.settled {
		return // the guest settles once; a second settle is ignored
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
			r.fail(KindOutputLimit, fmt.Sprintf("output exceeded MaxOutputBytes (%d bytes): logs and value total %d bytes", r.cfg.MaxOutputBytes, r.outBytes+int64(len(v))))
			return
		}
		r.result.Value = v
	case engine.SettleException:
		r.fail(KindException, r.mapPos(string(payload)))
	case engine.SettleInvalidOutput:
		r.fail(KindInvalidOutput, "the return value is not lossless JSON: "+string(payload))
	default:
		r.fail(KindWorkerExit, fmt.Sprintf("the sandbox settled with unknown kind %d", kind))
	}
}

func (r *run) Call(msg []byte) string { return r.bridge.Start(msg) }

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
		r.stop(KindOutputLimit, "output exceeded MaxOutputBytes (%d bytes): logs and output total at least %d bytes", r.cfg.MaxOutputBytes, r.outBytes+n)
	}
}

func (r *run) OutOfMemory(requested uint32) {
	r.stop(KindWorkerExit, "out of memory: the program exhausted MemoryLimitBytes (%d bytes) allocating %d more", r.cfg.MemoryLimitBytes, requested)
}

func (r *run) FuelTick() int32 {
	r.ticks++
	if r.aborted.Load() {
		r.stop(KindAbort, "%s", r.abortBy)
	}
	if r.cfg.Fuel > 0 && r.ticks > r.cfg.Fuel {
		r.stop(KindTimeout, "the Fuel budget ran out (%d ticks of %d loop iterations)", r.cfg.Fuel, FuelQuantum)
	}
	now := time.Now()
	if spent := r.compute + now.Sub(r.callStart); spent > r.cfg.ComputeTime {
		r.stop(KindTimeout, "the ComputeTime budget ran out (%v of guest execution)", r.cfg.ComputeTime)
	}
	if now.Sub(r.start) > r.cfg.WallTime {
		r.stop(KindTimeout, "the WallTime budget ran out (%v)", r.cfg.WallTime)
	}
	// A guest spinning in native code never reaches a Go safe point; this
	// tick is where it lets the scheduler and the garbage collector in.
	// Entering a Go function already honours a pending preemption (a GC
	// stop-the-world); an explicit yield once a millisecond keeps the run
	// fair to other goroutines without paying for it on every tick.
	if now.Sub(r.lastYield) >= time.Millisecond {
		r.lastYield = now
		runtime.Gosched()
	}
	return FuelQuantum
}

// ---- the loop ---------------------------------------------------------------

func (r *run) fail(kind FailureKind, msg string) {
	n := int64(len(msg))
	if kind != KindOutputLimit && r.outBytes+n > r.cfg.MaxOutputBytes {
		kind = KindOutputLimit
		msg = fmt.Sprintf("output exceeded MaxOutputBytes (%d bytes): logs and failure message total %d bytes", r.cfg.MaxOutputBytes, r.outBytes+n)
	}
	r.settled = true
	r.result.Value = nil
	r.result.Failure = &Failure{Kind: kind, Message: msg}
}

// guest wraps one export call: it accounts compute time and turns a trap
// into the run's failure.
func (r *run) guest(call func() (engine.State, error)) bool {
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

// loop drives the guest until it settles: whenever the program waits, the
// host waits here, with the guest's call stack empty, for a timer, a call
// completion, the deadline or an abort.
func (r *run) loop(ctx context.Context, js, filename string) {
	if !r.guest(func() (engine.State, error) { return r.inst.Run(js, filename) }) {
		return
	}
	wall := time.NewTimer(r.cfg.WallTime - time.Since(r.start))
	defer wall.Stop()
	var timer *time.Timer
	defer func() {
		if timer != nil {
			timer.Stop()
		}
	}()
	for !r.settled {
		inFlight := r.bridge.InFlight()
		next, hasTimer := r.timers.next()
		if inFlight == 0 && !hasTimer {
			r.fail(KindException, "the program is waiting on a promise that can never settle: no timers are armed and no binding calls are in flight")
			return
		}
		var timerC <-chan time.Time
		if hasTimer {
			wait := r.clock.until(next, inFlight > 0)
			if r.clock.virtual && next > r.cfg.WallTime {
				r.fail(KindTimeout, fmt.Sprintf("the WallTime budget ran out (%v)", r.cfg.WallTime))
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
		select {
		case c := <-r.bridge.Done():
			r.bridge.Delivered()
			r.clock.interrupted()
			r.guest(func() (engine.State, error) { return r.inst.Deliver(c.ID, c.OK, c.Payload) })
		case <-timerC:
			r.clock.waited()
			r.fireDue()
		case <-wall.C:
			r.fail(KindTimeout, fmt.Sprintf("the WallTime budget ran out (%v)", r.cfg.WallTime))
		case <-ctx.Done():
			r.fail(KindAbort, r.abortBy)
		}
		if timerC != nil && !timer.Stop() {
			select {
			case <-timer.C:
			default:
			}
		}
	}
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
