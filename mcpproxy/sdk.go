package mcpproxy

import (
	"github.com/coderun/coderun/codemode"
)

// SDK returns the Code Mode SDK a Server with cfg would put in run_code's
// description for the hub's current tools, without starting a runtime: the
// same tools, filtered and rendered the same way, give the same text. Tools
// that cannot be used (a schema the pipeline cannot compile) are left out
// and reported, and so are the tools too complex to declare in full.
func (h *Hub) SDK(cfg *codemode.Config) (string, []error) {
	reg := codemode.NewRegistry()
	_, problems := newMirror(h, reg, cfg.Tools.Visible).sync()
	var visible []codemode.Tool
	for _, t := range reg.Tools() {
		if cfg.Tools.Admits(t.Name, t.QualifiedName()) {
			visible = append(visible, t)
		}
	}
	sdk := codemode.GenerateSDK(visible, codemode.SDKOptions{
		MaxParallelSubCalls: cfg.MaxParallelSubCalls,
		Budgets:             cfg.Budgets,
		Form:                cfg.SDK,
	})
	return sdk, problems
}
