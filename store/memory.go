package store

import (
	"context"
	"sync"
	"time"
)

// Memory is a Store in this process's memory: the default when no shared
// store is configured. Its values are lost when the process exits, and
// other processes cannot see them.
type Memory struct {
	mu        sync.Mutex
	values    map[string]memoryValue
	now       func() time.Time
	nextSweep time.Time
}

type memoryValue struct {
	data    []byte
	expires time.Time
}

// sweepEvery is how often Put drops expired values, so a store whose
// values are never taken does not grow without bound.
const sweepEvery = time.Minute

// NewMemory returns an empty in-process Store.
func NewMemory() *Memory {
	return &Memory{values: make(map[string]memoryValue), now: time.Now}
}

// Put implements Store.
func (m *Memory) Put(_ context.Context, key string, value []byte, ttl time.Duration) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	now := m.now()
	if now.After(m.nextSweep) {
		for k, v := range m.values {
			if !now.Before(v.expires) {
				delete(m.values, k)
			}
		}
		m.nextSweep = now.Add(sweepEvery)
	}
	m.values[key] = memoryValue{data: append([]byte(nil), value...), expires: now.Add(ttl)}
	return nil
}

// Take implements Store.
func (m *Memory) Take(_ context.Context, key string) ([]byte, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	v, ok := m.values[key]
	if !ok {
		return nil, ErrNotFound
	}
	delete(m.values, key)
	if !m.now().Before(v.expires) {
		return nil, ErrNotFound
	}
	return v.data, nil
}

// Close implements Store; the values are dropped.
func (m *Memory) Close() error {
	m.mu.Lock()
	defer m.mu.Unlock()
	clear(m.values)
	return nil
}

// Len returns how many values the store holds, expired ones not yet swept
// included.
func (m *Memory) Len() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.values)
}
