import statistics as st

response_ms = [120, 135, 128, 142, 980, 131, 126, 139, 133, 145, 127, 124, 138, 2100, 129]
summary = {
    "n": len(response_ms),
    "mean": round(st.mean(response_ms), 3),
    "median": st.median(response_ms),
    "mode": st.mode([round(x, -1) for x in response_ms]),
    "stdev": round(st.stdev(response_ms), 3),
    "pstdev": round(st.pstdev(response_ms), 3),
    "quartiles": st.quantiles(response_ms, n=4),
    "deciles": [round(q, 1) for q in st.quantiles(response_ms, n=10, method="inclusive")],
}
for k, v in summary.items():
    print(f"{k:<10} {v}")
mad = st.median([abs(x - summary["median"]) for x in response_ms])
outliers = [x for x in response_ms if abs(x - summary["median"]) > 5 * mad]
print("outliers:", outliers)
trimmed = [x for x in response_ms if x not in outliers]
print("trimmed mean:", st.fmean(trimmed), "harmonic:", round(st.harmonic_mean(trimmed), 4), "geometric:", round(st.geometric_mean(trimmed), 4))
return summary | {"outliers": outliers}
