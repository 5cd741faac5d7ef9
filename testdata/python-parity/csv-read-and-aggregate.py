import csv
import io
from collections import defaultdict

data = """date,product,region,units,unit_price
2024-01-03,Widget,West,12,3.50
2024-01-03,Gadget,East,3,19.99
2024-01-04,Widget,East,7,3.50
2024-01-05,Gizmo,West,1,149.00
2024-01-05,Widget,West,20,3.25
2024-01-06,Gadget,West,5,19.99
"""
reader = csv.DictReader(io.StringIO(data))
revenue = defaultdict(float)
units = defaultdict(int)
for row in reader:
    amount = int(row["units"]) * float(row["unit_price"])
    revenue[(row["product"], row["region"])] += amount
    units[row["product"]] += int(row["units"])
print("fields:", reader.fieldnames)
for (product, region), amount in sorted(revenue.items()):
    print(f"{product:<7} {region:<5} {amount:>9.2f}")
return {"units": dict(units), "revenue": {f"{p}/{r}": round(v, 2) for (p, r), v in sorted(revenue.items())}}
