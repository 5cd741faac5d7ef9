from itertools import groupby, accumulate, pairwise, starmap, islice, count, cycle, repeat, chain, zip_longest, takewhile, dropwhile, compress, tee
import operator

signal = "aaabccddddeaa"
runs = [(k, len(list(g))) for k, g in groupby(signal)]
print("run-length:", runs, "".join(f"{n}{k}" for k, n in runs))
deposits = [100, -30, 45, -80, 200, -10]
print("balance:", list(accumulate(deposits)), "max so far:", list(accumulate(deposits, max)))
print("product:", list(accumulate([1, 2, 3, 4, 5], operator.mul, initial=10)))
temps = [14, 15, 19, 18, 22, 25, 24]
print("deltas:", [b - a for a, b in pairwise(temps)])
print("powers:", list(starmap(pow, [(2, 5), (3, 2), (10, 3)])))
print("ids:", list(islice(count(1000, 7), 5)), "rr:", list(islice(cycle("ABC"), 7)), list(repeat("x", 3)))
print("chain:", list(chain([1, 2], "ab", range(2))), list(chain.from_iterable([[1], [2, 3], []])))
print("zip_longest:", list(zip_longest("abc", [1, 2], fillvalue="-")))
print("take/drop:", list(takewhile(lambda t: t < 20, temps)), list(dropwhile(lambda t: t < 20, temps)))
print("compress:", list(compress("ABCDEF", [1, 0, 1, 0, 1, 1])))
a, b = tee(iter([1, 2, 3]))
print(list(a), sum(b))
return runs
