// Package pyparity runs coderun Python programs under a native CPython for
// the tests that compare the Python guest with it: the same version, built
// from the same pinned source by .ci/setup-cpython, running a program with
// the guest's own contract (wasm/python/guest/_coderun_program.py) through
// run_native.py here. It also loads the parity corpus
// (testdata/python-parity) and its list of allowed differences.
package pyparity

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coderun/coderun"
	pythonwasm "github.com/coderun/coderun/wasm/python"
)

// root is the repository's root, found from this file's place in it so that
// tests of any package can use the helpers.
var root = func() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "..")
}()

// CorpusDir is the parity corpus: one program a file, NAME.py.
var CorpusDir = filepath.Join(root, "testdata", "python-parity")

// setupUnavailable is .ci/setup-cpython's exit status when the pinned source
// has left Debian's archive and is not in the cache.
const setupUnavailable = 3

// Outcome is what a program did, in coderun's Result JSON shape, as both the
// guest and the native runner report it.
type Outcome struct {
	Logs    []string         `json:"logs"`
	Value   json.RawMessage  `json:"value,omitempty"`
	Failure *coderun.Failure `json:"failure,omitempty"`
}

// FromResult is the Outcome of a coderun run.
func FromResult(res coderun.Result) Outcome {
	o := Outcome{Logs: res.Logs, Value: res.Value, Failure: res.Failure}
	if f := res.Failure; f != nil && f.Kind == coderun.KindInvalidOutput {
		// coderun's words before the guest's report, which the native
		// runner has no Runtime to add.
		g := *f
		g.Message = strings.TrimPrefix(g.Message, "the return value is not lossless JSON: ")
		o.Failure = &g
	}
	return o
}

// String renders o for comparison and for a test's report: the logs a line
// each, then the value in a canonical spelling, or the failure's kind and
// message, or that there is no value.
func (o Outcome) String() string {
	var b strings.Builder
	for _, l := range o.Logs {
		b.WriteString(l + "\n")
	}
	switch {
	case o.Failure != nil:
		fmt.Fprintf(&b, "!! %s: %s", o.Failure.Kind, o.Failure.Message)
	case o.Value == nil:
		b.WriteString("(no value)")
	default:
		b.WriteString("=> " + CanonicalJSON(o.Value))
	}
	return b.String()
}

// CanonicalJSON re-spells a JSON value so that two spellings of the same
// value compare equal: numbers as the float64 they denote (1.0 and 1 are
// the same number to a JSON reader), no spacing, object members in their
// order (a Python dict keeps its order, and so must the value).
func CanonicalJSON(raw json.RawMessage) string {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var b strings.Builder
	if err := canonicalValue(dec, &b); err != nil {
		return "unparsable " + string(raw) + ": " + err.Error()
	}
	if dec.More() {
		return "unparsable " + string(raw) + ": more than one value"
	}
	return b.String()
}

func canonicalValue(dec *json.Decoder, b *strings.Builder) error {
	tok, err := dec.Token()
	if err != nil {
		return err
	}
	switch v := tok.(type) {
	case json.Delim:
		closing := map[json.Delim]byte{'[': ']', '{': '}'}[v]
		b.WriteByte(byte(v))
		for i := 0; dec.More(); i++ {
			if i > 0 {
				b.WriteByte(',')
			}
			if v == '{' {
				key, err := dec.Token()
				if err != nil {
					return err
				}
				writeScalar(b, key)
				b.WriteByte(':')
			}
			if err := canonicalValue(dec, b); err != nil {
				return err
			}
		}
		if _, err := dec.Token(); err != nil {
			return err
		}
		b.WriteByte(closing)
	case json.Number:
		f, err := strconv.ParseFloat(string(v), 64)
		if err != nil {
			return err
		}
		b.WriteString(strconv.FormatFloat(f, 'g', -1, 64))
	default:
		writeScalar(b, v)
	}
	return nil
}

