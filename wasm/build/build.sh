#!/usr/bin/env bash
# Rebuilds wasm/quickjs.wasm from Debian's qjs-src package, reproducibly.
#
#   wasm/build/build.sh            rebuild wasm/quickjs.wasm in place
#   wasm/build/build.sh OUT.wasm   build into OUT.wasm (used by the CI check)
#   wasm/build/build.sh --source DIR
#                                  unpack the pinned QuickJS-ng source into
#                                  DIR and print its path (prelude_dev/run.sh)
#
# Needs Debian bookworm's clang-16, lld-16, wasi-libc and
# libclang-rt-16-dev-wasm32 (install-toolchain.sh installs them), Go, and
# network access to Debian's archive. The QuickJS-ng source is fetched with
# apt into a private state directory, so the machine's apt configuration is
# never touched, and checked against the pinned sha256 below.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
out="${1:-$root/wasm/quickjs.wasm}"

qjs_version="0.17.0-1"
qjs_deb="qjs-src_${qjs_version}_all.deb"
qjs_sha256="04631979bdadaccffd76c1cb0aff5d07389aa889a90b6a902eba858a3a3b3988"
# 0.17.0-1 is published in forky (testing) and sid; trixie ships 0.16.x.
qjs_suite="forky"

cache="${CODERUN_WASM_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/coderun-wasm}"
mkdir -p "$cache"

fetch_source() {
	if [[ -f "$cache/$qjs_deb" ]] && echo "$qjs_sha256  $cache/$qjs_deb" | sha256sum -c --quiet - 2>/dev/null; then
		return
	fi
	local apt="$cache/apt"
	mkdir -p "$apt/lists/partial" "$apt/archives/partial"
	: >"$apt/status"
	echo "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian $qjs_suite main" >"$apt/sources.list"
	local opts=(
		-o "Dir::Etc::SourceList=$apt/sources.list"
		-o "Dir::Etc::SourceParts=/dev/null"
		-o "Dir::State::Lists=$apt/lists"
		-o "Dir::State::status=$apt/status"
		-o "Dir::Cache=$apt"
		-o "Dir::Cache::archives=$apt/archives"
		-o "APT::Sandbox::User=root"
	)
	apt-get "${opts[@]}" update -qq
	(cd "$cache" && apt-get "${opts[@]}" download "qjs-src=$qjs_version")
	echo "$qjs_sha256  $cache/$qjs_deb" | sha256sum -c --quiet - ||
		{ echo "build.sh: $qjs_deb does not match the pinned sha256" >&2; exit 1; }
}

fetch_source

if [[ "${1:-}" == --source ]]; then
	mkdir -p "${2:?--source needs a directory}"
	dpkg-deb -x "$cache/$qjs_deb" "$2"
	echo "$2/usr/src/quickjs-ng"
	exit 0
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
dpkg-deb -x "$cache/$qjs_deb" "$work/pkg"
src="$work/pkg/usr/src/quickjs-ng"

# The prelude's parts, concatenated in name order, become one C string.
cat "$here"/prelude/*.js >"$work/prelude.js"
{
	echo "static const char glue_prelude[] = {"
	od -An -v -tx1 "$work/prelude.js" | sed 's/ \([0-9a-f][0-9a-f]\)/0x\1,/g'
	echo "0x00};"
} >"$work/prelude.h"

# No -mbulk-memory: with it, memset and memcpy compile to single
# memory.fill/memory.copy instructions that do any amount of work between two
# fuel ticks (a loop of 4 MiB fills held its thread for hundreds of ms).
# Without it they are libc loops, instrumented like every other loop.
#
# --stack-first puts the shadow stack below the data and heap, so an
# overflow runs off address 0 and traps instead of corrupting the heap.
# glue.c sets QuickJS's stack limit 128 KiB below this size, so deep JS
# recursion throws a catchable RangeError before the trap is reached.
stack_size=$((1024 * 1024))
clang-16 --target=wasm32-wasi --sysroot=/usr \
	-O2 -mexec-model=reactor \
	-msign-ext -mnontrapping-fptoint -mmutable-globals \
	-DNDEBUG -D_GNU_SOURCE \
	-ffile-prefix-map="$work"=. -ffile-prefix-map="$here"=. \
	-I"$src" -I"$work" \
	-Wl,--stack-first -Wl,-z,stack-size=$stack_size \
	-o "$work/quickjs.raw.wasm" \
	"$here/glue.c" "$src/libregexp.c" "$src/libunicode.c" "$src/dtoa.c"

# Every loop header gets a fuel counter that calls coderun.fuel_tick every
# quantum back-edges: the host's only way to interrupt native code. The
# instrumenter also proves the code uses no passive data segments, which the
# snapshot step relies on.
#
# -direct-calls then turns the function table into dispatch functions (a
# br_table per signature): wazero fills a table entry by entry for every
# instance, and QuickJS's ~530 entries were most of the cost of one.
(cd "$root" && go run ./wasm/build/instrument -reject-passive-data -direct-calls \
	-in "$work/quickjs.raw.wasm" -out "$work/quickjs.instrumented.wasm")

# Run the initialisation (libc, JS runtime and context, prelude) once and bake
# the resulting memory into the module, so a run starts from there.
(cd "$root" && go run ./wasm/build/snapshot \
	-in "$work/quickjs.instrumented.wasm" -out "$work/quickjs.wasm")

cp "$work/quickjs.wasm" "$out"
sum="$(sha256sum <"$out" | cut -d' ' -f1)"
if [[ -z "${1:-}" ]]; then
	echo "$sum" >"$here/quickjs.wasm.sha256"
fi
echo "$sum"
