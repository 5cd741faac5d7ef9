from functools import lru_cache
import sys

@lru_cache(maxsize=128)
def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)

print([fib(n) for n in range(15)])
print(fib(90), fib.cache_info())
fib.cache_clear()
print(fib.cache_info())

@lru_cache(maxsize=3)
def lookup(key):
    print(f"  miss {key}")
    return key.upper()

for k in ["a", "b", "a", "c", "d", "a", "b"]:
    lookup(k)
print(lookup.cache_info())
big = fib(300)
print(len(str(big)), str(big)[:20])
return {"fib90": fib(90), "digits_300": len(str(big))}
