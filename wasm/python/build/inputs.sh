#!/usr/bin/env bash
# Prints the digest of everything the Python sandbox's build reads from the
# repository: the recipe, the glue, the runtime, the build's Go tools and
# what they import, and the module versions. build.sh records it beside the
# outputs' sums in inputs.sha256; CI rebuilds the sandbox (minutes of CPU)
# only when the digest differs from the recorded one, since only then can
# the committed outputs be stale.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../../.."
git ls-files -co --exclude-standard -- \
	wasm/python/build wasm/python/guest \
	wasm/build/instrument wasm/build/snapshot \
	internal/wasminstr internal/wasmsnap internal/leb128 internal/engine \
	go.mod go.sum |
	grep -v -e '_test\.go$' -e '^wasm/python/build/inputs\.sha256$' -e '^wasm/python/build/README\.md$' |
	LC_ALL=C sort | xargs sha256sum | sha256sum | cut -d' ' -f1
