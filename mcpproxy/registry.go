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
	// declared says which tools are declared to the model in the SDK
	// (visible ones, in a mode that offers run_code), so the tools too
	// complex to declare in full are reported; nil means none are.
	declared func(name string) bool

	mu sync.Mutex
	// have maps each name mirrored so far to the fingerprint of the tool
	// behind it, so an unchanged tool is left alone and a changed one
	// (same name, new schema or server) is replaced.
	have map[string]string
}

func newMirror(hub *Hub, reg *codemode.Registry, declared func(name string) bool) *mirror {
	return &mirror{hub: hub, reg: reg, declared: declared, have: make(map[string]string)}
}

// declaredTools returns the mirror's declared for cfg: the visible tools,
// unless cfg's mode offers no run_code.
func declaredTools(cfg *codemode.Config) func(name string) bool {
	if cfg.Mode == codemode.ModeNative {
		return nil
	}
	return cfg.Tools.Visible
}

// sync brings the registry up to date. It reports whether anything changed,
// and problems: the tools that could not be registered (a schema the
// pipeline cannot compile), which are left out while the rest go on, and
// the declared tools too complex to declare in full, as
// *codemode.SchemaTooComplexError. Each tool is reported once.
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
		switch {
		case err != nil:
			problems = append(problems, fmt.Errorf("tool %s is left out: %w", name, err))
		case m.declared != nil && m.declared(name):
			if err := codemode.CheckDeclaration(t); err != nil {
				problems = append(problems, err)
			}
		}
	}
	return changed, problems
}

// proxiedFingerprint identifies what a name stands for: which server, and
// the tool's whole definition, with its schemas' property order.
func proxiedFingerprint(p ProxiedTool) string {
	return p.Server + "\x00" + fingerprint(p.Tool) + "\x00" + string(p.InputSchema) + "\x00" + string(p.OutputSchema)
}
