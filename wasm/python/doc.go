// Package pythonwasm embeds coderun's Python sandbox: CPython built for
// wasm32-wasi by build/build.sh from Debian's python3.13 source package,
// with coderun's glue (build/glue/) and runtime (guest/), and its standard
// library compiled into a zip the host serves.
//
// Programs do not import this package: importing
// github.com/coderun/coderun/python registers the sandbox with coderun.
// build/README.md describes the recipe, the standard library and the
// measurements.
package pythonwasm
