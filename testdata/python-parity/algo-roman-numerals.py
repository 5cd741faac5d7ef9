ROMAN = [(1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"), (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")]

def to_roman(n):
    if not 0 < n < 4000:
        raise ValueError(f"{n} out of range 1..3999")
    out = []
    for value, sym in ROMAN:
        count, n = divmod(n, value)
        out.append(sym * count)
    return "".join(out)

def from_roman(s):
    values = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000}
    total = 0
    for a, b in zip(s, s[1:] + " "):
        v = values[a]
        total += -v if b != " " and values[b] > v else v
    if to_roman(total) != s:
        raise ValueError(f"{s!r} is not canonical")
    return total

nums = [1, 4, 9, 14, 40, 90, 400, 1994, 2024, 3999]
table = {n: to_roman(n) for n in nums}
print(table)
print([from_roman(r) for r in table.values()] == nums)
for bad in ["IIII", "MMMM", "IC", "XLII"]:
    try:
        print(bad, "->", from_roman(bad))
    except (ValueError, KeyError) as e:
        print(bad, "->", type(e).__name__, e)
try:
    to_roman(0)
except ValueError as e:
    print("ValueError:", e)
return {str(k): v for k, v in table.items()}
