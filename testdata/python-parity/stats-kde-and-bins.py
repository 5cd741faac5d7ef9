import statistics as st

data = [1.2, 1.9, 2.1, 2.4, 2.8, 3.0, 3.3, 3.9, 4.8, 5.1, 5.2, 6.9]
f = st.kde(data, h=0.75)
grid = [i / 2 for i in range(0, 17)]
density = [round(f(x), 5) for x in grid]
peak = max(zip(density, grid))
for x, d in zip(grid, density):
    print(f"{x:4.1f} {'#' * round(d * 100):<40} {d:.4f}")
print("peak at", peak[1])
F = st.kde(data, h=0.75, kernel="triangular", cumulative=True)
print("P(X<=3) ≈", round(F(3.0), 4))
return {"peak": peak[1], "cdf3": round(F(3.0), 6)}
