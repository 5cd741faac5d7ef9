import hashlib

files = {
    "README.md": b"# Project\n\nHello.\n",
    "main.py": b"print('hi')\n",
    "empty.txt": b"",
    "copy-of-main.py": b"print('hi')\n",
    "data.bin": bytes(range(256)) * 4,
}
digests = {}
for name, content in files.items():
    digests[name] = {
        "md5": hashlib.md5(content).hexdigest(),
        "sha1": hashlib.sha1(content).hexdigest()[:12],
        "sha256": hashlib.sha256(content).hexdigest(),
        "size": len(content),
    }
    print(f"{name:<16} {digests[name]['sha256'][:16]}…  {len(content):>5} B")
by_hash = {}
for name, d in digests.items():
    by_hash.setdefault(d["sha256"], []).append(name)
dupes = [names for names in by_hash.values() if len(names) > 1]
print("duplicates:", dupes)
h = hashlib.sha256()
for chunk in (b"Hello, ", b"World", b"!"):
    h.update(chunk)
print("incremental == one-shot:", h.hexdigest() == hashlib.sha256(b"Hello, World!").hexdigest())
return {"digests": digests, "duplicates": dupes}
