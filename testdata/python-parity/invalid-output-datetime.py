from datetime import datetime, timezone

events = [
    {"name": "deploy", "at": datetime(2024, 5, 1, 12, 30, tzinfo=timezone.utc)},
    {"name": "rollback", "at": datetime(2024, 5, 1, 13, 5, tzinfo=timezone.utc)},
]
print("events:", [e["name"] for e in events])
return events
