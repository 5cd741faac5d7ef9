#!/usr/bin/env bash
# Downloads and unpacks the CLDR JSON packages that gen reads, at the
# version gen's cldrVersion names (Node 20's ICU 78 carries CLDR 48), into
# DIR. npm checks each tarball against the registry's integrity hash.
#
#   internal/intl/gen/fetch.sh /tmp/cldr
#   go run ./internal/intl/gen -src /tmp/cldr
set -euo pipefail
dir=${1:?usage: fetch.sh DIR}
version=48.0.0
mkdir -p "$dir"
cd "$dir"
# cldr-bcp47 (time zone IDs and aliases) skipped 48.0.0; 48.2.0 has the
# same zones. The Buddhist calendar's era names were last published in
# cldr-cal-buddhist-modern 43.1.0; they have not changed since.
for spec in cldr-core@$version cldr-numbers-full@$version cldr-dates-full@$version cldr-misc-full@$version cldr-localenames-full@$version cldr-units-full@$version cldr-bcp47@48.2.0 cldr-cal-buddhist-modern@43.1.0; do
	pkg=${spec%@*}
	tgz=$(npm pack --silent "$spec")
	mkdir -p "$pkg"
	tar xzf "$tgz" -C "$pkg" --strip-components=1
	rm "$tgz"
done
