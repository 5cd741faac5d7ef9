from decimal import Decimal, InvalidOperation
import re

raw_prices = ["$1,299.99", "€ 45,50", "1.234,56 €", "¥3000", "free", "12.5%", "-$7.00", "$.99", "USD 10"]

def parse_price(s):
    s = s.strip()
    if s.lower() == "free":
        return Decimal("0")
    sign = -1 if s.startswith("-") else 1
    digits = re.sub(r"[^\d.,]", "", s)
    if not digits:
        raise ValueError(f"no digits in {s!r}")
    if "," in digits and "." in digits:
        if digits.rfind(",") > digits.rfind("."):
            digits = digits.replace(".", "").replace(",", ".")
        else:
            digits = digits.replace(",", "")
    elif "," in digits:
        head, _, tail = digits.rpartition(",")
        digits = f"{head}.{tail}" if len(tail) == 2 else digits.replace(",", "")
    try:
        return sign * Decimal(digits)
    except InvalidOperation:
        raise ValueError(f"bad number {digits!r}") from None

parsed = {}
for p in raw_prices:
    if p.endswith("%"):
        parsed[p] = "skipped (percentage)"
        continue
    try:
        parsed[p] = str(parse_price(p))
    except ValueError as e:
        parsed[p] = f"error: {e}"
    print(f"{p!r:>14} -> {parsed[p]}")
total = sum(Decimal(v) for v in parsed.values() if not v.startswith(("error", "skipped")))
print("total:", total)
return parsed
