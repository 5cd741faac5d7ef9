import re

PHONE = re.compile(r"""
    ^\s*
    (?:\+?(?P<country>\d{1,3})[\s.-]*)?   # country code
    \(?(?P<area>\d{3})\)?                 # area code
    [\s.-]*
    (?P<exchange>\d{3})
    [\s.-]*
    (?P<line>\d{4})
    (?:\s*(?:x|ext\.?)\s*(?P<ext>\d{1,5}))?  # extension
    \s*$
""", re.VERBOSE | re.IGNORECASE)

inputs = ["+1 (212) 555-0147", "212.555.0147 ext. 42", "44 20 7946 0958", "(212)5550147", "555-0147", "1-800-555-0199 x7"]
parsed = []
for s in inputs:
    m = PHONE.match(s)
    if m is None:
        print(f"{s!r}: no match")
        parsed.append(None)
        continue
    d = {k: v for k, v in m.groupdict().items() if v is not None}
    parsed.append(d)
    print(f"{s!r}: {d}")
return parsed
