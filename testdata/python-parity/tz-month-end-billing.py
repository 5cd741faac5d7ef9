from datetime import date
import calendar

def add_months(d, n):
    month_index = d.month - 1 + n
    year = d.year + month_index // 12
    month = month_index % 12 + 1
    day = min(d.day, calendar.monthrange(year, month)[1])
    return date(year, month, day)

start = date(2024, 1, 31)
cycle = [add_months(start, i) for i in range(14)]
for d in cycle:
    print(d.isoformat(), d.strftime("%b"), "(clamped)" if d.day != start.day else "")
prorate_days = (date(2024, 3, 1) - date(2024, 2, 10)).days
daily = 29.99 / calendar.monthrange(2024, 2)[1]
print(f"prorated: {prorate_days} days x {daily:.4f} = {prorate_days * daily:.2f}")
return [d.isoformat() for d in cycle]
