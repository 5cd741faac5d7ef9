// Package hostcalls bridges the program's binding calls to Go functions.
//
// A call leaves the guest as a CBOR message, is validated here as hostile
// input, runs on a goroutine of its own while it lasts so calls overlap
// (goroutines are reused from one call to the next), and comes back as a
// Completion the run loop delivers to the guest. When the run settles, the
// bridge cancels every call still running and drops late results.
package hostcalls

import (
	"context"
	"fmt"
	"sync"
)

// Function is a host function; see coderun.Function.
type Function func(ctx context.Context, args any) (any, error)

// Namespace is a named group of Functions; see coderun.Namespace.
type Namespace struct {
	Global    string
	Functions map[string]Function
}

// Limits bound the calls of one run.
type Limits struct {
	// MaxInFlight bounds calls started and not yet delivered.
	MaxInFlight int
	// MaxCalls bounds calls per run.
	MaxCalls int
}

// Completion is the outcome of one call, ready for the guest: a CBOR value
// when OK, else a UTF-8 rejection message.
type Completion struct {
	ID      uint32
	OK      bool
	Payload []byte
}

// Bridge runs the binding calls of one run. Start is called from the run
// loop's goroutine; completions arrive on Done.
type Bridge struct {
	ctx    context.Context
	cancel context.CancelFunc
	ns     []Namespace
	limits Limits
	done   chan Completion

	mu       sync.Mutex
	seen     map[uint32]struct{}
	inFlight int
	total    int
	idle     []*worker // parked workers, most recently parked last
}

// A worker is a goroutine that runs calls one after another, so that a run
// of sequential calls does not pay for a new goroutine per call: mostly for
// growing its stack, which a fresh goroutine does on every call (encoding a
// result needs more than the initial stack) and which cost about as much as
// the rest of the host's side of a round trip. Calls still overlap: Start
// hands a call to an idle worker or starts a new one, never queues it.
type worker struct {
	calls chan call // buffered (1): Start never blocks handing a call over
}

// call is one started call, as a worker runs it.
type call struct {
	ctx      context.Context
	id       uint32
	global   string // namespace and function, to name the call in errors
	function string
	fn       Function
	args     any
}

// NewBridge returns a bridge whose calls run under ctx.
func NewBridge(ctx context.Context, ns []Namespace, limits Limits) *Bridge {
	ctx, cancel := context.WithCancel(ctx)
	return &Bridge{
		ctx:    ctx,
		cancel: cancel,
		ns:     ns,
		limits: limits,
		done:   make(chan Completion),
		seen:   make(map[uint32]struct{}),
	}
}

// Done delivers completed calls.
func (b *Bridge) Done() <-chan Completion { return b.done }

// InFlight is the number of calls started and not yet delivered.
func (b *Bridge) InFlight() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.inFlight
}

// Delivered records that the run loop handed a completion to the guest.
func (b *Bridge) Delivered() {
	b.mu.Lock()
	b.inFlight--
	b.mu.Unlock()
}

// Settle cancels the context of every call still running; their results
// are dropped. The functions themselves are the caller's to settle.
func (b *Bridge) Settle() { b.cancel() }

// Start validates a call message and starts the call. A non-empty refusal
// rejects the call inside the program, and nothing runs.
func (b *Bridge) Start(msg []byte) (refusal string) {
	if b.ctx.Err() != nil {
		return "the run has settled"
	}
	msgCall, err := DecodeCall(msg)
	if err != nil {
		return "coderun: " + err.Error()
	}
	if int(msgCall.Namespace) >= len(b.ns) {
		return fmt.Sprintf("coderun: call names unknown namespace #%d", msgCall.Namespace)
	}
	ns := b.ns[msgCall.Namespace]
	fn, ok := ns.Functions[msgCall.Function]
	if !ok || fn == nil {
		return fmt.Sprintf("%s has no function %q", ns.Global, msgCall.Function)
	}

	b.mu.Lock()
	if _, dup := b.seen[msgCall.ID]; dup {
		b.mu.Unlock()
		return fmt.Sprintf("coderun: duplicate call id %d", msgCall.ID)
	}
	if b.inFlight >= b.limits.MaxInFlight {
		b.mu.Unlock()
		return fmt.Sprintf("too many binding calls in flight: MaxCallsInFlight is %d", b.limits.MaxInFlight)
	}
	if b.total >= b.limits.MaxCalls {
		b.mu.Unlock()
		return fmt.Sprintf("too many binding calls in this run: MaxCalls is %d", b.limits.MaxCalls)
	}
	b.seen[msgCall.ID] = struct{}{}
	b.inFlight++
	b.total++
	seq := int64(b.total)
	var w *worker
	if n := len(b.idle); n > 0 {
		w = b.idle[n-1]
		b.idle = b.idle[:n-1]
	}
	b.mu.Unlock()

	c := call{
		ctx:      context.WithValue(b.ctx, sequenceKey{}, seq),
		id:       msgCall.ID,
		global:   ns.Global,
		function: msgCall.Function,
		fn:       fn,
		args:     msgCall.Args,
	}
	if w != nil {
		w.calls <- c
	} else {
		go b.work(&worker{calls: make(chan call, 1)}, c)
	}
	return ""
}

// work runs c, then whatever calls Start hands the worker, until the run
// settles. A worker parks itself as idle only after its completion was
// taken, so an idle worker is always free to start the next call at once.
func (b *Bridge) work(w *worker, c call) {
	for {
		if !b.run(c) {
			return
		}
		c = call{} // hold nothing of a finished call while parked
		b.mu.Lock()
		b.idle = append(b.idle, w)
		b.mu.Unlock()
		select {
		case c = <-w.calls:
		case <-b.ctx.Done():
			return
		}
	}
}

type sequenceKey struct{}

// Sequence returns the position (1, 2, ...) of the call whose context is
// ctx among its run's calls, in the order the program made them. Calls run
// concurrently, each on a goroutine of its own, so calls made together
// reach a Function in scheduler order; a consumer that queues calls uses
// this to restore the program's order.
func Sequence(ctx context.Context) (int64, bool) {
	seq, ok := ctx.Value(sequenceKey{}).(int64)
	return seq, ok
}

// run runs one call and hands its completion to the run loop. It reports
// false if the run settled first (the completion is dropped).
func (b *Bridge) run(c call) bool {
	out := Completion{ID: c.id}
	res, err := invoke(c)
	switch {
	case err != nil:
		out.Payload = []byte(err.Error())
	default:
		payload, err := EncodeResult(res)
		if err != nil {
			out.Payload = []byte(fmt.Sprintf("%s returned a value that cannot cross into the program: %v", c.name(), err))
		} else {
			out.OK, out.Payload = true, payload
		}
	}
	if !out.OK && len(out.Payload) == 0 {
		out.Payload = []byte(c.name() + " failed")
	}
	select {
	case b.done <- out:
		return true
	case <-b.ctx.Done():
		return false
	}
}

// name is the call's function as the program wrote it, e.g. "tools.read";
// built only for error messages.
func (c *call) name() string { return c.global + "." + c.function }

// invoke calls fn, turning a panic into an error so no binding can crash
// the host.
func invoke(c call) (res any, err error) {
	defer func() {
		if r := recover(); r != nil {
			res, err = nil, fmt.Errorf("%s panicked: %v", c.name(), r)
		}
	}()
	return c.fn(c.ctx, c.args)
}
