from decimal import Decimal

rows = [("coffee", "3.50"), ("bagel", "2.25"), ("juice", "4,75")]
total = Decimal(0)
for name, price in rows:
    print(f"adding {name}")
    total += Decimal(price)
return str(total)
