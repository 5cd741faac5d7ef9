from datetime import datetime
from zoneinfo import ZoneInfo

flights = [
    ("SFO", "America/Los_Angeles", "2024-06-10 22:40", "NRT", "Asia/Tokyo", "2024-06-12 02:15"),
    ("LHR", "Europe/London", "2024-10-26 20:05", "JFK", "America/New_York", "2024-10-26 22:55"),
    ("SYD", "Australia/Sydney", "2024-04-07 01:30", "AKL", "Pacific/Auckland", "2024-04-07 06:40"),
    ("DEL", "Asia/Kolkata", "2024-01-15 03:10", "DXB", "Asia/Dubai", "2024-01-15 05:35"),
]
results = []
for dep, dz, dt, arr, az, at in flights:
    d = datetime.strptime(dt, "%Y-%m-%d %H:%M").replace(tzinfo=ZoneInfo(dz))
    a = datetime.strptime(at, "%Y-%m-%d %H:%M").replace(tzinfo=ZoneInfo(az))
    dur = a - d
    hours, rem = divmod(int(dur.total_seconds()) // 60, 60)
    results.append({"route": f"{dep}-{arr}", "minutes": int(dur.total_seconds() // 60)})
    print(f"{dep}->{arr}: {d:%H:%M %Z} -> {a:%H:%M %Z}  {hours}h{rem:02d}m  (dep UTC{d:%z}, arr UTC{a:%z})")
return results
