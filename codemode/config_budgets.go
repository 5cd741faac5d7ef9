package codemode

import (
	"errors"
	"math"
	"strings"

	coderun "github.com/coderun/coderun"
	"go.yaml.in/yaml/v3"
)

// budgetSetters maps each key under budgets to the coderun.Config field it
// sets; a key is the field's name with a lower-case first letter, which
// budgetKey relies on. The ranges are not repeated here:
// coderun.Config.Validate owns them.
var budgetSetters = map[string]func(n *yaml.Node, path string, c *coderun.Config) error{
	"computeTime": func(n *yaml.Node, path string, c *coderun.Config) (err error) {
		c.ComputeTime, err = durationValue(n, path)
		return err
	},
	"wallTime": func(n *yaml.Node, path string, c *coderun.Config) (err error) {
		c.WallTime, err = durationValue(n, path)
		return err
	},
	"maxOutputBytes": func(n *yaml.Node, path string, c *coderun.Config) (err error) {
		c.MaxOutputBytes, err = byteSizeValue(n, path)
		return err
	},
	"memoryLimitBytes": func(n *yaml.Node, path string, c *coderun.Config) (err error) {
		c.MemoryLimitBytes, err = byteSizeValue(n, path)
		return err
	},
	"fuel": func(n *yaml.Node, path string, c *coderun.Config) (err error) {
		c.Fuel, err = uintValue(n, path)
		return err
	},
	"maxCallsInFlight": func(n *yaml.Node, path string, c *coderun.Config) error {
		v, err := intValue(n, path, math.MinInt32, math.MaxInt32)
		c.MaxCallsInFlight = int(v)
		return err
	},
	"maxCalls": func(n *yaml.Node, path string, c *coderun.Config) error {
		v, err := intValue(n, path, math.MinInt32, math.MaxInt32)
		c.MaxCalls = int(v)
		return err
	},
	"maxExecuting": func(n *yaml.Node, path string, c *coderun.Config) error {
		v, err := intValue(n, path, math.MinInt32, math.MaxInt32)
		c.MaxExecuting = int(v)
		return err
	},
	"deterministic": func(n *yaml.Node, path string, c *coderun.Config) (err error) {
		c.Deterministic, err = boolValue(n, path)
		return err
	},
	"seed": func(n *yaml.Node, path string, c *coderun.Config) (err error) {
		v, err := intValue(n, path, math.MinInt64, math.MaxInt64)
		c.Seed = v
		return err
	},
	"maxSuspendedAge": func(n *yaml.Node, path string, c *coderun.Config) (err error) {
		c.MaxSuspendedAge, err = durationValue(n, path)
		return err
	},
	"compilationCacheDir": func(n *yaml.Node, path string, c *coderun.Config) (err error) {
		c.CompilationCacheDir, err = stringValue(n, path)
		return err
	},
}

// parseBudgets overlays the budgets mapping on c. It checks types only:
// the ranges are coderun.Config.Validate's, which Config.Validate runs.
func parseBudgets(n *yaml.Node, path string, c *coderun.Config) error {
	keys := make([]string, 0, len(budgetSetters))
	for k := range budgetSetters {
		keys = append(keys, k)
	}
	return eachKey(n, path, keys, func(key string, v *yaml.Node) error {
		return budgetSetters[key](v, path+"."+key, c)
	})
}

// validateBudgets runs coderun.Config.Validate, the one statement of the
// budgets' ranges, and names the YAML key of the field at fault. Language,
// set by the top-level key language, is reported under it.
func validateBudgets(b coderun.Config) error {
	err := b.Validate()
	if err == nil {
		return nil
	}
	var ce *coderun.ConfigError
	if errors.As(err, &ce) && ce.Field == "Language" {
		return &ConfigError{Key: "language", Problem: ce.Problem, Err: err}
	}
	problem := "out of range: " + strings.TrimPrefix(err.Error(), "coderun: config: ")
	if ce != nil {
		return &ConfigError{Key: "budgets." + budgetKey(ce.Field), Problem: problem, Err: err}
	}
	return &ConfigError{Key: "budgets", Problem: problem, Err: err}
}

// budgetKey is the YAML key of a coderun.Config field: its name with a
// lower-case first letter.
func budgetKey(field string) string {
	return strings.ToLower(field[:1]) + field[1:]
}
