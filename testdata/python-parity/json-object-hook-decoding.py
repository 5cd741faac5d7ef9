import json
from datetime import date
from decimal import Decimal

def hook(obj):
    for key, value in obj.items():
        if isinstance(value, str) and key.endswith("_date"):
            obj[key] = date.fromisoformat(value)
    if obj.get("__type__") == "money":
        return Decimal(obj["amount"])
    return obj

payload = '''{"invoice": {"issue_date": "2024-02-01", "due_date": "2024-03-02",
  "total": {"__type__": "money", "amount": "199.90"},
  "lines": [{"price": {"__type__": "money", "amount": "99.95"}, "qty": 2}]}}'''
doc = json.loads(payload, object_hook=hook, parse_float=Decimal)
inv = doc["invoice"]
print(inv["issue_date"], type(inv["issue_date"]).__name__)
print("days to pay:", (inv["due_date"] - inv["issue_date"]).days)
print("total matches lines:", inv["total"] == sum(l["price"] * l["qty"] for l in inv["lines"]))
pairs = json.loads('{"a": 1, "b": 2, "a": 3}', object_pairs_hook=lambda kv: kv)
print("duplicate keys seen:", pairs)
print(json.loads("[1.10, 2.5e3]", parse_float=Decimal))
return {"total": str(inv["total"]), "days": (inv["due_date"] - inv["issue_date"]).days}
