from collections import defaultdict

orders = [
    {"id": 1, "region": "north", "customer": "acme", "amount": 120.50},
    {"id": 2, "region": "south", "customer": "globex", "amount": 75.00},
    {"id": 3, "region": "north", "customer": "initech", "amount": 310.25},
    {"id": 4, "region": "east", "customer": "acme", "amount": 42.10},
    {"id": 5, "region": "south", "customer": "umbrella", "amount": 199.99},
    {"id": 6, "region": "east", "customer": "globex", "amount": 88.00},
    {"id": 7, "region": "north", "customer": "acme", "amount": 15.75},
]

totals = defaultdict(float)
counts = defaultdict(int)
for order in orders:
    totals[order["region"]] += order["amount"]
    counts[order["region"]] += 1

summary = []
for region in sorted(totals, key=totals.get, reverse=True):
    avg = totals[region] / counts[region]
    summary.append({"region": region, "orders": counts[region], "total": round(totals[region], 2), "average": round(avg, 2)})
    print(f"{region:<6} {counts[region]:>3} orders  total={totals[region]:>8.2f}  avg={avg:.2f}")

return summary
