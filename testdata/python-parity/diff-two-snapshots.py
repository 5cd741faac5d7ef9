before = {
    "web-1": {"cpu": 2, "mem": 4096, "image": "app:1.4.0"},
    "web-2": {"cpu": 2, "mem": 4096, "image": "app:1.4.0"},
    "worker-1": {"cpu": 4, "mem": 8192, "image": "worker:2.1"},
    "cache": {"cpu": 1, "mem": 2048, "image": "redis:7"},
}
after = {
    "web-1": {"cpu": 2, "mem": 4096, "image": "app:1.5.0"},
    "web-2": {"cpu": 4, "mem": 8192, "image": "app:1.5.0"},
    "worker-1": {"cpu": 4, "mem": 8192, "image": "worker:2.1"},
    "web-3": {"cpu": 2, "mem": 4096, "image": "app:1.5.0"},
}
added = sorted(after.keys() - before.keys())
removed = sorted(before.keys() - after.keys())
changed = {}
for name in sorted(before.keys() & after.keys()):
    delta = {k: [before[name][k], after[name][k]] for k in before[name] if before[name][k] != after[name].get(k)}
    if delta:
        changed[name] = delta
print("added:  ", added)
print("removed:", removed)
for name, delta in changed.items():
    for field, (old, new) in delta.items():
        print(f"~ {name}.{field}: {old} -> {new}")
return {"added": added, "removed": removed, "changed": changed}
