import re

text = """Contact sales at sales@example.com or +1 (415) 555-0132.
Support: support.team@help.example.co.uk, tel 415.555.0199; fax 415-555-0100.
Old address j.doe@old-example.org is deprecated. Call 5550100 for nothing."""

emails = re.findall(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+", text)
phones = re.findall(r"(?:\+1\s*)?\(?\b\d{3}\)?[\s.-]?\d{3}[\s.-]\d{4}\b", text)

def norm_phone(p):
    digits = re.sub(r"\D", "", p)
    if len(digits) == 11 and digits.startswith("1"):
        digits = digits[1:]
    return f"({digits[:3]}) {digits[3:6]}-{digits[6:]}"

print("emails:", emails)
print("phones:", [norm_phone(p) for p in phones])
domains = sorted({e.split("@")[1] for e in emails})
masked = re.sub(r"([\w.+-])[\w.+-]*(@[\w.-]+)", r"\1***\2", text)
print(masked)
return {"emails": emails, "phones": [norm_phone(p) for p in phones], "domains": domains}
