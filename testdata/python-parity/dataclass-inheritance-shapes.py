from dataclasses import dataclass
import math

@dataclass
class Shape:
    name: str

    def area(self) -> float:
        raise NotImplementedError

    def describe(self):
        return f"{self.name}: area={self.area():.3f} perimeter={self.perimeter():.3f}"

@dataclass
class Circle(Shape):
    r: float

    def area(self):
        return math.pi * self.r ** 2

    def perimeter(self):
        return 2 * math.pi * self.r

@dataclass
class Rect(Shape):
    w: float
    h: float

    def area(self):
        return self.w * self.h

    def perimeter(self):
        return 2 * (self.w + self.h)

@dataclass
class Square(Rect):
    def __init__(self, name, side):
        super().__init__(name, side, side)

shapes = [Circle("c1", 1.5), Rect("r1", 3, 4.5), Square("s1", 2), Circle("dot", 0.1)]
for s in sorted(shapes, key=lambda s: s.area()):
    print(s.describe(), "|", s)
total = sum(s.area() for s in shapes)
print(f"total area {total:.4f}")
print(isinstance(shapes[2], Rect), type(shapes[2]).__mro__[1].__name__)
return {s.name: round(s.area(), 4) for s in shapes}
