from dataclasses import dataclass, field

@dataclass(eq=True)
class Point:
    x: int
    y: int

@dataclass(unsafe_hash=True)
class Tag:
    name: str
    weight: int = field(compare=False, default=1)

p, q = Point(1, 2), Point(1, 2)
print(p == q, p is q)
try:
    {p}
except TypeError as e:
    print("TypeError:", e)
tags = {Tag("x", 1), Tag("x", 5), Tag("y")}
print(sorted(t.name for t in tags), len(tags))
print(Tag("x", 1) == Tag("x", 99))
@dataclass(order=True)
class Task:
    priority: int
    name: str = field(compare=False)
tasks = sorted([Task(3, "write"), Task(1, "plan"), Task(2, "code"), Task(1, "coffee")])
print([t.name for t in tasks])
return [[t.priority, t.name] for t in tasks]
