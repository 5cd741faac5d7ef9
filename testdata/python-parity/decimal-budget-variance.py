from decimal import Decimal

budget = {"rent": "2400.00", "payroll": "18500.00", "software": "1250.00", "travel": "3000.00", "marketing": "4200.00"}
actual = {"rent": "2400.00", "payroll": "19120.45", "software": "987.10", "travel": "3644.90", "marketing": "3999.99", "misc": "212.40"}
rows = []
for cat in sorted(budget.keys() | actual.keys()):
    b = Decimal(budget.get(cat, "0"))
    a = Decimal(actual.get(cat, "0"))
    var = a - b
    pct = (var / b * 100).quantize(Decimal("0.1")) if b else None
    rows.append({"category": cat, "budget": str(b), "actual": str(a), "variance": str(var), "pct": None if pct is None else str(pct)})
    flag = " OVER" if var > 0 else ""
    print(f"{cat:<10} {b:>10} {a:>10} {var:>+9}{'' if pct is None else f' {pct:>+6}%'}{flag}")
tb = sum(Decimal(v) for v in budget.values())
ta = sum(Decimal(v) for v in actual.values())
print(f"{'TOTAL':<10} {tb:>10} {ta:>10} {ta - tb:>+9}")
return rows
