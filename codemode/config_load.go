package codemode

import (
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"strings"

	"go.yaml.in/yaml/v3"
)

// LoadConfig reads and parses the coderun.yml at path.
func LoadConfig(path string) (*Config, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		problem := err.Error()
		var pe *fs.PathError
		if errors.As(err, &pe) {
			problem = pe.Err.Error() // the message already starts with the path
		}
		return nil, &ConfigError{File: path, Problem: problem, Err: err}
	}
	c, err := ParseConfig(data)
	var ce *ConfigError
	if errors.As(err, &ce) {
		ce.File = path
	}
	if c != nil {
		c.file = path
	}
	return c, err
}

// ParseConfig parses coderun.yml. Omitted keys keep DefaultConfig's values;
// an unknown key, a value of the wrong type or out of range, and mode code
// together with capabilityOrder are each a *ConfigError naming the key, its
// line and the values it allows.
//
// Parsing checks the document's shape and each value's type; the rules
// about values are Validate's alone, run on the parsed Config, and a key to
// line map gives its errors the line of the key they name.
//
// The top-level keys are mode, sdk, language, maxParallelSubCalls,
// maxToolNameLength, budgets, tools, policy, capabilityOrder, servers and
// state; see the package README for
// each.
func ParseConfig(data []byte) (*Config, error) {
	d := DefaultConfig()
	c := &d
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		// yaml's messages start with its package name; the rest ("line 3:
		// did not find expected key") is for the reader.
		return nil, &ConfigError{Problem: strings.TrimPrefix(err.Error(), "yaml: "), Err: err}
	}
	if doc.Kind == 0 || len(doc.Content) == 0 { // empty file
		return c, nil
	}
	root := doc.Content[0]
	if isNull(root) {
		return c, nil
	}
	err := eachKey(root, "", topLevelKeys, func(key string, v *yaml.Node) error {
		switch key {
		case "mode":
			s, err := scalarText(v, key)
			c.Mode = Mode(s)
			return err
		case "sdk":
			s, err := scalarText(v, key)
			c.SDK = SDKForm(s)
			return err
		case "language":
			var err error
			c.Budgets.Language, err = scalarText(v, key)
			return err
		case "maxParallelSubCalls":
			n, err := intValue(v, key, math.MinInt32, math.MaxInt32)
			c.MaxParallelSubCalls = int(n)
			return err
		case "maxToolNameLength":
			n, err := intValue(v, key, math.MinInt32, math.MaxInt32)
			c.MaxToolNameLength = int(n)
			return err
		case "budgets":
			return parseBudgets(v, key, &c.Budgets)
		case "tools":
			return parseToolFilter(v, key, &c.Tools)
		case "policy":
			return parsePolicy(v, key, &c.Policy)
		case "capabilityOrder":
			var err error
			c.CapabilityOrder, err = stringList(v, key)
			return err
		case "servers":
			return parseServers(v, key, &c.Servers)
		case "state":
			return parseState(v, key, &c.State)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	c.lines = keyLines(root)
	if err := c.Validate(); err != nil {
		var ce *ConfigError
		if errors.As(err, &ce) && ce.Line == 0 {
			ce.Line = c.lines.find(ce.Key)
		}
		return nil, err
	}
	return c, nil
}

var topLevelKeys = []string{"mode", "sdk", "language", "maxParallelSubCalls", "maxToolNameLength", "budgets", "tools", "policy", "capabilityOrder", "servers", "state"}

func parseToolFilter(n *yaml.Node, path string, f *ToolFilter) error {
	return eachKey(n, path, []string{"include", "exclude"}, func(key string, v *yaml.Node) error {
		list, err := stringList(v, path+"."+key)
		if key == "include" {
			f.Include = list
		} else {
			f.Exclude = list
		}
		return err
	})
}

func parsePolicy(n *yaml.Node, path string, p *RulePolicy) error {
	return eachKey(n, path, []string{"default", "rules", "strict"}, func(key string, v *yaml.Node) error {
		switch key {
		case "default":
			s, err := scalarText(v, path+".default")
			p.Default = Action(s)
			return err
		case "strict":
			var err error
			p.Strict, err = boolValue(v, path+".strict")
			return err
		}
		return eachItem(v, path+".rules", func(i int, item *yaml.Node) error {
			rulePath := fmt.Sprintf("%s.rules[%d]", path, i)
			var r Rule
			err := eachKey(item, rulePath, []string{"tool", "action", "reason"}, func(key string, v *yaml.Node) error {
				var err error
				switch key {
				case "tool":
					r.Tool, err = stringValue(v, rulePath+".tool")
				case "action":
					var s string
					s, err = scalarText(v, rulePath+".action")
					r.Action = Action(s)
				case "reason":
					r.Reason, err = stringValue(v, rulePath+".reason")
				}
				return err
			})
			if err != nil {
				return err
			}
			// Which keys a rule must have is the document's shape; what
			// their values may be is Validate's (via RulePolicy.Validate).
			if r.Tool == "" || r.Action == "" {
				return nodeError(item, rulePath, "a rule needs both tool (a glob) and action (one of %s)", joinQuoted(actionNames))
			}
			p.Rules = append(p.Rules, r)
			return nil
		})
	})
}

var actionNames = []string{"allow", "deny", "ask"}

func parseServers(n *yaml.Node, path string, servers *map[string]ServerSpec) error {
	if isNull(n) {
		return nil
	}
	if n.Kind != yaml.MappingNode {
		return nodeError(n, path, "want a mapping from server name to its settings (%s)", joinQuoted(serverKeys))
	}
	*servers = make(map[string]ServerSpec, len(n.Content)/2)
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], resolve(n.Content[i+1])
		name, err := stringValue(k, path)
		if err != nil {
			return nodeError(k, path, "a server name must be a string")
		}
		if _, dup := (*servers)[name]; dup {
			return nodeError(k, path+"."+name, "server listed twice")
		}
		spec, err := parseServer(v, path+"."+name)
		if err != nil {
			return err
		}
		(*servers)[name] = spec
	}
	return nil
}

var serverKeys = []string{"command", "args", "env", "cwd", "url", "headers"}

func parseServer(n *yaml.Node, path string) (ServerSpec, error) {
	var s ServerSpec
	if isNull(n) {
		return s, nodeError(n, path, "want a mapping with command or url")
	}
	err := eachKey(n, path, serverKeys, func(key string, v *yaml.Node) error {
		var err error
		p := path + "." + key
		switch key {
		case "command":
			s.Command, err = stringValue(v, p)
		case "args":
			s.Args, err = stringList(v, p)
		case "env":
			s.Env, err = stringMap(v, p)
		case "cwd":
			s.Cwd, err = stringValue(v, p)
		case "url":
			s.URL, err = stringValue(v, p)
		case "headers":
			s.Headers, err = stringMap(v, p)
		}
		return err
	})
	return s, err
}
