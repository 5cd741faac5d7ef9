from datetime import datetime, timedelta, timezone

ist = timezone(timedelta(hours=5, minutes=30), "IST")
nst = timezone(timedelta(hours=-3, minutes=-30))
chatham = timezone(timedelta(hours=12, minutes=45))
t = datetime(2024, 8, 15, 12, 0, tzinfo=timezone.utc)
for tz in (timezone.utc, ist, nst, chatham):
    local = t.astimezone(tz)
    print(f"{str(tz):<12} {local.isoformat()}  tzname={local.tzname()}  offset={local.utcoffset()}")
print(repr(ist), repr(timezone.utc))
naive = datetime(2024, 8, 15, 12, 0)
aware = naive.replace(tzinfo=ist)
try:
    print(aware - naive)
except TypeError as e:
    print("TypeError:", e)
print(aware.timestamp(), datetime.fromtimestamp(1723703400, tz=timezone.utc))
return [t.astimezone(tz).strftime("%H:%M %z") for tz in (ist, nst, chatham)]
