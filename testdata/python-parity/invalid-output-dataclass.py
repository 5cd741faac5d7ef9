from dataclasses import dataclass

@dataclass
class Point:
    x: float
    y: float

path = [Point(0, 0), Point(1, 2.5)]
print(path)
return {"path": path}
