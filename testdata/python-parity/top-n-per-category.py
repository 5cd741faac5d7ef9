products = [
    ("laptop", "electronics", 4.6, 1299), ("phone", "electronics", 4.8, 999),
    ("tablet", "electronics", 4.1, 499), ("earbuds", "electronics", 4.8, 149),
    ("desk", "furniture", 4.3, 350), ("chair", "furniture", 4.7, 220),
    ("lamp", "furniture", 3.9, 45), ("novel", "books", 4.9, 18),
    ("cookbook", "books", 4.4, 30), ("atlas", "books", 4.4, 55),
]
from itertools import groupby
from operator import itemgetter

ordered = sorted(products, key=lambda p: (p[1], -p[2], p[3]))
top = {}
for cat, items in groupby(ordered, key=itemgetter(1)):
    best = list(items)[:2]
    top[cat] = [name for name, *_ in best]
    print(f"{cat}: " + ", ".join(f"{n} ({r}★, ${p})" for n, _, r, p in best))
return top
