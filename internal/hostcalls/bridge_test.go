package hostcalls

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

func newTestBridge(fns map[string]Function, limits Limits) *Bridge {
	lookup := func(name string) (Function, bool) { f, ok := fns[name]; return f, ok }
	return NewBridge(context.Background(), []Namespace{{Global: "tools", Lookup: lookup}}, limits, Prior{})
}

func TestBridgeRunsCallsAndDeliversCompletions(t *testing.T) {
	b := newTestBridge(map[string]Function{
		"echo": func(_ context.Context, args any) (any, error) { return args, nil },
		"fail": func(context.Context, any) (any, error) { return nil, errors.New("nope") },
	}, Limits{MaxInFlight: 10, MaxCalls: 10})
	defer b.Settle()
	require.Empty(t, refusal(b.Start(mustCBOR(t, []any{1, 0, "echo", "hi"}), nil)))
	require.Empty(t, refusal(b.Start(mustCBOR(t, []any{2, 0, "fail", nil}), nil)))
	assert.Equal(t, 2, b.InFlight())
	got := map[uint32]Completion{}
	for range 2 {
		c := <-b.Done()
		b.Received(c)
		got[c.ID] = c
	}
	assert.True(t, got[1].OK)
	j, err := CBORToJSON(got[1].Payload)
	require.NoError(t, err)
	assert.Equal(t, `"hi"`, string(j))
	assert.False(t, got[2].OK)
	assert.Equal(t, "nope", string(got[2].Payload))
	assert.Equal(t, 0, b.InFlight())
}

func TestBridgeRefusesForgedAndExcessCalls(t *testing.T) {
	block := make(chan struct{})
	b := newTestBridge(map[string]Function{
		"wait": func(ctx context.Context, _ any) (any, error) {
			select {
			case <-block:
			case <-ctx.Done():
			}
			return nil, nil
		},
	}, Limits{MaxInFlight: 2, MaxCalls: 3})
	defer close(block)
	defer b.Settle()
	assert.Contains(t, refusal(b.Start([]byte{0xff}, nil)), "malformed")
	assert.Contains(t, refusal(b.Start(mustCBOR(t, []any{1, 5, "wait", nil}), nil)), "unknown namespace")
	assert.Contains(t, refusal(b.Start(mustCBOR(t, []any{1, 0, "nope", nil}), nil)), `no function "nope"`)
	assert.Empty(t, refusal(b.Start(mustCBOR(t, []any{1, 0, "wait", nil}), nil)))
	assert.Contains(t, refusal(b.Start(mustCBOR(t, []any{1, 0, "wait", nil}), nil)), "call id 1 does not follow 1", "a repeated id")
	assert.Empty(t, refusal(b.Start(mustCBOR(t, []any{2, 0, "wait", nil}), nil)))
	assert.Contains(t, refusal(b.Start(mustCBOR(t, []any{1, 0, "wait", nil}), nil)), "call id 1 does not follow 2", "an id going back")
	assert.Contains(t, refusal(b.Start(mustCBOR(t, []any{3, 0, "wait", nil}), nil)), "MaxCallsInFlight is 2")
}

// A resumed run's bridge refuses the ids of the calls parked before, and any
// below them, as the guest never sends them again.
func TestBridgeRefusesIdsOfEarlierSegments(t *testing.T) {
	fns := map[string]Function{"echo": func(_ context.Context, args any) (any, error) { return args, nil }}
	lookup := func(name string) (Function, bool) { f, ok := fns[name]; return f, ok }
	b := NewBridge(context.Background(), []Namespace{{Global: "tools", Lookup: lookup}},
		Limits{MaxInFlight: 10, MaxCalls: 10}, Prior{Calls: 7, Parked: []uint32{7, 4}})
	defer b.Settle()
	assert.Contains(t, refusal(b.Start(mustCBOR(t, []any{7, 0, "echo", nil}), nil)), "call id 7 does not follow 7")
	assert.Contains(t, refusal(b.Start(mustCBOR(t, []any{5, 0, "echo", nil}), nil)), "call id 5 does not follow 7")
	require.Empty(t, refusal(b.Start(mustCBOR(t, []any{8, 0, "echo", nil}), nil)))
	b.Received(<-b.Done())
}

func TestBridgeMaxCalls(t *testing.T) {
	b := newTestBridge(map[string]Function{
		"echo": func(_ context.Context, args any) (any, error) { return args, nil },
	}, Limits{MaxInFlight: 10, MaxCalls: 2})
	defer b.Settle()
	for id := 1; id <= 2; id++ {
		require.Empty(t, refusal(b.Start(mustCBOR(t, []any{id, 0, "echo", nil}), nil)))
		b.Received(<-b.Done())
	}
	assert.Contains(t, refusal(b.Start(mustCBOR(t, []any{3, 0, "echo", nil}), nil)), "MaxCalls is 2")
}

