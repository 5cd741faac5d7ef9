"""Adds the IANA time zone database to the guest's standard library.

Run by the native build Python, as: tzdata.py ZONEINFO_DIR OUT_DIR VERSION

zoneinfo looks for zones on TZPATH (the guest has no /usr/share/zoneinfo)
and then in the `tzdata` package, as importlib resources. This writes that
package into OUT_DIR (which stdlibzip packs): every TZif file of
ZONEINFO_DIR (Debian's tzdata and tzdata-legacy, links resolved to the
file they name; not posix/ or right/) as
tzdata/zoneinfo/<zone>, an empty __init__.pyc in each directory so each is
a package resources can be read from, and tzdata/zones, the list
zoneinfo.available_timezones() reads.
"""

import os
import sys

from stdlib import compile_source as compile_module


def main(zoneinfo, out, version):
    root = os.path.join(out, "tzdata")
    compile_module(
        f'"""The IANA time zone database {version}, from Debian\'s tzdata package."""\nIANA_VERSION = {version!r}\n'.encode(),
        "tzdata/__init__.py", out)
    zones = []
    for dirpath, dirs, files in os.walk(zoneinfo, followlinks=False):
        # posix/ repeats every zone; right/ counts leap seconds, which
        # datetime does not.
        dirs[:] = sorted(d for d in dirs if dirpath != zoneinfo or d not in ("posix", "right"))
        rel_dir = os.path.relpath(dirpath, zoneinfo)
        for name in sorted(files):
            path = os.path.join(dirpath, name)
            with open(path, "rb") as f:  # follows a link to the zone it names
                data = f.read()
            if not data.startswith(b"TZif"):
                continue  # zone.tab, tzdata.zi, leap seconds: not zones
            zone = os.path.normpath(os.path.join(rel_dir, name))
            if zone in ("posixrules", "localtime", "Factory"):
                continue
            dest = os.path.join(root, "zoneinfo", zone)
            os.makedirs(os.path.dirname(dest), exist_ok=True)
            with open(dest, "wb") as f:
                f.write(data)
            zones.append(zone)
    for dirpath, dirs, files in os.walk(os.path.join(root, "zoneinfo")):
        rel = os.path.relpath(os.path.join(dirpath, "__init__.py"), out)
        compile_module(b"", rel, out)
    with open(os.path.join(root, "zones"), "w") as f:
        f.write("\n".join(sorted(zones)) + "\n")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], sys.argv[3])
