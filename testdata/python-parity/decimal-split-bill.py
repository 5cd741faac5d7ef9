from decimal import Decimal, ROUND_DOWN

def split(amount, people):
    amount = Decimal(amount)
    share = (amount / people).quantize(Decimal("0.01"), rounding=ROUND_DOWN)
    shares = [share] * people
    remainder = amount - share * people
    i = 0
    while remainder > 0:
        shares[i] += Decimal("0.01")
        remainder -= Decimal("0.01")
        i += 1
    return shares

cases = [("100.00", 3), ("10.00", 7), ("0.05", 4), ("1234.57", 6)]
out = {}
for amount, n in cases:
    shares = split(amount, n)
    assert sum(shares) == Decimal(amount)
    out[f"{amount}/{n}"] = [str(s) for s in shares]
    print(f"{amount} / {n} -> {', '.join(map(str, shares))}")
print(0.1 + 0.2, Decimal("0.1") + Decimal("0.2"), Decimal(0.1))
return out
