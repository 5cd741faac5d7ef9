from datetime import datetime, timezone, timedelta

epochs = [0, 86399, 951782400, 1234567890, 1700000000, 2147483647, -1]
for e in epochs:
    dt = datetime.fromtimestamp(e, tz=timezone.utc)
    print(f"{e:>11} -> {dt.isoformat()} ({dt:%A})")
ms = 1717243200123
dt = datetime.fromtimestamp(ms / 1000, tz=timezone.utc)
print("ms:", dt.isoformat(timespec="milliseconds"))
back = int(datetime(2038, 1, 19, 3, 14, 7, tzinfo=timezone.utc).timestamp())
print("back:", back)
local = datetime.fromtimestamp(1700000000)
print("naive local (UTC here):", local.isoformat())
print(datetime(2024, 1, 1, tzinfo=timezone(timedelta(hours=-5))).timestamp())
return [datetime.fromtimestamp(e, tz=timezone.utc).date().isoformat() for e in epochs]
