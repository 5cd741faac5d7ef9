package codemode

import (
	"errors"
	"fmt"
	"maps"
	"net/url"
	"slices"
	"strings"

	coderun "github.com/coderun/coderun"
	"github.com/coderun/coderun/internal/redact"
)

// Mode selects what the model sees on the wire.
type Mode string

// The modes.
const (
	// ModeNative offers each visible tool with its own schema; run_code is
	// not offered. It is the default, so Code Mode is opt-in.
	ModeNative Mode = "native"
	// ModeCode offers run_code alone; the tools are reachable only from
	// programs.
	ModeCode Mode = "code"
	// ModeBoth offers the native tools and run_code.
	ModeBoth Mode = "both"
)

// SDKForm selects how run_code's description presents the tools.
type SDKForm string

// The SDK forms.
const (
	// SDKFull declares every visible tool in full: parameters, return type
	// and description.
	SDKFull SDKForm = "full"
	// SDKCatalogue lists each tool by name with the first sentence of its
	// description; the model reads the declarations it needs through the
	// describe_tools tool, or from a program with tools.$describe
	// (tools.describe_tools in Python).
	SDKCatalogue SDKForm = "catalogue"
	// SDKAuto is SDKFull while the full SDK stays within
	// autoCatalogueBytes, and SDKCatalogue above that. It is the default.
	SDKAuto SDKForm = "auto"
)

// autoCatalogueBytes is where SDKAuto switches to the catalogue: a full
// SDK larger than 32 KiB (about 8,000 tokens, or a server or two with a
// dozen tools each) costs more prompt on every turn than looking up the few
// declarations a task needs.
const autoCatalogueBytes = 32 << 10

// Limits of MaxParallelSubCalls.
const (
	// defaultMaxParallelSubCalls is the default cap on overlapping
	// parallel-safe sub-calls.
	defaultMaxParallelSubCalls = 10
	// maxParallelSubCallsCap is the largest cap accepted.
	maxParallelSubCallsCap = 1000
)

// Config is the Code Mode configuration, usually read from coderun.yml with
// LoadConfig. Start from DefaultConfig when building one in code, and call
// Validate.
type Config struct {
	// Mode is native, code or both (YAML key mode).
	Mode Mode
	// SDK is the form of the SDK in run_code's description: full, catalogue
	// or auto (sdk). It does not matter in mode native.
	SDK SDKForm
	// MaxParallelSubCalls caps how many parallel-safe sub-calls of one
	// program run at once; 1 makes every program serial
	// (maxParallelSubCalls).
	MaxParallelSubCalls int
	// Budgets configures the runtime programs run in (budgets). Its
	// Language, the language of run_code programs and of the SDK, is the
	// top-level key language: typescript (the default) or python.
	Budgets coderun.Config
	// Tools filters which registered tools are visible (tools). run_code is
	// outside the filter: no filter can remove it.
	Tools ToolFilter
	// Policy is the rule-based approval policy (policy).
	Policy RulePolicy
	// CapabilityOrder lists globs; native tools matching earlier globs come
	// first on the wire (capabilityOrder). Not allowed with ModeCode.
	CapabilityOrder []string
	// Servers are tool servers to connect to, by name (servers). Code Mode
	// itself does not use them; they are parsed and validated here so the
	// whole file is checked in one place.
	Servers map[string]ServerSpec
	// MaxToolNameLength is the longest name a tool server's tool is offered
	// under, "server__tool"; longer names are shortened
	// (maxToolNameLength). The default, DefaultMaxToolNameLength, fits
	// Claude Code with coderun registered as "coderun"; see
	// ValidateMaxToolNameLength for how to pick it.
	MaxToolNameLength int
	// State says where calls suspended for approval are kept, and where
	// the key sealing them comes from (state). Like Servers, it is read by
	// the MCP integration; a host embedding a Session keeps suspensions
	// itself and sets Budgets.StateKey.
	State StateConfig

	// file and lines are where the config was read from: LoadConfig's path
	// and each key's line, so that a problem found only once the tools are
	// known (see [Config.Unmatched]) points at the line to change.
	file  string
	lines lineMap
}

