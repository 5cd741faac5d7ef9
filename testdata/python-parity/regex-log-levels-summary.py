import re
from collections import defaultdict

log = """2024-07-01 08:00:01,120 INFO  [api] request id=7f3a path=/users took=120ms
2024-07-01 08:00:01,450 WARN  [api] slow query took=950ms table=orders
2024-07-01 08:00:02,003 ERROR [worker] job=42 failed: TimeoutError('fetch')
2024-07-01 08:00:02,010 INFO  [worker] job=43 done took=33ms
2024-07-01 08:00:03,777 ERROR [api] request id=7f3b path=/orders status=500
2024-07-01 08:00:04,001 DEBUG [cache] hit key=user:9
2024-07-01 08:00:04,500 INFO  [api] request id=7f3c path=/users took=80ms"""
rx = re.compile(r"^(\S+ \S+) (\w+)\s+\[(\w+)\] (.*)$", re.M)
by_level = defaultdict(list)
durations = defaultdict(list)
for ts, level, comp, msg in rx.findall(log):
    by_level[level].append(comp)
    if m := re.search(r"took=(\d+)ms", msg):
        durations[comp].append(int(m.group(1)))
for level in ("DEBUG", "INFO", "WARN", "ERROR"):
    print(f"{level:<5} {len(by_level[level])}  {sorted(set(by_level[level]))}")
kv = dict(re.findall(r"(\w+)=(\S+)", log.splitlines()[2]))
print(kv)
return {"durations": dict(durations), "errors": by_level["ERROR"]}
