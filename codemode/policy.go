package codemode

import (
	"context"
	"fmt"
)

// Action is what a Policy decides for a call.
type Action string

// The policy actions.
const (
	// ActionAllow lets the call run.
	ActionAllow Action = "allow"
	// ActionDeny refuses the call.
	ActionDeny Action = "deny"
	// ActionAsk defers to the session's Approver; with no Approver the call is
	// denied, with a message saying approval was required.
	ActionAsk Action = "ask"
)

// valid reports whether a is one of the three actions.
func (a Action) valid() bool { return a == ActionAllow || a == ActionDeny || a == ActionAsk }

// Decision is a Policy's verdict on one call.
type Decision struct {
	// Action is what happens to the call.
	Action Action
	// Reason explains the verdict; for ActionDeny it is shown to the model,
	// for ActionAsk to the approver.
	Reason string
}

// Policy decides whether a call may run. It sees every call after its
// arguments were validated: top-level calls, run_code itself and every
// sub-call a program makes (Call.ParentID tells them apart).
type Policy interface {
	Decide(ctx context.Context, call Call) (Decision, error)
}

// PolicyFunc adapts a function to a Policy.
type PolicyFunc func(ctx context.Context, call Call) (Decision, error)

// Decide calls f.
func (f PolicyFunc) Decide(ctx context.Context, call Call) (Decision, error) { return f(ctx, call) }

// ApprovalRequest is what an Approver is asked about.
type ApprovalRequest struct {
	// Call is the call awaiting approval, with its final arguments.
	Call Call
	// Reason is the policy's explanation of why approval is needed.
	Reason string
}

// Approver is the host's way to ask a human (or anything else) about a call
// the policy marked ActionAsk. Returning false or an error denies the call.
type Approver interface {
	Approve(ctx context.Context, req ApprovalRequest) (bool, error)
}

// ApproverFunc adapts a function to an Approver.
type ApproverFunc func(ctx context.Context, req ApprovalRequest) (bool, error)

// Approve calls f.
func (f ApproverFunc) Approve(ctx context.Context, req ApprovalRequest) (bool, error) {
	return f(ctx, req)
}

// Rule maps tool names matching a glob to an action.
type Rule struct {
	// Tool is a glob over tool names: '*' matches any run of characters
	// (including '/' and '.'), '?' one character, '\' escapes the next
	// one. It is matched against the tool's Name ("fs__write_file") and
	// against its [Tool.QualifiedName] ("fs.write_file"); see [MatchTool].
	Tool string
	// Action applies to calls of matching tools.
	Action Action
	// Reason, when set, replaces the generated explanation; for a deny rule
	// it is what the model reads.
	Reason string
}

// RulePolicy is the shipped Policy: the first rule whose glob matches the
// tool name decides, and Default decides when none does. First match wins
// so that a specific exception can be listed above a broad rule, the way
// firewall rules read.
type RulePolicy struct {
	// Default applies when no rule matches. The zero value behaves as
	// ActionAllow, matching a session without any policy.
	Default Action
	// Rules are tried in order.
	Rules []Rule
	// Strict makes a rule or tools-filter glob that matches no tool at
	// start-up an error rather than a warning (see [Config.Unmatched] and
	// [Config.CheckUnmatched]); YAML key policy.strict. It does not change
	// Decide, and a setting that stops matching later, when the tools
	// change, is still only warned about: a running server cannot refuse
	// to have started.
	Strict bool
}

// MatchTool reports whether the glob pattern matches a tool known by name
// and qualifiedName (GROUP.TOOL, or "" for none): the one rule by which
// policy rules and the tools filter pick tools. Trying both forms never
// mistakes one tool for another: a group's name ends at the first '.' of a
// qualified name (a Group with '.' cannot have one), so "fs.write_file"
// names the tool write_file of the group fs and nothing else, and the
// Registry refuses a Name that is another tool's qualified name.
func MatchTool(pattern, name, qualifiedName string) bool {
	return matchGlob(pattern, name) || qualifiedName != "" && matchGlob(pattern, qualifiedName)
}

// Match returns the index of the rule that decides calls of the tool known
// by name and qualifiedName (see [MatchTool]), or -1 when none matches and
// the default decides.
func (p RulePolicy) Match(name, qualifiedName string) int {
	for i, r := range p.Rules {
		if MatchTool(r.Tool, name, qualifiedName) {
			return i
		}
	}
	return -1
}

// Decide implements Policy.
func (p RulePolicy) Decide(_ context.Context, call Call) (Decision, error) {
	if i := p.Match(call.Tool, call.QualifiedName); i >= 0 {
		r := p.Rules[i]
		reason := r.Reason
		if reason == "" {
			reason = fmt.Sprintf("policy rule %d (tool %q) says %s", i+1, r.Tool, r.Action)
		}
		return Decision{Action: r.Action, Reason: reason}, nil
	}
	action := p.DefaultAction()
	return Decision{Action: action, Reason: fmt.Sprintf("the policy default is %s", action)}, nil
}

// DefaultAction is the action of calls no rule matches: Default, with the
// zero value read as ActionAllow.
func (p RulePolicy) DefaultAction() Action {
	if p.Default == "" {
		return ActionAllow
	}
	return p.Default
}

// Validate reports the first malformed action or glob as a *ConfigError
// keyed like coderun.yml ("policy.rules[0].action").
func (p RulePolicy) Validate() error {
	if p.Default != "" && !p.Default.valid() {
		return &ConfigError{Key: "policy.default", Problem: fmt.Sprintf(`%q is not allowed; want one of "allow", "deny", "ask"`, p.Default)}
	}
	for i, r := range p.Rules {
		if !r.Action.valid() {
			return &ConfigError{Key: fmt.Sprintf("policy.rules[%d].action", i), Problem: fmt.Sprintf(`%q is not allowed; want one of "allow", "deny", "ask"`, r.Action)}
		}
		if err := validateGlob(r.Tool); err != nil {
			return &ConfigError{Key: fmt.Sprintf("policy.rules[%d].tool", i), Problem: err.Error() + "; " + globHelp}
		}
	}
	return nil
}
