from datetime import date, datetime, timedelta

def age_on(birth, on):
    years = on.year - birth.year - ((on.month, on.day) < (birth.month, birth.day))
    return years

people = {"Ada": date(1990, 2, 28), "Leap": date(2000, 2, 29), "Newborn": date(2024, 1, 15)}
ref = date(2024, 6, 1)
for name, b in people.items():
    print(f"{name:<8} born {b}  age {age_on(b, ref)}  days alive {(ref - b).days:,}")

d = timedelta(days=3, hours=27, minutes=90, seconds=-30)
print("normalized:", d, "| days", d.days, "| seconds", d.seconds, "| total", d.total_seconds())
print("negative:", -timedelta(hours=1, minutes=30))
print("scaled:", timedelta(hours=1) * 2.5, timedelta(days=1) / 3)
print("ratio:", timedelta(hours=36) / timedelta(days=1))
start = datetime(2024, 1, 31, 22, 45)
end = datetime(2024, 2, 2, 3, 5)
elapsed = end - start
h, rem = divmod(int(elapsed.total_seconds()), 3600)
print(f"shift lasted {h}h {rem // 60:02d}m")
return {"elapsed_s": elapsed.total_seconds(), "iso_week": list(date(2024, 12, 30).isocalendar())}
