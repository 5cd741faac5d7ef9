#!/usr/bin/env bash
# Builds CPython for wasm32-wasi from Debian's python3.13 source package,
# and the zip of its compiled standard library. README.md here explains
# every choice. The result is a reactor implementing wasm/build/ABI.md:
# CPython, the C glue in glue/ and, in the zip, the Python runtime in
# ../guest/ (with --plain, CPython alone, as a WASI command).
#
#   wasm/python/build/build.sh                  build wasm/python/python.wasm.gz and python313.zip
#   wasm/python/build/build.sh DIR/NAME.wasm.gz build DIR/NAME.wasm.gz and DIR/python313.zip
#   wasm/python/build/build.sh --plain OUT.wasm build the same interpreter as a plain WASI
#                                               command: no glue, instrumentation or snapshot
#                                               (bench/ runs it to tell wazero's cost from
#                                               coderun's)
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

plain=""
if [[ "${1:-}" == --plain ]]; then
	plain=1
	shift
	[[ $# == 1 ]] || { echo "build.sh: --plain needs the output file: build.sh --plain OUT.wasm" >&2; exit 2; }
fi
out="${1:-$here/../python.wasm.gz}"
mkdir -p "$(dirname "$out")"
out="$(cd "$(dirname "$out")" && pwd)/$(basename "$out")"

# A cross build runs Python scripts of its own version (freezing the
# bootstrap modules, generating sysconfig data) with --with-build-python,
# so a native build of the same source comes first, kept in the cache.
cpython_native_interpreter

# The IANA time zone database for zoneinfo: Debian's tzdata and
# tzdata-legacy (the backward-compatible names, such as US/Eastern, that
# programs still use), data packages of the same suite, pinned the same
# way and fetched with a private apt state of their own.
tz_version="2026f-1"
tz_deb="tzdata_${tz_version}_all.deb"
tz_deb_sha256="7ef210d4dfaca780b16cfbd307c4a38d0408b24e6774bde541a45b8ffe742b9f"
tz_legacy_deb="tzdata-legacy_${tz_version}_all.deb"
tz_legacy_deb_sha256="2b9bd58b650d46ba501cc89b5ca3b1bc80ffbf594dfc98975475be2416760704"

tz_pinned() {
	echo "$tz_deb_sha256  $pycache/$tz_deb" | sha256sum -c --quiet - >/dev/null 2>&1 &&
		echo "$tz_legacy_deb_sha256  $pycache/$tz_legacy_deb" | sha256sum -c --quiet - >/dev/null 2>&1
}

if [[ -z "$plain" ]] && ! tz_pinned; then
	private_apt "$pycache/apt-tzdata" "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian $py_suite main"
	opts=("${apt_opts[@]}")
	if ! apt-get "${opts[@]}" update -qq ||
		! (cd "$pycache" && apt-get "${opts[@]}" download -qq "tzdata=$tz_version" "tzdata-legacy=$tz_version" >/dev/null); then
		echo "build.sh: cannot download tzdata=$tz_version from Debian's $py_suite suite;" \
			"a pinned package may have left the archive (wasm/python/build/README.md says how to move to a new version)" >&2
		exit 3
	fi
	tz_pinned || { echo "build.sh: $tz_deb or $tz_legacy_deb does not match the pinned sha256" >&2; exit 1; }
fi

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
		--with-pymalloc \
		>configure.log 2>&1 ||
		{ cat configure.log config.log | tail -40 >&2; echo "build.sh: configure failed" >&2; exit 1; }
	if [[ -n "$plain" ]]; then
		# CPython's own main, as make links it for WASI by default: the
		# interpreter coderun runs, without anything coderun adds to it.
		make python.wasm >make.log 2>&1 ||
			{ tail -40 make.log >&2; echo "build.sh: make failed" >&2; exit 1; }
	else
		# The glue joins the interpreter's link through LINKFORSHARED
		# (empty for WASI, and on that command line alone), with
		# -mexec-model=reactor: the module exports the glue's
		# coderun_entry and _initialize instead of running main
		# (Programs/python.o's main stays unreferenced).
		clang-16 --target=wasm32-wasi --sysroot=/usr -O2 $wasm_features \
			-ffile-prefix-map="$here=." -I"$src/Include" -I. \
			-c -o "$work/glue.o" "$here/glue/glue.c"
		make python.wasm pybuilddir.txt LINKFORSHARED="$work/glue.o -mexec-model=reactor" >make.log 2>&1 ||
			{ tail -40 make.log >&2; echo "build.sh: make failed" >&2; exit 1; }
	fi
)
if [[ -n "$plain" ]]; then
	cp "$cross/python.wasm" "$out"
	echo "build.sh: wrote $out"
	exit 0
fi

# The standard library: compiled by the build Python (same bytecode),
# packed by a Go program (the build Python has no zlib for zipfile's CRC).
# The sysconfig data records the configure command and the Makefile's
# variables, build directories included: those become fixed names.
sysconfigdata="$(cd "$cross/$(cat "$cross/pybuilddir.txt")" && echo _sysconfigdata_*.py)"
sed -e "s|$cross|/build/wasm|g" -e "s|$pycache|/build|g" -e "s|$work|/build/tmp|g" -e "s|$here|/recipe|g" \
	"$cross/$(cat "$cross/pybuilddir.txt")/$sysconfigdata" >"$work/$sysconfigdata"
"$native/python" -S "$here/stdlib.py" "$src/Lib" "$work/pyc" "$work/$sysconfigdata" "$here"/../guest/*.py
dpkg-deb -x "$pycache/$tz_deb" "$work/tzdata"
dpkg-deb -x "$pycache/$tz_legacy_deb" "$work/tzdata"
"$native/python" -S "$here/tzdata.py" "$work/tzdata/usr/share/zoneinfo" "$work/pyc" "${tz_version%-*}"
# The zip the guest reads (stored), in the file system the snapshot step
# serves; and the copy for the repository, deflated (pythonwasm.Store
# stores the entries again at run time, since the guest has no zlib).
mkdir -p "$work/fs/usr/local/lib"
(cd "$root" && go run ./wasm/python/build/stdlibzip -dir "$work/pyc" -out "$work/fs/usr/local/lib/python313.zip")
(cd "$root" && go run ./wasm/python/build/stdlibzip -deflate -dir "$work/pyc" -out "$work/python313.zip")

# Fuel counters in every loop, and no indirect calls (as for QuickJS-ng:
# wasm/build/README.md explains both).
(cd "$root" && go run ./wasm/build/instrument -reject-passive-data -direct-calls \
	-in "$cross/python.wasm" -out "$work/python.instrumented.wasm")

# The snapshot: the interpreter initialised, the runtime and the modules
# programs import most loaded (_coderun.py's _WARM), with a fixed clock and
# random source, baked into the data section. Gzipped (-n: no name or
# time in the header), since 13 MiB of module is over the size a committed
# binary may have; pythonwasm.Binary decompresses it once per process.
(cd "$root" && go run ./wasm/build/snapshot -files "$work/fs" \
	-in "$work/python.instrumented.wasm" -out "$work/python.wasm")
gzip -9 -n -c "$work/python.wasm" >"$out"
cp "$work/python313.zip" "$(dirname "$out")/python313.zip"
sha256sum "$out" "$(dirname "$out")/python313.zip"

# The committed outputs record the inputs they were built from (CI's
# check rebuilds only when these differ).
if [[ "$out" == "$(cd "$here/.." && pwd)/python.wasm.gz" ]]; then
	{
		echo "inputs $("$here/inputs.sh")"
		echo "python.wasm.gz $(sha256sum <"$out" | cut -d' ' -f1)"
		echo "python313.zip $(sha256sum <"$(dirname "$out")/python313.zip" | cut -d' ' -f1)"
	} >"$here/inputs.sha256"
fi
