//go:build unix

package engine

import (
	"context"
	"os"
	"path/filepath"
	"time"

	"golang.org/x/sys/unix"
)

// lockCacheDir holds an exclusive lock on the compilation cache directory
// dir until the returned function is called, so that processes starting
// together with an empty cache compile the sandbox once: the first one
// compiles and writes the cache, the others wait and then read it. (A
// compilation is seconds of CPU; five test binaries, or five replicas of a
// server, starting at once would otherwise each pay it.) The kernel drops
// the lock of a process that dies. The wait ends with ctx, or after
// maxCacheLockWait (a peer that is stopped, not dead, holds the lock for
// ever); the caller then compiles unlocked, as it does when dir cannot hold
// the lock file.
func lockCacheDir(ctx context.Context, dir string) (unlock func()) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return func() {}
	}
	f, err := os.OpenFile(filepath.Join(dir, ".lock"), os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return func() {}
	}
	giveUp := time.Now().Add(maxCacheLockWait)
	for {
		err := unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB)
		if err == nil {
			return func() {
				unix.Flock(int(f.Fd()), unix.LOCK_UN)
				f.Close()
			}
		}
		if err != unix.EWOULDBLOCK || time.Now().After(giveUp) {
			f.Close()
			return func() {}
		}
		select {
		case <-ctx.Done():
			f.Close()
			return func() {}
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// maxCacheLockWait bounds the wait for another process's compilation: a
// few times what one takes under the race detector.
const maxCacheLockWait = 2 * time.Minute
