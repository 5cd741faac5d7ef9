value = 1234567.891
n = 42
ratio = 0.0734
print(f"{value:,.2f}")
print(f"{value:_.1f}")
print(f"{value:e}")
print(f"{value:.3g}")
print(f"{n:08b} {n:o} {n:x} {n:X} {n:#x}")
print(f"{ratio:.1%} {ratio:>10.3%}|")
print(f"[{n:^10}] [{n:<10}] [{n:>10}] [{n:*^10}]")
print(f"{-n:+d} {n:+d} {n: d}")
print(f"{'left':<8}|{'right':>8}|{'mid':^9}|")
name = "Zoë"
print(f"{name!r} {name!s} {name!a}")
print(f"{value=:.1f} {n=}")
width, prec = 12, 3
print(f"{value:{width}.{prec}f}|")
from datetime import date
print(f"{date(2024, 2, 29):%A %d %B %Y}")
return [format(3.14159, ".2f"), format(255, "#06x"), format(1e-7, "g"), format(123456789, ",")]
