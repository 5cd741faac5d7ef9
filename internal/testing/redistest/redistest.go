// Package redistest starts real redis-server processes for tests: each
// test gets its own, on a free loopback port, with its own directory, and
// the process is killed when the test ends.
package redistest

import (
	"bufio"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

var setup struct {
	once sync.Once
	err  error
}

// install runs .ci/setup-redis once per test binary, which installs the
// Debian package when redis-server is missing.
func install() error {
	setup.once.Do(func() {
		script, err := findUp(filepath.Join(".ci", "setup-redis"))
		if err != nil {
			setup.err = err
			return
		}
		if out, err := exec.Command(script).CombinedOutput(); err != nil {
			setup.err = fmt.Errorf("%s: %v\n%s", script, err, out)
		}
	})
	return setup.err
}

// findUp looks for rel in the working directory and its parents, so tests
// of any package of the module find the repository's scripts.
func findUp(rel string) (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		p := filepath.Join(dir, rel)
		if _, err := os.Stat(p); err == nil {
			return p, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("redistest: %s not found above the working directory", rel)
		}
		dir = parent
	}
}

// Server is a running redis-server.
type Server struct {
	// URL is the redis:// URL to reach it.
	URL string
	// Addr is its host:port.
	Addr string
	cmd  *exec.Cmd
	done chan struct{}
}

// Start starts a redis-server for t and stops it at the end of the test.
func Start(t testing.TB) *Server {
	t.Helper()
	if err := install(); err != nil {
		t.Fatalf("installing redis-server: %v", err)
	}
	var lastErr error
	for range 3 { // a free port may be taken between choosing and binding it
		s, err := start(t.TempDir())
		if err == nil {
			t.Cleanup(s.Stop)
			return s
		}
		lastErr = err
	}
	t.Fatalf("starting redis-server: %v", lastErr)
	return nil
}

func start(dir string) (*Server, error) {
	port, err := freePort()
	if err != nil {
		return nil, err
	}
	cmd := exec.Command("redis-server",
		"--bind", "127.0.0.1", "--port", strconv.Itoa(port), "--dir", dir,
		"--save", "", "--appendonly", "no", "--daemonize", "no", "--loglevel", "warning")
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	cmd.Stderr = cmd.Stdout
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	s := &Server{Addr: "127.0.0.1:" + strconv.Itoa(port), cmd: cmd, done: make(chan struct{})}
	s.URL = "redis://" + s.Addr + "/0"
	var output strings.Builder
	var outMu sync.Mutex
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			outMu.Lock()
			output.WriteString(sc.Text() + "\n")
			outMu.Unlock()
		}
		_ = cmd.Wait()
		close(s.done)
	}()
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		select {
		case <-s.done:
			outMu.Lock()
			defer outMu.Unlock()
			return nil, fmt.Errorf("redis-server exited: %s", output.String())
		default:
		}
		if ping(s.Addr) {
			return s, nil
		}
		time.Sleep(20 * time.Millisecond)
	}
	s.Stop()
	return nil, fmt.Errorf("redis-server on %s did not answer within 20s", s.Addr)
}

// Stop kills the server and waits for it to exit.
func (s *Server) Stop() {
	_ = s.cmd.Process.Kill()
	<-s.done
}

func freePort() (int, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port, nil
}

// ping reports whether a Redis server answers PING at addr.
func ping(addr string) bool {
	c, err := net.DialTimeout("tcp", addr, time.Second)
	if err != nil {
		return false
	}
	defer c.Close()
	_ = c.SetDeadline(time.Now().Add(time.Second))
	if _, err := c.Write([]byte("PING\r\n")); err != nil {
		return false
	}
	line, err := bufio.NewReader(c).ReadString('\n')
	return err == nil && strings.HasPrefix(line, "+PONG")
}
