package codemode

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// RunCodeToolName is the name of the tool that runs programs. It is
// reserved: no registered tool may take it.
const RunCodeToolName = "run_code"

// Registry is the set of tools of a session. It is safe for concurrent use;
// tools may be registered while calls are running (an MCP server connecting
// late), and a program sees the tool set as it was when run_code started.
type Registry struct {
	mu    sync.RWMutex
	tools map[string]*entry
	// qualified counts the tools of each qualified name, so that no Name
	// can be another tool's qualified name: a rule meant for one would
	// match both.
	qualified map[string]int
	// gen counts changes, so derived views (sorted list, SDK) know when to
	// rebuild without comparing tool sets.
	gen    uint64
	sorted []*entry // cache of tools sorted by name; nil when stale
}

// entry is a registered tool with its compiled schemas.
type entry struct {
	tool   Tool
	input  *jsonschema.Schema
	output *jsonschema.Schema // nil when the tool declares none
}

// NewRegistry returns an empty Registry.
func NewRegistry() *Registry {
	return &Registry{tools: make(map[string]*entry), qualified: make(map[string]int)}
}

// Register adds tools. It fails, adding none of them, if a name is empty,
// reserved or already taken, a name is another tool's qualified name
// ([Tool.QualifiedName]), Execute is nil, or a schema does not compile: a
// broken tool is better refused at startup than at its first call.
func (r *Registry) Register(tools ...Tool) error {
	entries := make([]*entry, 0, len(tools))
	seen := make(map[string]bool, len(tools))
	for _, t := range tools {
		e, err := newEntry(t)
		if err != nil {
			return err
		}
		if seen[t.Name] {
			return fmt.Errorf("codemode: register %q: tool listed twice", t.Name)
		}
		seen[t.Name] = true
		entries = append(entries, e)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, e := range entries {
		if _, dup := r.tools[e.tool.Name]; dup {
			return fmt.Errorf("codemode: register %q: a tool of that name is already registered", e.tool.Name)
		}
	}
	if err := r.checkQualifiedLocked(entries); err != nil {
		return err
	}
	for _, e := range entries {
		r.tools[e.tool.Name] = e
		if q := e.tool.QualifiedName(); q != "" {
			r.qualified[q]++
		}
	}
	r.changedLocked()
	return nil
}

// checkQualifiedLocked refuses entries that would make a Name and another
// tool's qualified name the same string, among themselves or with the
// tools registered. Batches are small, so comparing pairs is cheap.
func (r *Registry) checkQualifiedLocked(entries []*entry) error {
	for i, e := range entries {
		name := e.tool.Name
		clash := r.qualified[name] > 0
		for j, f := range entries {
			clash = clash || i != j && f.tool.QualifiedName() == name
		}
		if clash {
			return fmt.Errorf("codemode: register %q: the name is another tool's qualified name (GROUP.ORIGINALNAME), so a policy rule for either would match both", name)
		}
		if q := e.tool.QualifiedName(); q != "" && q != name && r.tools[q] != nil {
			return fmt.Errorf("codemode: register %q: its qualified name %q is another tool's name, so a policy rule for either would match both", name, q)
		}
	}
	return nil
}

// Unregister removes the named tool and reports whether it was registered.
func (r *Registry) Unregister(name string) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	e, ok := r.tools[name]
	if !ok {
		return false
	}
	if q := e.tool.QualifiedName(); q != "" {
		if r.qualified[q]--; r.qualified[q] == 0 {
			delete(r.qualified, q)
		}
	}
	delete(r.tools, name)
	r.changedLocked()
	return true
}

// Lookup returns the named tool.
func (r *Registry) Lookup(name string) (Tool, bool) {
	r.mu.RLock()
	defer r.mu.RUnlock()
	e, ok := r.tools[name]
	if !ok {
		return Tool{}, false
	}
	return e.tool, true
}

// Tools returns every registered tool, sorted by name in byte order.
func (r *Registry) Tools() []Tool {
	entries, _ := r.snapshot()
	tools := make([]Tool, len(entries))
	for i, e := range entries {
		tools[i] = e.tool
	}
	return tools
}

// entry returns the named tool's entry, or nil.
func (r *Registry) entry(name string) *entry {
	r.mu.RLock()
	defer r.mu.RUnlock()
	return r.tools[name]
}

// generation counts the changes to the registry so far.
func (r *Registry) generation() uint64 {
	r.mu.RLock()
	defer r.mu.RUnlock()
	return r.gen
}

// snapshot returns the entries sorted by name and the generation they belong
// to. The slice is shared: callers must not modify it.
func (r *Registry) snapshot() ([]*entry, uint64) {
	r.mu.RLock()
	if r.sorted != nil || len(r.tools) == 0 {
		defer r.mu.RUnlock()
		return r.sorted, r.gen
	}
	r.mu.RUnlock()

	r.mu.Lock()
	defer r.mu.Unlock()
	if r.sorted == nil { // another goroutine may have rebuilt it meanwhile
		sorted := make([]*entry, 0, len(r.tools))
		for _, e := range r.tools {
			sorted = append(sorted, e)
		}
		slices.SortFunc(sorted, func(a, b *entry) int { return strings.Compare(a.tool.Name, b.tool.Name) })
		r.sorted = sorted
	}
	return r.sorted, r.gen
}

func (r *Registry) changedLocked() {
	r.gen++
	r.sorted = nil
}

// newEntry checks t and compiles its schemas.
func newEntry(t Tool) (*entry, error) {
	switch {
	case t.Name == "":
		return nil, errors.New("codemode: register: tool name is empty")
	case t.Name == RunCodeToolName || t.Name == DescribeToolsToolName || t.Name == describeFunction:
		return nil, fmt.Errorf("codemode: register %q: the name is reserved for Code Mode", t.Name)
	case t.Execute == nil:
		return nil, fmt.Errorf("codemode: register %q: Execute is nil", t.Name)
	case t.OriginalName != "" && (t.Group == "" || strings.Contains(t.Group, ".")):
		// A '.' in the group would let "a.b" + "c" and "a" + "b.c" share a
		// qualified name, so a rule for one tool could match another's.
		return nil, fmt.Errorf("codemode: register %q: OriginalName %q needs a Group without '.' (Group is %q)", t.Name, t.OriginalName, t.Group)
	case t.Concurrency != Exclusive && t.Concurrency != ParallelSafe:
		return nil, fmt.Errorf("codemode: register %q: unknown concurrency class %d", t.Name, t.Concurrency)
	}
	if len(t.InputSchema) == 0 {
		t.InputSchema = json.RawMessage(defaultInputSchema)
	}
	in, err := compileSchema(t.InputSchema)
	if err != nil {
		return nil, fmt.Errorf("codemode: register %q: input %w", t.Name, err)
	}
	e := &entry{tool: t, input: in}
	if len(t.OutputSchema) > 0 {
		if e.output, err = compileSchema(t.OutputSchema); err != nil {
			return nil, fmt.Errorf("codemode: register %q: output %w", t.Name, err)
		}
	}
	return e, nil
}
