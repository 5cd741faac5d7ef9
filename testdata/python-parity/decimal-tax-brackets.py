from decimal import Decimal

BRACKETS = [
    (Decimal("11600"), Decimal("0.10")),
    (Decimal("47150"), Decimal("0.12")),
    (Decimal("100525"), Decimal("0.22")),
    (Decimal("191950"), Decimal("0.24")),
    (Decimal("243725"), Decimal("0.32")),
    (Decimal("609350"), Decimal("0.35")),
    (None, Decimal("0.37")),
]

def tax(income):
    income = Decimal(income)
    owed = Decimal(0)
    lower = Decimal(0)
    parts = []
    for upper, rate in BRACKETS:
        top = income if upper is None else min(income, upper)
        if top <= lower:
            break
        chunk = (top - lower) * rate
        parts.append((f"{rate:.0%}", chunk.quantize(Decimal("0.01"))))
        owed += chunk
        lower = upper if upper is not None else lower
    return owed.quantize(Decimal("0.01")), parts

out = {}
for income in ["9500", "52000", "150000.50", "750000"]:
    owed, parts = tax(income)
    eff = owed / Decimal(income) * 100
    out[income] = {"tax": str(owed), "effective": f"{eff:.2f}%"}
    print(f"{Decimal(income):>12,.2f} -> {owed:>11,.2f} ({eff:.2f}%)  {parts}")
return out
