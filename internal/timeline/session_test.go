package timeline

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/coderun/coderun/codemode"
	"github.com/coderun/coderun/internal/testbin"
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

func TestSessionLogTree(t *testing.T) {
	raw := sessionLog(t)
	t.Logf("%s", raw)
	l, err := Read(bytes.NewReader(raw))
	require.NoError(t, err)
	var b bytes.Buffer
	require.NoError(t, WriteTree(&b, l))
	t.Logf("\n%s", b.String())
}

func TestWriteExamplePage(t *testing.T) {
	l, err := Read(bytes.NewReader(sessionLog(t)))
	require.NoError(t, err)
	f, err := os.Create("/tmp/timeline-example.html")
	require.NoError(t, err)
	require.NoError(t, WriteHTML(f, "session.jsonl", l))
	require.NoError(t, f.Close())
}
