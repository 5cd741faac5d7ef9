transactions = [
    ("2024-01-02", "deposit", 1500.00),
    ("2024-01-05", "withdrawal", 200.00),
    ("2024-01-09", "fee", 2.50),
    ("2024-01-15", "withdrawal", 1400.00),
    ("2024-01-20", "deposit", 300.00),
    ("2024-01-28", "interest", 0.73),
]
balance = 0.0
low = None
ledger = []
for date, kind, amount in transactions:
    sign = 1 if kind in ("deposit", "interest") else -1
    balance = round(balance + sign * amount, 2)
    if low is None or balance < low[1]:
        low = (date, balance)
    ledger.append((date, kind, sign * amount, balance))
    print(f"{date}  {kind:<10} {sign * amount:>9.2f}  {balance:>9.2f}{'  OVERDRAWN' if balance < 0 else ''}")
print(f"lowest balance {low[1]:.2f} on {low[0]}")
return {"final": balance, "lowest": list(low), "overdrawn_days": [d for d, _, _, b in ledger if b < 0]}
