contacts = [
    {"name": "Jane Doe", "email": "Jane.Doe@Example.com", "phone": "555-0100"},
    {"name": "John Smith", "email": "jsmith@example.org", "phone": None},
    {"name": "J. Doe", "email": "jane.doe@example.com ", "phone": "555 0100"},
    {"name": "Mary Major", "email": "mary@example.net", "phone": "555-0199"},
    {"name": "John Smith", "email": "JSMITH@example.org", "phone": "555-0142"},
    {"name": "Richard Roe", "email": "", "phone": "555-0123"},
]

def normalize_email(e):
    return e.strip().lower() if e else None

merged = {}
skipped = []
for c in contacts:
    key = normalize_email(c["email"])
    if not key:
        skipped.append(c["name"])
        continue
    if key in merged:
        existing = merged[key]
        existing["aliases"].append(c["name"])
        if not existing["phone"] and c["phone"]:
            existing["phone"] = c["phone"]
    else:
        merged[key] = {"name": c["name"], "email": key, "phone": c["phone"], "aliases": []}

print(f"{len(contacts)} contacts -> {len(merged)} unique, {len(skipped)} skipped")
for m in merged.values():
    print(m)
return {"unique": list(merged.values()), "skipped": skipped}
