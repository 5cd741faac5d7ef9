config = {
    "server": {"host": "0.0.0.0", "port": 8080, "tls": {"enabled": True, "cert": "/etc/cert.pem"}},
    "database": {"url": "postgres://db/app", "pool": {"min": 2, "max": 10}},
    "features": ["search", "export"],
    "debug": False,
}

def flatten(d, prefix=""):
    out = {}
    for key, value in d.items():
        path = f"{prefix}.{key}" if prefix else key
        if isinstance(value, dict):
            out.update(flatten(value, path))
        elif isinstance(value, list):
            for i, item in enumerate(value):
                out[f"{path}[{i}]"] = item
        else:
            out[path] = value
    return out

def unflatten(flat):
    root = {}
    for path, value in flat.items():
        if "[" in path:
            continue
        parts = path.split(".")
        node = root
        for p in parts[:-1]:
            node = node.setdefault(p, {})
        node[parts[-1]] = value
    return root

flat = flatten(config)
for k, v in flat.items():
    print(f"{k} = {v!r}")
back = unflatten(flat)
print(back["server"]["tls"] == config["server"]["tls"])
return flat
