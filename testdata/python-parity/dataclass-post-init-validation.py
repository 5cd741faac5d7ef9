from dataclasses import dataclass, field

@dataclass
class Reservation:
    guest: str
    nights: int
    rate: float
    extras: list = field(default_factory=list)
    total: float = field(init=False)

    def __post_init__(self):
        if self.nights <= 0:
            raise ValueError(f"nights must be positive, got {self.nights}")
        if self.rate < 0:
            raise ValueError("rate cannot be negative")
        self.guest = self.guest.strip().title()
        self.total = self.nights * self.rate + 15 * len(self.extras)

requests = [
    ("  ana lopez ", 3, 120.0, ["breakfast"]),
    ("bo chen", 0, 99.0, []),
    ("cy dunn", 2, -5.0, []),
    ("di ewing", 5, 89.5, ["parking", "late checkout"]),
]
made, failed = [], []
for args in requests:
    try:
        made.append(Reservation(*args))
    except ValueError as e:
        failed.append({"guest": args[0].strip(), "error": str(e)})
for r in made:
    print(r)
print("failed:", failed)
return {"made": [(r.guest, r.total) for r in made], "failed": failed}
