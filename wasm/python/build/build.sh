#!/usr/bin/env bash
# Builds CPython for wasm32-wasi from Debian's python3.13 source package,
# and the zip of its compiled standard library. README.md here explains
# every choice; the guest's C glue (the coderun ABI) does not exist yet, so
# the result is CPython's own command module (python.wasm, with _start).
#
#   wasm/python/build/build.sh                 build into wasm/python/build/out/
#   wasm/python/build/build.sh DIR/NAME.wasm   build DIR/NAME.wasm and DIR/python313.zip
#
# Exit status 3: the pinned source cannot be downloaded and is not in the
# cache; anything else non-zero is a real failure.
#
# Needs what wasm/build/install-toolchain.sh installs (clang-16, lld-16,
# wasi-libc, libclang-rt-16-dev-wasm32, xz-utils), a native C compiler and
# make (for the build Python), Go, and network access to Debian's archive.
# Honours MAKEFLAGS (e.g. MAKEFLAGS=-j2) and CODERUN_WASM_CACHE.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../../.." && pwd)"

# The pinned source and the native build Python live in cpython.sh, which
# .ci/setup-cpython shares.
cpython_caller="build.sh"
# shellcheck source=cpython.sh
source "$here/cpython.sh"
pycache="$cpython_cache"
src="$cpython_src"
native="$cpython_native"

out="${1:-$here/out/python.wasm}"
mkdir -p "$(dirname "$out")"
out="$(cd "$(dirname "$out")" && pwd)/$(basename "$out")"

# A cross build runs Python scripts of its own version (freezing the
# bootstrap modules, generating sysconfig data) with --with-build-python,
# so a native build of the same source comes first, kept in the cache.
cpython_native_interpreter

# The wasm build's directory sits beside the source so that configure can
# be run by a relative path: CPython compiles the path to its source
# (VPATH) into the interpreter, and a relative one is the same on every
# machine. Its name is this process's, so two builds can run at once.
work="$(mktemp -d)"
cross="$pycache/cross.$$"
trap 'rm -rf "$work" "$cross"' EXIT
rm -rf "$cross"
mkdir -p "$cross"

# __DATE__ and __TIME__ (sys.version's build date) come from the source's
# own date, so the same source always gives the same module (clang-16 reads
# SOURCE_DATE_EPOCH).
SOURCE_DATE_EPOCH="$(stat -c %Y "$src/configure")"
export SOURCE_DATE_EPOCH

# README.md's flag table explains each of these.
wasm_cc="clang-16 --target=wasm32-wasi --sysroot=/usr"
wasm_features="-msign-ext -mnontrapping-fptoint -mmutable-globals"
(
	cd "$cross"
	CONFIG_SITE="$here/config.site" \
		CC="$wasm_cc" CPP="$wasm_cc -E" AR=llvm-ar-16 RANLIB=llvm-ranlib-16 \
		OPT="-O2" \
		CFLAGS="$wasm_features -ffile-prefix-map=$cross=. -ffile-prefix-map=$src=." \
		LDFLAGS="-Wl,--strip-debug" \
		PKG_CONFIG_LIBDIR="$work/no-pkgconfig" PKG_CONFIG_PATH="" \
		../src/configure -q \
		--host=wasm32-wasi --build=x86_64-linux-gnu \
		--with-build-python="$native/python" \
		--prefix=/usr/local \
		--disable-test-modules \
		--without-ensurepip \
		>configure.log 2>&1 ||
		{ cat configure.log config.log | tail -40 >&2; echo "build.sh: configure failed" >&2; exit 1; }
	# glue/fuel.c joins the interpreter's link (LINKFORSHARED is empty
	# for WASI and sits on that command line alone) to keep the fuel
	# import the instrumenter needs.
	clang-16 --target=wasm32-wasi --sysroot=/usr -O2 $wasm_features \
		-c -o "$work/fuel.o" "$here/glue/fuel.c"
	make python.wasm pybuilddir.txt LINKFORSHARED="$work/fuel.o" >make.log 2>&1 ||
		{ tail -40 make.log >&2; echo "build.sh: make failed" >&2; exit 1; }
)

# The standard library: compiled by the build Python (same bytecode),
# packed by a Go program (the build Python has no zlib for zipfile's CRC).
# The sysconfig data records the configure command and the Makefile's
# variables, build directories included: those become fixed names.
sysconfigdata="$(cd "$cross/$(cat "$cross/pybuilddir.txt")" && echo _sysconfigdata_*.py)"
sed -e "s|$cross|/build/wasm|g" -e "s|$pycache|/build|g" -e "s|$work|/build/tmp|g" -e "s|$here|/recipe|g" \
	"$cross/$(cat "$cross/pybuilddir.txt")/$sysconfigdata" >"$work/$sysconfigdata"
"$native/python" -S "$here/stdlib.py" "$src/Lib" "$work/pyc" "$work/$sysconfigdata"
(cd "$root" && go run ./wasm/python/build/stdlibzip -dir "$work/pyc" -out "$work/python313.zip")

cp "$cross/python.wasm" "$out"
cp "$work/python313.zip" "$(dirname "$out")/python313.zip"
sha256sum "$out" "$(dirname "$out")/python313.zip"
