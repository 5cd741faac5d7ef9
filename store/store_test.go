package store

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coderun/coderun/internal/testing/redistest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// stores runs a test against every implementation, each on a real backend.
func stores(t *testing.T, fn func(t *testing.T, s Store)) {
	t.Run("memory", func(t *testing.T) {
		s := NewMemory()
		defer s.Close()
		fn(t, s)
	})
	t.Run("redis", func(t *testing.T) {
		srv := redistest.Start(t)
		s, err := OpenRedis(t.Context(), srv.URL)
		require.NoError(t, err)
		defer s.Close()
		fn(t, s)
	})
}

func TestPutTake(t *testing.T) {
	stores(t, func(t *testing.T, s Store) {
		ctx := t.Context()
		require.NoError(t, s.Put(ctx, "a", []byte("state a"), time.Minute))
		require.NoError(t, s.Put(ctx, "b", []byte{}, time.Minute))
		v, err := s.Take(ctx, "a")
		require.NoError(t, err)
		assert.Equal(t, "state a", string(v))
		_, err = s.Take(ctx, "a")
		assert.ErrorIs(t, err, ErrNotFound, "a value is taken once")
		v, err = s.Take(ctx, "b")
		require.NoError(t, err, "an empty value is a value")
		assert.Empty(t, v)
		_, err = s.Take(ctx, "never")
		assert.ErrorIs(t, err, ErrNotFound)

		require.NoError(t, s.Put(ctx, "c", []byte("1"), time.Minute))
		require.NoError(t, s.Put(ctx, "c", []byte("2"), time.Minute))
		v, err = s.Take(ctx, "c")
		require.NoError(t, err)
		assert.Equal(t, "2", string(v), "Put replaces")
	})
}

func TestValuesExpire(t *testing.T) {
	stores(t, func(t *testing.T, s Store) {
		ctx := t.Context()
		require.NoError(t, s.Put(ctx, "short", []byte("x"), 30*time.Millisecond))
		require.NoError(t, s.Put(ctx, "long", []byte("y"), time.Minute))
		time.Sleep(200 * time.Millisecond)
		_, err := s.Take(ctx, "short")
		assert.ErrorIs(t, err, ErrNotFound)
		_, err = s.Take(ctx, "long")
		assert.NoError(t, err)
	})
}

// TestTakeIsExactlyOnce races many takers for each key: exactly one wins.
func TestTakeIsExactlyOnce(t *testing.T) {
	stores(t, func(t *testing.T, s Store) {
		ctx := context.Background()
		const keys, takers = 20, 8
		for i := range keys {
			require.NoError(t, s.Put(ctx, key(i), []byte("v"), time.Minute))
		}
		var won [keys]atomic.Int32
		var wg sync.WaitGroup
		for range takers {
			wg.Go(func() {
				for i := range keys {
					if _, err := s.Take(ctx, key(i)); err == nil {
						won[i].Add(1)
					} else if err != ErrNotFound {
						t.Error(err)
					}
				}
			})
		}
		wg.Wait()
		for i := range keys {
			assert.EqualValues(t, 1, won[i].Load(), "key %d", i)
		}
	})
}

func key(i int) string { return "k" + string(rune('a'+i)) }

func TestMemorySweepsExpiredValues(t *testing.T) {
	m := NewMemory()
	now := time.Unix(1000, 0)
	m.now = func() time.Time { return now }
	require.NoError(t, m.Put(t.Context(), "old", []byte("x"), time.Second))
	now = now.Add(2 * sweepEvery)
	require.NoError(t, m.Put(t.Context(), "new", []byte("y"), time.Second))
	assert.Equal(t, 1, m.Len(), "the expired value was dropped by the next sweep")
}

func TestOpenRedisErrors(t *testing.T) {
	_, err := OpenRedis(t.Context(), "http://example.com")
	assert.ErrorContains(t, err, "redis url")
	ctx, cancel := context.WithTimeout(t.Context(), 5*time.Second)
	defer cancel()
	_, err = OpenRedis(ctx, "redis://127.0.0.1:1/0")
	assert.ErrorContains(t, err, "127.0.0.1:1")
}
