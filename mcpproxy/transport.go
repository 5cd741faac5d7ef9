package mcpproxy

import (
	"errors"
	"fmt"
	"maps"
	"net/http"
	"os"
	"os/exec"
	"slices"
	"strings"
	"time"

	"github.com/coderun/coderun/codemode"
	"github.com/coderun/coderun/internal/redact"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// stdioTerminateGrace is how long closing a stdio server waits for it to exit
// after its stdin closes, before SIGTERM and then SIGKILL.
const stdioTerminateGrace = 2 * time.Second

// link is one attempt at reaching an upstream: the transport to connect
// over, and for stdio servers the process and its stderr, which explain a
// failure better than the broken pipe does.
type link struct {
	transport mcp.Transport
	cmd       *exec.Cmd   // nil for HTTP servers
	stderr    *stderrTail // nil for HTTP servers
	raw       *rawTools   // the tools/list results as sent
	redact    *redact.Server
}

// redactorFor hides the credentials in spec's command line and URL, and
// the values of its secret-named environment variables and headers, from
// everything that shows how the server is reached or quotes it in a
// message: the report, the session log, stderr and errors.
func redactorFor(spec codemode.ServerSpec) *redact.Server {
	named := maps.Clone(spec.Env)
	if named == nil {
		named = make(map[string]string, len(spec.Headers))
	}
	maps.Copy(named, spec.Headers)
	return redact.NewServer(spec.Command, spec.Args, spec.URL, named)
}

// checkSpec rejects a spec that names no way, or two ways, to reach a server.
// The config loader checks this too; repeating it here keeps a Hub built from
// hand-written specs honest.
func checkSpec(spec codemode.ServerSpec) error {
	switch {
	case spec.Command == "" && spec.URL == "":
		return errors.New("neither command nor url is set")
	case spec.Command != "" && spec.URL != "":
		return errors.New("both command and url are set; a server is either stdio or HTTP")
	}
	return nil
}

// newLink prepares a fresh link for one connection attempt. Every restart
// gets a new one: an exec.Cmd runs only once.
func newLink(name string, spec codemode.ServerSpec, opts Options, red *redact.Server) (*link, error) {
	if err := checkSpec(spec); err != nil {
		return nil, err
	}
	raw := newRawTools()
	if spec.URL != "" {
		client := &http.Client{Transport: headerTransport{headers: spec.Headers, base: rawRoundTripper{base: http.DefaultTransport, raw: raw}}}
		return &link{transport: &mcp.StreamableClientTransport{Endpoint: spec.URL, HTTPClient: client}, raw: raw, redact: red}, nil
	}
	cmd := exec.Command(spec.Command, spec.Args...)
	cmd.Dir = spec.Cwd
	cmd.Env = mergeEnv(os.Environ(), spec.Env)
	tail := newStderrTail(name, opts.Stderr, red.Text)
	cmd.Stderr = tail
	return &link{
		transport: &rawTransport{Transport: &mcp.CommandTransport{Command: cmd, TerminateDuration: stdioTerminateGrace}, raw: raw},
		cmd:       cmd,
		stderr:    tail,
		raw:       raw,
		redact:    red,
	}, nil
}

// mergeEnv returns base with extra's variables appended in sorted order, so a
// configured variable overrides an inherited one (exec uses the last
// duplicate) and the environment is the same on every start.
func mergeEnv(base []string, extra map[string]string) []string {
	env := slices.Clone(base)
	for _, k := range slices.Sorted(maps.Keys(extra)) {
		env = append(env, k+"="+extra[k])
	}
	return env
}

// headerTransport adds the configured headers, e.g. Authorization, to every
// request to a streamable HTTP server.
type headerTransport struct {
	headers map[string]string
	base    http.RoundTripper
}

// RoundTrip implements http.RoundTripper.
func (t headerTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	if len(t.headers) == 0 {
		return t.base.RoundTrip(req)
	}
	// A RoundTripper must not modify the caller's request.
	req = req.Clone(req.Context())
	for k, v := range t.headers {
		req.Header.Set(k, v)
	}
	return t.base.RoundTrip(req)
}

// failureReason explains a failed connection or a lost session: the SDK's
// error, and for a stdio server how the process ended and what it last
// printed on stderr, with the server's credentials hidden (a failed HTTP
// request quotes its URL).
func (l *link) failureReason(err error) string {
	reason := err.Error()
	if l.cmd == nil {
		return l.redact.Text(reason)
	}
	// ProcessState is safe to read here: callers hold an error from a
	// session that has closed, and closing waits for the process.
	if ps := l.cmd.ProcessState; ps != nil && !strings.Contains(reason, ps.String()) {
		reason += fmt.Sprintf(" (process %s)", ps)
	}
	if tail := l.stderr.String(); tail != "" {
		reason += "; stderr: " + tail
	}
	return l.redact.Text(reason)
}
