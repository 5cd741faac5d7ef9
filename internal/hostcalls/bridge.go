// Package hostcalls bridges the program's binding calls to Go functions.
//
// A call leaves the guest as a CBOR message, is validated here as hostile
// input, runs on a goroutine of its own while it lasts so calls overlap
// (goroutines are reused from one call to the next), and comes back as a
// Completion the run loop delivers to the guest. A call of an Immediate
// namespace instead runs inside Start, on the caller's goroutine, and its
// answer goes straight back (or, when it does not fit, through TakeReady).
// When the run settles, the bridge cancels every call still running and
// drops late results.
package hostcalls

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"time"
)

// Function is a host function; see coderun.Function.
type Function func(ctx context.Context, args any) (any, error)

// Namespace is a named group of Functions; see coderun.Namespace.
type Namespace struct {
	Global string
	// Lookup finds the function a call names. It reads the caller's own
	// table, so a run does not copy every namespace's functions into one
	// of the bridge's.
	Lookup func(name string) (Function, bool)
	// Immediate runs the namespace's calls inside Start, on the caller's
	// goroutine; see coderun.Namespace.Immediate.
	Immediate bool
}

// Limits bound the calls of one run.
type Limits struct {
	// ImmediateDeadline is when the contexts of Immediate calls end (the
	// run's WallTime): such a call holds the run's goroutine, so the run
	// cannot cancel it when its time is up; its context must.
	ImmediateDeadline time.Time
	// MaxInFlight bounds calls started and not yet settled, parked ones
	// included.
	MaxInFlight int
	// MaxCalls bounds calls per run.
	MaxCalls int
	// CanPark says whether a Function may park its call (SuspendError);
	// when false such a call is rejected, with NoParkReason as the message's
	// explanation.
	CanPark      bool
	NoParkReason string
}

// Prior is what a resumed run's earlier segments left for its bridge.
type Prior struct {
	// Calls is the number of calls made so far; sequences continue from it.
	Calls int
	// Parked are the ids of the calls parked and not yet answered.
	Parked []uint32
	// ParkedBytes is the length of their Parked.Args together.
	ParkedBytes int64
}

// SuspendError is returned by a Function to park its call: the call stays
// pending in the program until the host answers it later, possibly in
// another process (see coderun.Suspend).
type SuspendError struct{ Reason string }

func (e *SuspendError) Error() string { return "the call asked to suspend the run: " + e.Reason }

// Completion is the outcome of one call, ready for the guest: a CBOR value
// when OK, else a UTF-8 rejection message; or, when Parked is set, no
// outcome yet: the call waits for an answer from outside the run.
type Completion struct {
	ID      uint32
	OK      bool
	Payload []byte
	Parked  *Parked
}

// Parked describes a parked call.
type Parked struct {
	// Seq is the call's position among its run's calls (see Sequence).
	Seq int64
	// Namespace indexes the run's namespaces; Function is the name called.
	Namespace uint32
	Function  string
	// Args is the call's argument as JSON, keys in the program's order.
	Args []byte
	// Reason is the SuspendError's.
	Reason string
}

// Bridge runs the binding calls of one run. Start is called from the run
// loop's goroutine; completions arrive on Done.
type Bridge struct {
	ctx    context.Context
	cancel context.CancelFunc
	ns     []Namespace
	limits Limits
	done   chan Completion

	// ready holds completions of immediate calls that could not be
	// answered inside Start (too large for the answer buffer, or parked);
	// immediateCtx, made with the first such call, is their context. Only
	// the run loop's goroutine touches either.
	ready           []Completion
	immediateCtx    context.Context
	immediateCancel context.CancelFunc

	mu       sync.Mutex
	lastID   uint32 // the largest call id started, in this or an earlier segment
	inFlight int    // started, not yet completed
	held     int64  // the HeldBytes of the calls whose Function has not returned, and the Args of the parked ones
	parked   int    // completed as Parked, not yet answered
	total    int
	idle     []*worker           // workers waiting for a call, most recently idle last
	rejected map[uint32]Rejected // calls that rejected, by id (see Rejection)
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
	argsCBOR []byte // the argument as the guest encoded it, for Parked.Args
	seq      int64
	ns       uint32
	held     int64 // the message's HeldBytes, given back when fn returns
}

// maxHeldBytes bounds the memory the calls in flight hold together (see
// Call.HeldBytes), with the arguments of the parked calls, which wait in
// the host and then in the suspended state: what the largest call allowed
// can hold alone, so that MaxInFlight calls of large arguments, which a
// program can start without awaiting any, do not hold MaxInFlight times
// as much.
const maxHeldBytes = MaxPayloadBytes + maxDecodedBytes

// NewBridge returns a bridge whose calls run under ctx. prior is the state
// an earlier segment of a resumed run left; the zero Prior starts afresh.
func NewBridge(ctx context.Context, ns []Namespace, limits Limits, prior Prior) *Bridge {
	ctx, cancel := context.WithCancel(ctx)
	b := &Bridge{
		ctx:    ctx,
		cancel: cancel,
		ns:     ns,
		limits: limits,
		done:   make(chan Completion),
		total:  prior.Calls,
		parked: len(prior.Parked),
		held:   prior.ParkedBytes,
	}
	for _, id := range prior.Parked {
		b.lastID = max(b.lastID, id)
	}
	return b
}

