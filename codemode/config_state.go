package codemode

import (
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"net/url"
	"os"
	"strings"

	"github.com/coderun/coderun/internal/redact"
	"go.yaml.in/yaml/v3"
)

// StateConfig says where calls suspended for approval are kept between the
// request that suspends them and the one that resumes them (YAML key
// state), and where the key that seals them comes from. The key itself is
// never written in coderun.yml: it is read from KeyFile or from the
// environment variable StateKeyEnv.
type StateConfig struct {
	// Store is StoreMemory (the default: this process only) or StoreRedis
	// (shared by every replica using the same server) (state.store).
	Store string
	// URL is the Redis server, redis://host:port/db or rediss:// for TLS;
	// required with StoreRedis, not allowed otherwise (state.url).
	URL string
	// KeyFile names a file holding the 32-byte StateKey as 64 hex digits or
	// base64 (state.keyFile). Keep it readable only by coderun.
	KeyFile string
}

// The state stores.
const (
	StoreMemory = "memory"
	StoreRedis  = "redis"
)

// StateKeyEnv is the environment variable LoadStateKey reads when
// state.keyFile is not set: the 32-byte key as 64 hex digits or base64.
const StateKeyEnv = "CODERUN_STATE_KEY"

// validate checks the settings that depend on each other.
func (c StateConfig) validate() error {
	switch c.Store {
	case "", StoreMemory:
		if c.URL != "" {
			return &ConfigError{Key: "state.url", Problem: `allowed only with store: redis; remove it or set state.store to "redis"`}
		}
	case StoreRedis:
		if err := checkRedisURL(c.URL); err != nil {
			return &ConfigError{Key: "state.url", Problem: err.Error()}
		}
	default:
		return &ConfigError{Key: "state.store", Problem: fmt.Sprintf(`%q is not allowed; want one of "memory", "redis"`, c.Store)}
	}
	return nil
}

func checkRedisURL(s string) error {
	if s == "" {
		return errors.New(`required with store: redis; want a URL such as redis://127.0.0.1:6379/0`)
	}
	u, err := url.Parse(s)
	if err != nil || (u.Scheme != "redis" && u.Scheme != "rediss") || u.Host == "" {
		return fmt.Errorf("%q: want a redis:// or rediss:// URL such as redis://127.0.0.1:6379/0", redact.URL(s))
	}
	return nil
}

// Shared reports whether suspended calls are kept where other processes
// can resume them.
func (c StateConfig) Shared() bool { return c.Store == StoreRedis }

// LoadStateKey returns the StateKey the configuration points to: the
// content of KeyFile, or else the value of the environment variable
// StateKeyEnv (getenv is os.Getenv in a real process). It returns nil, nil
// when neither is set. The error never contains the key.
func (c StateConfig) LoadStateKey(getenv func(string) string) ([]byte, error) {
	if c.KeyFile != "" {
		data, err := os.ReadFile(c.KeyFile)
		if err != nil {
			return nil, fmt.Errorf("codemode: state.keyFile: %w", err)
		}
		key, err := ParseStateKey(string(data))
		if err != nil {
			return nil, fmt.Errorf("codemode: state.keyFile %s: %w", c.KeyFile, err)
		}
		return key, nil
	}
	if v := getenv(StateKeyEnv); v != "" {
		key, err := ParseStateKey(v)
		if err != nil {
			return nil, fmt.Errorf("codemode: %s: %w", StateKeyEnv, err)
		}
		return key, nil
	}
	return nil, nil
}

// ParseStateKey decodes a 32-byte key written as 64 hex digits or as
// base64 (standard or URL alphabet, padded or not); surrounding space is
// ignored. Generate one with `openssl rand -hex 32`.
func ParseStateKey(text string) ([]byte, error) {
	text = strings.TrimSpace(text)
	if key, err := hex.DecodeString(text); err == nil && len(key) == 32 {
		return key, nil
	}
	for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.RawStdEncoding, base64.URLEncoding, base64.RawURLEncoding} {
		if key, err := enc.DecodeString(text); err == nil && len(key) == 32 {
			return key, nil
		}
	}
	return nil, errors.New("want a 32-byte key written as 64 hex digits or base64 (e.g. the output of `openssl rand -hex 32`)")
}

var stateKeys = []string{"store", "url", "keyFile"}

// parseState reads the state mapping; its rules are StateConfig.validate's,
// run by Config.Validate, whose errors get their line from the key map.
func parseState(n *yaml.Node, path string, c *StateConfig) error {
	return eachKey(n, path, stateKeys, func(key string, v *yaml.Node) error {
		var err error
		p := path + "." + key
		switch key {
		case "store":
			c.Store, err = stringValue(v, p)
		case "url":
			c.URL, err = stringValue(v, p)
		case "keyFile":
			c.KeyFile, err = stringValue(v, p)
		}
		return err
	})
}
