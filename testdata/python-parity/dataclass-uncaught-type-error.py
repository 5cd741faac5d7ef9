from dataclasses import dataclass

@dataclass
class Measurement:
    sensor: str
    value: float
    unit: str = "C"

readings = [
    Measurement("t1", 21.5),
    Measurement("t2", 19.0, "C"),
    Measurement("t3", value=70.2, unit="F"),
]
print(f"{len(readings)} readings loaded")
readings.append(Measurement("t4", 22.0, "C", "extra"))
return len(readings)
