package coderun

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/coderun/coderun/internal/tsx"
)

// The parity corpus (testdata/parity/*.ts) is programs written the way
// models write them, run in coderun and in Node 20, the reference models
// learned from. A program's outcome is its console lines and its
// value or the first line of its failure; any difference fails the test
// unless testdata/parity/allowed.txt lists the program with the reason.

// parityProgram is one program of the corpus.
type parityProgram struct {
	Name string       `json:"name"`
	Body string       `json:"-"`
	JS   string       `json:"js"` // for Node: the script coderun evaluates
	Prog *tsx.Program `json:"-"`  // its transform, which maps Node's frames
}

// parityOutcome is what a program did, in a form both sides produce.
type parityOutcome struct {
	Name    string          `json:"name"`
	Logs    []string        `json:"logs"`
	Value   json.RawMessage `json:"value"`
	Failure string          `json:"failure"`
}

func (o parityOutcome) String() string {
	var b strings.Builder
	for _, l := range o.Logs {
		b.WriteString(l + "\n")
	}
	if o.Failure != "" {
		b.WriteString("!! " + o.Failure)
	} else {
		b.WriteString("=> " + normalJSON(o.Value))
	}
	return b.String()
}

// normalJSON re-encodes a JSON value so both sides' number spellings and
// spacing compare equal; no value is null.
func normalJSON(raw json.RawMessage) string {
	if len(bytes.TrimSpace(raw)) == 0 {
		return "null"
	}
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		return "unparsable " + string(raw)
	}
	out, _ := json.Marshal(v)
	return string(out)
}

// loadParityCorpus reads every program of the corpus in dir, in file and
// then program order.
func loadParityCorpus(t *testing.T, dir string) []parityProgram {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.ts"))
	require.NoError(t, err)
	require.NotEmpty(t, files)
	var programs []parityProgram
	seen := map[string]string{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		require.NoError(t, err)
		var cur *parityProgram
		for _, line := range strings.SplitAfter(string(data), "\n") {
			if name, ok := strings.CutPrefix(strings.TrimRight(line, "\r\n"), "// === "); ok {
				name = strings.TrimSpace(name)
				require.NotContains(t, seen, name, "%s: program %q is also in %s", f, name, seen[name])
				seen[name] = f
				programs = append(programs, parityProgram{Name: name})
				cur = &programs[len(programs)-1]
				continue
			}
			if cur != nil {
				cur.Body += line
			}
		}
	}
	return programs
}

// loadAllowedDifferences reads dir's allowed.txt: "name: reason" per
// line. A corpus without one allows no difference.
func loadAllowedDifferences(t *testing.T, dir string) map[string]string {
	t.Helper()
	f, err := os.Open(filepath.Join(dir, "allowed.txt"))
	if os.IsNotExist(err) {
		return map[string]string{}
	}
	require.NoError(t, err)
	defer f.Close()
	allowed := map[string]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		name, reason, ok := strings.Cut(line, ":")
		require.True(t, ok && strings.TrimSpace(reason) != "", "allowed.txt: %q needs a reason after the colon", line)
		allowed[strings.TrimSpace(name)] = strings.TrimSpace(reason)
	}
	require.NoError(t, sc.Err())
	return allowed
}

// nodeParityOutcomes runs every program under Node in one process.
func nodeParityOutcomes(t *testing.T, programs []parityProgram) map[string]parityOutcome {
	t.Helper()
	node, err := exec.LookPath("node")
	require.NoError(t, err, "the parity test compares against Node 20; install it")
	input, err := json.Marshal(programs)
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, node, "testdata/parity/node-run.mjs")
	// UTC as in coderun, and an en-US default locale whatever the machine's.
	cmd.Env = append(os.Environ(), "TZ=UTC", "LC_ALL=en_US.UTF-8", "LANG=en_US.UTF-8")
	cmd.Stdin = bytes.NewReader(input)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	require.NoError(t, err, "node: %s", stderr.String())
	var results []parityOutcome
	require.NoError(t, json.Unmarshal(out, &results))
	byName := map[string]parityOutcome{}
	for _, r := range results {
		byName[r.Name] = r
	}
	return byName
}

// coderunParityOutcome runs one program in coderun.
func coderunParityOutcome(t *testing.T, rt *Runtime, p parityProgram) parityOutcome {
	res, err := rt.Run(context.Background(), Request{Program: p.Body})
	require.NoError(t, err)
	o := parityOutcome{Name: p.Name, Logs: res.Logs, Value: res.Value}
	if res.Failure != nil {
		first, _, _ := strings.Cut(res.Failure.Message, "\n")
		o.Failure = first
		if res.Failure.Kind != KindException {
			o.Failure = string(res.Failure.Kind) + ": " + first
		}
	}
	return o
}

