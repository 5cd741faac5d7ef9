package coderun

import (
	"runtime"
)

// hostMemoryLimit is the largest MemoryLimitBytes this build of coderun can
// serve. A process compiled to wasm (GOOS=wasip1, run by a WASI host) lives
// in one 32-bit linear memory of at most 4 GiB, and the guest's memory is a
// Go slice inside it, copied to a larger one when it grows: beyond 1 GiB
// the host's own allocator would run out first, and the Go runtime ends
// the whole process then instead of failing one run.
var hostMemoryLimit = func() int64 {
	if runtime.GOARCH == "wasm" {
		return 1 << 30
	}
	return maxMemoryLimit
}()

// checkHostMemory refuses a MemoryLimitBytes this build cannot serve.
func checkHostMemory(limit int64) error {
	if limit > hostMemoryLimit {
		return outOfRange("MemoryLimitBytes", "is %d, but coderun built for %s/%s holds at most %d (1 GiB) beside itself in its host's 4 GiB of wasm memory; lower it",
			limit, runtime.GOOS, runtime.GOARCH, hostMemoryLimit)
	}
	return nil
}
