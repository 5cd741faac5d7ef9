package codemode

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/coderun/coderun/internal/bytesize"
)

// The helpers below walk the YAML node tree instead of decoding into tagged
// structs: that is what lets every error carry the key's full path, its line
// and the values the key allows, which struct decoding cannot do.

// nodeError reports a problem with the key at path, at n's line.
func nodeError(n *yaml.Node, path, format string, args ...any) error {
	return &ConfigError{Line: n.Line, Key: path, Problem: fmt.Sprintf(format, args...)}
}

// resolve follows an alias to the node it names.
func resolve(n *yaml.Node) *yaml.Node {
	for n.Kind == yaml.AliasNode && n.Alias != nil {
		n = n.Alias
	}
	return n
}

// isNull reports whether n is an explicit or implied null ("key:" with no
// value), which leaves a setting at its default.
func isNull(n *yaml.Node) bool {
	return n.Kind == yaml.ScalarNode && n.Tag == "!!null"
}

// eachKey calls fn for every key of the mapping n, in document order,
// rejecting keys not in allowed and keys given twice. Keys with a null value
// are skipped, so they keep their defaults. path is n's own key path ("" for
// the document root).
func eachKey(n *yaml.Node, path string, allowed []string, fn func(key string, v *yaml.Node) error) error {
	n = resolve(n)
	if isNull(n) {
		return nil
	}
	where := "under " + path
	if path == "" {
		where = "at the top level"
	}
	if n.Kind != yaml.MappingNode {
		return nodeError(n, nonEmpty(path, "document"), "want a mapping with the keys %s", joinQuoted(sorted(allowed)))
	}
	seen := make(map[string]bool, len(n.Content)/2)
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], resolve(n.Content[i+1])
		key := k.Value
		keyPath := joinPath(path, key)
		if k.Kind != yaml.ScalarNode || !slices.Contains(allowed, key) {
			return nodeError(k, keyPath, "unknown key; allowed keys %s: %s", where, joinQuoted(sorted(allowed)))
		}
		if seen[key] {
			return nodeError(k, keyPath, "key given twice")
		}
		seen[key] = true
		if isNull(v) {
			continue
		}
		if err := fn(key, v); err != nil {
			return err
		}
	}
	return nil
}

// eachItem calls fn for every item of the sequence n.
func eachItem(n *yaml.Node, path string, fn func(i int, item *yaml.Node) error) error {
	if n.Kind != yaml.SequenceNode {
		return nodeError(n, path, "want a list")
	}
	for i, item := range n.Content {
		if err := fn(i, resolve(item)); err != nil {
			return err
		}
	}
	return nil
}

// stringValue decodes a string. Numbers and booleans are refused rather than
// stringified, because "mode: yes" is far more likely a mistake than intent.
func stringValue(n *yaml.Node, path string) (string, error) {
	if n.Kind != yaml.ScalarNode || n.Tag != "!!str" {
		return "", nodeError(n, path, "want a string, got %s", describe(n))
	}
	return n.Value, nil
}

// scalarText decodes any scalar as its text, for settings with a fixed set
// of values: "mode: 3" is then refused by Validate with the list of allowed
// values, which says more than "want a string".
func scalarText(n *yaml.Node, path string) (string, error) {
	if n.Kind != yaml.ScalarNode {
		return "", nodeError(n, path, "want a string, got %s", describe(n))
	}
	return n.Value, nil
}

// intValue decodes an integer that fits the Go type [lo, hi] stands for;
// the setting's own range is Validate's.
func intValue(n *yaml.Node, path string, lo, hi int64) (int64, error) {
	var v int64
	if n.Kind != yaml.ScalarNode || n.Tag != "!!int" {
		return 0, nodeError(n, path, "%s is not allowed; want an integer", describe(n))
	}
	if n.Decode(&v) != nil || v < lo || v > hi {
		return 0, nodeError(n, path, "%s is not allowed; want an integer from %d to %d", describe(n), lo, hi)
	}
	return v, nil
}

// uintValue decodes a non-negative integer.
func uintValue(n *yaml.Node, path string) (uint64, error) {
	var v uint64
	if n.Kind != yaml.ScalarNode || n.Tag != "!!int" || n.Decode(&v) != nil {
		return 0, nodeError(n, path, "%s is not allowed; want an integer from 0 to %d", describe(n), uint64(math.MaxUint64))
	}
	return v, nil
}

// boolValue decodes true or false.
func boolValue(n *yaml.Node, path string) (bool, error) {
	var v bool
	if n.Kind != yaml.ScalarNode || n.Tag != "!!bool" || n.Decode(&v) != nil {
		return false, nodeError(n, path, "%s is not allowed; want true or false", describe(n))
	}
	return v, nil
}

