package mcpproxy

import (
	"bytes"
	"io"
	"strings"
	"sync"
)

// stderrTailBytes is how much of an upstream's stderr is kept to explain why
// it failed: enough for a stack trace's head or a usage message.
const stderrTailBytes = 2048

// stderrTail receives an upstream process's stderr. It forwards every
// complete line to out with a "[server] " prefix, so a host's log shows which
// server said what, and keeps the last stderrTailBytes so a start-up failure
// or crash can be reported with the server's own explanation. Each line
// forwarded goes through scrub, which hides the server's credentials should
// it print them.
type stderrTail struct {
	prefix string
	out    io.Writer
	scrub  func(string) string

	mu      sync.Mutex
	partial []byte // an unterminated line awaiting its newline
	tail    []byte
	cut     bool // tail no longer starts where the output did
}

func newStderrTail(server string, out io.Writer, scrub func(string) string) *stderrTail {
	return &stderrTail{prefix: "[" + server + "] ", out: out, scrub: scrub}
}

// Write implements io.Writer. It never fails: losing a log line must not
// break the process writing it.
func (s *stderrTail) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.tail = append(s.tail, p...)
	if over := len(s.tail) - stderrTailBytes; over > 0 {
		s.tail = append(s.tail[:0], s.tail[over:]...)
		s.cut = true
	}
	s.partial = append(s.partial, p...)
	for {
		i := bytes.IndexByte(s.partial, '\n')
		if i < 0 {
			break
		}
		_, _ = io.WriteString(s.out, s.prefix+s.scrub(string(s.partial[:i+1])))
		s.partial = s.partial[i+1:]
	}
	return len(p), nil
}

// String returns the kept tail, trimmed, with at most the last few lines: a
// reason that fits in one report line. When the tail was cut, the line it
// was cut in is left out: a secret cut there would no longer match what
// the server's redaction hides, and its end would show.
func (s *stderrTail) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	kept := s.tail
	if s.cut {
		_, kept, _ = bytes.Cut(kept, []byte("\n"))
	}
	text := strings.TrimSpace(strings.ToValidUTF8(string(kept), "?"))
	lines := strings.Split(text, "\n")
	if len(lines) > 5 {
		lines = lines[len(lines)-5:]
	}
	return strings.Join(lines, " | ")
}
