"""Compiles CPython's standard library for the wasm guest.

Run by the native build Python of the same version (its bytecode is the
guest's), as: stdlib.py LIB_DIR OUT_DIR [EXTRA.py ...]

Every .py under LIB_DIR (less the parts in EXCLUDE) and every EXTRA file
(the cross build's _sysconfigdata module) becomes OUT_DIR/<path>.pyc: an
unchecked hash-based pyc (PEP 552), so the bytes hold no timestamp and the
importer never looks for a source to compare with. Code objects name their
file by its path inside the library (json/decoder.py), which is what a
guest's traceback shows. stdlibzip then packs OUT_DIR into the zip.
"""

import importlib._bootstrap_external as bootstrap
import importlib.util
import os
import sys

# Parts of Lib that cannot work in the guest or that no program needs,
# each with its reason. README.md lists them too.
EXCLUDE = {
    "test": "CPython's test suite",
    "idlelib": "IDLE, a Tk GUI",
    "tkinter": "needs _tkinter (Tk)",
    "turtle.py": "needs tkinter",
    "turtledemo": "needs tkinter",
    "ensurepip": "installs pip: no subprocess, no network",
    "venv": "creates virtual environments on disk",
    "pydoc_data": "help() topics: 570 KiB nobody reads in a sandbox",
    "site-packages": "no third-party packages",
    "__phello__": "a sample package for the freezing tests",
    "_pyrepl": "the interactive REPL: needs a terminal",
    "curses": "needs _curses",
    "sqlite3": "needs _sqlite3 (SQLite)",
    "ctypes": "needs _ctypes (libffi)",
    "multiprocessing": "needs processes",
    "dbm": "dbm.dumb alone would work, but needs a writable filesystem",
}


def main(lib, out, extras):
    for root, dirs, files in os.walk(lib):
        rel_root = os.path.relpath(root, lib)
        dirs[:] = sorted(d for d in dirs
                         if d != "__pycache__" and
                         os.path.normpath(os.path.join(rel_root, d)) not in EXCLUDE)
        for name in sorted(files):
            rel = os.path.normpath(os.path.join(rel_root, name))
            if name.endswith(".py") and rel not in EXCLUDE:
                compile_file(os.path.join(root, name), rel, out)
    for path in extras:
        compile_file(path, os.path.basename(path), out)


def compile_file(path, rel, out):
    with open(path, "rb") as f:
        compile_source(f.read(), rel, out)


def compile_source(source, rel, out):
    """Writes source, compiled as the module at rel, to out/<rel>.pyc."""
    code = compile(source, rel, "exec", dont_inherit=True, optimize=0)
    data = bootstrap._code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False)
    dest = os.path.join(out, rel[:-3] + ".pyc")
    os.makedirs(os.path.dirname(dest), exist_ok=True)
    with open(dest, "wb") as f:
        f.write(data)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], sys.argv[3:])
