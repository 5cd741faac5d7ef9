latencies_ms = [12, 15, 22, 35, 41, 48, 55, 61, 67, 88, 95, 102, 130, 180, 250, 410, 33, 27, 19, 44]
edges = [0, 25, 50, 100, 200, 500]
buckets = {f"{lo}-{hi}": 0 for lo, hi in zip(edges, edges[1:])}
for v in latencies_ms:
    for lo, hi in zip(edges, edges[1:]):
        if lo <= v < hi:
            buckets[f"{lo}-{hi}"] += 1
            break
width = max(buckets.values())
for label, n in buckets.items():
    bar = "#" * round(n / width * 30)
    print(f"{label:>8} ms | {bar:<30} {n}")
latencies_ms.sort()
def pct(p):
    k = (len(latencies_ms) - 1) * p / 100
    f = int(k)
    c = min(f + 1, len(latencies_ms) - 1)
    return latencies_ms[f] + (latencies_ms[c] - latencies_ms[f]) * (k - f)
return {"buckets": buckets, "p50": pct(50), "p90": pct(90), "p99": round(pct(99), 2)}
