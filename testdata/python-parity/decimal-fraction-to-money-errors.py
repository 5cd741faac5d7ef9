from decimal import Decimal, ROUND_HALF_UP
from fractions import Fraction

payouts = {"alice": Fraction(1, 3), "bob": Fraction(1, 3), "carol": Fraction(1, 3)}
pool = Decimal("1000.00")
shares = {}
for name, frac in payouts.items():
    amount = pool * frac.numerator / frac.denominator
    shares[name] = amount.quantize(Decimal("0.01"), ROUND_HALF_UP)
print(shares)
leftover = pool - sum(shares.values())
print("leftover cents:", leftover)
shares["alice"] += leftover
print({k: str(v) for k, v in shares.items()}, sum(shares.values()))
print(Decimal(Fraction(3, 8).numerator) / Fraction(3, 8).denominator)
# Decimal and float do not mix in arithmetic:
try:
    pool * 1.5
except TypeError as e:
    print("TypeError:", e)
return {k: str(v) for k, v in shares.items()}