// Done delivers completed calls.
func (b *Bridge) Done() <-chan Completion { return b.done }

// InFlight is the number of calls started and not yet delivered.
func (b *Bridge) InFlight() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.inFlight
}

// Parked is the number of calls parked and not yet answered.
func (b *Bridge) Parked() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.parked
}

// Calls is the number of calls the run has made.
func (b *Bridge) Calls() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.total
}

// Received records that the run loop took a completion from Done: the call
// is no longer running; if it parked, it now waits for an answer, its
// arguments held (since complete) until then.
func (b *Bridge) Received(c Completion) {
	b.mu.Lock()
	b.inFlight--
	if c.Parked != nil {
		b.parked++ // its arguments are held since its Function returned
	}
	b.mu.Unlock()
}

// Answered records that the run loop settled the parked call p.
func (b *Bridge) Answered(p Parked) {
	b.mu.Lock()
	b.parked--
	b.held -= int64(len(p.Args))
	b.mu.Unlock()
}

// Settle cancels the context of every call still running; their results
// are dropped. The functions themselves are the caller's to settle.
func (b *Bridge) Settle() {
	b.cancel()
	if b.immediateCancel != nil {
		b.immediateCancel()
	}
}

// TakeReady returns a completion of an immediate call that Start could not
// answer at once, to be handled like one from Done.
func (b *Bridge) TakeReady() (Completion, bool) {
	if len(b.ready) == 0 {
		return Completion{}, false
	}
	c := b.ready[0]
	b.ready[0] = Completion{} // the array must not keep a large payload
	b.ready = b.ready[1:]
	return c, true
}

// Answer kinds: the first byte of an answer Start writes.
const (
	AnswerFailed = 0 // a UTF-8 rejection message follows
	AnswerValue  = 1 // the CBOR value follows
)

// Start validates a call message and starts the call. A non-empty refusal
// rejects the call inside the program, and nothing runs.
//
// A call of an Immediate namespace runs here: when its outcome fits in
// answer, Start writes it there (an Answer kind byte, then the payload) and
// returns its length n, and the call is over. Otherwise n is 0 and the
// call's completion comes later, through TakeReady or Done.
func (b *Bridge) Start(msg, answer []byte) (n int, refusal string) {
	if b.ctx.Err() != nil {
		return 0, "the run has settled"
	}
	msgCall, err := DecodeCall(msg)
	if err != nil {
		return 0, "coderun: " + err.Error()
	}
	if int(msgCall.Namespace) >= len(b.ns) {
		return 0, fmt.Sprintf("coderun: call names unknown namespace #%d", msgCall.Namespace)
	}
	ns := b.ns[msgCall.Namespace]
	fn, ok := ns.Lookup(msgCall.Function)
	if !ok || fn == nil {
		return 0, fmt.Sprintf("%s has no function %q", ns.Global, msgCall.Function)
	}

	b.mu.Lock()
	// The guest numbers calls 1, 2, 3…: an id that does not increase is
	// a repeated or forged one, and refusing it keeps every id unique
	// without remembering them.
	if msgCall.ID <= b.lastID {
		b.mu.Unlock()
		return 0, fmt.Sprintf("coderun: call id %d does not follow %d", msgCall.ID, b.lastID)
	}
	if b.inFlight+b.parked >= b.limits.MaxInFlight {
		b.noteRejectionLocked(msgCall.ID, Rejected{Namespace: msgCall.Namespace, Function: msgCall.Function})
		b.mu.Unlock()
		return 0, fmt.Sprintf("too many binding calls in flight: MaxCallsInFlight is %d", b.limits.MaxInFlight)
	}
	if b.total >= b.limits.MaxCalls {
		b.noteRejectionLocked(msgCall.ID, Rejected{Namespace: msgCall.Namespace, Function: msgCall.Function})
		b.mu.Unlock()
		return 0, fmt.Sprintf("too many binding calls in this run: MaxCalls is %d", b.limits.MaxCalls)
	}
	if b.held+msgCall.HeldBytes > maxHeldBytes {
		b.noteRejectionLocked(msgCall.ID, Rejected{Namespace: msgCall.Namespace, Function: msgCall.Function})
		held := b.held
		b.mu.Unlock()
		return 0, fmt.Sprintf("the arguments of the binding calls in flight would take about %d MiB of the host's memory, over the %d MiB limit: await some of the calls before starting more, or pass smaller arguments",
			(held+msgCall.HeldBytes)>>20, maxHeldBytes>>20)
	}
	b.held += msgCall.HeldBytes
	b.lastID = msgCall.ID
	b.inFlight++
	b.total++
	seq := int64(b.total)
	var w *worker
	if n := len(b.idle); n > 0 && !ns.Immediate {
		w = b.idle[n-1]
		b.idle = b.idle[:n-1]
	}
	b.mu.Unlock()

	parent := b.ctx
	if ns.Immediate {
		if b.immediateCtx == nil {
			// Cancelled with b.ctx (Settle), or at the deadline.
			b.immediateCtx, b.immediateCancel = context.WithDeadline(b.ctx, b.limits.ImmediateDeadline)
		}
		parent = b.immediateCtx
	}
	c := call{
		ctx:      context.WithValue(parent, callKey{}, &callInfo{seq: seq, argsCBOR: msgCall.ArgsCBOR}),
		id:       msgCall.ID,
		global:   ns.Global,
		function: msgCall.Function,
		fn:       fn,
		args:     msgCall.Args,
		argsCBOR: msgCall.ArgsCBOR,
		seq:      seq,
		ns:       msgCall.Namespace,
		held:     msgCall.HeldBytes,
	}
	switch {
	case ns.Immediate:
		return b.immediate(c, answer), ""
	case w != nil:
		w.calls <- c
	default:
		go b.work(&worker{calls: make(chan call, 1)}, c)
	}
	return 0, ""
}

