from enum import Enum, unique, member, nonmember

class Planet(Enum):
    MERCURY = (3.303e+23, 2.4397e6)
    VENUS = (4.869e+24, 6.0518e6)
    EARTH = (5.976e+24, 6.37814e6)
    MARS = (6.421e+23, 3.3972e6)

    def __init__(self, mass, radius):
        self.mass = mass
        self.radius = radius

    @property
    def surface_gravity(self):
        G = 6.67300E-11
        return G * self.mass / (self.radius * self.radius)

for p in Planet:
    print(f"{p.name:<8} g={p.surface_gravity:6.2f} m/s²")

class Shade(Enum):
    RED = 1
    CRIMSON = 1
    BLUE = 2
print(Shade.CRIMSON is Shade.RED, [s.name for s in Shade], list(Shade.__members__))
try:
    @unique
    class Bad(Enum):
        A = 1
        B = 1
except ValueError as e:
    print("ValueError:", e)
return {p.name.lower(): round(p.surface_gravity, 3) for p in Planet}
