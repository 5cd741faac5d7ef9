class Temperature:
    def __init__(self, celsius=0.0):
        self.celsius = celsius

    @property
    def celsius(self):
        return self._c

    @celsius.setter
    def celsius(self, value):
        if not isinstance(value, (int, float)):
            raise TypeError(f"temperature must be a number, not {type(value).__name__}")
        if value < -273.15:
            raise ValueError(f"{value} °C is below absolute zero")
        self._c = float(value)

    @property
    def fahrenheit(self):
        return self._c * 9 / 5 + 32

    @fahrenheit.setter
    def fahrenheit(self, f):
        self.celsius = (f - 32) * 5 / 9

    @classmethod
    def from_kelvin(cls, k):
        return cls(k - 273.15)

    @staticmethod
    def describe(c):
        return "freezing" if c <= 0 else "cold" if c < 10 else "mild" if c < 25 else "hot"

    def __repr__(self):
        return f"Temperature({self._c:.2f}°C / {self.fahrenheit:.2f}°F)"

t = Temperature(21.5)
print(t, Temperature.describe(t.celsius))
t.fahrenheit = 212
print(t, Temperature.describe(t.celsius))
print(Temperature.from_kelvin(0), Temperature.from_kelvin(310.15))
problems = []
for bad in (-300, "warm", None):
    try:
        Temperature(bad)
    except (TypeError, ValueError) as e:
        problems.append(f"{type(e).__name__}: {e}")
print(problems)
return {"f": t.fahrenheit, "problems": problems}
