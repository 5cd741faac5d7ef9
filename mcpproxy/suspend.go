package mcpproxy

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"time"

	coderun "github.com/coderun/coderun"
	"github.com/coderun/coderun/codemode"
	"github.com/coderun/coderun/internal/seal"
	"github.com/coderun/coderun/store"
	"github.com/fxamacker/cbor/v2"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// From protocol 2026-07-28 on, a server may not send elicitation/create
// while serving a request; it answers the tools/call with the questions
// instead (inputRequests) and an opaque requestState, and the client calls
// again with the answers and the state (multi round-trip requests,
// SEP-2322), possibly reaching another replica. So the call does not stay
// in memory between rounds: the approver answers codemode.NotYet, the call
// suspends (a run_code program with its run sealed into bytes), and the
// requestState carries the suspension, or a key to it in the Store. Any
// process with the same StateKey and Store resumes it.
//
// The requestState is itself sealed with the StateKey: a client cannot
// read it or change it. It holds a ticket, a random key into the Store:
// resuming Takes it, so a state resumes at most once, whether the run is
// inline (the ticket's value is then empty) or in the Store (the value is
// the run). A run whose sealed state is at most InlineStateLimit bytes
// travels inline, so the Store only holds tickets; a larger one is kept in
// the Store, and the requestState stays small.

// InlineStateLimit is the size up to which a suspended call travels inside
// the requestState. A small waiting run seals to a few KiB; 16 KiB keeps
// the retry request well under common request-size limits even after
// base64.
const InlineStateLimit = 16 << 10

// requestStatePurpose separates request states from other values sealed
// with the same key.
const requestStatePurpose = "coderun/mcp requestState v1"

// requestState is what the client echoes back, sealed.
type requestState struct {
	Ticket  string   `cbor:"1,keyasint"`
	Tool    string   `cbor:"2,keyasint"` // the tools/call's tool, which the retry must name
	CallID  string   `cbor:"3,keyasint"` // the call's token, for routing new approvals
	Expires int64    `cbor:"4,keyasint"` // Unix nanoseconds
	Pending []string `cbor:"5,keyasint"` // the input request ids: the pending approvals' ids
	State   []byte   `cbor:"6,keyasint,omitempty"`
}

// ticketKey is a ticket's key in the Store.
func ticketKey(ticket string) string { return "run:" + ticket }

// deferringAsker is the asker on protocol 2026-07-28 and later: it never
// decides, so the call suspends and its questions go back in the result.
type deferringAsker struct{}

func (deferringAsker) ask(context.Context, codemode.ApprovalRequest) (bool, error) {
	return false, codemode.NotYet("waiting for the MCP client's answer")
}

// suspendCall answers a tools/call that suspended with the approval
// questions and a requestState to retry with.
func (s *Server) suspendCall(ctx context.Context, tool, callID string, susp *codemode.Suspension) (*mcp.CallToolResult, error) {
	rs := requestState{Ticket: rand.Text(), Tool: tool, CallID: callID, Expires: susp.Expires.UnixNano()}
	stored := []byte{}
	if len(susp.State) <= InlineStateLimit {
		rs.State = susp.State
	} else {
		stored = susp.State
	}
	questions := make(mcp.InputRequestMap, len(susp.Pending))
	for _, p := range susp.Pending {
		rs.Pending = append(rs.Pending, p.ID)
		call := codemode.Call{ID: p.ID, Tool: p.Tool, Args: p.Args}
		if p.ID != callID {
			call.ParentID = callID
		}
		questions[p.ID] = s.approvalForm(codemode.ApprovalRequest{Call: call, Reason: p.Reason})
	}
	plain, err := cbor.Marshal(rs)
	if err != nil {
		return nil, fmt.Errorf("encoding the requestState: %w", err)
	}
	sealed, err := seal.Seal(s.stateKey, requestStatePurpose, nil, plain)
	if err != nil {
		return nil, fmt.Errorf("sealing the requestState: %w", err)
	}
	if err := s.store.Put(ctx, ticketKey(rs.Ticket), stored, time.Until(susp.Expires)); err != nil {
		return nil, fmt.Errorf("keeping the suspended call: %w", err)
	}
	return &mcp.CallToolResult{InputRequests: questions, RequestState: base64.RawURLEncoding.EncodeToString(sealed)}, nil
}

