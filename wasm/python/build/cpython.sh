# CPython's pinned source and its native build, shared by build.sh (whose
# cross build runs build scripts with the native interpreter) and
# .ci/setup-cpython (the native interpreter the Python parity test compares
# the guest with). Sourced, not run: it defines the pins and functions below
# and changes nothing until one is called. README.md here explains the pins.
#
# A caller sets cpython_caller (its name, for messages) before calling.
# Honours CODERUN_WASM_CACHE and MAKEFLAGS.

# The source package: upstream's tarball as Debian ships it. Debian's own
# patches (the .debian.tar.xz) adapt CPython to Debian's file system layout
# and packaging and are not applied; the .dsc pins the whole package.
py_package="python3.13"
py_version="3.13.15-1"
py_suite="forky"
py_dsc="${py_package}_${py_version}.dsc"
py_dsc_sha256="4078ff651ea7096e6933f794b854054cda195d600e02ac83306cee524da31b87"
py_orig="${py_package}_${py_version%-*}.orig.tar.xz"
py_orig_sha256="1e66a7945a48390ee4c2a4268a0e4185884059a13c4aab6d148aa208deea4a76"

cpython_cache="${CODERUN_WASM_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/coderun-wasm}/cpython-${py_version}"
# The unpacked source and the native build: tools kept between builds.
cpython_src="$cpython_cache/src"
cpython_native="$cpython_cache/native"

# Optimisation of the native build: the guest's (-O2), so that the native
# interpreter bench/ compares the guest with differs from it only in being
# native. The extension modules setup-cpython adds are built with the same
# flags as the interpreter, so the tree stays consistent.
cpython_native_opt="-DNDEBUG -O2"

# Downloads the pinned source package into the cache with apt, using a
# private state directory so the machine's apt configuration is never read
# or changed (as wasm/build/build.sh does for qjs-src). Exits with status 3
# when the archive no longer has it.
# private_apt DIR LINE prepares an apt state of its own in DIR whose only
# source is LINE, and sets apt_opts to the options that make apt-get use
# it: the machine's apt configuration is never read or changed.
private_apt() {
	local apt="$1"
	mkdir -p "$apt/lists/partial" "$apt/archives/partial"
	: >"$apt/status"
	echo "$2" >"$apt/sources.list"
	apt_opts=(
		-o "Dir::Etc::SourceList=$apt/sources.list"
		-o "Dir::Etc::SourceParts=/dev/null"
		-o "Dir::State::Lists=$apt/lists"
		-o "Dir::State::status=$apt/status"
		-o "Dir::Cache=$apt"
		-o "Dir::Cache::archives=$apt/archives"
		-o "APT::Sandbox::User=root"
		-o "APT::Architecture=amd64"
	)
}

cpython_download() {
	private_apt "$cpython_cache/apt" "deb-src [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian $py_suite main"
	local opts=("${apt_opts[@]}")
	# Debian's testing suite moves on and drops old pool files: a failed
	# download is not a build failure but a pin to move (README.md).
	if ! apt-get "${opts[@]}" update -qq ||
		! (cd "$cpython_cache" && apt-get "${opts[@]}" source --download-only -qq "$py_package=$py_version" >/dev/null); then
		echo "$cpython_caller: cannot download $py_package=$py_version from Debian's $py_suite suite;" \
			"the pinned CPython source may have left the archive (wasm/python/build/README.md says how to move to a new version)" >&2
		exit 3
	fi
}

cpython_pinned() {
	echo "$py_dsc_sha256  $cpython_cache/$py_dsc" | sha256sum -c --quiet - >/dev/null 2>&1 &&
		echo "$py_orig_sha256  $cpython_cache/$py_orig" | sha256sum -c --quiet - >/dev/null 2>&1
}

# Makes sure the pinned source is downloaded, verified and unpacked in
# $cpython_src.
cpython_source() {
	mkdir -p "$cpython_cache"
	if ! cpython_pinned; then
		cpython_download
		cpython_pinned || { echo "$cpython_caller: $py_dsc or $py_orig does not match the pinned sha256" >&2; exit 1; }
	fi
	if [[ ! -f "$cpython_src/.unpacked" ]]; then
		rm -rf "$cpython_src"
		mkdir -p "$cpython_src"
		tar -xJf "$cpython_cache/$py_orig" -C "$cpython_src" --strip-components=1
		touch "$cpython_src/.unpacked"
	fi
}

# Makes sure $cpython_native/python exists: the interpreter alone (make
# python, no extension modules), which is all a cross build needs.
cpython_native_interpreter() {
	cpython_source
	if [[ ! -x "$cpython_native/python" ]]; then
		rm -rf "$cpython_native"
		mkdir -p "$cpython_native"
		(cd "$cpython_native" && "$cpython_src/configure" -q --disable-test-modules >configure.log 2>&1 &&
			make python OPT="$cpython_native_opt" >make.log 2>&1) ||
			{ echo "$cpython_caller: the native build Python failed; see $cpython_native/*.log" >&2; exit 1; }
	fi
}

# Makes sure the native tree is fully built (make all: the interpreter and
# every extension module the build machine's libraries allow), as a test
# that runs programs natively needs. The stamp records that it finished.
cpython_native_all() {
	cpython_native_interpreter
	if [[ ! -f "$cpython_native/.all-built" ]]; then
		(cd "$cpython_native" && make OPT="$cpython_native_opt" >make-all.log 2>&1) ||
			{ tail -30 "$cpython_native/make-all.log" >&2; echo "$cpython_caller: building the native extension modules failed; see $cpython_native/make-all.log" >&2; exit 1; }
		touch "$cpython_native/.all-built"
	fi
}
