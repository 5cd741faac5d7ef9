import calendar

cal = calendar.TextCalendar(firstweekday=calendar.MONDAY)
print(cal.formatmonth(2024, 2))
print(calendar.month_name[9], calendar.day_abbr[calendar.weekday(2024, 9, 1)])
print("leap years 2000-2030:", [y for y in range(2000, 2031) if calendar.isleap(y)])
print("days in months 2024:", [calendar.monthrange(2024, m)[1] for m in range(1, 13)])
fridays_13 = [(y, m) for y in (2024, 2025, 2026) for m in range(1, 13) if calendar.weekday(y, m, 13) == calendar.FRIDAY]
print("Friday the 13th:", fridays_13)
weeks = calendar.monthcalendar(2024, 7)
return {"weeks": weeks, "fridays_13": fridays_13}
