from fractions import Fraction
import math

def egyptian(fr):
    parts = []
    while fr.numerator:
        d = -(-fr.denominator // fr.numerator)
        parts.append(Fraction(1, d))
        fr -= Fraction(1, d)
    return parts

def continued(fr, limit=12):
    terms = []
    while len(terms) < limit:
        whole = fr.numerator // fr.denominator
        terms.append(whole)
        fr -= whole
        if fr == 0:
            break
        fr = 1 / fr
    return terms

for f in [Fraction(4, 13), Fraction(7, 15), Fraction(5, 121)]:
    print(f, "=", " + ".join(map(str, egyptian(f))))
pi_approx = Fraction(math.pi)
print(continued(pi_approx, 6), [str(pi_approx.limit_denominator(d)) for d in (10, 100, 1000, 100000)])
print(Fraction(3, 4) ** 2, Fraction(-7, 3) // 2, Fraction(-7, 3) % 2, round(Fraction(7, 2)), round(Fraction(5, 2)), math.floor(Fraction(-1, 3)))
print(Fraction(1, 3).as_integer_ratio(), Fraction(6, 4).is_integer(), f"{Fraction(1, 3):.5f}")
return [str(x) for x in egyptian(Fraction(4, 13))]
