package main

import (
	"context"
	"fmt"
	"os"
	"time"

	"github.com/coderun/coderun/codemode"
	"github.com/coderun/coderun/store"
)

// mcpState is where `coderun mcp` keeps calls suspended for approval: the
// key that seals them and the store of their tickets. A nil key and store
// leave the server its per-process defaults (a random key, memory).
type mcpState struct {
	key   []byte
	store store.Store
}

// redisConnectTimeout bounds reaching the Redis server at start-up.
const redisConnectTimeout = 10 * time.Second

// openState reads the state section: the key from state.keyFile or
// CODERUN_STATE_KEY, and with store redis a connection to the server. A
// shared store needs a shared key: replicas with random keys could not
// open each other's states.
func openState(cfg codemode.StateConfig) (*mcpState, error) {
	key, err := cfg.LoadStateKey(os.Getenv)
	if err != nil {
		return nil, err
	}
	st := &mcpState{key: key}
	if !cfg.Shared() {
		return st, nil
	}
	if key == nil {
		return nil, fmt.Errorf("state.store is redis, so replicas share suspended calls and need one key to seal them: "+
			"set state.keyFile, or the environment variable %s, to a 32-byte key (e.g. `openssl rand -hex 32`)", codemode.StateKeyEnv)
	}
	ctx, cancel := context.WithTimeout(context.Background(), redisConnectTimeout)
	defer cancel()
	if st.store, err = store.OpenRedis(ctx, cfg.URL); err != nil {
		return nil, fmt.Errorf("state.url: %w", err)
	}
	return st, nil
}

// close releases the store's connections.
func (s *mcpState) close() {
	if s.store != nil {
		_ = s.store.Close()
	}
}
