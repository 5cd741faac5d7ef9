import bisect

breakpoints = [60, 70, 80, 90]
grades = "FDCBA"
scores = [33, 99, 77, 70, 89, 90, 100, 59, 60]
print([grades[bisect.bisect(breakpoints, s)] for s in scores])

tax_brackets = [0, 10_000, 40_000, 90_000, 180_000]
rates = [0.0, 0.1, 0.2, 0.3, 0.4]
for income in (5_000, 10_000, 55_500, 250_000):
    i = bisect.bisect_right(tax_brackets, income) - 1
    print(f"income {income:>7,}: marginal rate {rates[i]:.0%}")

timeline = []
for ts, event in [(50, "deploy"), (10, "start"), (75, "alert"), (30, "build"), (75, "page"), (60, "rollback")]:
    bisect.insort(timeline, (ts, event))
print(timeline)
lo = bisect.bisect_left(timeline, (30,))
hi = bisect.bisect_right(timeline, (60, "\uffff"))
print("events in [30, 60]:", timeline[lo:hi])
records = [{"id": 3, "v": "c"}, {"id": 8, "v": "h"}, {"id": 12, "v": "l"}]
pos = bisect.bisect_left(records, 8, key=lambda r: r["id"])
print(pos, records[pos])
return {"grades": [grades[bisect.bisect(breakpoints, s)] for s in scores], "window": timeline[lo:hi]}
