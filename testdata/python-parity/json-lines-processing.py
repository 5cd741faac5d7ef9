import json
from collections import Counter

jsonl = """{"ts": 1, "event": "login", "user": "a"}
{"ts": 2, "event": "view", "user": "a", "page": "/home"}
{"ts": 3, "event": "view", "user": "b", "page": "/pricing"}
not json at all
{"ts": 4, "event": "purchase", "user": "a", "amount": 49.0}

{"ts": 5, "event": "view", "user": "c", "page": "/home"}
{"ts": 6, "event": "logout", "user": "a"}"""
events, bad = [], []
for n, line in enumerate(jsonl.splitlines(), 1):
    if not line.strip():
        continue
    try:
        events.append(json.loads(line))
    except json.JSONDecodeError as e:
        bad.append((n, e.msg))
print("bad lines:", bad)
by_event = Counter(e["event"] for e in events)
pages = Counter(e["page"] for e in events if "page" in e)
revenue = sum(e.get("amount", 0) for e in events)
out = "\n".join(json.dumps(e, sort_keys=True) for e in events if e["user"] == "a")
print(out)
return {"events": dict(by_event), "pages": pages.most_common(), "revenue": revenue}
