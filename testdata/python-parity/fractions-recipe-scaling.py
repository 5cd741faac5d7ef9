from fractions import Fraction

recipe = {"flour (cups)": "2 1/4", "sugar (cups)": "3/4", "butter (cups)": "1/2", "eggs": "2", "vanilla (tsp)": "1 1/2", "salt (tsp)": "1/8"}

def parse_mixed(s):
    total = Fraction(0)
    for part in s.split():
        total += Fraction(part)
    return total

def format_mixed(f):
    whole, rem = divmod(f.numerator, f.denominator)
    if rem == 0:
        return str(whole)
    frac = f"{rem}/{f.denominator}"
    return f"{whole} {frac}" if whole else frac

for factor in (Fraction(1, 2), Fraction(3, 2), Fraction(3)):
    print(f"x{factor}:", ", ".join(f"{k} {format_mixed(parse_mixed(v) * factor)}" for k, v in recipe.items()))
total_cups = sum(parse_mixed(v) for k, v in recipe.items() if "cups" in k)
print("total cups:", total_cups, float(total_cups), format_mixed(total_cups))
print(Fraction(0.1), Fraction("0.1"), Fraction(0.1).limit_denominator(100), Fraction(355, 113) - Fraction("3.14159"))
return {k: format_mixed(parse_mixed(v) * 3) for k, v in recipe.items()}
