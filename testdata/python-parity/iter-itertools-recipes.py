from itertools import islice, chain, groupby, zip_longest, combinations
import operator

def take(n, it):
    return list(islice(it, n))

def unique_everseen(iterable, key=None):
    seen = set()
    for el in iterable:
        k = el if key is None else key(el)
        if k not in seen:
            seen.add(k)
            yield el

def roundrobin(*iterables):
    iterators = [iter(it) for it in iterables]
    while iterators:
        alive = []
        for it in iterators:
            try:
                yield next(it)
                alive.append(it)
            except StopIteration:
                pass
        iterators = alive

def powerset(iterable):
    s = list(iterable)
    return chain.from_iterable(combinations(s, r) for r in range(len(s) + 1))

def partition(pred, iterable):
    t, f = [], []
    for x in iterable:
        (t if pred(x) else f).append(x)
    return f, t

def sliding_sum(xs, n):
    return [sum(xs[i:i + n]) for i in range(len(xs) - n + 1)]

print(list(unique_everseen("AAAABBBCCDAABBB")), list(unique_everseen("ABBcCAD", str.lower)))
print(list(roundrobin("ABC", "D", "EF")))
print(list(powerset([1, 2, 3])))
print(partition(lambda x: x % 3 == 0, range(10)))
print(sliding_sum([3, 1, 4, 1, 5, 9, 2, 6], 3))
print(take(4, (n for n in range(100) if n % 7 == 3)))
return {"powerset_size": len(list(powerset(range(5)))), "unique": "".join(unique_everseen("mississippi"))}
