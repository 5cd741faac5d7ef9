from fractions import Fraction
from itertools import product
from math import comb

dice = range(1, 7)
outcomes = list(product(dice, repeat=2))
p_sum = {s: Fraction(sum(1 for a, b in outcomes if a + b == s), len(outcomes)) for s in range(2, 13)}
for s, p in p_sum.items():
    print(f"P(sum={s:>2}) = {str(p):>5} ≈ {float(p):.4f}")
print("total:", sum(p_sum.values()))
p_at_least_one_six_4 = 1 - Fraction(5, 6) ** 4
p_double_six_24 = 1 - Fraction(35, 36) ** 24
print("de Méré:", p_at_least_one_six_4, float(p_at_least_one_six_4), p_double_six_24 > Fraction(1, 2))
hands = comb(52, 5)
flush = 4 * comb(13, 5) - 40
print("P(flush) =", Fraction(flush, hands), f"{float(Fraction(flush, hands)):.6f}")
expected = sum(Fraction(a + b) for a, b in outcomes) / len(outcomes)
return {"p7": str(p_sum[7]), "expected": str(expected), "demere": [str(p_at_least_one_six_4), str(p_double_six_24)]}
