prices = [101.2, 102.5, 101.9, 103.4, 104.1, 103.8, 105.6, 107.0, 106.2, 108.9, 110.3, 109.5]
from collections import deque

def moving_average(xs, n):
    window = deque(maxlen=n)
    total = 0.0
    out = []
    for x in xs:
        if len(window) == n:
            total -= window[0]
        window.append(x)
        total += x
        out.append(round(total / len(window), 3) if len(window) == n else None)
    return out

sma3 = moving_average(prices, 3)
sma5 = moving_average(prices, 5)
signals = []
for i in range(1, len(prices)):
    if None in (sma3[i], sma5[i], sma3[i - 1], sma5[i - 1]):
        continue
    if sma3[i - 1] <= sma5[i - 1] and sma3[i] > sma5[i]:
        signals.append(("buy", i, prices[i]))
    elif sma3[i - 1] >= sma5[i - 1] and sma3[i] < sma5[i]:
        signals.append(("sell", i, prices[i]))
for day, (p, a, b) in enumerate(zip(prices, sma3, sma5)):
    print(f"day {day:>2}: {p:7.2f}  sma3={a}  sma5={b}")
print("signals:", signals)
return {"sma3": sma3, "sma5": sma5, "signals": signals}
