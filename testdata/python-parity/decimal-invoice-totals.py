from decimal import Decimal, ROUND_HALF_UP

CENT = Decimal("0.01")
lines = [
    {"sku": "SVC-01", "qty": 3, "unit": Decimal("19.99")},
    {"sku": "SVC-02", "qty": 1, "unit": Decimal("149.50")},
    {"sku": "HW-10", "qty": 12, "unit": Decimal("2.335")},
]
tax_rate = Decimal("0.0725")
discount = Decimal("0.10")

subtotal = Decimal("0")
for l in lines:
    l["total"] = (l["unit"] * l["qty"]).quantize(CENT, rounding=ROUND_HALF_UP)
    subtotal += l["total"]
    print(f"{l['sku']:<7} {l['qty']:>3} x {l['unit']:>7} = {l['total']:>8}")
disc = (subtotal * discount).quantize(CENT, rounding=ROUND_HALF_UP)
taxable = subtotal - disc
tax = (taxable * tax_rate).quantize(CENT, rounding=ROUND_HALF_UP)
total = taxable + tax
print(f"subtotal {subtotal}, discount -{disc}, tax {tax}, total {total}")
return {"subtotal": str(subtotal), "discount": str(disc), "tax": str(tax), "total": str(total)}
