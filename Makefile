# Convenience targets; each is a one-line wrapper of a committed script.

.PHONY: wasm wasm-upgrade test ci bench

# Rebuild wasm/quickjs.wasm from Debian's qjs-src (see wasm/build/build.sh).
wasm:
	wasm/build/install-toolchain.sh
	wasm/build/build.sh

# Move to another QuickJS-ng version from Debian's qjs-src, e.g.
#   make wasm-upgrade VERSION=0.18.0-1 SUITE=sid
# pins it (build.sh --pin: version, sha256, suite, wasm.QuickJSVersion),
# rebuilds wasm/quickjs.wasm and its sha256, and runs the guest's tests.
# wasm/build/README.md lists what to check by hand afterwards.
wasm-upgrade:
	@test -n "$(VERSION)" -a -n "$(SUITE)" || { echo "usage: make wasm-upgrade VERSION=0.18.0-1 SUITE=sid" >&2; exit 2; }
	wasm/build/install-toolchain.sh
	wasm/build/build.sh --pin $(VERSION) $(SUITE)
	wasm/build/build.sh
	go test ./ ./internal/engine/ ./wasm/...

# The README's test command.
test:
	go test -race ./...

# Everything CI checks.
ci:
	bash .ci/run

bench:
	go test -run '^$$' -bench . ./bench/
