from datetime import date, timedelta

HOLIDAYS = {date(2024, 12, 25), date(2024, 12, 26), date(2025, 1, 1)}

def add_business_days(start, n):
    d = start
    while n > 0:
        d += timedelta(days=1)
        if d.weekday() < 5 and d not in HOLIDAYS:
            n -= 1
    return d

def business_days_between(a, b):
    days = 0
    d = a
    while d < b:
        d += timedelta(days=1)
        if d.weekday() < 5 and d not in HOLIDAYS:
            days += 1
    return days

start = date(2024, 12, 20)
out = {}
for n in (1, 3, 5, 10):
    due = add_business_days(start, n)
    out[n] = due.isoformat()
    print(f"{start} + {n:>2} business days = {due} ({due:%a})")
print("between:", business_days_between(date(2024, 12, 1), date(2025, 1, 31)))
return out