// immediate runs c on the caller's goroutine and writes its outcome to
// answer if it fits, returning the length written; otherwise it keeps the
// completion for TakeReady and returns 0.
func (b *Bridge) immediate(c call, answer []byte) int {
	res, err := invoke(c)
	out := b.complete(c, res, err)
	if out.Parked != nil || 1+len(out.Payload) > len(answer) {
		b.ready = append(b.ready, out)
		return 0
	}
	b.mu.Lock()
	b.inFlight--
	b.mu.Unlock()
	answer[0] = AnswerFailed
	if out.OK {
		answer[0] = AnswerValue
	}
	return 1 + copy(answer[1:], out.Payload)
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

// callKey carries a call's callInfo in the context its Function gets.
type callKey struct{}

// callInfo is what a Function may learn about its call beyond its
// arguments.
type callInfo struct {
	seq      int64
	argsCBOR []byte
}

// Sequence returns the position (1, 2, ...) of the call whose context is
// ctx among its run's calls, in the order the program made them. Calls run
// concurrently, each on a goroutine of its own, so calls made together
// reach a Function in scheduler order; a consumer that queues calls uses
// this to restore the program's order.
func Sequence(ctx context.Context) (int64, bool) {
	info, ok := ctx.Value(callKey{}).(*callInfo)
	if !ok {
		return 0, false
	}
	return info.seq, true
}

// ArgsJSON returns the arguments of the call whose context is ctx as JSON
// text, object keys in the order the program wrote them: a Function that
// passes the arguments on as JSON keeps them as the program made them,
// which decoding into a map would not.
func ArgsJSON(ctx context.Context) (json.RawMessage, bool) {
	info, ok := ctx.Value(callKey{}).(*callInfo)
	if !ok {
		return nil, false
	}
	raw, err := CBORToJSON(info.argsCBOR)
	if err != nil { // the guest's own encoding, validated by DecodeCall
		return nil, false
	}
	return raw, true
}

// run runs one call and hands its completion to the run loop. It reports
// false if the run settled first (the completion is dropped).
func (b *Bridge) run(c call) bool {
	res, err := invoke(c)
	out := b.complete(c, res, err)
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

// complete turns a Function's outcome into a Completion. The result's
// MarshalJSON and the error's Error method are the caller's code and may
// panic too; they run here, on a goroutine the runtime owns, so a panic in
// them rejects the call instead of ending the process.
func (b *Bridge) complete(c call, res any, err error) (out Completion) {
	// The call's hold moves to its parked arguments in one step: were it
	// given back here and taken again when the run loop receives the
	// completion, calls started in between would be admitted against a
	// bound that counted neither.
	defer func() {
		b.mu.Lock()
		b.held -= c.held
		if out.Parked != nil {
			b.held += int64(len(out.Parked.Args))
		}
		b.mu.Unlock()
	}()
	out = Completion{ID: c.id}
	defer func() {
		if p := recover(); p != nil {
			out = Completion{ID: c.id, Payload: []byte(fmt.Sprintf("%s failed: its result or error panicked: %v", c.name(), p))}
			b.NoteRejection(c.id, Rejected{Seq: c.seq, Namespace: c.ns, Function: c.function})
		}
	}()
	var se *SuspendError
	switch {
	case errors.As(err, &se) && b.limits.CanPark:
		args, jerr := CBORToJSON(c.argsCBOR)
		if jerr != nil { // the guest's own encoding, already validated
			args = []byte("null")
		}
		out.Parked = &Parked{Seq: c.seq, Namespace: c.ns, Function: c.function, Args: args, Reason: se.Reason}
	case errors.As(err, &se):
		out.Payload = []byte(fmt.Sprintf("%s asked to suspend the run (%s), but %s", c.name(), se.Reason, b.limits.NoParkReason))
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
	if out.Parked == nil && !out.OK {
		if len(out.Payload) == 0 {
			out.Payload = []byte(c.name() + " failed")
		}
		b.NoteRejection(c.id, Rejected{Seq: c.seq, Namespace: c.ns, Function: c.function})
	}
	return out
}

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