func TestBridgeSettleCancelsAndDropsLateResults(t *testing.T) {
	started := make(chan struct{})
	finished := make(chan struct{})
	b := newTestBridge(map[string]Function{
		"hang": func(ctx context.Context, _ any) (any, error) {
			close(started)
			<-ctx.Done()
			defer close(finished)
			return "late", nil
		},
	}, Limits{MaxInFlight: 10, MaxCalls: 10})
	require.Empty(t, refusal(b.Start(mustCBOR(t, []any{1, 0, "hang", nil}), nil)))
	<-started
	b.Settle()
	<-finished
	select {
	case c := <-b.Done():
		t.Fatalf("late result delivered: %+v", c)
	case <-time.After(50 * time.Millisecond):
	}
	assert.Equal(t, "the run has settled", refusal(b.Start(mustCBOR(t, []any{2, 0, "hang", nil}), nil)))
}

func TestBridgeRecoversPanics(t *testing.T) {
	b := newTestBridge(map[string]Function{
		"boom": func(context.Context, any) (any, error) { panic(errors.New("bad")) },
	}, Limits{MaxInFlight: 10, MaxCalls: 10})
	defer b.Settle()
	require.Empty(t, refusal(b.Start(mustCBOR(t, []any{1, 0, "boom", nil}), nil)))
	c := <-b.Done()
	assert.False(t, c.OK)
	assert.Equal(t, "tools.boom panicked: bad", string(c.Payload))
}

// panicky's MarshalJSON and Error run on the bridge's worker goroutine.
type panicky struct{}

func (panicky) MarshalJSON() ([]byte, error) { panic("boom in MarshalJSON") }
func (panicky) Error() string                { panic("boom in Error") }

func TestBridgePanicsInResultOrErrorRejectTheCall(t *testing.T) {
	b := newTestBridge(map[string]Function{
		"badValue": func(context.Context, any) (any, error) { return panicky{}, nil },
		"badError": func(context.Context, any) (any, error) { return nil, panicky{} },
	}, Limits{MaxInFlight: 10, MaxCalls: 10})
	defer b.Settle()
	require.Empty(t, refusal(b.Start(mustCBOR(t, []any{1, 0, "badValue", nil}), nil)))
	require.Empty(t, refusal(b.Start(mustCBOR(t, []any{2, 0, "badError", nil}), nil)))
	for range 2 {
		c := <-b.Done()
		b.Received(c)
		assert.False(t, c.OK)
		assert.Contains(t, string(c.Payload), "panicked: boom in")
	}
}

func TestBridgeParksOnlyWhenAllowed(t *testing.T) {
	park := map[string]Function{
		"ask": func(context.Context, any) (any, error) { return nil, &SuspendError{Reason: "needs approval"} },
	}
	b := newTestBridge(park, Limits{MaxInFlight: 2, MaxCalls: 10, CanPark: true})
	defer b.Settle()
	ordered, err := JSONToCBOR([]byte(`[7, 0, "ask", {"z": 1, "a": [true]}]`)) // a Go map would lose the order
	require.NoError(t, err)
	require.Empty(t, refusal(b.Start(ordered, nil)))
	c := <-b.Done()
	b.Received(c)
	require.NotNil(t, c.Parked)
	assert.Equal(t, Parked{Seq: 1, Namespace: 0, Function: "ask", Args: []byte(`{"z":1,"a":[true]}`), Reason: "needs approval"}, *c.Parked)
	assert.Equal(t, 0, b.InFlight())
	assert.Equal(t, 1, b.Parked())
	require.Empty(t, refusal(b.Start(mustCBOR(t, []any{8, 0, "ask", nil}), nil)))
	assert.Contains(t, refusal(b.Start(mustCBOR(t, []any{9, 0, "ask", nil}), nil)), "MaxCallsInFlight is 2", "parked calls count as in flight")
	b.Received(<-b.Done())
	b.Answered(*c.Parked)
	assert.Equal(t, 1, b.Parked())

	nb := newTestBridge(park, Limits{MaxInFlight: 2, MaxCalls: 10, NoParkReason: "no key is set"})
	defer nb.Settle()
	require.Empty(t, refusal(nb.Start(mustCBOR(t, []any{1, 0, "ask", nil}), nil)))
	c = <-nb.Done()
	nb.Received(c)
	assert.Nil(t, c.Parked)
	assert.Equal(t, "tools.ask asked to suspend the run (needs approval), but no key is set", string(c.Payload))
	assert.Equal(t, 0, nb.Parked())
}

// refusal is Start's refusal, for calls of namespaces that are not
// immediate (which never answer inside Start).
func refusal(n int, refused string) string {
	if n != 0 {
		panic("a call that is not immediate was answered inside Start")
	}
	return refused
}

