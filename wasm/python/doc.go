// Package pythonwasm is the home of coderun's second guest: CPython built
// for wasm32-wasi by build/build.sh from Debian's python3.13 source
// package, with its standard library compiled into a zip the host serves.
//
// The build's output (build/out/python.wasm and build/out/python313.zip)
// is not committed: the pair is over 8 MiB, and nothing uses it yet. The tests
// here run it after a build, when asked for with the pythonwasm build tag
// (go test -tags pythonwasm ./wasm/python/). build/README.md describes the recipe, the standard library and the
// measurements.
package pythonwasm
