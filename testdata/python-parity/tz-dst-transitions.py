from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo

ny = ZoneInfo("America/New_York")
# Walk across the 2024 spring-forward and fall-back transitions hour by hour (in UTC).
results = []
for start in (datetime(2024, 3, 10, 5, 0, tzinfo=timezone.utc), datetime(2024, 11, 3, 4, 0, tzinfo=timezone.utc)):
    for h in range(4):
        t = start + timedelta(hours=h)
        local = t.astimezone(ny)
        results.append(f"{t:%H:%M}Z -> {local:%Y-%m-%d %H:%M %Z} (UTC{local:%z}) fold={local.fold}")
for r in results:
    print(r)

# A wall-clock time that does not exist, and one that happens twice.
gap = datetime(2024, 3, 10, 2, 30, tzinfo=ny)
amb0 = datetime(2024, 11, 3, 1, 30, tzinfo=ny)
amb1 = amb0.replace(fold=1)
print("gap:", gap.utcoffset(), gap.astimezone(timezone.utc).isoformat())
print("ambiguous fold=0:", amb0.astimezone(timezone.utc).isoformat())
print("ambiguous fold=1:", amb1.astimezone(timezone.utc).isoformat())
return results
