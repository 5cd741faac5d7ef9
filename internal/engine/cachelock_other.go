//go:build !unix

package engine

// lockCacheDir does nothing where flock is not available: processes that
// start together may each compile the sandbox once.
func lockCacheDir(dir string) (unlock func()) { return func() {} }
