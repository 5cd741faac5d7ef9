from functools import reduce, partial
import operator

def compose(*fns):
    return reduce(lambda f, g: lambda x: g(f(x)), fns, lambda x: x)

strip = str.strip
lower = str.lower
collapse = lambda s: " ".join(s.split())
no_punct = lambda s: "".join(c for c in s if c.isalnum() or c.isspace())
normalize = compose(strip, lower, no_punct, collapse)
inputs = ["  Hello,   World!  ", "The QUICK brown fox...", "\tTabs\tand\nnewlines\n"]
print([normalize(s) for s in inputs])

matrix = [[1, 2], [3, 4], [5, 6]]
print(reduce(operator.add, matrix), reduce(lambda a, r: a + sum(r), matrix, 0))
nested = {"a": {"b": {"c": 42}}}
print(reduce(operator.getitem, ["a", "b", "c"], nested))
add_tax = partial(operator.mul, 1.2)
print([round(add_tax(p), 2) for p in (10, 19.99, 0.5)])
pipeline = [partial(map, str.upper), partial(filter, lambda s: len(s) > 2), sorted]
words = ["to", "be", "or", "not", "question", "the"]
print(reduce(lambda acc, f: f(acc), pipeline, words))
return [normalize(s) for s in inputs]
