package timeline

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/coderun/coderun/codemode"
	"github.com/coderun/coderun/internal/testing/testbin"
)

func TestMain(m *testing.M) {
	testbin.ShareCompiledCode()
	os.Exit(m.Run())
}

// hostile is an argument written to break out of the page's script and
// markup, and to restyle a terminal.
const hostile = "</script><img src=x onerror=\"document.body.dataset.pwned=1\"><b>\x1b[2J"

// sessionConfig allows two sub-calls at once, denies delete_all and asks a
// human, who answers later, about refund.
const sessionConfig = `
mode: code
maxParallelSubCalls: 2
policy:
  rules:
    - {tool: delete_all, action: deny, reason: "never in production"}
    - {tool: refund, action: ask, reason: "refunds need a human"}
`

// The programs of the session: the first overlaps calls, queues one,
// is denied one, sees one fail, passes a hostile argument and returns
// without awaiting two calls; the second suspends for an approval.
const (
	programBusy = `
const pages = await Promise.all([1, 2, 3].map(page => tools.fetch_page({ page })))
await tools.write_note({ text: ` + "`" + `${"</scr"}ipt><img src=x onerror=\"document.body.dataset.pwned=1\"><b>\x1b[2J` + "`" + ` })
try { await tools.delete_all({}) } catch (e) { console.log(e.message) }
try { await tools.flaky({}) } catch (e) { console.log(e.message) }
tools.write_note({ text: "left running" })
tools.write_note({ text: "never started" })
return pages.length`
	programRefund = `
const order = await tools.fetch_page({ page: 7 })
await tools.refund({ order: 7, amount: 12 })
return await tools.fetch_page({ page: 8 })`
)

// sessionLog runs a real Code Mode session with the two programs, the
// second suspended and then resumed, and returns its session log.
func sessionLog(t testing.TB) []byte {
	t.Helper()
	cfg, err := codemode.ParseConfig([]byte(sessionConfig))
	require.NoError(t, err)
	cfg.Budgets.StateKey = []byte("0123456789abcdef0123456789abcdef")
	reg := codemode.NewRegistry()
	wait := func(ctx context.Context, d time.Duration) error {
		select {
		case <-time.After(d):
			return nil
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	object := json.RawMessage(`{"type":"object"}`)
	require.NoError(t, reg.Register(
		codemode.Tool{Name: "fetch_page", Description: "Fetch a page.", InputSchema: object, Concurrency: codemode.ParallelSafe,
			Execute: func(ctx context.Context, call *codemode.Call) (*codemode.Output, error) {
				if err := wait(ctx, 15*time.Millisecond); err != nil {
					return nil, err
				}
				return &codemode.Output{Value: json.RawMessage(`{"ok":true}`)}, nil
			}},
		codemode.Tool{Name: "write_note", Description: "Write a note.", InputSchema: object, Concurrency: codemode.Exclusive,
			Execute: func(ctx context.Context, call *codemode.Call) (*codemode.Output, error) {
				if err := wait(ctx, 10*time.Millisecond); err != nil {
					return nil, err
				}
				return &codemode.Output{Value: json.RawMessage(`true`)}, nil
			}},
		codemode.Tool{Name: "delete_all", Description: "Delete everything.", InputSchema: object,
			Execute: func(context.Context, *codemode.Call) (*codemode.Output, error) {
				return &codemode.Output{Value: json.RawMessage(`true`)}, nil
			}},
		codemode.Tool{Name: "flaky", Description: "Fail.", InputSchema: object,
			Execute: func(ctx context.Context, call *codemode.Call) (*codemode.Output, error) {
				return nil, errors.New("upstream answered 503")
			}},
		codemode.Tool{Name: "refund", Description: "Refund an order.", InputSchema: object,
			Execute: func(context.Context, *codemode.Call) (*codemode.Output, error) {
				return &codemode.Output{Value: json.RawMessage(`"refunded"`)}, nil
			}},
	))
	var log bytes.Buffer
	sess, err := codemode.NewSession(codemode.Options{
		Config: cfg, Registry: reg, Log: codemode.NewSessionLog(&log),
		Approver: codemode.ApproverFunc(func(context.Context, codemode.ApprovalRequest) (bool, error) {
			return false, codemode.NotYet("the reviewer is away")
		}),
	})
	require.NoError(t, err)
	defer sess.Close(context.Background())

	ctx := context.Background()
	call := func(id, description, program string) *codemode.Output {
		args, err := json.Marshal(map[string]string{"description": description, "program": program})
		require.NoError(t, err)
		out, err := sess.Call(ctx, codemode.CallRequest{ID: id, Tool: codemode.RunCodeToolName, Args: args})
		require.NoError(t, err)
		return out
	}
	call("busy", "fetch three pages, write a note "+hostile, programBusy)
	out := call("refund", "refund order 7", programRefund)
	require.NotNil(t, out.Suspended, "the refund waits for a human")
	time.Sleep(30 * time.Millisecond) // the human takes a while
	_, err = sess.Resume(ctx, out.Suspended.State, []codemode.Approval{{ID: out.Suspended.Pending[0].ID, Approved: true}})
	require.NoError(t, err)
	return log.Bytes()
}

// The tree of a real session shows the queued call, the denial, the
// failure, the dropped call, and the suspension and resume in their place.
func TestSessionLogTree(t *testing.T) {
	l, err := Read(bytes.NewReader(sessionLog(t)))
	require.NoError(t, err)
	var b bytes.Buffer
	require.NoError(t, WriteTree(&b, l))
	tree := b.String()
	// Durations depend on the machine's load; {d} matches any of them, and
	// {q} an optional queue note, so only what the log says is pinned.
	placeholders := strings.NewReplacer("{d}", `[0-9.]+(?:µs|ms|s)`, "{q}", `(?:queued [0-9.]+(?:µs|ms|s); )?`)
	for _, line := range []string{
		`(?m)^run_code busy  ok  {d}  \S+  up to 2 at once  "fetch three pages, write a note </script><img src=x onerror=\\"document.body.dataset.pwned=1\\"><b>\\x1b\[2J"$`,
		`(?m)^  #3 fetch_page ok +{d}  queued {d}$`,
		`(?m)^  #5 delete_all denied +{d}  {q}policy: call denied by policy: never in production$`,
		`(?m)^  #6 flaky      failed +{d}  {q}execute: tool "flaky" failed: upstream answered 503$`,
		`(?m)^  #8 write_note dropped +{d}  never ran; queue: call of tool "write_note" was dropped`,
		`(?m)^  #2 refund     suspended .*\n  -- suspended at [0-9:.]+: pending: refund.2\n  -- resumed at [0-9:.]+: approved: refund.2; denied: none\n  #2 refund     ok +{d}  {q}after resume; approved \(on resume\)\n  #3 fetch_page ok +{d}  {q}after resume$`,
	} {
		assert.Regexp(t, placeholders.Replace(line), tree)
	}
	assert.NotContains(t, tree, "\x1b", "no escape sequence reaches the terminal")
}
