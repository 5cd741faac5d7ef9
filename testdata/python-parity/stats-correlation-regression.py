import statistics as st

ad_spend = [1.2, 2.0, 2.8, 3.1, 4.5, 5.0, 6.2, 7.1]
sales = [10.5, 13.0, 15.8, 16.1, 21.0, 22.4, 26.9, 29.5]
r = st.correlation(ad_spend, sales)
slope, intercept = st.linear_regression(ad_spend, sales)
print(f"r = {r:.5f}")
print(f"sales ≈ {slope:.4f} × spend + {intercept:.4f}")
for x in (0, 5.5, 10):
    print(f"predict({x}) = {slope * x + intercept:.3f}")
print("covariance:", round(st.covariance(ad_spend, sales), 6))
spearman = st.correlation(ad_spend, [s * s for s in sales], method="ranked")
print("spearman:", spearman)
zero_slope = st.linear_regression(ad_spend, sales, proportional=True)
print("through origin:", round(zero_slope.slope, 6))
return {"r": round(r, 6), "slope": round(slope, 6), "intercept": round(intercept, 6)}
