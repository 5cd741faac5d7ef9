package codemode

import (
	"context"
	"fmt"
	"log/slog"
	"slices"
	"strings"
)

// Unmatched is a policy rule or tools-filter glob that matches none of the
// tools there are, or a rule whose every tool an earlier rule decides.
// Such a setting does nothing, silently: a deny or ask rule that names a
// tool wrongly, or is listed under a broader allow, lets its calls
// through; an include glob that matches nothing hides every tool.
// [Config.Unmatched] finds them, so the host can say so at start-up and
// whenever the tool list changes.
type Unmatched struct {
	// File is the coderun.yml the setting was read from, when LoadConfig
	// read it.
	File string
	// Line is the setting's line in File, or 0 when the config was not
	// parsed from a document.
	Line int
	// Key is the setting's path: "policy.rules[0]", "tools.include[1]" or
	// "tools.exclude[0]".
	Key string
	// Pattern is the glob that matches nothing.
	Pattern string
	// Action is the rule's action; empty for a tools-filter glob.
	Action Action
	// Default is the policy default, which decides the calls an
	// unmatched rule was meant to decide when no later rule does.
	Default Action
	// DecidedBy is set for a rule that matches tools, all of which
	// earlier rules decide (first match wins): their keys, such as
	// "policy.rules[0]" or "policy.rules[0], policy.rules[2]". Empty for
	// a setting that matches no tool.
	DecidedBy string
	// deciders describes the rules DecidedBy names, and matched the tools
	// the shadowed rule matches, for the message; strings, so that
	// Unmatched stays comparable.
	deciders, matched string
}

// Dangerous reports whether the unmatched setting lets through calls its
// author meant to stop: a deny or ask rule.
func (u Unmatched) Dangerous() bool { return u.Action == ActionDeny || u.Action == ActionAsk }

// String says where the setting is, what it fails to do and how to name a
// tool, in the "<file>:<line>: <key>: ..." form of [ConfigError].
func (u Unmatched) String() string {
	return (&ConfigError{File: u.File, Line: u.Line, Key: u.Key, Problem: u.problem()}).Error()
}

// nameHelp says how a glob can name a tool; every message ends with it.
const nameHelp = "name a tool by the name it is offered under (fs__write_file; `coderun tools` lists them) " +
	"or as SERVER.TOOL, the server's name in coderun.yml and the tool's own name (fs.write_file)"

func (u Unmatched) problem() string {
	if u.DecidedBy != "" {
		verb := map[Action]string{ActionDeny: "denies", ActionAsk: "asks about", ActionAllow: "allows"}[u.Action]
		return fmt.Sprintf("%s rule %q %s nothing: every tool it matches (%s) is decided by an earlier rule (%s), since the first matching rule wins; "+
			"move it above them or narrow their globs", u.Action, u.Pattern, verb, u.matched, u.deciders)
	}
	var what string
	// A deny or ask rule reads as a protection and is none: say so plainly.
	switch {
	case u.Action == ActionDeny:
		what = fmt.Sprintf("deny rule %q matches no tool, so it denies nothing: "+
			"the calls it is meant to deny are decided by the later rules or the default (%s)", u.Pattern, u.Default)
	case u.Action == ActionAsk:
		what = fmt.Sprintf("ask rule %q matches no tool, so it asks about nothing: "+
			"the calls it is meant to hold for approval are decided by the later rules or the default (%s)", u.Pattern, u.Default)
	case u.Action != "":
		what = fmt.Sprintf("%s rule %q matches no tool, so it decides nothing", u.Action, u.Pattern)
	case strings.HasPrefix(u.Key, "tools.include"):
		what = fmt.Sprintf("include glob %q matches no tool, so it shows nothing (when no include glob matches, every tool is hidden)", u.Pattern)
	default:
		what = fmt.Sprintf("exclude glob %q matches no tool, so it hides nothing", u.Pattern)
	}
	return what + "; " + nameHelp
}

// Line returns the line of a setting ("policy.rules[0]", "tools.include[1]")
// in the document the config was parsed from, or 0 when the config was not
// parsed or the document does not have the setting.
func (c *Config) Line(key string) int { return c.lines.find(key) }

