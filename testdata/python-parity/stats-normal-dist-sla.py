from statistics import NormalDist

latency = NormalDist(mu=180, sigma=35)
print(f"P(latency < 250ms) = {latency.cdf(250):.4f}")
print(f"p95 = {latency.inv_cdf(0.95):.2f} ms, p99 = {latency.inv_cdf(0.99):.2f} ms")
print(f"within 1 sigma: {latency.cdf(215) - latency.cdf(145):.4f}")
a = NormalDist(100, 15)
b = NormalDist(110, 20)
print("overlap:", round(a.overlap(b), 6))
print("sum:", a + b, "scaled:", a * 2)
print("z-score of 130:", round(a.zscore(130), 4))
samples = [98.5, 102.3, 99.7, 101.1, 97.9, 100.4, 103.2, 99.0]
fitted = NormalDist.from_samples(samples)
print(f"fitted mu={fitted.mean:.4f} sigma={fitted.stdev:.4f}")
print("quantiles:", [round(q, 3) for q in a.quantiles(4)])
return {"p95": round(latency.inv_cdf(0.95), 4), "fitted": [round(fitted.mean, 6), round(fitted.stdev, 6)]}
