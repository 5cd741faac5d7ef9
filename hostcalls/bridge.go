// Package hostcalls bridges the program's binding calls to Go functions.
//
// A call leaves the guest as a CBOR message, is validated here as hostile
// input, runs on its own goroutine so calls overlap, and comes back as a
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
	call, err := DecodeCall(msg)
	if err != nil {
		return "coderun: " + err.Error()
	}
	if int(call.Namespace) >= len(b.ns) {
		return fmt.Sprintf("coderun: call names unknown namespace #%d", call.Namespace)
	}
	ns := b.ns[call.Namespace]
	fn, ok := ns.Functions[call.Function]
	if !ok || fn == nil {
		return fmt.Sprintf("coderun: %s has no function %q", ns.Global, call.Function)
	}

	b.mu.Lock()
	if _, dup := b.seen[call.ID]; dup {
		b.mu.Unlock()
		return fmt.Sprintf("coderun: duplicate call id %d", call.ID)
	}
	if b.inFlight >= b.limits.MaxInFlight {
		b.mu.Unlock()
		return fmt.Sprintf("too many binding calls in flight: MaxCallsInFlight is %d", b.limits.MaxInFlight)
	}
	if b.total >= b.limits.MaxCalls {
		b.mu.Unlock()
		return fmt.Sprintf("too many binding calls in this run: MaxCalls is %d", b.limits.MaxCalls)
	}
	b.seen[call.ID] = struct{}{}
	b.inFlight++
	b.total++
	seq := int64(b.total)
	b.mu.Unlock()

	name := ns.Global + "." + call.Function
	ctx := context.WithValue(b.ctx, sequenceKey{}, seq)
	go b.run(ctx, call.ID, name, fn, call.Args)
	return ""
}

type sequenceKey struct{}

// Sequence returns the position (1, 2, ...) of the call whose context is
// ctx among its run's calls, in the order the program made them. Each call
// runs on its own goroutine, so calls made together reach a Function in
// scheduler order; a consumer that queues calls uses this to restore the
// program's order.
func Sequence(ctx context.Context) (int64, bool) {
	seq, ok := ctx.Value(sequenceKey{}).(int64)
	return seq, ok
}

func (b *Bridge) run(ctx context.Context, id uint32, name string, fn Function, args any) {
	c := Completion{ID: id}
	res, err := invoke(ctx, name, fn, args)
	switch {
	case err != nil:
		c.Payload = []byte(err.Error())
	default:
		payload, err := EncodeResult(res)
		if err != nil {
			c.Payload = []byte(fmt.Sprintf("%s returned a value that cannot cross into the program: %v", name, err))
		} else {
			c.OK, c.Payload = true, payload
		}
	}
	if !c.OK && len(c.Payload) == 0 {
		c.Payload = []byte(name + " failed")
	}
	select {
	case b.done <- c:
	case <-b.ctx.Done():
	}
}

// invoke calls fn, turning a panic into an error so no binding can crash
// the host.
func invoke(ctx context.Context, name string, fn Function, args any) (res any, err error) {
	defer func() {
		if r := recover(); r != nil {
			res, err = nil, fmt.Errorf("%s panicked: %v", name, r)
		}
	}()
	return fn(ctx, args)
}
