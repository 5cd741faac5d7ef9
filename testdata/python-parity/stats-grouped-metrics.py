import statistics as st
from collections import defaultdict

runs = [
    ("baseline", 12.1), ("baseline", 11.8), ("baseline", 12.6), ("baseline", 12.0),
    ("cache", 8.2), ("cache", 8.9), ("cache", 7.7), ("cache", 8.4), ("cache", 8.1),
    ("cache+gzip", 7.9), ("cache+gzip", 9.8), ("cache+gzip", 7.5),
]
groups = defaultdict(list)
for variant, t in runs:
    groups[variant].append(t)
base = st.mean(groups["baseline"])
report = {}
for variant, times in groups.items():
    m = st.mean(times)
    sd = st.stdev(times)
    sem = sd / len(times) ** 0.5
    report[variant] = {"n": len(times), "mean": round(m, 3), "sd": round(sd, 3), "ci95": [round(m - 1.96 * sem, 3), round(m + 1.96 * sem, 3)], "speedup": round(base / m, 3)}
    print(f"{variant:<11} n={len(times)} mean={m:6.3f}s sd={sd:.3f} speedup={base / m:.2f}x")
best = min(report, key=lambda v: report[v]["mean"])
print("best:", best)
return report
