package codemode

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A server URL the config refuses is quoted without its credentials: the
// error goes to stderr.
func TestRefusedServerURLIsQuotedWithoutCredentials(t *testing.T) {
	cfg := DefaultConfig()
	cfg.Servers = map[string]ServerSpec{"s": {URL: "ftp://alice:hunter2@host/mcp?api_key=SECRET123"}}
	err := cfg.Validate()
	require.Error(t, err)
	assert.Contains(t, err.Error(), `"ftp://***@host/mcp?***"`)
	for _, secret := range []string{"alice", "hunter2", "SECRET123"} {
		assert.NotContains(t, err.Error(), secret)
	}
}

// So is a state store URL: a Redis URL carries its password.
func TestRefusedStateURLIsQuotedWithoutCredentials(t *testing.T) {
	cfg := DefaultConfig()
	cfg.State = StateConfig{Store: StoreRedis, URL: "http://user:hunter2@127.0.0.1:6379/0"}
	err := cfg.Validate()
	require.Error(t, err)
	assert.Contains(t, err.Error(), `"http://***@127.0.0.1:6379/0"`)
	assert.NotContains(t, err.Error(), "hunter2")
}