// durationValue decodes a Go duration string such as "10s" or "1m30s".
func durationValue(n *yaml.Node, path string) (time.Duration, error) {
	s, err := stringValue(n, path)
	d, perr := time.ParseDuration(s)
	if err != nil || perr != nil {
		return 0, nodeError(n, path, "%s is not allowed; want a duration such as 500ms, 10s or 1m30s", describe(n))
	}
	return d, nil
}

// byteSizeValue decodes a byte count: a YAML integer, or a string in
// bytesize's syntax such as "64MiB" (the CLI's byte flags read the same).
func byteSizeValue(n *yaml.Node, path string) (int64, error) {
	bad := func() (int64, error) {
		return 0, nodeError(n, path, "%s is not allowed; want a byte count such as %s", describe(n), bytesize.Examples)
	}
	var v int64
	switch {
	case n.Kind != yaml.ScalarNode:
		return bad()
	case n.Tag == "!!int":
		if n.Decode(&v) != nil {
			return bad()
		}
	case n.Tag == "!!str":
		var err error
		if v, err = bytesize.Parse(n.Value); err != nil {
			return bad()
		}
	default:
		return bad()
	}
	return v, nil
}

// stringList decodes a list of strings.
func stringList(n *yaml.Node, path string) ([]string, error) {
	var out []string
	err := eachItem(n, path, func(i int, item *yaml.Node) error {
		s, err := stringValue(item, fmt.Sprintf("%s[%d]", path, i))
		out = append(out, s)
		return err
	})
	return out, err
}

// stringMap decodes a mapping of strings to strings.
func stringMap(n *yaml.Node, path string) (map[string]string, error) {
	if n.Kind != yaml.MappingNode {
		return nil, nodeError(n, path, "want a mapping of names to string values")
	}
	out := make(map[string]string, len(n.Content)/2)
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], resolve(n.Content[i+1])
		if _, dup := out[k.Value]; dup {
			return nil, nodeError(k, joinPath(path, k.Value), "key given twice")
		}
		s, err := stringValue(v, joinPath(path, k.Value))
		if err != nil {
			return nil, err
		}
		out[k.Value] = s
	}
	return out, nil
}

// lineMap maps each key path of a document ("budgets.wallTime",
// "policy.rules[0].action", "servers.fs") to its line, for the errors of
// Validate, which knows keys but not lines.
type lineMap map[string]int

// keyLines records the line of every mapping key and list item under n,
// with the paths eachKey and eachItem give them.
func keyLines(n *yaml.Node) lineMap {
	m := lineMap{}
	var walk func(n *yaml.Node, path string, depth int)
	walk = func(n *yaml.Node, path string, depth int) {
		n = resolve(n)
		if depth > 100 { // config documents are shallow; aliases could loop
			return
		}
		switch n.Kind {
		case yaml.MappingNode:
			for i := 0; i+1 < len(n.Content); i += 2 {
				k := n.Content[i]
				p := joinPath(path, k.Value)
				if _, dup := m[p]; !dup {
					m[p] = k.Line
				}
				walk(n.Content[i+1], p, depth+1)
			}
		case yaml.SequenceNode:
			for i, item := range n.Content {
				p := fmt.Sprintf("%s[%d]", path, i)
				m[p] = resolve(item).Line
				walk(item, p, depth+1)
			}
		}
	}
	walk(n, "", 0)
	return m
}

// find returns the line of key, or of its nearest enclosing key present in
// the document ("budgets" for "budgets.wallTime" when the document has no
// wallTime), or 0.
func (m lineMap) find(key string) int {
	for key != "" {
		if line, ok := m[key]; ok {
			return line
		}
		cut := max(strings.LastIndexByte(key, '.'), strings.LastIndexByte(key, '['))
		if cut < 0 {
			break
		}
		key = key[:cut]
	}
	return 0
}

// describe renders a node's value for an error message.
func describe(n *yaml.Node) string {
	switch n.Kind {
	case yaml.ScalarNode:
		return strconv.Quote(n.Value)
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	}
	return "this value"
}

func joinPath(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

func joinQuoted(values []string) string {
	quoted := make([]string, len(values))
	for i, v := range values {
		quoted[i] = strconv.Quote(v)
	}
	return strings.Join(quoted, ", ")
}

func sorted(values []string) []string {
	s := slices.Clone(values)
	slices.Sort(s)
	return s
}

func nonEmpty(s, fallback string) string {
	if s == "" {
		return fallback
	}
	return s
}
