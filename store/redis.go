package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"
)

// Redis is a Store on a Redis server (6.2 or later, for GETDEL), shared by
// every process that opens the same server: one replica suspends a run,
// another resumes it.
type Redis struct {
	client *redis.Client
	prefix string
}

// redisPrefix namespaces coderun's keys, so the server can be shared with
// other applications.
const redisPrefix = "coderun:"

// OpenRedis connects to the server at url (redis://[user:password@]host:port/db,
// or rediss:// for TLS) and checks that it answers.
func OpenRedis(ctx context.Context, url string) (*Redis, error) {
	opts, err := redis.ParseURL(url)
	if err != nil {
		return nil, fmt.Errorf("store: redis url: %w (want redis://host:port/db or rediss://...)", err)
	}
	client := redis.NewClient(opts)
	if err := client.Ping(ctx).Err(); err != nil {
		_ = client.Close()
		return nil, fmt.Errorf("store: redis at %s: %w", opts.Addr, err)
	}
	return &Redis{client: client, prefix: redisPrefix}, nil
}

// Put implements Store with SET ... PX.
func (r *Redis) Put(ctx context.Context, key string, value []byte, ttl time.Duration) error {
	if err := r.client.Set(ctx, r.prefix+key, value, max(ttl, time.Millisecond)).Err(); err != nil {
		return fmt.Errorf("store: redis put: %w", err)
	}
	return nil
}

// Take implements Store with GETDEL, which reads and deletes in one atomic
// command.
func (r *Redis) Take(ctx context.Context, key string) ([]byte, error) {
	v, err := r.client.GetDel(ctx, r.prefix+key).Bytes()
	switch {
	case errors.Is(err, redis.Nil):
		return nil, ErrNotFound
	case err != nil:
		return nil, fmt.Errorf("store: redis take: %w", err)
	}
	return v, nil
}

// Close implements Store: it closes the connections.
func (r *Redis) Close() error { return r.client.Close() }
