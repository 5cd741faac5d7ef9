from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

meeting_utc = datetime(2024, 3, 27, 15, 0, tzinfo=ZoneInfo("UTC"))
offices = ["America/Los_Angeles", "America/New_York", "Europe/London", "Europe/Berlin", "Asia/Kolkata", "Asia/Tokyo", "Australia/Sydney"]
schedule = []
for tz in offices:
    local = meeting_utc.astimezone(ZoneInfo(tz))
    ok = 9 <= local.hour < 18 and local.weekday() < 5
    schedule.append({"office": tz, "local": local.isoformat(), "abbr": local.tzname(), "in_hours": ok})
    print(f"{tz:<22} {local:%a %H:%M} {local.tzname():<5} {'✓' if ok else '✗'}")
good = [s["office"] for s in schedule if s["in_hours"]]
print(f"{len(good)} of {len(offices)} offices in working hours")
return schedule
