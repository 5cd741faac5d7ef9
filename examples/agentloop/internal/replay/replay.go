// Package replay serves a recorded conversation with a model API, for the
// agent loop examples' tests: each request gets the next recorded
// response, and every request is kept for the test to check.
package replay

import (
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"sync"
	"testing"
)

// Request is one request the server received.
type Request struct {
	Method, Path string
	Header       http.Header
	Body         []byte
}

// Server is an httptest server that answers requests to one path with
// recorded JSON responses, in order.
type Server struct {
	*httptest.Server

	mu        sync.Mutex
	responses [][]byte
	requests  []Request
}

// New starts a server that answers POST requests to path with the
// contents of files, one per request, and stops it when the test ends. A
// request to another path, or past the last file, fails the test and gets
// an error status, which the SDK under test reports.
func New(t testing.TB, path string, files ...string) *Server {
	t.Helper()
	s := &Server{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		s.responses = append(s.responses, data)
	}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		s.mu.Lock()
		defer s.mu.Unlock()
		s.requests = append(s.requests, Request{Method: r.Method, Path: r.URL.Path, Header: r.Header.Clone(), Body: body})
		switch {
		case r.Method != http.MethodPost || r.URL.Path != path:
			t.Errorf("unexpected request %s %s; the recorded conversation is on POST %s", r.Method, r.URL.Path, path)
			http.Error(w, `{"error":"not recorded"}`, http.StatusNotFound)
		case len(s.responses) == 0:
			t.Errorf("request %d is past the end of the recorded conversation", len(s.requests))
			// 400, not 5xx: the SDKs retry server errors.
			http.Error(w, `{"error":"the recording ended"}`, http.StatusBadRequest)
		default:
			w.Header().Set("Content-Type", "application/json")
			_, _ = w.Write(s.responses[0])
			s.responses = s.responses[1:]
		}
	}))
	t.Cleanup(s.Close)
	return s
}

// Requests returns the requests received so far.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Request(nil), s.requests...)
}

// Main runs a package's tests with the user cache directory, where the
// examples keep the compiled sandbox, in a temporary directory: a test
// leaves nothing behind in the user's cache, and the package's tests
// still compile the sandbox only once.
func Main(m *testing.M) int {
	dir, err := os.MkdirTemp("", "agentloop-cache-")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	os.Setenv("XDG_CACHE_HOME", dir)
	return m.Run()
}
