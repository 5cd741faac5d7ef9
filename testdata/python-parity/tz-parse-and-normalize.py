from datetime import datetime, timezone
from zoneinfo import ZoneInfo

inputs = [
    ("2024-05-06T14:30:00+02:00", None),
    ("2024-05-06 08:15:00", "America/Chicago"),
    ("2024-05-06T23:59:59Z", None),
    ("06/05/2024 09:00", "Europe/Paris"),
    ("2024-05-07T01:00:00.250000-07:00", None),
]
normalized = []
for raw, zone in inputs:
    text = raw.replace("Z", "+00:00")
    try:
        dt = datetime.fromisoformat(text)
    except ValueError:
        dt = datetime.strptime(raw, "%d/%m/%Y %H:%M")
    if dt.tzinfo is None:
        dt = dt.replace(tzinfo=ZoneInfo(zone))
    utc = dt.astimezone(timezone.utc)
    normalized.append(utc)
    print(f"{raw:<34} -> {utc.isoformat(timespec='seconds')}")
normalized.sort()
span = normalized[-1] - normalized[0]
print("span:", span, "=", span.total_seconds() / 3600, "hours")
return [d.strftime("%Y-%m-%dT%H:%M:%SZ") for d in normalized]