// writeScalar writes a string, bool or null as JSON, with <, > and & as
// themselves: the logs and failures print them so, and so should values.
func writeScalar(b *strings.Builder, v any) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(v)
	b.Write(bytes.TrimSuffix(buf.Bytes(), []byte("\n")))
}

// Program is one program of the corpus.
type Program struct {
	Name   string // the file's name less .py
	Path   string
	Source string
}

// LoadCorpus reads every program of the corpus, in name order.
func LoadCorpus(t testing.TB) []Program {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(CorpusDir, "*.py"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no programs in %s (%v)", CorpusDir, err)
	}
	programs := make([]Program, 0, len(files))
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		programs = append(programs, Program{strings.TrimSuffix(filepath.Base(f), ".py"), f, string(src)})
	}
	return programs
}

// LoadAllowed reads the corpus's allowed.txt: "name: reason" a line, # for
// comments. A corpus without one allows no difference.
func LoadAllowed(t testing.TB) map[string]string {
	t.Helper()
	f, err := os.Open(filepath.Join(CorpusDir, "allowed.txt"))
	if errors.Is(err, os.ErrNotExist) {
		return map[string]string{}
	}
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	allowed := map[string]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		name, reason, ok := strings.Cut(line, ":")
		if !ok || strings.TrimSpace(reason) == "" {
			t.Fatalf("allowed.txt: %q needs a reason after the colon", line)
		}
		allowed[strings.TrimSpace(name)] = strings.TrimSpace(reason)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return allowed
}

// NativePython runs .ci/setup-cpython, which builds the native interpreter
// once (minutes) and then only checks it, and returns the interpreter's
// path. It skips the test, loudly, when the pinned source is unavailable.
func NativePython(t testing.TB) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Hour)
	defer cancel()
	cmd := exec.CommandContext(ctx, filepath.Join(root, ".ci", "setup-cpython"))
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	var exit *exec.ExitError
	if errors.As(err, &exit) && exit.ExitCode() == setupUnavailable {
		t.Skipf("SKIPPED: the native CPython to compare with cannot be built: %s", strings.TrimSpace(stderr.String()))
	}
	if err != nil {
		t.Fatalf(".ci/setup-cpython: %v\n%s", err, stderr.String())
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	return lines[len(lines)-1]
}

// zoneData is the guest's standard library zip, written to a file once per
// process: the native runner reads the guest's time zone database (its
// tzdata package) from it, so both agree on every zone's rules.
var zoneData = sync.OnceValues(func() (string, error) {
	zip, err := pythonwasm.Stdlib()
	if err != nil {
		return "", err
	}
	f, err := os.CreateTemp("", "coderun-pyparity-*.zip")
	if err != nil {
		return "", err
	}
	if _, err := f.Write(zip); err != nil {
		f.Close()
		return "", err
	}
	return f.Name(), f.Close()
})

// RunNative runs the program in the file at path under python, the
// interpreter NativePython returned.
func RunNative(ctx context.Context, python, path string) (Outcome, error) {
	zones, err := zoneData()
	if err != nil {
		return Outcome{}, err
	}
	cmd := exec.CommandContext(ctx, python, filepath.Join(root, "internal", "testing", "pyparity", "run_native.py"),
		"--tzdata", zones, path)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return Outcome{}, fmt.Errorf("run_native.py %s: %w\n%s", filepath.Base(path), err, stderr.String())
	}
	var o Outcome
	if err := json.Unmarshal(out, &o); err != nil {
		return Outcome{}, fmt.Errorf("run_native.py %s: output is not an outcome: %w\n%s", filepath.Base(path), err, out)
	}
	return o, nil
}

// RunNativeSource runs a program given as source, through a file in dir.
func RunNativeSource(ctx context.Context, python, dir, source string) (Outcome, error) {
	f, err := os.CreateTemp(dir, "program-*.py")
	if err != nil {
		return Outcome{}, err
	}
	defer os.Remove(f.Name())
	if _, err := f.WriteString(source); err != nil {
		f.Close()
		return Outcome{}, err
	}
	if err := f.Close(); err != nil {
		return Outcome{}, err
	}
	return RunNative(ctx, python, f.Name())
}
