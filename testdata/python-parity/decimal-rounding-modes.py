from decimal import Decimal, ROUND_HALF_UP, ROUND_HALF_EVEN, ROUND_HALF_DOWN, ROUND_UP, ROUND_DOWN, ROUND_CEILING, ROUND_FLOOR, ROUND_05UP

values = ["2.345", "2.355", "-2.345", "0.125", "1.005", "-0.5"]
modes = [ROUND_HALF_UP, ROUND_HALF_EVEN, ROUND_HALF_DOWN, ROUND_UP, ROUND_DOWN, ROUND_CEILING, ROUND_FLOOR, ROUND_05UP]
table = {}
print(f"{'value':>7} " + " ".join(f"{m[6:]:>9}" for m in modes))
for v in values:
    row = [Decimal(v).quantize(Decimal("0.01"), rounding=m) for m in modes]
    table[v] = [str(x) for x in row]
    print(f"{v:>7} " + " ".join(f"{str(x):>9}" for x in row))
print("float round:", [round(float(v), 2) for v in values])
print("round(Decimal):", round(Decimal("2.675"), 2), round(Decimal("2.5")), round(Decimal("3.5")))
return table
