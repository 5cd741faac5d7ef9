import re

template = "Hello {{ name }}, your order #{{order_id}} of {{ count }} item(s) ships on {{ date | upper }}. {{ missing }}"
context = {"name": "Priya", "order_id": 80412, "count": 3, "date": "monday"}
missing = []

def render(m):
    key, _, filt = (p.strip() for p in m.group(1).partition("|"))
    if key not in context:
        missing.append(key)
        return m.group(0)
    value = str(context[key])
    if filt == "upper":
        value = value.upper()
    return value

out = re.sub(r"\{\{\s*([^}]+?)\s*\}\}", render, template)
print(out)
print("missing keys:", missing)
n = len(re.findall(r"\{\{", template))
return {"rendered": out, "placeholders": n, "missing": missing}
