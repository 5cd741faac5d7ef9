//go:build !unix

package engine

import "context"

// lockCacheDir does nothing where flock is not available: processes that
// start together with an empty cache may each compile the sandbox once,
// which costs CPU but is correct, since wazero writes every cache entry to
// a temporary file and renames it into place. Inside a WASI host there is
// no cache directory at all (mayCompile).
func lockCacheDir(ctx context.Context, dir string) (unlock func()) { return func() {} }
