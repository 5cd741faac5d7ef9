package codemode

import (
	"math"

	coderun "github.com/coderun/coderun"
	"go.yaml.in/yaml/v3"
)

// budgetSetters maps each key under budgets to the coderun.Config field it
// sets. The ranges are not repeated here: coderun.Config.Validate owns them.
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

// parseBudgets overlays the budgets mapping on c. After each key it runs
// coderun's own validation: c starts valid (the defaults) and Validate checks
// fields independently, so the first failure is the key just set, and the
// error can name that key next to coderun's statement of the range.
func parseBudgets(n *yaml.Node, path string, c *coderun.Config) error {
	keys := make([]string, 0, len(budgetSetters))
	for k := range budgetSetters {
		keys = append(keys, k)
	}
	return eachKey(n, path, keys, func(key string, v *yaml.Node) error {
		keyPath := path + "." + key
		if err := budgetSetters[key](v, keyPath, c); err != nil {
			return err
		}
		if err := c.Validate(); err != nil {
			return nodeError(v, keyPath, "%s is out of range: %v", describe(v), err)
		}
		return nil
	})
}
