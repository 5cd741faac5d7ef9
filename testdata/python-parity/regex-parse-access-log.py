import re
from collections import Counter

LOG = """\
203.0.113.9 - - [10/Oct/2024:13:55:36 +0000] "GET /index.html HTTP/1.1" 200 2326 "-" "Mozilla/5.0"
198.51.100.23 - alice [10/Oct/2024:13:55:40 +0000] "POST /api/login HTTP/1.1" 401 112 "-" "curl/8.4.0"
198.51.100.23 - alice [10/Oct/2024:13:55:42 +0000] "POST /api/login HTTP/1.1" 200 512 "-" "curl/8.4.0"
203.0.113.9 - - [10/Oct/2024:13:56:01 +0000] "GET /static/app.js HTTP/1.1" 304 0 "/index.html" "Mozilla/5.0"
192.0.2.77 - - [10/Oct/2024:13:57:13 +0000] "GET /admin HTTP/1.1" 403 87 "-" "sqlmap/1.7"
this line is garbage
192.0.2.77 - - [10/Oct/2024:13:57:14 +0000] "GET /../../etc/passwd HTTP/1.1" 400 0 "-" "sqlmap/1.7"
"""
PATTERN = re.compile(
    r'(?P<ip>\d{1,3}(?:\.\d{1,3}){3}) \S+ (?P<user>\S+) \[(?P<ts>[^\]]+)\] '
    r'"(?P<method>[A-Z]+) (?P<path>\S+) [^"]+" (?P<status>\d{3}) (?P<size>\d+)'
)
entries, bad = [], 0
for line in LOG.splitlines():
    m = PATTERN.match(line)
    if not m:
        bad += 1
        continue
    d = m.groupdict()
    d["status"] = int(d["status"])
    d["size"] = int(d["size"])
    entries.append(d)
status = Counter(e["status"] // 100 * 100 for e in entries)
print("parsed", len(entries), "bad", bad)
print("status classes:", dict(sorted(status.items())))
suspicious = sorted({e["ip"] for e in entries if e["status"] >= 400})
print("suspicious:", suspicious)
return {"bytes": sum(e["size"] for e in entries), "paths": [e["path"] for e in entries], "suspicious": suspicious}
