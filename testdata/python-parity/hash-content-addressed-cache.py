import hashlib
import json

class Cache:
    def __init__(self):
        self.store = {}
        self.hits = self.misses = 0

    @staticmethod
    def key(fn_name, *args, **kwargs):
        blob = json.dumps([fn_name, args, kwargs], sort_keys=True, default=str)
        return hashlib.blake2b(blob.encode(), digest_size=10).hexdigest()

    def call(self, fn, *args, **kwargs):
        k = self.key(fn.__name__, *args, **kwargs)
        if k in self.store:
            self.hits += 1
        else:
            self.misses += 1
            self.store[k] = fn(*args, **kwargs)
        return self.store[k]

def expensive_report(region, year, *, currency="USD"):
    return f"{region}-{year}-{currency}: {sum(ord(c) for c in region) * year % 9973}"

cache = Cache()
calls = [("emea", 2023), ("apac", 2024), ("emea", 2023), ("emea", 2023, "EUR"), ("apac", 2024)]
for c in calls:
    region, year, *cur = c
    kwargs = {"currency": cur[0]} if cur else {}
    print(cache.call(expensive_report, region, year, **kwargs))
print(f"hits={cache.hits} misses={cache.misses} keys={sorted(cache.store)}")
print(hashlib.sha3_256(b"abc").hexdigest()[:16], hashlib.blake2s(b"abc", key=b"k").hexdigest()[:16])
print(hashlib.shake_128(b"abc").hexdigest(8))
return {"hits": cache.hits, "misses": cache.misses}
