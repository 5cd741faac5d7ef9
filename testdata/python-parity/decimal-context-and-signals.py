from decimal import Decimal, localcontext, DivisionByZero, Inexact, Rounded, ROUND_CEILING, getcontext
import decimal

with localcontext() as ctx:
    ctx.prec = 6
    print("1/7 at prec 6:", Decimal(1) / Decimal(7))
    ctx.rounding = ROUND_CEILING
    print("ceil 2/3:", Decimal(2) / Decimal(3))
print("1/7 default:", Decimal(1) / Decimal(7))

with localcontext() as ctx:
    ctx.traps[Inexact] = True
    try:
        Decimal(1) / Decimal(3)
    except Inexact as e:
        print("trapped:", type(e).__name__)
try:
    Decimal(5) / Decimal(0)
except DivisionByZero as e:
    print("DivisionByZero:", e)
ctx = getcontext()
ctx.clear_flags()
Decimal("1.23456789012345678901234567890") + 1
print("flags raised:", sorted(k.__name__ for k, v in ctx.flags.items() if v))
print(Decimal("NaN") == Decimal("NaN"), Decimal("-0") == Decimal("0"), Decimal("Infinity") > 10**100)
print(Decimal("3.14159").as_tuple())
return [str(Decimal(2).sqrt()), str(Decimal(10).ln()), str(Decimal("1.1") ** 10)]
