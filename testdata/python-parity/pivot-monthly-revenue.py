rows = [
    ("2024-01", "web", 1200), ("2024-01", "store", 800), ("2024-01", "phone", 150),
    ("2024-02", "web", 1350), ("2024-02", "store", 760),
    ("2024-03", "web", 1500), ("2024-03", "store", 900), ("2024-03", "phone", 210),
    ("2024-04", "web", 1420), ("2024-04", "phone", 95),
]

months = sorted({m for m, _, _ in rows})
channels = sorted({c for _, c, _ in rows})
table = {m: {c: 0 for c in channels} for m in months}
for m, c, v in rows:
    table[m][c] += v

header = f"{'month':<8}" + "".join(f"{c:>8}" for c in channels) + f"{'total':>8}"
print(header)
print("-" * len(header))
for m in months:
    total = sum(table[m].values())
    print(f"{m:<8}" + "".join(f"{table[m][c]:>8}" for c in channels) + f"{total:>8}")
col_totals = {c: sum(table[m][c] for m in months) for c in channels}
print(f"{'total':<8}" + "".join(f"{col_totals[c]:>8}" for c in channels) + f"{sum(col_totals.values()):>8}")
return {"table": table, "totals": col_totals}
