//go:build unix

package engine

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A second locker of a cache directory waits until the first unlocks: two
// processes starting with an empty cache compile once between them.
func TestCacheDirLockExcludes(t *testing.T) {
	dir := t.TempDir()
	unlock := lockCacheDir(context.Background(), dir)
	acquired := make(chan func())
	go func() { acquired <- lockCacheDir(context.Background(), dir) }()
	select {
	case <-acquired:
		t.Fatal("a second lock was granted while the first was held")
	case <-time.After(100 * time.Millisecond):
	}
	unlock()
	select {
	case second := <-acquired:
		second()
	case <-time.After(time.Minute):
		t.Fatal("the second lock was not granted after the first was released")
	}
}

// A directory that cannot hold the lock file is used unlocked, not refused.
func TestCacheDirLockOnAnUnusableDirectory(t *testing.T) {
	file := t.TempDir() + "/file"
	require.NoError(t, os.WriteFile(file, nil, 0o644))
	unlock := lockCacheDir(context.Background(), file+"/sub")
	assert.NotNil(t, unlock)
	unlock()
}

// A wait for the lock ends with its context: the caller then compiles
// unlocked rather than hang on a peer that never lets go.
func TestCacheDirLockWaitEndsWithCtx(t *testing.T) {
	dir := t.TempDir()
	unlock := lockCacheDir(context.Background(), dir)
	defer unlock()
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	done := make(chan struct{})
	go func() {
		lockCacheDir(ctx, dir)()
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(time.Minute):
		t.Fatal("the wait did not end with its context")
	}
}
