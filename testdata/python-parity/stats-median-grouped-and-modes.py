import statistics as st

ages = [22, 25, 25, 31, 34, 34, 34, 41, 45, 52, 52, 52, 60]
print("median:", st.median(ages), "low:", st.median_low(ages), "high:", st.median_high(ages))
print("grouped median:", st.median_grouped(ages, interval=10))
print("multimode:", st.multimode(ages))
print("variance:", st.variance(ages), "pvariance:", st.pvariance(ages))
from fractions import Fraction
from decimal import Decimal
print("fraction mean:", st.mean([Fraction(1, 3), Fraction(2, 3), Fraction(5, 6)]))
print("decimal mean:", st.mean([Decimal("1.10"), Decimal("2.20"), Decimal("3.35")]))
try:
    st.mean([])
except st.StatisticsError as e:
    print("StatisticsError:", e)
try:
    st.stdev([5])
except st.StatisticsError as e:
    print("StatisticsError:", e)
weights = [3, 1, 1]
print("weighted fmean:", st.fmean([80, 90, 100], weights=weights))
return {"median": st.median(ages), "modes": st.multimode(ages), "variance": float(st.variance(ages))}
