#!/usr/bin/env bash
# Rebuilds wasm/quickjs.wasm from Debian's qjs-src package, reproducibly.
# The allocator is dlmalloc from the source of the same wasi-libc the
# toolchain links (glue/dlmalloc.c says why it is built here).
#
#   wasm/build/build.sh            rebuild wasm/quickjs.wasm in place
#   wasm/build/build.sh OUT.wasm   build into OUT.wasm (used by the CI check)
#   wasm/build/build.sh --pin VERSION SUITE
#                                  pin another qjs-src version: download it
#                                  from Debian's SUITE and rewrite the pins
#                                  below and wasm/wasm.go (make wasm-upgrade)
#   wasm/build/build.sh --source DIR
#                                  unpack the pinned QuickJS-ng source into
#                                  DIR and print its path (prelude_dev/run.sh)
#
# Exit status 3: a pinned source (QuickJS-ng's, or wasi-libc's for
# dlmalloc) cannot be downloaded and is not in the cache; anything else
# non-zero is a real failure.
#
# Needs Debian bookworm's clang-16, lld-16, wasi-libc and
# libclang-rt-16-dev-wasm32 (install-toolchain.sh installs them), Go, and
# network access to Debian's archive. The QuickJS-ng source is fetched with
# apt into a private state directory, so the machine's apt configuration is
# never touched, and checked against the pinned sha256 below.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"

qjs_version="0.17.0-1"
qjs_deb="qjs-src_${qjs_version}_all.deb"
qjs_sha256="04631979bdadaccffd76c1cb0aff5d07389aa889a90b6a902eba858a3a3b3988"
# The suite that publishes qjs_version (0.17.0-1: forky, i.e. testing, and
# sid; trixie ships 0.16.x). build.sh --pin rewrites these three lines.
qjs_suite="forky"

# wasi-libc's source, for its dlmalloc: the version of bookworm's wasi-libc
# package, which install-toolchain.sh installs and clang links against.
libc_version="0.0~git20220510.9886d3d"
libc_tar="wasi-libc_${libc_version}.orig.tar.xz"
libc_url="http://deb.debian.org/debian/pool/main/w/wasi-libc/$libc_tar"
libc_sha256="8f9b802736a856942839d32966937c389f46e9f156415a549a6675b7535e5f74"

cache="${CODERUN_WASM_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/coderun-wasm}"
mkdir -p "$cache"

# Downloads qjs-src=$qjs_version from $qjs_suite into the cache.
download_source() {
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
	# A download that fails is not a build failure: Debian's testing suite
	# moves on to newer versions and drops old pool files. Exit status 3
	# tells CI the pinned source is gone (see README.md here: moving to a
	# new QuickJS-ng version), so it can skip the reproducibility check
	# loudly instead of failing every submission.
	if ! apt-get "${opts[@]}" update -qq ||
		! (cd "$cache" && apt-get "${opts[@]}" download "qjs-src=$qjs_version"); then
		echo "build.sh: cannot download qjs-src=$qjs_version from Debian's $qjs_suite suite;" \
			"the pinned QuickJS-ng source may have left the archive (wasm/build/README.md says how to move to a new version)" >&2
		exit 3
	fi
}

fetch_source() {
	if [[ -f "$cache/$qjs_deb" ]] && echo "$qjs_sha256  $cache/$qjs_deb" | sha256sum -c --quiet - 2>/dev/null; then
		return
	fi
	download_source
	echo "$qjs_sha256  $cache/$qjs_deb" | sha256sum -c --quiet - ||
		{ echo "build.sh: $qjs_deb does not match the pinned sha256" >&2; exit 1; }
}

