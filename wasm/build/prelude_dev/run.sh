#!/usr/bin/env bash
# Dev harness for the prelude (wasm/build/prelude/*.js).
#
#   run.sh PROGRAM.js [-b SPEC]...   run one program (body of an async fn)
#   run.sh -e 'CODE' [-b SPEC]...    same, program given inline
#   run.sh check                     run every check below; exit 1 on failure
#
# The host is the real glue/glue.c compiled natively with gcc around host.c (a
# fake host on a virtual clock), built once into $DEV_DIR; the prelude is
# concatenated exactly as build.sh does and read at run time.
# QJS_SRC points at an unpacked QuickJS-ng source tree; unset, the source
# build.sh pins is unpacked into $DEV_DIR (build.sh --source).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
build="$(cd "$here/.." && pwd)"
dev="${DEV_DIR:-/tmp/coderun-prelude-dev}"
mkdir -p "$dev"
src="${QJS_SRC:-$dev/qjs/usr/src/quickjs-ng}"
if [[ ! -f "$src/quickjs.h" ]]; then
	echo "run.sh: unpacking the QuickJS-ng source into $dev/qjs" >&2
	src="$("$build/build.sh" --source "$dev/qjs")"
fi

host="$dev/host"
newest_glue="$(ls -t "$build"/glue/*.c "$build"/patches/*.patch | head -1)"
if [[ ! -x "$host" || "$here/host.c" -nt "$host" || "$newest_glue" -nt "$host" ]]; then
	# The glue includes "prelude.h"; this one points glue_prelude at the
	# buffer host.c loads, as a VLA lvalue so sizeof still works.
	echo '#define glue_prelude (*(char (*)[dev_prelude_len + 1])dev_prelude)' >"$dev/prelude.h"
	echo "run.sh: building $host" >&2
	# quickjs.c with build.sh's patches, found before the pristine one (in
	# its own directory: the pristine source may be under $dev/qjs).
	rm -rf "$dev/patched" && mkdir -p "$dev/patched" && cp "$src/quickjs.c" "$dev/patched/"
	for p in "$build"/patches/*.patch; do patch --quiet -d "$dev/patched" -p1 <"$p"; done
	gcc -O1 -g -D_GNU_SOURCE -w -I"$dev/patched" -I"$src" -I"$build/glue" -I"$dev" \
		-o "$host" "$here/host.c" "$src/libregexp.c" "$src/libunicode.c" "$src/dtoa.c" -lm
fi

cat "$build"/prelude/*.js >"$dev/prelude.js"

run() { "$host" "$dev/prelude.js" "$@"; }

case "${1:-}" in
-e)
	shift
	printf '%s\n' "$1" >"$dev/inline.js"
	shift
	run "$dev/inline.js" "$@"
	;;
check)
	status=0
	# 1. console formatting against Node.
	node "$here/format-compare.js" "$host" "$dev/prelude.js" || status=1
	# 2. behaviour checks. A check whose first line is "// compare: node"
	# must print the same under Node; the others have their expected
	# output next to them (NAME.out). "// bind: SPEC..." adds -b flags.
	for t in "$here"/checks/*.js; do
		args=()
		flags="$(sed -n 's|^// bind: ||p' "$t")"
		for f in $flags; do args+=(-b "$f"); done
		got="$(run "$t" "${args[@]}" 2>&1 || true)"
		if [[ "$(head -1 "$t")" == "// compare: node" ]]; then
			exp="$(node "$here/node-run.js" "$t" 2>&1 || true)"
			got="$(printf '%s\n' "$got" | grep -v '^=> RESULT undefined$' || true)"
		else
			exp="$(cat "${t%.js}.out" 2>/dev/null || echo '(missing .out file)')"
		fi
		if diff -u <(printf '%s\n' "$exp") <(printf '%s\n' "$got") >"$dev/diff.txt"; then
			echo "ok   $(basename "$t")"
		else
			echo "FAIL $(basename "$t")"
			head -60 "$dev/diff.txt"
			status=1
		fi
	done
	exit $status
	;;
*)
	run "$@"
	;;
esac
