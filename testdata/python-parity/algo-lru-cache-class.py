from collections import OrderedDict

class LRU:
    def __init__(self, capacity):
        self.capacity = capacity
        self.data = OrderedDict()
        self.evictions = []

    def get(self, key, default=None):
        if key not in self.data:
            return default
        self.data.move_to_end(key)
        return self.data[key]

    def put(self, key, value):
        if key in self.data:
            self.data.move_to_end(key)
        self.data[key] = value
        if len(self.data) > self.capacity:
            old, _ = self.data.popitem(last=False)
            self.evictions.append(old)

    def __repr__(self):
        return f"LRU({list(self.data.items())})"

cache = LRU(3)
ops = [("put", "a", 1), ("put", "b", 2), ("put", "c", 3), ("get", "a"), ("put", "d", 4), ("get", "b"), ("put", "e", 5), ("get", "c"), ("get", "a")]
trace = []
for op, key, *val in ops:
    if op == "put":
        cache.put(key, val[0])
        trace.append(f"put {key}")
    else:
        trace.append(f"get {key} -> {cache.get(key)}")
for t in trace:
    print(t)
print(cache, "evicted:", cache.evictions)
return {"final": list(cache.data), "evicted": cache.evictions}
