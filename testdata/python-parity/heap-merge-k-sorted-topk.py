import heapq
from collections import Counter

shards = [
    [("2024-01-01", 5), ("2024-01-04", 2), ("2024-01-09", 7)],
    [("2024-01-02", 1), ("2024-01-03", 8)],
    [("2024-01-01", 3), ("2024-01-05", 6), ("2024-01-06", 4), ("2024-01-10", 9)],
]
merged = list(heapq.merge(*shards))
print(merged)
print(list(heapq.merge([9, 7, 3], [8, 6, 1], reverse=True)))
words = "the cat and the hat and the bat sat on the mat with a cat".split()
counts = Counter(words)
top = heapq.nlargest(3, counts.items(), key=lambda kv: (kv[1], kv[0]))
print(top)
stream = [15, 3, 27, 8, 42, 16, 4, 23, 99, 1]
k = 3
window = []
for x in stream:
    if len(window) < k:
        heapq.heappush(window, x)
    else:
        heapq.heappushpop(window, x)
print("top-3 of stream:", sorted(window, reverse=True))
h = [5, 1, 8, 3]
heapq.heapify(h)
print(h, heapq.heapreplace(h, 10), h)
return {"top_words": top, "top_stream": sorted(window, reverse=True)}
