from functools import lru_cache, partial, reduce, cache, wraps, total_ordering, cached_property
import operator

@lru_cache(maxsize=None)
def ways_to_climb(n, steps=(1, 2, 3)):
    if n == 0:
        return 1
    return sum(ways_to_climb(n - s, steps) for s in steps if s <= n)

print([ways_to_climb(n) for n in range(10)], ways_to_climb(60))
print(ways_to_climb.cache_info())

@cache
def edit_distance(a, b):
    if not a or not b:
        return len(a) + len(b)
    if a[0] == b[0]:
        return edit_distance(a[1:], b[1:])
    return 1 + min(edit_distance(a[1:], b), edit_distance(a, b[1:]), edit_distance(a[1:], b[1:]))

for a, b in [("kitten", "sitting"), ("flaw", "lawn"), ("intention", "execution")]:
    print(a, b, edit_distance(a, b))

to_int_base2 = partial(int, base=2)
print([to_int_base2(s) for s in ("101", "1111", "100000")], to_int_base2.keywords)
print(reduce(operator.or_, [{1}, {2, 3}, {3, 4}]), reduce(lambda acc, x: acc * 10 + x, [4, 0, 2], 0))

def logged(fn):
    @wraps(fn)
    def inner(*args):
        result = fn(*args)
        print(f"{fn.__name__}{args} -> {result}")
        return result
    return inner

@logged
def area(w, h):
    """Rectangle area."""
    return w * h
area(3, 4)
print(area.__name__, area.__doc__, area.__wrapped__(2, 2))

@total_ordering
class Money:
    def __init__(self, cents): self.cents = cents
    def __eq__(self, o): return self.cents == o.cents
    def __lt__(self, o): return self.cents < o.cents
    def __repr__(self): return f"${self.cents / 100:.2f}"
print(sorted([Money(500), Money(125), Money(999)]), Money(3) >= Money(3), Money(1) > Money(2))

class Dataset:
    def __init__(self, values): self.values = values
    @cached_property
    def total(self):
        print("computing total")
        return sum(self.values)
d = Dataset(range(100))
print(d.total, d.total)
return ways_to_climb(30)
