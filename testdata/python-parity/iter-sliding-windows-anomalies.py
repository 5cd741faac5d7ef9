from collections import deque
from itertools import islice

readings = [20.1, 20.3, 20.2, 20.4, 27.9, 20.5, 20.3, 20.6, 20.4, 14.2, 20.5, 20.7]

def windows(it, n):
    it = iter(it)
    win = deque(islice(it, n), maxlen=n)
    if len(win) == n:
        yield tuple(win)
    for x in it:
        win.append(x)
        yield tuple(win)

anomalies = []
for i, w in enumerate(windows(readings, 5)):
    center = w[2]
    neighbours = w[:2] + w[3:]
    avg = sum(neighbours) / 4
    if abs(center - avg) > 3:
        anomalies.append({"index": i + 2, "value": center, "expected": round(avg, 2)})
for a in anomalies:
    print(f"reading #{a['index']}: {a['value']} (expected ~{a['expected']})")
smoothed = [round(sum(w) / len(w), 2) for w in windows(readings, 3)]
print("smoothed:", smoothed)
return {"anomalies": anomalies, "smoothed": smoothed}
