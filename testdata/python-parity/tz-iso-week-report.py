from datetime import date, timedelta
from collections import defaultdict

deliveries = [date(2024, 12, 23) + timedelta(days=i * 3) for i in range(10)]
by_week = defaultdict(list)
for d in deliveries:
    y, w, _ = d.isocalendar()
    by_week[f"{y}-W{w:02d}"].append(d.strftime("%a %d"))
for wk, days in by_week.items():
    monday = date.fromisocalendar(int(wk[:4]), int(wk[6:]), 1)
    print(f"{wk} (from {monday}): {', '.join(days)}")
print(date(2024, 12, 30).strftime("%G-W%V-%u"), date(2021, 1, 3).isocalendar())
print(date.fromisoformat("2024-W09-4"))
return {k: len(v) for k, v in by_week.items()}