// Errors of a retry whose requestState cannot be resumed. The client gets
// them as the tool's error result; each says what to do.
var (
	errStateInvalid = errors.New("the requestState is not valid (changed, cut short, or not from coderun); make the call again without it")
	errStateKey     = errors.New("the requestState was sealed with another key: this server does not share its StateKey with the one that made it; make the call again")
	errStateUsed    = errors.New("the requestState was already used to resume its call (or the state store lost it), so the call is not run twice; make the call again")
)

// openRequestState checks a retry's requestState and takes its ticket:
// from here on no other retry can resume the same state.
func (s *Server) openRequestState(ctx context.Context, tool, token string) (*requestState, []byte, error) {
	sealed, err := base64.RawURLEncoding.DecodeString(token)
	if err != nil {
		return nil, nil, errStateInvalid
	}
	_, plain, err := seal.Open(s.stateKey, requestStatePurpose, sealed)
	switch {
	case errors.Is(err, seal.ErrKey):
		return nil, nil, errStateKey
	case err != nil:
		return nil, nil, errStateInvalid
	}
	var rs requestState
	if err := cbor.Unmarshal(plain, &rs); err != nil || rs.Ticket == "" {
		return nil, nil, errStateInvalid
	}
	if rs.Tool != tool {
		return nil, nil, fmt.Errorf("the requestState belongs to a call of tool %q, not %q; retry that call with it", rs.Tool, tool)
	}
	if exp := time.Unix(0, rs.Expires); !time.Now().Before(exp) {
		return nil, nil, fmt.Errorf("the requestState expired at %s: the approval came too late; make the call again", exp.UTC().Format(time.RFC3339))
	}
	stored, err := s.store.Take(ctx, ticketKey(rs.Ticket))
	switch {
	case errors.Is(err, store.ErrNotFound):
		return nil, nil, errStateUsed
	case err != nil:
		return nil, nil, fmt.Errorf("the state store failed: %w; retry", err)
	}
	state := rs.State
	if state == nil {
		state = stored
	}
	return &rs, state, nil
}

// resumeCall serves a retried tools/call: it takes the suspended call and
// resumes it with the client's answers. A question left unanswered is
// asked again. A resume refused before anything ran because this process
// has another sandbox build gives the ticket back, so a replica of the
// right build can still take it.
func (s *Server) resumeCall(ctx context.Context, req *mcp.CallToolRequest) *mcp.CallToolResult {
	name := req.Params.Name
	rs, state, err := s.openRequestState(ctx, name, req.Params.RequestState)
	if err != nil {
		return errorResult(err)
	}
	var approvals []codemode.Approval
	for _, id := range rs.Pending {
		if r, ok := req.Params.InputResponses[id]; ok {
			res, _ := r.(*mcp.ElicitResult) // another response type denies
			approvals = append(approvals, codemode.Approval{ID: id, Approved: approved(res), Reason: "the user declined"})
		}
	}
	s.askers.set(rs.CallID, deferringAsker{}) // for approvals the resumed run asks for
	defer s.askers.clear(rs.CallID)
	out, err := s.session.Resume(ctx, state, approvals)
	if errors.Is(err, coderun.ErrStateBuild) {
		stored := []byte{}
		if rs.State == nil {
			stored = state
		}
		if perr := s.store.Put(ctx, ticketKey(rs.Ticket), stored, time.Until(time.Unix(0, rs.Expires))); perr != nil {
			err = errors.Join(err, perr)
		}
	}
	return s.result(ctx, name, rs.CallID, out, err)
}
