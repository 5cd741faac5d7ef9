records = [
    {"id": "1", "email": "a@example.com", "age": "34", "country": "US"},
    {"id": "2", "email": "not-an-email", "age": "29", "country": "GB"},
    {"id": "3", "email": "c@example.com", "age": "-4", "country": "US"},
    {"id": "x", "email": "d@example.com", "age": "41", "country": "Mars"},
    {"id": "5", "email": "e@example.com", "age": "", "country": "DE"},
    {"id": "6", "email": "f@example.com", "age": "57", "country": "FR"},
]
COUNTRIES = {"US", "GB", "DE", "FR"}

valid, errors = [], []
for rec in records:
    problems = []
    try:
        rid = int(rec["id"])
    except ValueError as e:
        problems.append(f"id: {e}")
        rid = None
    if "@" not in rec["email"] or "." not in rec["email"].split("@")[-1]:
        problems.append(f"email: {rec['email']!r} is invalid")
    try:
        age = int(rec["age"])
        if not 0 <= age <= 130:
            problems.append(f"age: {age} out of range")
    except ValueError as e:
        problems.append(f"age: {e}")
    if rec["country"] not in COUNTRIES:
        problems.append(f"country: unknown {rec['country']!r}")
    if problems:
        errors.append({"row": rec["id"], "problems": problems})
    else:
        valid.append(rid)

for e in errors:
    print(f"row {e['row']}:")
    for p in e["problems"]:
        print("   -", p)
return {"valid": valid, "invalid": len(errors), "errors": errors}
