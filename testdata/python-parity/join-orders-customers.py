customers = [
    {"id": 10, "name": "Acme Corp", "tier": "gold"},
    {"id": 11, "name": "Bolt LLC", "tier": "silver"},
    {"id": 12, "name": "Crate Inc", "tier": "bronze"},
]
orders = [
    {"order": "O-1", "customer_id": 10, "total": 250},
    {"order": "O-2", "customer_id": 12, "total": 40},
    {"order": "O-3", "customer_id": 10, "total": 125},
    {"order": "O-4", "customer_id": 99, "total": 60},
    {"order": "O-5", "customer_id": 11, "total": 310},
]
discount = {"gold": 0.10, "silver": 0.05, "bronze": 0.0}

by_id = {c["id"]: c for c in customers}
joined, orphans = [], []
for o in orders:
    c = by_id.get(o["customer_id"])
    if c is None:
        orphans.append(o["order"])
        continue
    net = o["total"] * (1 - discount[c["tier"]])
    joined.append({**o, "customer": c["name"], "tier": c["tier"], "net": round(net, 2)})

for j in joined:
    print(f"{j['order']} {j['customer']:<10} {j['tier']:<6} {j['total']:>5} -> {j['net']:>7.2f}")
print("orphan orders:", orphans)
spend = {}
for j in joined:
    spend[j["customer"]] = spend.get(j["customer"], 0) + j["net"]
return {"joined": joined, "orphans": orphans, "spend": spend}