// An Immediate namespace's call runs inside Start: a small answer is
// written to the buffer and the call is over; a large one, or a parked
// call, waits in TakeReady and counts as in flight until Received. No
// goroutine is involved, so nothing ever arrives on Done.
func TestImmediateCallsAnswerInsideStart(t *testing.T) {
	fns := map[string]Function{
		"echo": func(_ context.Context, args any) (any, error) { return args, nil },
		"fail": func(context.Context, any) (any, error) { return nil, errors.New("nope") },
		"ask":  func(context.Context, any) (any, error) { return nil, &SuspendError{Reason: "approve"} },
		"dead": func(ctx context.Context, _ any) (any, error) {
			d, ok := ctx.Deadline()
			if !ok {
				return nil, errors.New("no deadline")
			}
			return d.Unix(), nil
		},
	}
	lookup := func(name string) (Function, bool) { f, ok := fns[name]; return f, ok }
	deadline := time.Unix(2_000_000_000, 0)
	b := NewBridge(context.Background(), []Namespace{{Global: "calc", Lookup: lookup, Immediate: true}},
		Limits{MaxInFlight: 2, MaxCalls: 10, CanPark: true, ImmediateDeadline: deadline}, Prior{})
	defer b.Settle()
	answer := make([]byte, 16)

	n, refused := b.Start(mustCBOR(t, []any{1, 0, "echo", "hi"}), answer)
	require.Empty(t, refused)
	assert.Equal(t, []byte{AnswerValue, 0x62, 'h', 'i'}, answer[:n], "the CBOR text \"hi\"")
	n, _ = b.Start(mustCBOR(t, []any{2, 0, "fail", nil}), answer)
	assert.Equal(t, append([]byte{AnswerFailed}, "nope"...), answer[:n])
	n, _ = b.Start(mustCBOR(t, []any{3, 0, "dead", nil}), answer)
	require.Equal(t, byte(AnswerValue), answer[0])
	assert.Equal(t, mustCBOR(t, deadline.Unix()), answer[1:n], "the call's context ends at the deadline")
	assert.Equal(t, 0, b.InFlight(), "answered calls are over")

	n, refused = b.Start(mustCBOR(t, []any{4, 0, "echo", "a string too long for 16 bytes"}), answer)
	require.Empty(t, refused)
	assert.Zero(t, n, "too large: it comes through TakeReady")
	n, _ = b.Start(mustCBOR(t, []any{5, 0, "ask", nil}), answer)
	assert.Zero(t, n, "parked: it comes through TakeReady")
	assert.Equal(t, 2, b.InFlight())
	_, refused = b.Start(mustCBOR(t, []any{6, 0, "echo", nil}), answer)
	assert.Contains(t, refused, "MaxCallsInFlight is 2", "waiting immediate calls count as in flight")

	c, ok := b.TakeReady()
	require.True(t, ok)
	assert.Equal(t, uint32(4), c.ID)
	assert.True(t, c.OK)
	b.Received(c)
	c, ok = b.TakeReady()
	require.True(t, ok)
	require.NotNil(t, c.Parked)
	assert.Equal(t, "approve", c.Parked.Reason)
	b.Received(c)
	_, ok = b.TakeReady()
	assert.False(t, ok)
	assert.Equal(t, 0, b.InFlight())
	assert.Equal(t, 1, b.Parked())
	select {
	case c := <-b.Done():
		t.Fatalf("an immediate call's completion came through Done: %+v", c)
	default:
	}
}

// A parked call's arguments are held from the moment its Function returns,
// not from when the run loop receives the completion: in between, the call
// is neither running nor parked, and a bound that counted neither would
// admit calls beyond it.
func TestParkedArgumentsAreHeldWithoutAGap(t *testing.T) {
	b := newTestBridge(map[string]Function{
		"ask": func(context.Context, any) (any, error) { return nil, &SuspendError{Reason: "approve"} },
	}, Limits{MaxInFlight: 10, MaxCalls: 10, CanPark: true})
	defer b.Settle()
	big := make([]byte, 20<<20)
	for i := range big {
		big[i] = 'x'
	}
	require.Empty(t, refusal(b.Start(mustCBOR(t, []any{1, 0, "ask", string(big)}), nil)))
	c := <-b.Done() // the Function returned; the run loop has not received it
	require.NotNil(t, c.Parked)
	b.mu.Lock()
	held := b.held
	b.mu.Unlock()
	assert.Equal(t, int64(len(c.Parked.Args)), held, "the parked arguments are held before Received")
	b.Received(c)
	b.mu.Lock()
	held = b.held
	b.mu.Unlock()
	assert.Equal(t, int64(len(c.Parked.Args)), held, "and not counted twice after it")
	b.Answered(*c.Parked)
	b.mu.Lock()
	held = b.held
	b.mu.Unlock()
	assert.Zero(t, held)
}
