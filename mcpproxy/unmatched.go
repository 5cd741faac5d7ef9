package mcpproxy

import (
	"context"
	"fmt"

	"github.com/coderun/coderun/codemode"
)

// warnUnmatched reports the policy rules and tools-filter globs that match
// none of the tools now registered, on Warnings and in the session log. It
// runs at start-up and after every change of the tool list, because a rule
// that matched may stop matching (a server dropped the tool) and one that
// did not may start to. It warns rather than refuses: a server that failed
// to start, or lists some tools later, leaves rules unmatched for a while.
func (s *Server) warnUnmatched() {
	for _, u := range s.session.ReportUnmatched(context.Background(), s.hub.extraIdentities()...) {
		fmt.Fprintf(s.warnings, "coderun: warning: %s\n", u)
	}
}

// Unmatched returns the settings of cfg that match none of the hub's
// current tools (see codemode.Config.Unmatched), as a Server over the hub
// would report them, for commands that list tools without serving them.
func (h *Hub) Unmatched(cfg *codemode.Config) []codemode.Unmatched {
	return cfg.Unmatched(h.identities())
}

// identities are the hub's current tools, prompts and resources with only
// the fields that name them, which is all matching needs: a rule or glob
// may name a prompt or resource alone.
func (h *Hub) identities() []codemode.Tool {
	tools := h.Tools()
	ids := make([]codemode.Tool, len(tools))
	for i, p := range tools {
		ids[i] = p.identity()
	}
	return append(ids, h.extraIdentities()...)
}

// extraIdentities are the identities of the hub's prompts and resources,
// those the filter hides included, as a registry holds hidden tools too.
func (h *Hub) extraIdentities() []codemode.Tool {
	var ids []codemode.Tool
	for _, p := range h.Prompts() {
		ids = append(ids, p.identity())
	}
	for _, r := range h.Resources() {
		ids = append(ids, r.identity(h.opts.MaxToolNameLength))
	}
	return ids
}