// ToolFilter decides which registered tools are visible: to the model on the
// wire, in the SDK, and to programs. Its globs match a tool's Name and its
// [Tool.QualifiedName], like policy rules (see [MatchTool]); Session.Access
// applies it to proxied prompts and resources too.
type ToolFilter struct {
	// Include, when not empty, admits only tools matching one of its globs.
	Include []string
	// Exclude removes tools matching one of its globs; it wins over Include.
	Exclude []string
}

// Visible reports whether the tool named name passes the filter, matching
// name alone; a tool with a qualified name is judged by [ToolFilter.Admits].
func (f ToolFilter) Visible(name string) bool { return f.Admits(name, "") }

// Admits reports whether the tool known by name and qualifiedName (see
// [MatchTool]) passes the filter.
func (f ToolFilter) Admits(name, qualifiedName string) bool {
	if len(f.Include) > 0 && !matchAnyTool(f.Include, name, qualifiedName) {
		return false
	}
	return !matchAnyTool(f.Exclude, name, qualifiedName)
}

// ServerSpec describes how to reach one tool server: either a command to
// start (stdio) or a URL to connect to (HTTP).
type ServerSpec struct {
	// Command starts the server; exactly one of Command and URL is set.
	Command string
	// Args are passed to Command.
	Args []string
	// Env adds environment variables for Command.
	Env map[string]string
	// Cwd is Command's working directory.
	Cwd string
	// URL is the server's http or https endpoint.
	URL string
	// Headers are sent with every request to URL.
	Headers map[string]string
}

// DefaultConfig returns the configuration of an empty coderun.yml.
func DefaultConfig() Config {
	return Config{
		Mode:                ModeNative,
		SDK:                 SDKAuto,
		MaxParallelSubCalls: defaultMaxParallelSubCalls,
		MaxToolNameLength:   DefaultMaxToolNameLength,
		Budgets:             coderun.DefaultConfig(),
		Policy:              RulePolicy{Default: ActionAllow},
	}
}

// clone returns a copy of c that shares no slices or maps with it.
func (c *Config) clone() *Config {
	d := *c
	d.Tools.Include = slices.Clone(c.Tools.Include)
	d.Tools.Exclude = slices.Clone(c.Tools.Exclude)
	d.Policy.Rules = slices.Clone(c.Policy.Rules)
	d.CapabilityOrder = slices.Clone(c.CapabilityOrder)
	if c.Servers != nil {
		d.Servers = make(map[string]ServerSpec, len(c.Servers))
		for name, s := range c.Servers {
			s.Args = slices.Clone(s.Args)
			s.Env = maps.Clone(s.Env)
			s.Headers = maps.Clone(s.Headers)
			d.Servers[name] = s
		}
	}
	return &d
}

// Validate reports the first setting that is out of range or inconsistent
// as a *ConfigError naming the YAML key and the values it allows.
func (c *Config) Validate() error {
	switch c.Mode {
	case ModeNative, ModeCode, ModeBoth:
	default:
		return &ConfigError{Key: "mode", Problem: fmt.Sprintf(`%q is not allowed; want one of "native", "code", "both"`, c.Mode)}
	}
	switch c.SDK {
	case SDKFull, SDKCatalogue, SDKAuto:
	default:
		return &ConfigError{Key: "sdk", Problem: fmt.Sprintf(`%q is not allowed; want one of "full", "catalogue", "auto"`, c.SDK)}
	}
	if c.MaxParallelSubCalls < 1 || c.MaxParallelSubCalls > maxParallelSubCallsCap {
		return &ConfigError{Key: "maxParallelSubCalls", Problem: fmt.Sprintf("%d is not allowed; want an integer from 1 (serial) to %d", c.MaxParallelSubCalls, maxParallelSubCallsCap)}
	}
	if err := validateBudgets(c.Budgets); err != nil {
		return err
	}
	if err := validateGlobs("tools.include", c.Tools.Include); err != nil {
		return err
	}
	if err := validateGlobs("tools.exclude", c.Tools.Exclude); err != nil {
		return err
	}
	if err := c.Policy.Validate(); err != nil {
		return err
	}
	if err := validateGlobs("capabilityOrder", c.CapabilityOrder); err != nil {
		return err
	}
	if err := checkModeOrder(c.Mode, c.CapabilityOrder); err != nil {
		return err
	}
	servers := slices.Sorted(maps.Keys(c.Servers))
	for _, name := range servers {
		if err := ValidateServerName(name); err != nil {
			return &ConfigError{Key: "servers." + name, Problem: err.Error()}
		}
		if err := c.Servers[name].validate(); err != nil {
			return &ConfigError{Key: "servers." + name, Problem: err.Error()}
		}
	}
	if err := ValidateMaxToolNameLength(c.MaxToolNameLength, servers); err != nil {
		return &ConfigError{Key: "maxToolNameLength", Problem: err.Error()}
	}
	return c.State.validate()
}

