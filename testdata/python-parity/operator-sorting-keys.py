from operator import itemgetter, attrgetter, methodcaller
from dataclasses import dataclass

rows = [
    {"city": "Lyon", "country": "FR", "pop": 522_000},
    {"city": "Paris", "country": "FR", "pop": 2_102_000},
    {"city": "Bonn", "country": "DE", "pop": 330_000},
    {"city": "Berlin", "country": "DE", "pop": 3_850_000},
    {"city": "Graz", "country": "AT", "pop": 300_000},
]
by_country_pop = sorted(rows, key=itemgetter("country", "pop"))
print([r["city"] for r in by_country_pop])
print([r["city"] for r in sorted(rows, key=lambda r: (r["country"], -r["pop"]))])
largest = max(rows, key=itemgetter("pop"))
print(largest["city"])

@dataclass
class File:
    name: str
    size: int
    ext: str

files = [File("a.txt", 120, "txt"), File("b.py", 4000, "py"), File("c.md", 120, "md"), File("d.py", 15, "py")]
print([f.name for f in sorted(files, key=attrgetter("size", "name"))])
upper = list(map(methodcaller("upper"), ["a", "b"]))
padded = list(map(methodcaller("rjust", 5, "."), ["x", "yy"]))
print(upper, padded)
print(sorted(["banana", "Apple", "cherry", "apple"], key=str.casefold))
print(sorted(["item10", "item2", "item1"], key=lambda s: int(s[4:])))
return [r["city"] for r in by_country_pop]
