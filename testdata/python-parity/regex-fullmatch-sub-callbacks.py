import re

prices = "Widget $4.50, Gadget $12, Gizmo $0.99, Bundle $100.00 (was $120)"
def add_tax(m):
    amount = float(m.group(1)) * 1.2
    return f"${amount:.2f}"
print(re.sub(r"\$(\d+(?:\.\d\d)?)", add_tax, prices))

amounts = [float(x) for x in re.findall(r"\$(\d+(?:\.\d+)?)", prices)]
print("sum:", round(sum(amounts), 2))

rx = re.compile(r"(?P<w>\w+)\s+(?P=w)", re.IGNORECASE)
text = "This is is a test test of the the duplicate Duplicate detector"
print("doubled:", [m.group("w") for m in rx.finditer(text)])
print("fixed:", rx.sub(r"\g<w>", text))

codes = ["AB-1234", "ab-1234", "AB-12345", "XY-0000"]
print([c for c in codes if re.fullmatch(r"[A-Z]{2}-\d{4}", c)])
print(re.split(r"\s*[,;]\s*", "a , b;c ;  d,e"))
print(re.escape("1+1=2? (yes) [maybe]"))
return {"amounts": amounts, "count": len(amounts)}
