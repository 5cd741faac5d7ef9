#!/usr/bin/env bash
# Runs this directory's benchmarks on the host (the guest compiled to
# native code) and as a wasip1 module inside wazero's CLI (the guest on
# wazero's interpreter), in one go, and prints each metric of both with
# their ratio. The CLI is built from the wazero module go.mod names.
#
#   bench/wasip1/run.sh                     # cold start 200x, new Runtime 3x, each workload 1x
#   COLD=1000x NEW=5x WORK=3x bench/wasip1/run.sh
#   bench/wasip1/run.sh ColdStart NewRuntime   # only these
#
# On the interpreter inside a WASI host each workload takes minutes.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

go build -o "$tmp/wazero" github.com/tetratelabs/wazero/cmd/wazero
go test -c -o "$tmp/host.test" .
GOOS=wasip1 GOARCH=wasm go test -c -o "$tmp/wasip1.test" .

# Each benchmark as its own process on both sides, so neither pays for the
# other's garbage. wazero compiles the 30 MB test binary once into its
# cache directory (the one Go's go_wasip1_wasm_exec uses).
bench() { # side, -test.bench pattern, -test.benchtime
	case "$1" in
	host) "$tmp/host.test" -test.run '^$' -test.bench "$2" -test.benchtime "$3" ;;
	wasip1) "$tmp/wazero" run -mount /:/ -env PWD="$PWD" -cachedir "${TMPDIR:-/tmp}/wazero" \
		"$tmp/wasip1.test" -test.run '^$' -test.bench "$2" -test.benchtime "$3" ;;
	esac
}
declare -A times=([ColdStart]="${COLD:-200x}" [NewRuntime]="${NEW:-3x}" [Workload]="${WORK:-1x}")
names=("$@")
[[ ${#names[@]} -gt 0 ]] || names=(ColdStart NewRuntime Workload)
for side in host wasip1; do
	for name in "${names[@]}"; do
		bench "$side" "^Benchmark$name\$" "${times[$name]}"
	done
done | tee "$tmp/out.txt"

# Pair the host and wasip1 lines of each benchmark's custom metric.
echo
printf '%-40s %14s %14s %10s\n' benchmark host wasip1 ratio
awk '/^Benchmark/ {
	name = $1; sub(/-[0-9]+$/, "", name)
	for (i = 3; i < NF; i += 2) if ($(i+1) != "ns/op") { key = name " " $(i+1); v[key, n[key]++] = $i; order[key] = 1 }
}
END {
	for (key in order) if (n[key] == 2)
		printf "%-40s %14.1f %14.1f %9.0fx\n", key, v[key, 0], v[key, 1], v[key, 1] / v[key, 0]
}' "$tmp/out.txt" | sort
