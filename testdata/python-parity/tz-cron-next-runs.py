from datetime import datetime, timedelta

def parse_field(field, lo, hi):
    values = set()
    for part in field.split(","):
        step = 1
        if "/" in part:
            part, s = part.split("/")
            step = int(s)
        if part == "*":
            a, b = lo, hi
        elif "-" in part:
            a, b = map(int, part.split("-"))
        else:
            a = b = int(part)
        values.update(range(a, b + 1, step))
    return values

def next_runs(expr, after, count):
    minute, hour, dom, month, dow = expr.split()
    mins, hours = parse_field(minute, 0, 59), parse_field(hour, 0, 23)
    doms, months, dows = parse_field(dom, 1, 31), parse_field(month, 1, 12), parse_field(dow, 0, 6)
    t = after.replace(second=0, microsecond=0) + timedelta(minutes=1)
    runs = []
    while len(runs) < count:
        if t.month in months and t.day in doms and (t.weekday() + 1) % 7 in dows and t.hour in hours and t.minute in mins:
            runs.append(t)
        t += timedelta(minutes=1)
    return runs

base = datetime(2024, 2, 27, 23, 50)
jobs = {"*/15 9-10 * * 1-5": 5, "0 0 29 2 *": 1, "30 8 1,15 * *": 3}
out = {}
for expr, n in jobs.items():
    runs = next_runs(expr, base, n) if expr != "0 0 29 2 *" else next_runs(expr, base, n)
    out[expr] = [r.strftime("%Y-%m-%d %H:%M %a") for r in runs]
    print(expr, "->", out[expr])
return out
