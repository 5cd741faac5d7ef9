rows = [
    {"path": "root/eng/backend", "cost": 1200},
    {"path": "root/eng/frontend", "cost": 800},
    {"path": "root/eng/backend/db", "cost": 450},
    {"path": "root/sales", "cost": 600},
    {"path": "root/sales/emea", "cost": 300},
    {"path": "root/ops", "cost": 250},
]
totals = {}
for r in rows:
    parts = r["path"].split("/")
    for i in range(1, len(parts) + 1):
        key = "/".join(parts[:i])
        totals[key] = totals.get(key, 0) + r["cost"]

def show(prefix, depth):
    children = sorted(k for k in totals if k.startswith(prefix + "/") and k.count("/") == prefix.count("/") + 1)
    for c in children:
        print("  " * depth + f"{c.rsplit('/', 1)[1]}: {totals[c]}")
        show(c, depth + 1)

print(f"root: {totals['root']}")
show("root", 1)
return dict(sorted(totals.items()))
