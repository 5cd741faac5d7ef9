//go:build unix

package engine

import (
	"os"
	"path/filepath"

	"golang.org/x/sys/unix"
)

// lockCacheDir holds an exclusive lock on the compilation cache directory
// dir until the returned function is called, so that processes starting
// together with an empty cache compile the sandbox once: the first one
// compiles and writes the cache, the others wait and then read it. (A
// compilation is seconds of CPU; five test binaries, or five replicas of a
// server, starting at once would otherwise each pay it.) The kernel drops
// the lock of a process that dies. A directory that cannot hold the lock
// file is used unlocked: the cache then falls back as it would anyway.
func lockCacheDir(dir string) (unlock func()) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return func() {}
	}
	f, err := os.OpenFile(filepath.Join(dir, ".lock"), os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return func() {}
	}
	if err := unix.Flock(int(f.Fd()), unix.LOCK_EX); err != nil {
		f.Close()
		return func() {}
	}
	return func() {
		unix.Flock(int(f.Fd()), unix.LOCK_UN)
		f.Close()
	}
}
