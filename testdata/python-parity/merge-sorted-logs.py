service_a = [
    ("2024-05-01T10:00:01", "a", "start"),
    ("2024-05-01T10:00:05", "a", "connect db"),
    ("2024-05-01T10:00:09", "a", "ready"),
]
service_b = [
    ("2024-05-01T10:00:02", "b", "start"),
    ("2024-05-01T10:00:05", "b", "load cache"),
    ("2024-05-01T10:00:07", "b", "ready"),
    ("2024-05-01T10:00:12", "b", "first request"),
]
service_c = [
    ("2024-05-01T10:00:00", "c", "start"),
    ("2024-05-01T10:00:11", "c", "ready"),
]

import heapq

merged = list(heapq.merge(service_a, service_b, service_c))
for ts, svc, msg in merged:
    print(f"[{ts[11:]}] {svc}: {msg}")

ready_times = {svc: ts for ts, svc, msg in merged if msg == "ready"}
last = max(ready_times.values())
print("all ready at", last)
return {"count": len(merged), "ready": ready_times}
