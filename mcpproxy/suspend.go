package mcpproxy

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"strconv"
	"sync"
	"time"

	"github.com/coderun/coderun/codemode"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// From protocol 2026-07-28 on, a server may not send elicitation/create
// while serving a request; it answers the tools/call with the questions
// instead (inputRequests), and the client calls again with the answers
// (multi round-trip requests, SEP-2322). A run_code program cannot be
// restarted for each answer: it has already made calls. So the call keeps
// running across the exchange: a suspended is the call between rounds, the
// program blocked in the approver until the client's next tools/call
// delivers the answer.

// suspended is one tools/call running across multi round-trip exchanges.
type suspended struct {
	token  string // the requestState the client echoes back
	cancel context.CancelFunc
	done   chan struct{} // closed when the call has finished
	result *mcp.CallToolResult
	// idle cancels and forgets the call when the client does not come back
	// with answers within the timeout. It runs only between rounds.
	idle *time.Timer

	mu      sync.Mutex
	pending map[string]*question
	next    int
	wake    chan struct{} // has a value when a question was added
}

// question is one approval awaiting the client's answer.
type question struct {
	params *mcp.ElicitParams
	answer chan *mcp.ElicitResult // buffered; receives at most one answer
}

// ask implements asker: it adds a question for the next round and waits for
// its answer.
func (c *suspended) ask(ctx context.Context, req codemode.ApprovalRequest) (bool, error) {
	q := &question{params: approvalForm(req), answer: make(chan *mcp.ElicitResult, 1)}
	c.mu.Lock()
	c.next++
	id := "approval-" + strconv.Itoa(c.next)
	c.pending[id] = q
	c.mu.Unlock()
	select {
	case c.wake <- struct{}{}:
	default: // a wake-up is already pending; it will collect this question too
	}
	select {
	case res := <-q.answer:
		return approved(res), nil
	case <-ctx.Done():
		c.mu.Lock()
		delete(c.pending, id)
		c.mu.Unlock()
		return false, ctx.Err()
	}
}

// questions returns every unanswered question; a question sent before and
// not answered in the client's last round is asked again.
func (c *suspended) questions() mcp.InputRequestMap {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.pending) == 0 {
		return nil
	}
	m := make(mcp.InputRequestMap, len(c.pending))
	for id, q := range c.pending {
		m[id] = q.params
	}
	return m
}

// answer delivers the client's responses to the questions they answer.
// Responses to unknown questions are ignored: the question may have been
// withdrawn because its run ended.
func (c *suspended) answer(responses mcp.InputResponseMap) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for id, r := range responses {
		q, ok := c.pending[id]
		if !ok {
			continue
		}
		res, _ := r.(*mcp.ElicitResult)
		q.answer <- res // a nil result (wrong response type) denies
		delete(c.pending, id)
	}
}

// suspensions are a Server's calls in flight across round trips, by token.
type suspensions struct {
	timeout time.Duration

	mu    sync.Mutex
	calls map[string]*suspended
	wg    sync.WaitGroup
}

func newSuspensions(timeout time.Duration) *suspensions {
	return &suspensions{timeout: timeout, calls: make(map[string]*suspended)}
}

// start runs fn as a suspendable call: fn gets a context of its own (the
// call outlives the request that started it) and the asker that routes its
// approvals through the exchange.
func (s *suspensions) start(ctx context.Context, fn func(ctx context.Context, k asker) *mcp.CallToolResult) *suspended {
	runCtx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	c := &suspended{
		token:   rand.Text(),
		cancel:  cancel,
		done:    make(chan struct{}),
		pending: make(map[string]*question),
		wake:    make(chan struct{}, 1),
	}
	// A client that never comes back with answers abandons the call: cancel
	// it and forget it, so a late retry is told it expired.
	c.idle = time.AfterFunc(s.timeout, func() {
		cancel()
		s.forget(c)
	})
	c.idle.Stop()
	s.mu.Lock()
	s.calls[c.token] = c
	s.mu.Unlock()
	s.wg.Go(func() {
		defer close(c.done)
		defer cancel()
		c.result = fn(runCtx, c)
	})
	return c
}

// resume finds the call a retried tools/call continues and hands it the
// client's answers.
func (s *suspensions) resume(token string, responses mcp.InputResponseMap) (*suspended, error) {
	s.mu.Lock()
	c, ok := s.calls[token]
	s.mu.Unlock()
	if !ok {
		return nil, errors.New("unknown or expired requestState: the call it belonged to has ended; make the call again")
	}
	c.idle.Stop()
	c.answer(responses)
	return c, nil
}

// await waits until the call finishes, or needs the client's answers, or
// the client gives up on the request (ctx), which cancels the call. The
// result is the final one, or an input-required result to send back.
func (s *suspensions) await(ctx context.Context, c *suspended) (*mcp.CallToolResult, error) {
	for {
		select {
		case <-c.done:
			s.forget(c)
			return c.result, nil
		case <-c.wake:
			qs := c.questions()
			if len(qs) == 0 {
				continue // answered or withdrawn meanwhile
			}
			c.idle.Reset(s.timeout)
			return &mcp.CallToolResult{InputRequests: qs, RequestState: c.token}, nil
		case <-ctx.Done():
			c.cancel()
			<-c.done
			s.forget(c)
			return nil, fmt.Errorf("call cancelled: %w", ctx.Err())
		}
	}
}

func (s *suspensions) forget(c *suspended) {
	c.idle.Stop()
	s.mu.Lock()
	delete(s.calls, c.token)
	s.mu.Unlock()
}

// close cancels every suspended call and waits for them to end.
func (s *suspensions) close() {
	s.mu.Lock()
	for _, c := range s.calls {
		c.cancel()
	}
	s.mu.Unlock()
	s.wg.Wait()
}
