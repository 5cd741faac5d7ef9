# Convenience targets; each is a one-line wrapper of a committed script.

.PHONY: wasm test ci bench

# Rebuild wasm/quickjs.wasm from Debian's qjs-src (see wasm/build/build.sh).
wasm:
	wasm/build/install-toolchain.sh
	wasm/build/build.sh

# The README's test command.
test:
	go test -race ./...

# Everything CI checks.
ci:
	bash .ci/run

bench:
	go test -run '^$$' -bench . ./bench/
