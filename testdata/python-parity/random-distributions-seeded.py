import random
import statistics

rng = random.Random("experiment-7")
gauss = [rng.gauss(100, 15) for _ in range(2000)]
expo = [rng.expovariate(1 / 5) for _ in range(2000)]
tri = [rng.triangular(0, 10, 2) for _ in range(2000)]
for name, xs in (("gauss", gauss), ("expo", expo), ("triangular", tri)):
    print(f"{name:<10} mean={statistics.fmean(xs):8.3f} sd={statistics.pstdev(xs):7.3f} min={min(xs):8.3f} max={max(xs):8.3f}")
print([round(rng.betavariate(2, 5), 4) for _ in range(3)], [round(rng.paretovariate(3), 4) for _ in range(3)])
print(rng.binomialvariate(20, 0.3), [rng.binomialvariate(10, 0.5) for _ in range(6)])
state = rng.getstate()
a = [rng.random() for _ in range(3)]
rng.setstate(state)
b = [rng.random() for _ in range(3)]
print("replay identical:", a == b)
return {"gauss_mean": round(statistics.fmean(gauss), 6), "first": [round(x, 10) for x in a]}