// mapNodeFrames maps the positions in the stack frames Node printed to
// the program's lines and columns. Both engines run the same script, named
// program.ts, and report positions in it; coderun maps a stack's frames
// inside the run, before the program sees them, and this applies the same
// map to Node's, so that the comparison is of where the engines point
// (internal/tsx tests the map itself). Only frame lines ("at ...") are
// mapped, as coderun maps only stacks.
func mapNodeFrames(prog *tsx.Program, logs []string) []string {
	if prog == nil {
		return logs
	}
	out := make([]string, len(logs))
	for i, l := range logs {
		lines := strings.Split(l, "\n")
		for j, line := range lines {
			if strings.HasPrefix(strings.TrimLeft(line, " "), "at ") {
				lines[j] = prog.MapStack(line)
			}
		}
		out[i] = strings.Join(lines, "\n")
	}
	return out
}

// firstLine keeps the first line of a Node failure, as of coderun's.
func firstLine(s string) string {
	first, _, _ := strings.Cut(s, "\n")
	return first
}

func TestMatchesNode(t *testing.T) {
	t.Parallel()
	identical, total := compareCorpusWithNode(t, "testdata/parity")
	// The corpus's floor: a change that loses parity fails here even when
	// allowed.txt lists the difference.
	assert.GreaterOrEqual(t, 100*float64(identical)/float64(total), 98.0)
}

// TestUnseenProgramsMatchNode runs a second corpus, written after the
// engine's gaps to Node were closed and not tuned to pass: how programs the
// engine was not fitted to fare. Its programs do what agents' programs do
// (records, text, dates, async, classes, regular expressions, numbers,
// errors and their messages, URL, encodings, crypto.subtle); what they met
// was fixed in the engine, and what is left is in its allowed.txt.
func TestUnseenProgramsMatchNode(t *testing.T) {
	t.Parallel()
	identical, total := compareCorpusWithNode(t, "testdata/parity-unseen")
	// Its floor: a change that loses parity fails here even when
	// allowed.txt lists the difference. What is left is the value's
	// lossless-JSON contract.
	assert.GreaterOrEqual(t, 100*float64(identical)/float64(total), 98.0)
}

// compareCorpusWithNode runs the corpus in dir in coderun and under Node
// and fails on every difference its allowed.txt does not list (and on every
// listed program that no longer differs). It returns how many programs
// were identical, of how many.
func compareCorpusWithNode(t *testing.T, dir string) (identical, total int) {
	t.Helper()
	programs := loadParityCorpus(t, dir)
	allowed := loadAllowedDifferences(t, dir)
	// Deterministic: timers fire in the order of their deadlines on a
	// virtual clock, as on an idle machine, so a program that polls or
	// races timers does the same however loaded the machine is (Node runs
	// the programs one at a time, coderun four at once under -race). The
	// corpus prints no clock readings or random numbers, which the mode
	// would change.
	// The budgets are raised: the corpus compares what programs print,
	// not how fast, and ComputeTime is wall-clock time inside the guest,
	// which a loaded machine (this package's tests run in parallel under
	// -race) stretches. A program that hangs still fails, a minute later.
	rt := newRuntime(t, func(c *Config) {
		c.Deterministic = true
		c.ComputeTime, c.WallTime = time.Minute, 2*time.Minute
	})

	got := make([]parityOutcome, len(programs))
	var wg sync.WaitGroup
	work := make(chan int)
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range work {
				got[i] = coderunParityOutcome(t, rt, programs[i])
				// Node runs the script coderun evaluated: the same
				// esbuild, the same wrapping into an async function. The
				// run just put it in the transform cache, so esbuild
				// (slow under -race) runs once per program.
				prog, err := transformCache.get(context.Background(), time.Time{}, programs[i].Body)
				if assert.NoError(t, err, "program %s does not transform", programs[i].Name) {
					programs[i].JS = prog.JS
					programs[i].Prog = prog
				}
			}
		}()
	}
	for i := range programs {
		work <- i
	}
	close(work)
	wg.Wait()
	want := nodeParityOutcomes(t, programs)

	allowedCount := 0
	var unexpected, stale []string
	for i, p := range programs {
		w, ok := want[p.Name]
		require.True(t, ok, "node gave no outcome for %s", p.Name)
		w.Failure = firstLine(w.Failure)
		w.Logs = mapNodeFrames(p.Prog, w.Logs)
		same := w.String() == got[i].String()
		_, isAllowed := allowed[p.Name]
		switch {
		case same && isAllowed:
			stale = append(stale, p.Name)
			identical++
		case same:
			identical++
		case isAllowed:
			allowedCount++
		default:
			unexpected = append(unexpected, fmt.Sprintf("%s:\n--- node\n%s\n--- coderun\n%s", p.Name, w, got[i]))
		}
	}
	for name := range allowed {
		if _, ok := want[name]; !ok {
			stale = append(stale, name+" (no such program)")
		}
	}
	sort.Strings(stale)
	t.Logf("%s: parity with Node: %d of %d programs identical (%.1f%%), %d allowed differences",
		dir, identical, len(programs), 100*float64(identical)/float64(len(programs)), allowedCount)
	for _, u := range unexpected {
		t.Errorf("differs from Node, and allowed.txt does not list it:\n%s", u)
	}
	for _, s := range stale {
		t.Errorf("allowed.txt lists %s, which now matches Node: remove it", s)
	}
	return identical, len(programs)
}