# Downloads wasi-libc's source tarball into the cache, once. bookworm is a
# stable suite, so the file stays in the pool until the suite is archived;
# a failed download exits 3 like a missing QuickJS-ng source.
fetch_libc_source() {
	if [[ -f "$cache/$libc_tar" ]] && echo "$libc_sha256  $cache/$libc_tar" | sha256sum -c --quiet - 2>/dev/null; then
		return
	fi
	if ! curl -fsSL -o "$cache/$libc_tar.part" "$libc_url"; then
		echo "build.sh: cannot download $libc_url; wasi-libc's pinned source may have left Debian's pool" >&2
		exit 3
	fi
	echo "$libc_sha256  $cache/$libc_tar.part" | sha256sum -c --quiet - ||
		{ echo "build.sh: $libc_tar does not match the pinned sha256" >&2; exit 1; }
	mv "$cache/$libc_tar.part" "$cache/$libc_tar"
}

if [[ "${1:-}" == "--pin" ]]; then
	[[ $# -eq 3 ]] || { echo "usage: build.sh --pin VERSION SUITE (e.g. --pin 0.18.0-1 sid)" >&2; exit 2; }
	qjs_version="$2" qjs_suite="$3"
	qjs_deb="qjs-src_${qjs_version}_all.deb"
	rm -f "$cache/$qjs_deb"
	download_source
	sum="$(sha256sum <"$cache/$qjs_deb" | cut -d' ' -f1)"
	sed -i -e "s/^qjs_version=.*/qjs_version=\"$qjs_version\"/" \
		-e "s/^qjs_sha256=.*/qjs_sha256=\"$sum\"/" \
		-e "s/^qjs_suite=.*/qjs_suite=\"$qjs_suite\"/" "$here/build.sh"
	sed -i "s/^const QuickJSVersion = .*/const QuickJSVersion = \"${qjs_version%-*}\"/" "$root/wasm/wasm.go"
	echo "build.sh: pinned qjs-src $qjs_version from $qjs_suite (sha256 $sum)"
	exit 0
fi
out="${1:-$root/wasm/quickjs.wasm}"

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
# coderun's few changes to QuickJS-ng itself, each explained in its file.
for p in "$here"/patches/*.patch; do
	patch --quiet -d "$src" -p1 <"$p"
done
# dlmalloc itself (malloc.c) and the unistd.h stand-in wasi-libc builds it with.
fetch_libc_source
tar -xJf "$cache/$libc_tar" -C "$work" --strip-components=1 \
	"wasi-libc-$libc_version/dlmalloc/src/malloc.c" "wasi-libc-$libc_version/dlmalloc/include/unistd.h"

# The prelude's parts, concatenated in name order, become one C string.
# They share one function scope, where a second function declaration of a
# name silently replaces the first: refuse that.
dups="$(grep -ho '^function [A-Za-z0-9_$]*' "$here"/prelude/*.js | sort | uniq -d)"
if [[ -n "$dups" ]]; then
	echo "build.sh: prelude functions declared twice: $dups" >&2
	exit 1
fi
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
# glue/exports.c sets QuickJS's stack limit 128 KiB below this size, so deep JS
# recursion throws a catchable RangeError before the trap is reached.
stack_size=$((1024 * 1024))
# The allocator: its own translation unit, with wasi-libc's include stand-in
# first on the path (glue/dlmalloc.c sets the configuration).
clang-16 --target=wasm32-wasi --sysroot=/usr \
	-O2 -msign-ext -mnontrapping-fptoint -mmutable-globals \
	-DNDEBUG -ffile-prefix-map="$work"=. -ffile-prefix-map="$here"=. \
	-I"$work/dlmalloc/include" -I"$work/dlmalloc/src" \
	-c -o "$work/dlmalloc.o" "$here/glue/dlmalloc.c"
clang-16 --target=wasm32-wasi --sysroot=/usr \
	-O2 -mexec-model=reactor \
	-msign-ext -mnontrapping-fptoint -mmutable-globals \
	-DNDEBUG -D_GNU_SOURCE \
	-ffile-prefix-map="$work"=. -ffile-prefix-map="$here"=. \
	-I"$src" -I"$work" \
	-Wl,--stack-first -Wl,-z,stack-size=$stack_size \
	-o "$work/quickjs.raw.wasm" \
	"$here/glue/glue.c" "$src/libregexp.c" "$src/libunicode.c" "$src/dtoa.c" \
	"$work/dlmalloc.o"

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
