#!/usr/bin/env bash
# Installs the toolchain build.sh needs from Debian bookworm's packages.
set -euo pipefail
# curl and xz-utils fetch and unpack wasi-libc's source (dlmalloc).
pkgs=(clang-16 lld-16 wasi-libc libclang-rt-16-dev-wasm32 curl xz-utils)
missing=()
for p in "${pkgs[@]}"; do
	dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if ((${#missing[@]})); then
	apt-get update -qq
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi
