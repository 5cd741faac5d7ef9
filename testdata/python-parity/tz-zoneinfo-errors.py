from zoneinfo import ZoneInfo, ZoneInfoNotFoundError
from datetime import datetime

names = ["Europe/Lisbon", "America/Sao_Paulo", "Mars/Olympus_Mons", "US/Eastern", "Asia/Kathmandu", "Etc/GMT-14", "europe/london"]
t = datetime(2024, 1, 1, 12, 0, tzinfo=ZoneInfo("UTC"))
ok, bad = {}, []
for n in names:
    try:
        z = ZoneInfo(n)
    except ZoneInfoNotFoundError as e:
        bad.append(n)
        print(f"{n}: not found ({type(e).__name__})")
        continue
    except ValueError as e:
        bad.append(n)
        print(f"{n}: ValueError {e}")
        continue
    local = t.astimezone(z)
    ok[n] = local.strftime("%H:%M %z")
    print(f"{n}: {ok[n]} {local.tzname()} key={z.key}")
print(ZoneInfo("Europe/Lisbon") is ZoneInfo("Europe/Lisbon"))
return {"ok": ok, "bad": bad}
