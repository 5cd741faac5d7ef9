package mcpproxy

import (
	"fmt"
	"sync"

	"github.com/coderun/coderun/codemode"
)

// mirror keeps a codemode.Registry in step with a Hub's tools: after a
// server's tools change, sync unregisters what went away, registers what
// appeared and re-registers what changed.
type mirror struct {
	hub *Hub
	reg *codemode.Registry

	mu sync.Mutex
	// have maps each name mirrored so far to the fingerprint of the tool
	// behind it, so an unchanged tool is left alone and a changed one
	// (same name, new schema or server) is replaced.
	have map[string]string
}

func newMirror(hub *Hub, reg *codemode.Registry) *mirror {
	return &mirror{hub: hub, reg: reg, have: make(map[string]string)}
}

// sync brings the registry up to date. It reports whether anything changed,
// and the tools that could not be registered (a schema the pipeline cannot
// compile): those are left out, the rest go on.
func (m *mirror) sync() (changed bool, problems []error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	want := make(map[string]ProxiedTool)
	for _, p := range m.hub.Tools() {
		want[p.Name] = p
	}
	for name, fp := range m.have {
		if p, ok := want[name]; ok && proxiedFingerprint(p) == fp {
			continue
		}
		m.reg.Unregister(name)
		delete(m.have, name)
		changed = true
	}
	for name, p := range want {
		if _, ok := m.have[name]; ok {
			continue
		}
		// Recorded even when registration fails, so a broken tool is
		// reported once rather than on every later change.
		m.have[name] = proxiedFingerprint(p)
		changed = true
		t, err := m.hub.CodemodeTool(p)
		if err == nil {
			err = m.reg.Register(t)
		}
		if err != nil {
			problems = append(problems, fmt.Errorf("tool %s is left out: %w", name, err))
		}
	}
	return changed, problems
}

// proxiedFingerprint identifies what a name stands for: which server, and
// the tool's whole definition, with its schemas' property order.
func proxiedFingerprint(p ProxiedTool) string {
	return p.Server + "\x00" + fingerprint(p.Tool) + "\x00" + string(p.InputSchema) + "\x00" + string(p.OutputSchema)
}
