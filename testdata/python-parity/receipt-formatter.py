items = [
    ("Organic bananas", 2, 0.69),
    ("Whole milk 1 gal", 1, 4.29),
    ("Sourdough loaf", 1, 5.50),
    ("Free-range eggs (dozen)", 2, 3.99),
    ("Dark chocolate 85%", 3, 2.75),
]
TAX = 0.0825
WIDTH = 40

lines = []
lines.append("GREEN GROCER".center(WIDTH))
lines.append("=" * WIDTH)
subtotal = 0
for name, qty, price in items:
    total = qty * price
    subtotal += total
    label = name if len(name) <= 24 else name[:21] + "..."
    lines.append(f"{label:<24}{qty:>3} x{price:>5.2f}{total:>7.2f}")
tax = round(subtotal * TAX, 2)
lines.append("-" * WIDTH)
lines.append(f"{'Subtotal':<30}{subtotal:>10.2f}")
lines.append(f"{'Tax (8.25%)':<30}{tax:>10.2f}")
lines.append(f"{'TOTAL':<30}{subtotal + tax:>10.2f}")
for l in lines:
    print(l)
return {"subtotal": round(subtotal, 2), "tax": tax, "total": round(subtotal + tax, 2)}
