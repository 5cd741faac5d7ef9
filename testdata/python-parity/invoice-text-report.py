from datetime import date

invoice = {
    "number": "INV-2024-0042",
    "issued": date(2024, 3, 15),
    "due_days": 30,
    "client": {"name": "Northwind Traders", "address": ["12 Harbor Rd", "Seattle, WA 98101"]},
    "lines": [
        {"desc": "Consulting (March)", "hours": 32.5, "rate": 145},
        {"desc": "Code review", "hours": 6, "rate": 120},
        {"desc": "Travel expenses", "hours": None, "rate": 412.8},
    ],
}
from datetime import timedelta
due = invoice["issued"] + timedelta(days=invoice["due_days"])
out = []
out.append(f"Invoice {invoice['number']}")
out.append(f"Issued {invoice['issued']:%b %d, %Y} · Due {due:%b %d, %Y} ({due:%A})")
out.append("")
out.append(invoice["client"]["name"])
out.extend("  " + l for l in invoice["client"]["address"])
out.append("")
total = 0
for line in invoice["lines"]:
    amount = line["hours"] * line["rate"] if line["hours"] is not None else line["rate"]
    total += amount
    qty = f"{line['hours']:g} h @ {line['rate']}" if line["hours"] is not None else "flat"
    out.append(f"  {line['desc']:<22}{qty:>16}{amount:>12,.2f}")
out.append(f"  {'TOTAL':<38}{total:>12,.2f}")
print("\n".join(out))
return {"due": due.isoformat(), "total": round(total, 2)}
