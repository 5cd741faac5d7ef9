import csv
import io
import re

raw = """Email , Signup Date,Plan ,Seats
  ann@example.com,2024-01-15,pro,5
BOB@EXAMPLE.COM ,15/01/2024,Pro,3
,2024-02-01,free,1
carol@example,2024-02-30,enterprise,abc
dave@example.com,2024-03-01,team,
"""
reader = csv.reader(io.StringIO(raw))
header = [h.strip().lower().replace(" ", "_") for h in next(reader)]
clean, rejects = [], []
for lineno, row in enumerate(reader, start=2):
    rec = dict(zip(header, (c.strip() for c in row)))
    problems = []
    rec["email"] = rec["email"].lower()
    if not re.fullmatch(r"[^@\s]+@[^@\s]+\.[a-z]{2,}", rec["email"]):
        problems.append("bad email")
    m = re.fullmatch(r"(\d{4})-(\d{2})-(\d{2})", rec["signup_date"]) or re.fullmatch(r"(\d{2})/(\d{2})/(\d{4})", rec["signup_date"])
    if not m:
        problems.append("bad date")
    elif "/" in rec["signup_date"]:
        d, mth, y = m.groups()
        rec["signup_date"] = f"{y}-{mth}-{d}"
    rec["plan"] = rec["plan"].lower()
    try:
        rec["seats"] = int(rec["seats"]) if rec["seats"] else 1
    except ValueError:
        problems.append(f"bad seats {rec['seats']!r}")
    (rejects if problems else clean).append({"line": lineno, **rec, **({"problems": problems} if problems else {})})
print("header:", header)
for c in clean:
    print("ok  ", c)
for r in rejects:
    print("skip", r["line"], r["problems"])
return {"clean": clean, "rejected": [r["line"] for r in rejects]}
