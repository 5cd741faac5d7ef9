//go:build !unix

package engine

import "context"

// lockCacheDir does nothing where flock is not available: processes that
// start together may each compile the sandbox once.
func lockCacheDir(ctx context.Context, dir string) (unlock func()) { return func() {} }
