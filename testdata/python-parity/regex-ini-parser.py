import re

INI = """
; global settings
name = demo app
debug=true

[database]
host = db.local
port = 5432
# comment
user = app ; inline comment

[cache]
ttl = 300
servers = a:11211, b:11211
[empty]
bad line without equals
"""
section_rx = re.compile(r"^\[(?P<name>[^\]]+)\]\s*$")
kv_rx = re.compile(r"^(?P<key>[\w.-]+)\s*=\s*(?P<value>.*?)\s*(?:[;#].*)?$")
data = {"DEFAULT": {}}
current = "DEFAULT"
warnings = []
for lineno, raw in enumerate(INI.splitlines(), 1):
    line = raw.strip()
    if not line or line[0] in ";#":
        continue
    if m := section_rx.match(line):
        current = m["name"]
        data.setdefault(current, {})
    elif m := kv_rx.match(line):
        value = m["value"]
        if value.isdigit():
            value = int(value)
        elif value.lower() in ("true", "false"):
            value = value.lower() == "true"
        elif "," in value:
            value = [v.strip() for v in value.split(",")]
        data[current][m["key"]] = value
    else:
        warnings.append(f"line {lineno}: cannot parse {line!r}")
for w in warnings:
    print("warning:", w)
print(data)
return data