// validateGlobs reports the first malformed glob of the list at key.
func validateGlobs(key string, globs []string) error {
	for i, g := range globs {
		if err := validateGlob(g); err != nil {
			return &ConfigError{Key: fmt.Sprintf("%s[%d]", key, i), Problem: err.Error() + "; " + globHelp}
		}
	}
	return nil
}

// globHelp describes glob syntax in error messages.
const globHelp = `want a glob where * matches any characters, ? one character and \ escapes the next`

// checkModeOrder rejects a capability ordering in mode code: there are no
// native tools on the wire to order, and silently ignoring the setting would
// hide a misunderstanding.
func checkModeOrder(mode Mode, order []string) error {
	if mode == ModeCode && len(order) > 0 {
		return &ConfigError{Key: "capabilityOrder", Problem: "not allowed with mode code: " +
			"mode code offers only run_code, so there are no native tools to order; " +
			"remove capabilityOrder or set mode to native or both"}
	}
	return nil
}

// maxServerNameLength caps a server's name (32): with "__", it leaves
// MinToolNameRoom characters for the tool's own name in
// DefaultMaxToolNameLength.
const maxServerNameLength = DefaultMaxToolNameLength - len("__") - MinToolNameRoom

// ValidateServerName reports why name cannot name a server. A server's name
// starts the names of its tools ("name__tool"), which must hold only
// letters, digits, '_' and '-' for every model API to accept them; it may
// not contain "__" or end in "_", so the first "__" of a tool's name always
// ends the server's.
func ValidateServerName(name string) error {
	switch {
	case name == "":
		return errors.New("a server name must not be empty")
	case len(name) > maxServerNameLength:
		return fmt.Errorf("server name %q is longer than %d characters", name, maxServerNameLength)
	case strings.Contains(name, "__") || strings.HasSuffix(name, "_"):
		return fmt.Errorf(`server name %q: "__" separates a server's name from its tool's, so it may not appear in the name or end it`, name)
	}
	for _, r := range name {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '-') {
			return fmt.Errorf("server name %q: use letters, digits, '_' and '-' only", name)
		}
	}
	return nil
}

// validate checks that s names exactly one transport and only the settings
// that transport uses.
func (s ServerSpec) validate() error {
	switch {
	case s.Command == "" && s.URL == "":
		return errors.New("set exactly one of command or url (neither is set)")
	case s.Command != "" && s.URL != "":
		return errors.New("set exactly one of command or url (both are set)")
	case s.URL != "":
		if len(s.Args) > 0 || len(s.Env) > 0 || s.Cwd != "" {
			return errors.New("args, env and cwd apply only to command, but url is set")
		}
		u, err := url.Parse(s.URL)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			// Quoted redacted: the URL may carry a token, and this
			// message goes to stderr.
			return fmt.Errorf("url %q: want an absolute http or https URL", redact.URL(s.URL))
		}
	case len(s.Headers) > 0:
		return errors.New("headers apply only to url, but command is set")
	}
	return nil
}
