//go:build unix

package engine

import (
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
	unlock := lockCacheDir(dir)
	acquired := make(chan func())
	go func() { acquired <- lockCacheDir(dir) }()
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
	unlock := lockCacheDir(file + "/sub")
	assert.NotNil(t, unlock)
	unlock()
}
