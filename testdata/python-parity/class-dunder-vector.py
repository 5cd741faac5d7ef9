import math
from functools import total_ordering

@total_ordering
class Vec:
    __slots__ = ("x", "y")
    def __init__(self, x, y):
        self.x, self.y = x, y
    def __add__(self, o): return Vec(self.x + o.x, self.y + o.y)
    def __sub__(self, o): return Vec(self.x - o.x, self.y - o.y)
    def __mul__(self, k): return Vec(self.x * k, self.y * k)
    __rmul__ = __mul__
    def __neg__(self): return Vec(-self.x, -self.y)
    def __abs__(self): return math.hypot(self.x, self.y)
    def __eq__(self, o): return (self.x, self.y) == (o.x, o.y)
    def __lt__(self, o): return abs(self) < abs(o)
    def __hash__(self): return hash((self.x, self.y))
    def __iter__(self): yield self.x; yield self.y
    def __bool__(self): return bool(self.x or self.y)
    def __repr__(self): return f"Vec({self.x!r}, {self.y!r})"
    def __format__(self, spec): return f"<{format(self.x, spec)}, {format(self.y, spec)}>"
    def __getitem__(self, i): return (self.x, self.y)[i]

a, b = Vec(3, 4), Vec(-1, 2.5)
print(a + b, a - b, 2 * a, -b, abs(a), a == Vec(3, 4), a > b)
print(f"{b:.2f}", list(a), bool(Vec(0, 0)), a[1], sorted([a, b, Vec(0, 1)]))
x, y = a
print(x, y, max(a, b), Vec(1, 1) in {Vec(1, 1)})
try:
    a.z = 1
except AttributeError as e:
    print("AttributeError:", e)
return [list(v) for v in sorted([a, b, Vec(0, 1)])]
