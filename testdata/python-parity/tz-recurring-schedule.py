from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

berlin = ZoneInfo("Europe/Berlin")
# A daily 09:00 Berlin stand-up, seen from UTC, across the March DST change.
first = datetime(2024, 3, 28, 9, 0, tzinfo=berlin)
rows = []
for i in range(6):
    local = first + timedelta(days=i)  # wall-clock arithmetic in the same zone
    utc = local.astimezone(ZoneInfo("UTC"))
    rows.append((local.strftime("%a %d %b %H:%M %Z"), utc.strftime("%H:%M UTC")))
for l, u in rows:
    print(f"{l}  =  {u}")
# Every second Tuesday of the month, 2024
second_tuesdays = []
for month in range(1, 13):
    d = datetime(2024, month, 1)
    offset = (1 - d.weekday()) % 7
    second_tuesdays.append((d + timedelta(days=offset + 7)).strftime("%m-%d"))
print(second_tuesdays)
return {"standup": rows, "second_tuesdays": second_tuesdays}
