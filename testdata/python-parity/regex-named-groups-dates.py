import re

notes = """
Meeting moved to 2024-06-14. Invoice dated 03/15/2024 was paid on 15.04.2024.
Launch: June 3, 2024. Retro on 2024-6-7 (typo). Deadline Dec 1 2024.
"""
MONTHS = {m: i for i, m in enumerate("jan feb mar apr may jun jul aug sep oct nov dec".split(), 1)}
patterns = [
    (re.compile(r"\b(?P<y>\d{4})-(?P<m>\d{1,2})-(?P<d>\d{1,2})\b"), "iso"),
    (re.compile(r"\b(?P<m>\d{2})/(?P<d>\d{2})/(?P<y>\d{4})\b"), "us"),
    (re.compile(r"\b(?P<d>\d{2})\.(?P<m>\d{2})\.(?P<y>\d{4})\b"), "eu"),
    (re.compile(r"\b(?P<mon>[A-Z][a-z]+) (?P<d>\d{1,2}),? (?P<y>\d{4})\b"), "text"),
]
found = []
for rx, style in patterns:
    for m in rx.finditer(notes):
        g = m.groupdict()
        month = int(g["m"]) if "m" in g else MONTHS[g["mon"][:3].lower()]
        iso = f"{int(g['y']):04d}-{month:02d}-{int(g['d']):02d}"
        found.append((m.start(), style, m.group(0), iso))
found.sort()
for _, style, raw, iso in found:
    print(f"{style:<5} {raw!r:>16} -> {iso}")
return [iso for *_, iso in found]