// Unmatched returns the policy rules and tools-filter globs of c that match
// none of tools, in the order they appear in the config. Rules are also
// tried on run_code and describe_tools when c's mode offers them, since the
// policy decides their calls too; the filter never applies to them.
func (c *Config) Unmatched(tools []Tool) []Unmatched {
	type id struct{ name, qualified string }
	ids := make([]id, 0, len(tools)+2)
	for _, t := range tools {
		ids = append(ids, id{t.Name, t.QualifiedName()})
	}
	filterable := len(ids)
	if c.Mode != ModeNative {
		ids = append(ids, id{RunCodeToolName, ""}, id{DescribeToolsToolName, ""})
	}
	matchesAny := func(pattern string, ids []id) bool {
		for _, t := range ids {
			if MatchTool(pattern, t.name, t.qualified) {
				return true
			}
		}
		return false
	}
	var out []Unmatched
	add := func(key, keyOfLine, pattern string, action Action) {
		out = append(out, Unmatched{
			File: c.file, Line: c.Line(keyOfLine), Key: key,
			Pattern: pattern, Action: action, Default: c.Policy.DefaultAction(),
		})
	}
	// deciding[i] is the rule that decides the tool ids[i].
	deciding := make([]int, len(ids))
	for i, t := range ids {
		deciding[i] = c.Policy.Match(t.name, t.qualified)
	}
	for i, r := range c.Policy.Rules {
		key := fmt.Sprintf("policy.rules[%d]", i)
		if !matchesAny(r.Tool, ids) {
			add(key, key+".tool", r.Tool, r.Action)
			continue
		}
		// The rule matches tools; it does something only if it is the
		// first to match one of them.
		var matched []string
		var deciders []int
		for j, t := range ids {
			if MatchTool(r.Tool, t.name, t.qualified) {
				if deciding[j] == i {
					matched = nil
					break
				}
				matched = append(matched, t.name)
				if !slices.Contains(deciders, deciding[j]) {
					deciders = append(deciders, deciding[j])
				}
			}
		}
		if matched != nil {
			slices.Sort(deciders)
			var keys, described []string
			for _, d := range deciders {
				keys = append(keys, fmt.Sprintf("policy.rules[%d]", d))
				described = append(described, fmt.Sprintf("%s: %q, %s", keys[len(keys)-1], c.Policy.Rules[d].Tool, c.Policy.Rules[d].Action))
			}
			add(key, key+".tool", r.Tool, r.Action)
			u := &out[len(out)-1]
			u.DecidedBy = strings.Join(keys, ", ")
			u.deciders = strings.Join(described, "; ")
			u.matched = listNames(matched, 3)
		}
	}
	for _, f := range []struct {
		key   string
		globs []string
	}{{"tools.include", c.Tools.Include}, {"tools.exclude", c.Tools.Exclude}} {
		for i, g := range f.globs {
			if !matchesAny(g, ids[:filterable]) {
				key := fmt.Sprintf("%s[%d]", f.key, i)
				add(key, key, g, "")
			}
		}
	}
	return out
}

// ReportUnmatched finds the settings of the session's config that match
// none of its registered tools (see [Config.Unmatched]), writes each to the
// session log as [EventRuleUnmatched] and returns them, for the host to
// show its user too. Call it once the tools are registered, and again
// after they change. others name what the session also governs under
// tool-like names, such as the prompts and resources a host passes through
// [Session.Access] (only their Name, Group and OriginalName matter): a
// setting that matches one of them is not unmatched.
func (s *Session) ReportUnmatched(ctx context.Context, others ...Tool) []Unmatched {
	found := s.cfg.Unmatched(append(s.reg.Tools(), others...))
	for _, u := range found {
		attrs := []slog.Attr{slog.String("key", u.Key), slog.String("pattern", u.Pattern)}
		if u.Line > 0 {
			attrs = append(attrs, slog.Int("line", u.Line))
		}
		if u.File != "" {
			attrs = append(attrs, slog.String("file", u.File))
		}
		if u.Action != "" {
			attrs = append(attrs, slog.String("action", string(u.Action)))
		}
		if u.DecidedBy != "" {
			attrs = append(attrs, slog.String("decidedBy", u.DecidedBy))
		}
		attrs = append(attrs, slog.Bool("dangerous", u.Dangerous()), slog.String("message", u.String()))
		s.log.LogAttrs(ctx, slog.LevelWarn, EventRuleUnmatched, attrs...)
	}
	return found
}

// UnmatchedError is the error of a strict policy (see [RulePolicy.Strict])
// when settings match no tool.
type UnmatchedError struct {
	// Unmatched are the settings that match nothing, in config order.
	Unmatched []Unmatched
}

// Error lists the settings, one a line, and says how to go on.
func (e *UnmatchedError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "policy.strict is set and %d setting(s) match no tool or decide no call:", len(e.Unmatched))
	for _, u := range e.Unmatched {
		b.WriteString("\n  " + u.String())
	}
	b.WriteString("\nfix them, or set policy.strict to false to start with a warning")
	return b.String()
}

// CheckUnmatched returns an *[UnmatchedError] when c's policy is strict and
// some of its settings match none of tools, and nil otherwise. Hosts call it
// at start-up, once the tools are known.
func (c *Config) CheckUnmatched(tools []Tool) error {
	if !c.Policy.Strict {
		return nil
	}
	if u := c.Unmatched(tools); len(u) > 0 {
		return &UnmatchedError{Unmatched: u}
	}
	return nil
}

// listNames joins names, the first n of them and how many more there are.
func listNames(names []string, n int) string {
	if len(names) <= n {
		return strings.Join(names, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(names[:n], ", "), len(names)-n)
}
