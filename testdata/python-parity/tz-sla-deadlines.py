from datetime import datetime, timedelta, time
from zoneinfo import ZoneInfo

tz = ZoneInfo("America/Denver")
OPEN, CLOSE = time(8, 0), time(17, 0)

def add_business_hours(start, hours):
    remaining = timedelta(hours=hours)
    t = start
    while remaining > timedelta(0):
        if t.weekday() >= 5 or t.time() >= CLOSE:
            t = datetime.combine(t.date() + timedelta(days=1), OPEN, tzinfo=tz)
            continue
        if t.time() < OPEN:
            t = datetime.combine(t.date(), OPEN, tzinfo=tz)
        end_of_day = datetime.combine(t.date(), CLOSE, tzinfo=tz)
        step = min(remaining, end_of_day - t)
        t += step
        remaining -= step
    return t

tickets = [
    ("T-1", datetime(2024, 10, 31, 16, 30, tzinfo=tz), 4),
    ("T-2", datetime(2024, 11, 1, 7, 0, tzinfo=tz), 8),
    ("T-3", datetime(2024, 11, 2, 11, 0, tzinfo=tz), 2),
    ("T-4", datetime(2024, 11, 1, 14, 0, tzinfo=tz), 24),
]
out = {}
for tid, opened, sla in tickets:
    due = add_business_hours(opened, sla)
    out[tid] = due.isoformat()
    print(f"{tid} opened {opened:%a %H:%M} +{sla}h -> due {due:%a %b %d %H:%M %Z}")
return out
