#!/usr/bin/env bash
# Builds what coderun's benchmarks (bench/) compare the sandbox with.
#
#   bench/native/build.sh                      native runner + plain wasm
#   bench/native/build.sh --variant NAME DIR   a wasm build variant
#
# Default mode writes into bench/native/build/ (gitignored; override with
# CODERUN_BENCH_BUILD):
#
#   runner               runner.c linked with QuickJS-ng built natively by
#                        gcc -O2 from the same qjs-src .deb the wasm comes from
#   quickjs.plain.wasm   the raw module wasm/build/build.sh compiles, before
#                        the fuel instrumenter and the snapshot: no budgets
#   quickjs.full.wasm    what wasm/build/build.sh makes from the same tree
#                        (instrumented and snapshotted), for a like-for-like
#                        comparison with quickjs.plain.wasm
#
# Both wasm files come from running wasm/build/build.sh itself, unchanged,
# with a clang-16 wrapper first on PATH: the wrapper runs the real clang-16
# with the same arguments and keeps a copy of the module it linked. So the
# plain module is built exactly as the committed one is, minus the last two
# steps, and it cannot drift from the recipe.
#
# --variant NAME DIR builds the same way with extra compiler flags and/or
# binaryen's wasm-opt applied to the raw module before instrumenting, and
# writes DIR/NAME.wasm (instrumented and snapshotted, ready for
# engine.Options.Module) and DIR/NAME.plain.wasm. Known names:
#
#   base            no change (should reproduce quickjs.full.wasm)
#   o3              -O3
#   flto            -flto
#   o3-flto         -O3 -flto
#   wasmopt         wasm-opt -O3
#   o3-flto-wasmopt all of the above
#
# Any other NAME takes its flags from BENCH_EXTRA_CFLAGS and BENCH_WASM_OPT.
#
# Needs what wasm/build/build.sh needs (clang-16 and friends, Go, network or
# its cached .deb) plus gcc, and binaryen for the wasm-opt variants.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
recipe="$root/wasm/build/build.sh"

# The package pin and the cache directory are the recipe's own: read the
# assignments from it rather than copying them.
eval "$(grep -E '^qjs_(version|deb|sha256|suite)=' "$recipe")"
: "${qjs_version:?} ${qjs_deb:?} ${qjs_sha256:?}"
cache="${CODERUN_WASM_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/coderun-wasm}"

# build_wasm OUT_FULL OUT_PLAIN EXTRA_CFLAGS WASM_OPT_FLAGS runs the recipe
# with the clang wrapper. The recipe fetches and verifies the .deb into
# $cache, which the native build below reuses.
build_wasm() {
	local full="$1" plain="$2" cflags="$3" wasmopt="$4"
	local real
	real="$(command -v clang-16)" || { echo "build.sh: clang-16 not found (wasm/build/install-toolchain.sh)" >&2; exit 1; }
	local shim
	shim="$(mktemp -d)"
	# shellcheck disable=SC2064
	trap "rm -rf '$shim'" RETURN
	cat >"$shim/clang-16" <<-EOF
		#!/usr/bin/env bash
		# Written by bench/native/build.sh: the real clang-16, then a copy of
		# the linked module (after optional wasm-opt) kept for the benchmarks.
		set -euo pipefail
		out=""; prev=""
		for a in "\$@"; do [[ "\$prev" == -o ]] && out="\$a"; prev="\$a"; done
		"$real" "\$@" $cflags
		if [[ -n "$wasmopt" ]]; then
			wasm-opt $wasmopt --enable-bulk-memory --enable-sign-ext \\
				--enable-nontrapping-float-to-int --enable-mutable-globals \\
				"\$out" -o "\$out.opt"
			mv "\$out.opt" "\$out"
		fi
		cp "\$out" "$plain"
	EOF
	chmod +x "$shim/clang-16"
	echo "build.sh: wasm/build/build.sh $full (extra cflags: '${cflags}', wasm-opt: '${wasmopt}')" >&2
	PATH="$shim:$PATH" "$recipe" "$full" >/dev/null
	[[ -s "$plain" ]] || { echo "build.sh: the recipe did not run clang-16 through the wrapper" >&2; exit 1; }
}

if [[ "${1:-}" == "--variant" ]]; then
	[[ $# -eq 3 ]] || { echo "usage: $0 --variant NAME DIR" >&2; exit 2; }
	name="$2" dir="$3"
	case "$name" in
	base) cflags="" wasmopt="" ;;
	o3) cflags="-O3" wasmopt="" ;;
	flto) cflags="-flto" wasmopt="" ;;
	o3-flto) cflags="-O3 -flto" wasmopt="" ;;
	wasmopt) cflags="" wasmopt="-O3" ;;
	o3-flto-wasmopt) cflags="-O3 -flto" wasmopt="-O3" ;;
	*) cflags="${BENCH_EXTRA_CFLAGS:-}" wasmopt="${BENCH_WASM_OPT:-}" ;;
	esac
	mkdir -p "$dir"
	dir="$(cd "$dir" && pwd)"
	build_wasm "$dir/$name.wasm" "$dir/$name.plain.wasm" "$cflags" "$wasmopt"
	echo "$dir/$name.wasm"
	exit 0
fi
[[ $# -eq 0 ]] || { echo "usage: $0 [--variant NAME DIR]" >&2; exit 2; }

build="${CODERUN_BENCH_BUILD:-$here/build}"
mkdir -p "$build"
build="$(cd "$build" && pwd)"

build_wasm "$build/quickjs.full.wasm" "$build/quickjs.plain.wasm" "" ""
if cmp -s "$build/quickjs.full.wasm" "$root/wasm/quickjs.wasm"; then
	echo "build.sh: quickjs.full.wasm is identical to the committed wasm/quickjs.wasm" >&2
else
	echo "build.sh: note: this tree builds a quickjs.wasm that differs from wasm/quickjs.wasm" >&2
fi

# The native runner: the same sources the wasm compiles (glue.c includes
# quickjs.c; the rest are linked), the same defines, gcc -O2.
echo "$qjs_sha256  $cache/$qjs_deb" | sha256sum -c --quiet - ||
	{ echo "build.sh: $cache/$qjs_deb is missing or does not match the pinned sha256" >&2; exit 1; }
src_dir="$build/qjs-src"
rm -rf "$src_dir"
dpkg-deb -x "$cache/$qjs_deb" "$src_dir"
src="$src_dir/usr/src/quickjs-ng"
gcc -O2 -DNDEBUG -D_GNU_SOURCE -w -I"$src" -o "$build/runner.tmp" \
	"$here/runner.c" "$src/quickjs.c" "$src/libregexp.c" "$src/libunicode.c" "$src/dtoa.c" -lm -lpthread
mv "$build/runner.tmp" "$build/runner"
echo "build.sh: built $build/runner, $build/quickjs.plain.wasm, $build/quickjs.full.wasm" >&2
